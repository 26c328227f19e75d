// The real servers of the corpus (.cache/corpus, git-ignored; facts in test/corpus/data/pinned) through the LSP:
// every file that may register tools is opened, its diagnostics pulled, every quick fix listed,
// and fix-all applied twice: the result must parse as well as before and the second pass change nothing.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { CORPUS_CACHE, ensureCorpus } from '../corpus/location';
import { relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from 'node:test';
import { globSync } from 'tinyglobby';
import { mayRegisterTools, parseSource } from '../../server/src/engine';
import { applyEdits, editsFor, LspClient, positionAt } from './harness';

const CORPUS = CORPUS_CACHE;

function parseErrors(path: string, text: string): number {
  return ((parseSource(path, text) as unknown as { parseDiagnostics: unknown[] }).parseDiagnostics ?? []).length;
}

test('corpus servers: diagnostics, quick fixes and idempotent fix-all', async (t) => {
  ensureCorpus();
  const files = globSync(['**/*.{js,mjs,cjs,ts}'], { cwd: CORPUS, absolute: true, ignore: ['**/node_modules/**', '**/*.d.ts', '**/*.map'] })
    .filter((f) => mayRegisterTools(readFileSync(f, 'utf8')))
    .sort();
  assert.ok(files.length > 0, 'the corpus has files that register tools');
  const { client } = await LspClient.start({ pull: true });
  let diagnostics = 0;
  let fixed = 0;
  try {
    for (const path of files) {
      const name = relative(CORPUS, path);
      const uri = pathToFileURL(path).href;
      const text = readFileSync(path, 'utf8');
      const languageId = path.endsWith('.ts') ? 'typescript' : 'javascript';
      await client.open(uri, text, languageId);
      const items = await client.pull(uri);
      diagnostics += items.length;
      for (const d of items.slice(0, 20)) {
        const actions = await client.codeActions(uri, d.range, [d]);
        for (const a of actions) assert.ok(a.edit, `${name}: "${a.title}" carries an edit`);
      }
      const whole = { start: { line: 0, character: 0 }, end: positionAt(text, text.length) };
      const [fixAll] = await client.codeActions(uri, whole, [], ['source.fixAll']);
      if (fixAll) {
        const once = applyEdits(text, editsFor(fixAll, uri));
        assert.ok(parseErrors(path, once) <= parseErrors(path, text), `${name}: fix-all keeps the file parsable`);
        await client.change(uri, once, 2);
        const [again] = await client.codeActions(uri, { start: whole.start, end: positionAt(once, once.length) }, [], ['source.fixAll']);
        const twice = again ? applyEdits(once, editsFor(again, uri)) : once;
        assert.equal(twice, once, `${name}: a second fix-all changes nothing`);
        fixed++;
      }
      await client.close(uri);
    }
  } finally {
    await client.stop();
  }
  t.diagnostic(`corpus: ${files.length} files, ${diagnostics} diagnostics, fix-all on ${fixed} files`);
});
