// A small RuleTester-style harness: source text (plus other in-memory files) → tools, inferred hints, findings.
import assert from 'node:assert/strict';
import { applyEdits } from '../../server/src/engine/fixes/edits';
import { inferHints, type Inference } from '../../server/src/engine/evidence/infer';
import type { Finding, HintKey, Tool } from '../../server/src/engine/model';
import type { EngineOptions } from '../../server/src/engine/options';
import { Project, type FileHost } from '../../server/src/engine/project/project';

export const HONESTY_RULES = ['read-only-contradicted', 'destructive-understated', 'idempotent-overclaimed', 'closed-world-contradicted', 'profile-requirement'];
export const MAIN = '/virtual/server.ts';

export function projectFor(code: string, files: Record<string, string> = {}, options: EngineOptions = {}): Project {
  const all: Record<string, string> = { [MAIN]: code, ...files };
  const host: FileHost = { readFile: (path) => all[path] };
  const project = new Project(host, options);
  project.setFileText(MAIN, code);
  return project;
}

export function analyze(code: string, files: Record<string, string> = {}, options: EngineOptions = {}): { tools: Tool[]; findings: Finding[]; project: Project } {
  const project = projectFor(code, files, options);
  const analysis = project.analyzeFile(MAIN);
  return { tools: analysis.tools, findings: analysis.findings, project };
}

/** The inference for the tool named `name` (or the only tool). */
export function infer(code: string, files: Record<string, string> = {}, name?: string): Inference {
  const { tools, project } = analyze(code, files);
  const tool = name ? tools.find((t) => t.name === name) : tools[0];
  assert.ok(tool, `no tool ${name ?? ''} found in:\n${code}`);
  return inferHints(tool, { sourceFile: project.getSourceFile(MAIN)!, sourceFileOf: (f) => project.getSourceFile(f) });
}

/** `{ readOnlyHint: [true, 'proven'] }`: checks value and confidence of the listed hints. */
export function expectHints(inference: Inference, expected: Partial<Record<HintKey, [boolean, 'proven' | 'likely' | 'unknown']>>): void {
  for (const [key, [value, confidence]] of Object.entries(expected) as [HintKey, [boolean, string]][]) {
    const got = inference.hints[key];
    assert.deepEqual([got.value, got.confidence], [value, confidence], `${key}: got ${got.value}/${got.confidence} (${got.reason})`);
  }
}

/** Findings of the honesty rules only (other rules are tested elsewhere). */
export function honestyFindings(code: string, files: Record<string, string> = {}, options: EngineOptions = {}): Finding[] {
  return analyze(code, files, options).findings.filter((f) => HONESTY_RULES.includes(f.rule));
}

export function lineOf(code: string, offset: number): number {
  return code.slice(0, offset).split('\n').length;
}

/** Applies the first fix of `finding` whose title matches, to the main file. */
export function applyFix(code: string, finding: Finding, title: RegExp = /./): string {
  const fix = finding.fixes.find((f) => title.test(f.title));
  assert.ok(fix, `no fix matching ${title} in ${finding.fixes.map((f) => f.title).join(' | ')}`);
  return applyEdits(code, fix.edits.filter((e) => e.file === MAIN));
}

/** A table row of handler shapes: the contradiction findings it must raise (rule, message pattern), or none. */
export interface HonestyRow {
  name: string;
  code: string;
  files?: Record<string, string>;
  /** The contradiction findings expected: rule and a pattern of the message. Empty: an honest tool, none may fire. */
  findings: { rule: string; message: RegExp }[];
}

export function checkHonestyRow(row: HonestyRow): void {
  const found = honestyFindings(row.code, row.files ?? {}).filter((f) => f.rule !== 'profile-requirement');
  assert.deepEqual(
    found.map((f) => f.rule),
    row.findings.map((f) => f.rule),
    `${row.name}: ${found.map((f) => `${f.rule}: ${f.message}`).join(' | ') || 'no findings'}`,
  );
  row.findings.forEach((expected, i) => assert.match(found[i].message, expected.message, row.name));
}
