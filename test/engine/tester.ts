// A small table-driven tester for the engine, in the spirit of typescript-eslint's RuleTester:
// each case is source text plus what the engine must find in it (tools, findings, fixed output).
// Expectations come from shared/reference/annotations.md, not from the engine's own output.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, describe, test } from 'node:test';
import { fixAll } from '../../server/src/engine/fixes/fix-all';
import { applyEdits } from '../../server/src/engine/fixes/edits';
import type { FileAnalysis, Finding, Fix, HintValue, SiteCauseKind, StaticValue, TextEdit, Tool, ToolCondition, ToolForm, UnknownCauseKind } from '../../server/src/engine/model';
import { projectFindings } from '../../server/src/engine/rules/no-tools-found';
import type { EngineOptions } from '../../server/src/engine/options';
import { parseSource } from '../../server/src/engine/syntax/parse';
import { Project } from '../../server/src/engine/project/project';

/** What one tool must look like; only the fields given are compared. */
export interface ToolExpectation {
  name: string | null;
  form: ToolForm;
  /** Compared key by key: only the hints given are checked. */
  effective: Partial<Record<'readOnlyHint' | 'destructiveHint' | 'idempotentHint' | 'openWorldHint', HintValue>>;
  title: string | null;
  /** Declared annotations as key → static value after spreads; `null` when the tool declares none. */
  annotations: Record<string, StaticValue> | null;
  /** 1-based line of the registration (tool.loc) in the case's main file. */
  line: number;
  /** Matched against tool.nameReason (why the name is unknown). */
  nameReason: RegExp;
  /** The kind of tool.nameCause (why the name is unknown, as data). */
  nameCause: UnknownCauseKind;
  /** Environment variables the name depends on (tool.nameDependsOn); `[]` when it depends on none. */
  nameDependsOn: string[];
  receiver: string;
  slot: Tool['slot']['kind'];
  expanded: boolean;
  /** The run-time conditions of the registration, outermost first (`[]`: none); only the fields given are compared. */
  conditions: Array<{ text: string; negated?: boolean; via?: ToolCondition['via']; /** `env X`, `argument x`, `config c`, `unknown u`. */ dependsOn?: string[] }>;
  /** 1-based line of tool.nameLoc in the case's main file (where the author wrote the name). */
  nameLine: number;
}

export interface FindingExpectation {
  rule: string;
  /** 1-based line of finding.loc.start. */
  line: number;
  /** Relative path of the file the finding points into; the main file when omitted. */
  file?: string;
  /** A RegExp, or a substring the message must contain. */
  message?: RegExp | string;
  /** The same for the finding's detail (the hover's and --verbose's explanation). */
  detail?: RegExp | string;
  /** 1-based lines of the related locations, in order. */
  related?: number[];
  /** The exact source text the finding's range covers: what an editor underlines. */
  text?: string;
  severity?: Finding['severity'];
}

/** A registration site whose tools could not be listed; only the fields given are compared. */
export interface UnenumeratedExpectation {
  /** 1-based line of the site (the call) in the case's main file. */
  line: number;
  form: ToolForm;
  /** How many tools it still lists. */
  tools: number;
  kind: SiteCauseKind;
  /** Matched against the cause's message. */
  cause: RegExp | string;
}

export interface Case {
  name: string;
  code: string;
  /** Path of the main file relative to the temp dir (default `server.ts`). */
  filename?: string;
  /** Extra files (imports), written to the temp dir next to the main file. */
  files?: Record<string, string>;
  /** The exact list of tools, in the engine's order. */
  tools?: Array<Partial<ToolExpectation>>;
  /** The exact list of the main file's registration sites that could not be enumerated, in the engine's order. */
  unenumerated?: Array<Partial<UnenumeratedExpectation>>;
  /** The exact set of findings (rule + line), counting only rules in `only` when it is given. */
  findings?: FindingExpectation[];
  /** Add the findings about the case's files as one project (`no-tools-found`) to the main file's. */
  asProject?: boolean;
  /** Rule ids considered by `findings` and `output`. */
  only?: string[];
  /** The main file after applying the preferred (else first) safe fix of every considered finding. */
  output?: string;
  /** Expected text of other files after the same fixes (relative path → text). */
  outputFiles?: Record<string, string>;
  /** Apply only the fix whose title matches (any fix, safe or not) instead of every safe fix. */
  fix?: RegExp | string;
  options?: EngineOptions;
  /** Set false for fixes that leave their finding in place by design (they may be offered again). */
  convergent?: boolean;
  /** Mark a case that fails because of a known engine gap: the reason is shown in the report. */
  todo?: string;
}

const roots: string[] = [];
let rootsCleanup = false;

function lineOf(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

function matches(text: string, pattern: RegExp | string): boolean {
  return typeof pattern === 'string' ? text.includes(pattern) : pattern.test(text);
}

interface Workspace {
  root: string;
  main: string;
  project: Project;
  pathOf(rel: string): string;
  relOf(abs: string): string;
}

function makeWorkspace(c: Case, mainText: string, files: Record<string, string>, options: EngineOptions): Workspace {
  const root = mkdtempSync(join(tmpdir(), 'mcp-hints-engine-'));
  roots.push(root);
  const pathOf = (rel: string) => join(root, rel);
  const main = pathOf(c.filename ?? 'server.ts');
  for (const [rel, text] of Object.entries({ ...files, [c.filename ?? 'server.ts']: mainText })) {
    mkdirSync(dirname(pathOf(rel)), { recursive: true });
    writeFileSync(pathOf(rel), text);
  }
  const project = new Project(undefined, options);
  // The case's files are the whole project (subclasses and call sites in other files are searched there).
  project.setProjectFiles(Object.keys({ ...files, [c.filename ?? 'server.ts']: mainText }).map(pathOf));
  project.setFileText(main, mainText);
  return { root, main, project, pathOf, relOf: (abs) => abs.slice(root.length + 1) };
}

/** Findings of the rules the case looks at. */
function considered(c: Case, analysis: FileAnalysis): Finding[] {
  return c.only ? analysis.findings.filter((f) => c.only!.includes(f.rule)) : analysis.findings;
}

/** The case's files analysed as one project: the main file's analysis with the project's findings added. */
function asProject(c: Case, ws: Workspace, analysis: FileAnalysis): FileAnalysis {
  const others = Object.keys(c.files ?? {})
    .filter((rel) => /\.[cm]?[jt]sx?$/.test(rel))
    .map((rel) => ws.project.analyzeFile(ws.pathOf(rel)));
  const where = (loc: { file: string; start: number }) => `${ws.relOf(loc.file)}:${lineOf(ws.project.getText(loc.file) ?? '', loc.start)}`;
  return { ...analysis, findings: [...analysis.findings, ...projectFindings([analysis, ...others], where, c.options ?? {})] };
}

/**
 * What every analysis holds, whatever the case asserts: each tool names a site of the file that counts it, each
 * site counts the tools naming it, and a site that is not enumerated says why.
 */
function checkSites(analysis: FileAnalysis): void {
  const key = (loc: { file: string; start: number }) => `${loc.file}:${loc.start}`;
  const counts = new Map<string, number>();
  for (const tool of analysis.tools) counts.set(key(tool.site), (counts.get(key(tool.site)) ?? 0) + 1);
  const sites = new Map(analysis.sites.map((site) => [key(site.loc), site]));
  for (const [at, count] of counts) {
    assert.ok(sites.has(at), `a tool's site ${at} is not among the file's sites`);
    assert.equal(sites.get(at)!.tools, count, `site ${at} counts ${sites.get(at)!.tools} tools, ${count} name it`);
  }
  for (const site of analysis.sites) {
    if (site.status === 'enumerated') assert.equal(site.cause, undefined, `enumerated site ${site.text} has a cause`);
    else assert.ok(site.cause && site.cause.message.length > 0, `unenumerated site ${site.text} says nothing`);
    if (!counts.has(key(site.loc))) assert.equal(site.tools, 0, `site ${site.text} counts tools nobody names`);
  }
}

function checkUnenumerated(c: Case, ws: Workspace, text: string, analysis: FileAnalysis): void {
  const actual = analysis.sites.filter((site) => site.status === 'unenumerated');
  const summary = actual.map((s) => `${s.form} @${lineOf(text, s.loc.start)} ${s.cause?.kind}: ${s.cause?.message}`).join('\n');
  assert.equal(actual.length, c.unenumerated!.length, `expected ${c.unenumerated!.length} unenumerated site(s), found ${actual.length}:\n${summary}`);
  c.unenumerated!.forEach((want, i) => {
    const site = actual[i];
    const label = `unenumerated site #${i} (${site.text})`;
    if (want.line !== undefined) {
      assert.equal(site.loc.file, ws.main, `${label}: located in another file`);
      assert.equal(lineOf(text, site.loc.start), want.line, `${label}: line`);
    }
    if (want.form !== undefined) assert.equal(site.form, want.form, `${label}: form`);
    if (want.tools !== undefined) assert.equal(site.tools, want.tools, `${label}: tools`);
    if (want.kind !== undefined) assert.equal(site.cause?.kind, want.kind, `${label}: cause kind (${site.cause?.message})`);
    if (want.cause !== undefined) assert.ok(matches(site.cause?.message ?? '', want.cause), `${label}: cause ${JSON.stringify(site.cause?.message)} does not match ${want.cause}`);
  });
}

/** The fix the case applies for one finding: the titled one, or the preferred (else first) safe one. */
function chosenFix(c: Case, finding: Finding): Fix | undefined {
  if (c.fix !== undefined) return finding.fixes.find((f) => matches(f.title, c.fix!));
  const safe = finding.fixes.filter((f) => f.safe);
  return safe.find((f) => f.preferred) ?? safe[0];
}

/** Applies the chosen fixes, file by file; returns the new texts of the files that changed. */
function applyFixes(c: Case, ws: Workspace, analysis: FileAnalysis, appliedRules = new Set<string>()): Map<string, string> {
  const byFile = new Map<string, TextEdit[]>();
  for (const finding of considered(c, analysis)) {
    const fix = chosenFix(c, finding);
    if (!fix) continue;
    appliedRules.add(finding.rule);
    for (const edit of fix.edits) {
      const list = byFile.get(edit.file) ?? [];
      list.push(edit);
      byFile.set(edit.file, list);
    }
  }
  const out = new Map<string, string>();
  for (const [file, edits] of byFile) {
    const before = ws.project.getText(file);
    assert.ok(before !== undefined, `fix edits unreadable file ${file}`);
    // Identical edits from two findings (the same fix offered twice) apply once.
    const unique = edits.filter((e, i) => edits.findIndex((o) => o.start === e.start && o.end === e.end && o.newText === e.newText) === i);
    // Clashing edits (overlapping, or two inserts at one offset) make fix-all order-dependent: the editor and the
    // CLI would drop one of them. Safe fixes of one file must not clash.
    for (const [i, a] of unique.entries()) {
      for (const b of unique.slice(i + 1)) {
        const clash = (a.start < b.end && b.start < a.end) || (a.start === b.start && (a.start === a.end || b.start === b.end));
        assert.ok(!clash, `fixes clash in ${ws.relOf(file)}: ${JSON.stringify(a)} and ${JSON.stringify(b)}`);
      }
    }
    out.set(file, applyEdits(before, unique));
  }
  return out;
}

function assertParses(file: string, text: string): void {
  const sf = parseSource(file, text);
  const diagnostics = (sf as unknown as { parseDiagnostics: { messageText: unknown }[] }).parseDiagnostics;
  assert.equal(diagnostics.length, 0, `fixed ${file} does not parse:\n${text}\n${diagnostics.map((d) => JSON.stringify(d.messageText)).join('\n')}`);
}

function checkTools(c: Case, ws: Workspace, text: string, tools: Tool[]): void {
  const expected = c.tools!;
  const summary = tools.map((t) => `${t.form} ${JSON.stringify(t.name)} @${lineOf(text, t.loc.start)}`).join(', ');
  assert.equal(tools.length, expected.length, `expected ${expected.length} tool(s), found ${tools.length}: [${summary}]`);
  expected.forEach((want, i) => {
    const tool = tools[i];
    const label = `tool #${i} (${JSON.stringify(tool.name)})`;
    if ('name' in want) assert.equal(tool.name, want.name, `${label}: name`);
    if (want.form !== undefined) assert.equal(tool.form, want.form, `${label}: form`);
    if ('title' in want) assert.equal(tool.title, want.title, `${label}: title`);
    if (want.receiver !== undefined) assert.equal(tool.receiver, want.receiver, `${label}: receiver`);
    if (want.slot !== undefined) assert.equal(tool.slot.kind, want.slot, `${label}: slot`);
    if (want.expanded !== undefined) assert.equal(tool.expanded, want.expanded, `${label}: expanded`);
    if (want.line !== undefined) {
      assert.equal(tool.loc.file, ws.main, `${label}: located in another file`);
      assert.equal(lineOf(text, tool.loc.start), want.line, `${label}: line`);
    }
    if (want.conditions !== undefined) {
      const actual = tool.conditions ?? [];
      const shown = JSON.stringify(actual.map((c) => ({ text: c.text, negated: c.negated, via: c.via, dependsOn: c.dependsOn.map((d) => `${d.kind} ${d.name}`) })));
      assert.equal(actual.length, want.conditions.length, `${label}: conditions ${shown}`);
      want.conditions.forEach((w, j) => {
        const c = actual[j];
        assert.equal(c.text, w.text, `${label}: condition #${j} text ${shown}`);
        if (w.negated !== undefined) assert.equal(c.negated, w.negated, `${label}: condition #${j} negated ${shown}`);
        if (w.via !== undefined) assert.equal(c.via, w.via, `${label}: condition #${j} via ${shown}`);
        if (w.dependsOn !== undefined) assert.deepEqual(c.dependsOn.map((d) => `${d.kind} ${d.name}`), w.dependsOn, `${label}: condition #${j} dependsOn`);
      });
    }
    if (want.nameLine !== undefined) {
      assert.equal(tool.nameLoc.file, ws.main, `${label}: name located in another file`);
      assert.equal(lineOf(text, tool.nameLoc.start), want.nameLine, `${label}: nameLine`);
    }
    if (want.nameReason !== undefined) assert.match(tool.nameReason ?? '', want.nameReason, `${label}: nameReason`);
    if (want.nameCause !== undefined) assert.equal(tool.nameCause?.kind, want.nameCause, `${label}: nameCause (${tool.nameReason})`);
    if (want.nameDependsOn !== undefined) assert.deepEqual(tool.nameDependsOn ?? [], want.nameDependsOn, `${label}: nameDependsOn`);
    if (want.effective) {
      for (const [key, value] of Object.entries(want.effective)) {
        assert.equal(tool.effective[key as keyof Tool['effective']], value, `${label}: effective.${key}`);
      }
    }
    if ('annotations' in want) {
      const declared = tool.declared ? Object.fromEntries(tool.declared.properties.map((p) => [p.key, p.value])) : null;
      assert.deepEqual(declared, want.annotations, `${label}: declared annotations`);
    }
  });
}

function checkFindings(c: Case, ws: Workspace, analysis: FileAnalysis): void {
  const textOf = (file: string) => ws.project.getText(file) ?? '';
  const actual = considered(c, analysis).map((f) => {
    const file = f.loc.file === ws.main ? undefined : ws.relOf(f.loc.file);
    return { rule: f.rule, line: lineOf(textOf(f.loc.file), f.loc.start), file, finding: f };
  });
  const key = (x: { rule: string; line: number; file?: string }) => `${x.rule}@${x.file ? `${x.file}:` : ''}${x.line}`;
  const render = (list: { rule: string; line: number; file?: string; finding?: Finding }[]) =>
    list.map((x) => `${key(x)}${x.finding ? ` ${x.finding.message}` : ''}`).sort().join('\n');
  assert.equal(
    actual.map(key).sort().join('\n'),
    c.findings!.map(key).sort().join('\n'),
    `findings differ.\nactual:\n${render(actual)}\nexpected:\n${render(c.findings!)}`,
  );
  for (const want of c.findings!) {
    const candidates = actual.filter((a) => key(a) === key(want));
    if (want.message !== undefined) {
      assert.ok(
        candidates.some((a) => matches(a.finding.message, want.message!)),
        `${key(want)}: no message matches ${want.message}; got ${candidates.map((a) => JSON.stringify(a.finding.message)).join(', ')}`,
      );
    }
    if (want.detail !== undefined) {
      assert.ok(
        candidates.some((a) => a.finding.detail !== undefined && matches(a.finding.detail, want.detail!)),
        `${key(want)}: no detail matches ${want.detail}; got ${candidates.map((a) => JSON.stringify(a.finding.detail)).join(', ')}`,
      );
    }
    if (want.severity !== undefined) {
      assert.ok(candidates.some((a) => a.finding.severity === want.severity), `${key(want)}: severity is not ${want.severity}`);
    }
    if (want.text !== undefined) {
      const covered = candidates.map((a) => textOf(a.finding.loc.file).slice(a.finding.loc.start, a.finding.loc.end));
      assert.ok(covered.includes(want.text), `${key(want)}: the range covers ${covered.map((c) => JSON.stringify(c)).join(', ')}, not ${JSON.stringify(want.text)}`);
    }
    if (want.related !== undefined) {
      assert.ok(
        candidates.some((a) => JSON.stringify((a.finding.related ?? []).map((r) => lineOf(textOf(r.loc.file), r.loc.start))) === JSON.stringify(want.related)),
        `${key(want)}: related lines differ from ${JSON.stringify(want.related)}`,
      );
    }
  }
}

function checkOutput(c: Case, ws: Workspace, analysis: FileAnalysis, mainText: string): void {
  if (c.fix === undefined) return checkFixAll(c, ws, analysis, mainText);
  // One quick fix, chosen by title (it may edit other files), as the editor applies it.
  const appliedRules = new Set<string>();
  const fixed = applyFixes(c, ws, analysis, appliedRules);
  const mainAfter = fixed.get(ws.main) ?? mainText;
  if (c.output !== undefined) assert.equal(mainAfter, c.output, 'fixed output differs');
  for (const [rel, want] of Object.entries(c.outputFiles ?? {})) {
    const file = ws.pathOf(rel);
    assert.equal(fixed.get(file) ?? ws.project.getText(file), want, `fixed ${rel} differs`);
  }
  for (const [file, text] of fixed) assertParses(file, text);

  // A second round of the same fix on the fixed texts must change nothing: fixes converge and do not
  // re-offer themselves. (Other rules may find something new once a typo is fixed: that is expected.)
  if (fixed.size === 0 || c.convergent === false) return;
  const files = Object.fromEntries(Object.entries(c.files ?? {}).map(([rel, text]) => [rel, fixed.get(ws.pathOf(rel)) ?? text]));
  const again = makeWorkspace(c, mainAfter, files, c.options ?? {});
  const secondAnalysis = again.project.analyzeFile(again.main);
  const second = applyFixes({ ...c, only: [...appliedRules] }, again, secondAnalysis);
  for (const [file, text] of second) {
    assert.equal(text, again.project.getText(file), `a second round of fixes changed ${again.relOf(file)}`);
  }
}

/** The engine's fix-all (what --fix and source.fixAll write), over the findings of the rules the case looks at. */
function fixAllOf(c: Case, ws: Workspace, text: string): string {
  const keep = (findings: readonly Finding[]) => (c.only ? findings.filter((f) => c.only!.includes(f.rule)) : findings);
  return fixAll(ws.main, text, (current) => {
    ws.project.setFileText(ws.main, current);
    return keep(ws.project.analyzeFile(ws.main).findings);
  }).text;
}

function checkFixAll(c: Case, ws: Workspace, analysis: FileAnalysis, mainText: string): void {
  // The safe fixes themselves must not clash (fix-all would otherwise depend on the order of findings).
  applyFixes(c, ws, analysis);
  const mainAfter = fixAllOf(c, ws, mainText);
  if (c.output !== undefined) assert.equal(mainAfter, c.output, 'fixed output differs');
  // Fix-all edits only the file it fixes.
  for (const [rel, want] of Object.entries(c.outputFiles ?? {})) assert.equal(ws.project.getText(ws.pathOf(rel)), want, `${rel} changed`);
  assertParses(ws.main, mainAfter);
  if (mainAfter === mainText || c.convergent === false) return;
  const again = makeWorkspace(c, mainAfter, c.files ?? {}, c.options ?? {});
  assert.equal(fixAllOf(c, again, mainAfter), mainAfter, 'a second fix-all changed the fixed text');
}

/** While set, runCases hands its tables here instead of registering tests (the metamorphic harness reuses them). */
let collector: ((title: string, cases: Case[]) => void) | undefined;

/** The tables `load` registers (it imports table test files), as data: title → cases. No test is registered. */
export async function collectCases(load: () => Promise<unknown>): Promise<Map<string, Case[]>> {
  const tables = new Map<string, Case[]>();
  collector = (title, cases) => tables.set(title, [...(tables.get(title) ?? []), ...cases]);
  try {
    await load();
  } finally {
    collector = undefined;
  }
  return tables;
}

/** Registers one node:test per case under a `describe(title)`. */
export function runCases(title: string, cases: Case[]): void {
  if (collector) return collector(title, cases);
  if (!rootsCleanup) {
    rootsCleanup = true;
    after(() => {
      for (const root of roots) rmSync(root, { recursive: true, force: true });
    });
  }
  describe(title, () => {
    const names = new Set<string>();
    for (const c of cases) {
      assert.ok(!names.has(c.name), `duplicate case name ${c.name}`);
      names.add(c.name);
      test(c.name, c.todo ? { todo: c.todo } : {}, () => {
        assert.ok(c.tools || c.findings || c.unenumerated || c.output !== undefined || c.outputFiles, `case "${c.name}" asserts nothing`);
        const ws = makeWorkspace(c, c.code, c.files ?? {}, c.options ?? {});
        const own = ws.project.analyzeFile(ws.main);
        assert.equal(own.error, undefined, `analysis error: ${own.error}`);
        checkSites(own);
        const analysis = c.asProject ? asProject(c, ws, own) : own;
        if (c.tools) checkTools(c, ws, c.code, analysis.tools);
        if (c.unenumerated) checkUnenumerated(c, ws, c.code, analysis);
        if (c.findings) checkFindings(c, ws, analysis);
        if (c.output !== undefined || c.outputFiles || c.fix !== undefined) checkOutput(c, ws, analysis, c.code);
      });
    }
  });
}

/** Joins lines with `\n` (readable multi-line cases without template-literal indentation). */
export function lines(...parts: string[]): string {
  return parts.join('\n') + '\n';
}
