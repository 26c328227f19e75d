// What a user sees in a server split over several files (test/fixtures/notes-server: an index registering the
// tools three modules define, their handlers calling a store): each finding once, in its own file, on one line
// over the node that carries it, with its evidence as related information; inlay hints inside the annotations
// object; the "Annotate" fix written in the tool's own definition, away from the cursor.
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, test } from 'node:test';
import type { Diagnostic, InlayHint, Position, Range } from 'vscode-languageserver-protocol';
import { parseSource } from '../../server/src/engine';
import { checkJson } from '../cli/helpers';
import { applyEdits, editsFor, LspClient, offsetAt, ROOT } from './harness';

const FIXTURE = join(ROOT, 'test', 'fixtures', 'notes-server');
const FILES = ['src/index.ts', 'src/store.ts', 'src/tools/notes.ts', 'src/tools/trash.ts', 'src/tools/search.ts'];

let root: string;
let client: LspClient;
const texts = new Map<string, string>();
const diagnostics = new Map<string, Diagnostic[]>();
const uri = (rel: string) => pathToFileURL(join(root, rel)).href;
const relOf = (u: string) => u.slice(pathToFileURL(root).href.length + 1);
const textAt = (rel: string, range: Range) => texts.get(rel)!.slice(offsetAt(texts.get(rel)!, range.start), offsetAt(texts.get(rel)!, range.end));

before(async () => {
  root = mkdtempSync(join(tmpdir(), 'mcp-hints-editor-view-'));
  cpSync(FIXTURE, root, { recursive: true });
  mkdirSync(join(root, '.git'));
  ({ client } = await LspClient.start({ pull: true, configuration: true, settings: () => ({}), rootUri: pathToFileURL(root).href }));
  await client.waitFor(() => (client.refreshRequests > 0 ? true : undefined), 'the refresh after listing the workspace', 20_000);
  for (const rel of FILES) {
    texts.set(rel, readFileSync(join(root, rel), 'utf8'));
    await client.open(uri(rel), texts.get(rel)!);
  }
  for (const rel of FILES) diagnostics.set(rel, await client.pull(uri(rel)));
});

after(async () => {
  await client?.stop();
  if (root) rmSync(root, { recursive: true, force: true });
});

/** The one diagnostic of `code` in `rel`. */
function only(rel: string, code: string): Diagnostic {
  const found = diagnostics.get(rel)!.filter((d) => d.code === code);
  assert.equal(found.length, 1, `${rel}: ${found.length} ${code} diagnostics`);
  return found[0];
}

describe('a server split over several files, in the editor', () => {
  test('each finding once, in its own file, at the line and column `check` reports', () => {
    const cli = checkJson(root).output.diagnostics.map((d) => `${d.file} ${d.code} ${d.line}:${d.column}`).sort();
    const editor = FILES.flatMap((rel) => diagnostics.get(rel)!.map((d) => `${rel} ${d.code} ${d.range.start.line + 1}:${d.range.start.character + 1}`)).sort();
    assert.ok(cli.length >= 5, cli.join('\n'));
    assert.deepEqual(editor, cli);
    // The index shows only what is written in it: not the findings of the tools it registers from other files.
    assert.deepEqual(diagnostics.get('src/index.ts')!.map((d) => d.code), ['read-only-contradicted']);
    assert.deepEqual(diagnostics.get('src/store.ts'), []);
  });

  test('every range is one line, over the node that carries the finding', () => {
    for (const rel of FILES) {
      for (const d of diagnostics.get(rel)!) {
        assert.equal(d.range.start.line, d.range.end.line, `${rel} ${d.code} spans lines ${d.range.start.line + 1}-${d.range.end.line + 1}`);
        assert.ok(d.range.end.character > d.range.start.character, `${rel} ${d.code}: an empty range`);
      }
    }
    assert.equal(textAt('src/tools/notes.ts', only('src/tools/notes.ts', 'read-only-contradicted').range), 'readOnlyHint: true');
    assert.equal(textAt('src/index.ts', only('src/index.ts', 'read-only-contradicted').range), 'readOnlyHint: true');
    assert.equal(textAt('src/tools/trash.ts', only('src/tools/trash.ts', 'destructive-omitted').range), 'annotations');
    assert.equal(textAt('src/tools/search.ts', only('src/tools/search.ts', 'missing-annotations').range), 'name: "search_web"');
  });

  test('the evidence, here or in another file, is related information', () => {
    const related = (d: Diagnostic) => (d.relatedInformation ?? []).map((r) => `${relOf(r.location.uri)} ${textAt(relOf(r.location.uri), r.location.range)}`);
    const update = related(only('src/tools/notes.ts', 'read-only-contradicted'));
    assert.ok(update.includes('src/store.ts writeFile(`notes/${id}.md`, text)'), update.join('\n'));
    assert.ok(update.includes('src/tools/notes.ts saveNote(id, text)'), update.join('\n'));
    const remove = related(only('src/tools/trash.ts', 'destructive-omitted'));
    assert.ok(remove.includes('src/store.ts rm(`notes/${id}.md`)'), remove.join('\n'));
    const emptyTrash = related(only('src/index.ts', 'read-only-contradicted'));
    assert.ok(emptyTrash.includes('src/index.ts rm("trash", { recursive: true, force: true })'), emptyTrash.join('\n'));
  });

  test('inlay hints sit inside the annotations object, after its last property, or after the name', async () => {
    const hintsOf = async (rel: string) => {
      const text = texts.get(rel)!;
      const end = { line: text.split('\n').length, character: 0 };
      const hints = await client.request<InlayHint[]>('textDocument/inlayHint', { textDocument: { uri: uri(rel) }, range: { start: { line: 0, character: 0 }, end } });
      return hints.map((h) => ({ label: h.label as string, before: text.slice(0, offsetAt(text, h.position)), line: `${rel}:${h.position.line + 1}` }));
    };
    const notes = await hintsOf('src/tools/notes.ts');
    // read_note: `readOnlyHint: true,` is the last property of its annotations.
    const readNote = notes.find((h) => h.label === '+ openWorldHint: true');
    assert.ok(readNote, notes.map((h) => h.label).join(', '));
    assert.match(readNote.before, /annotations: \{\n {4}title: "Read note",\n {4}readOnlyHint: true,$/);
    const trash = await hintsOf('src/tools/trash.ts');
    // Two omitted hints do not fit VS Code's 43 characters of inlay hints per line: the second is counted.
    assert.deepEqual(trash.map((h) => h.label), ['+ destructiveHint: true', '+1 more']);
    for (const h of trash) assert.match(h.before, /annotations: \{ readOnlyHint: false, openWorldHint: false$/);
    const search = await hintsOf('src/tools/search.ts');
    assert.deepEqual(search.map((h) => h.label), ['+ readOnlyHint: false', '+3 more']);
    for (const h of search) assert.match(h.before, /name: "search_web"$/);
    const perLine = new Map<string, number>();
    for (const h of [...notes, ...trash, ...search]) {
      assert.ok(!/\}\s*,?\s*$/.test(h.before), `${h.label} is drawn after a closing brace`);
      assert.match(h.label, /^(\+ \w+Hint: (true|false)|\+\d more)$/);
      perLine.set(h.line, (perLine.get(h.line) ?? 0) + h.label.length + 1);
    }
    for (const [line, length] of perLine) assert.ok(length <= 43, `${line}: ${length} characters of inlay hints, VS Code cuts past 43`);
  });

  test('hover: each definition\'s name shows its own tool; the `annotations` key, the omitted hints', async () => {
    const rel = 'src/tools/notes.ts';
    const text = texts.get(rel)!;
    const hoverAt = async (needle: string, delta: number) => {
      const offset = text.indexOf(needle) + delta;
      const before = text.slice(0, offset);
      const position = { line: before.split('\n').length - 1, character: offset - (before.lastIndexOf('\n') + 1) };
      const hover = await client.hover(uri(rel), position);
      return hover && typeof hover.contents === 'object' && 'value' in hover.contents ? hover.contents.value : '';
    };
    assert.match(await hoverAt('"update_note"', 3), /MCP tool `update_note`/);
    assert.match(await hoverAt('"read_note"', 3), /MCP tool `read_note`/);
    assert.match(await hoverAt('annotations: {\n    title: "Read note"', 3), /Omitted hints\*\* for `read_note`[\s\S]*openWorldHint/);
  });

  test('"Annotate" writes into the tool\'s own definition, beside its name, and leaves the cursor alone', async () => {
    const rel = 'src/tools/search.ts';
    const diagnostic = only(rel, 'missing-annotations');
    // The cursor where Ctrl+. is pressed: on the name.
    const cursor: Position = { line: diagnostic.range.start.line, character: diagnostic.range.start.character + 8 };
    const actions = await client.codeActions(uri(rel), { start: cursor, end: cursor }, [diagnostic]);
    const annotate = actions.find((a) => a.isPreferred);
    assert.ok(annotate, actions.map((a) => a.title).join('\n'));
    assert.match(annotate.title, /fetch/, 'the reasons name what the handler does');
    assert.deepEqual(Object.keys(annotate.edit?.changes ?? {}), [uri(rel)], 'edits only the file the tool is defined in');
    const edits = editsFor(annotate, uri(rel));
    const before = (a: Position, b: Position) => a.line < b.line || (a.line === b.line && a.character < b.character);
    for (const e of edits) assert.ok(before(cursor, e.range.start) || before(e.range.end, cursor), `an edit at the cursor: ${JSON.stringify(e.range)}`);
    const fixed = applyEdits(texts.get(rel)!, edits);
    const sf = parseSource(join(root, rel), fixed) as unknown as { parseDiagnostics: unknown[] };
    assert.equal(sf.parseDiagnostics.length, 0, fixed);
    // Above the handler, after the schema.
    assert.match(fixed, /inputSchema: \{ query: z\.string\(\) \},\n {2}annotations: \{\n(?: {4}\w+: [^\n]+,\n)+ {2}\},\n {2}handler:/);
  });
});

describe('the quick fix of a contradicted claim', () => {
  test('writes what the evidence supports: `readOnlyHint: true` on a handler that removes a folder becomes readOnlyHint: false and destructiveHint: true', async () => {
    const rel = 'src/index.ts';
    const diagnostic = only(rel, 'read-only-contradicted');
    const actions = await client.codeActions(uri(rel), diagnostic.range, [diagnostic]);
    const change = actions.find((a) => a.kind === 'quickfix' && a.title.startsWith('Change to'));
    assert.ok(change, actions.map((a) => a.title).join('\n'));
    assert.equal(change.title, 'Change to readOnlyHint: false, destructiveHint: true (what the evidence shows)');
    assert.notEqual(change.isPreferred, true, 'a contradicted claim is offered, never preferred over a person deciding');
    const fixed = applyEdits(texts.get(rel)!, editsFor(change, uri(rel)));
    assert.match(fixed, /annotations: \{\n {6}title: "Empty trash",\n {6}readOnlyHint: false,\n {6}openWorldHint: false,\n {6}destructiveHint: true,\n {4}\},/);
    const sf = parseSource(join(root, rel), fixed) as unknown as { parseDiagnostics: unknown[] };
    assert.equal(sf.parseDiagnostics.length, 0, fixed);
  });
});

describe('with no folder open (nothing lists the modules)', () => {
  test('the index shows its modules\' findings at the registration, each linking to where it is', async () => {
    const { client: single } = await LspClient.start({ pull: true });
    try {
      const index = join(FIXTURE, 'src', 'index.ts');
      const text = readFileSync(index, 'utf8');
      await single.open(pathToFileURL(index).href, text);
      const shown = await single.pull(pathToFileURL(index).href);
      const elsewhere = shown.filter((d) => d.relatedInformation?.[0]?.message === 'The problem is here.');
      const modules = new Set(elsewhere.map((d) => d.relatedInformation![0].location.uri.split('/').at(-1)));
      assert.deepEqual([...modules].sort(), ['notes.ts', 'search.ts', 'trash.ts'], JSON.stringify(shown, null, 1));
      for (const d of elsewhere) {
        const line = text.split('\n')[d.range.start.line];
        assert.equal(d.range.start.line, d.range.end.line);
        assert.equal(line.slice(d.range.start.character, d.range.end.character), 'tool.name', `${d.code} at the registration's name`);
      }
      assert.equal(shown.length - elsewhere.length, 1, 'and its own finding');
    } finally {
      await single.stop();
    }
  });
});
