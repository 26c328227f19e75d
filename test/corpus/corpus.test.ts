// Real MCP servers from npm (facts in test/corpus/data/pinned): the analyser must find their tools, read their
// hints as the servers really declare them, and leave their look-alikes alone. Packages are fetched at test time
// into .cache/corpus (git-ignored) and never committed.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CORPUS_CACHE, corpusSource, ensureCorpus } from './location';
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';

const repo = resolve(__dirname, '../..');
const corpusDir = corpusSource();
const cacheDir = CORPUS_CACHE;
const HINTS = ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const;

interface ExpectedTool {
  name: string;
  file: string;
  line: number;
  annotations: Record<string, unknown> | null;
  title: string | null;
}
interface ExpectedPackage {
  package: string;
  version: string;
  tools: ExpectedTool[];
  traps: { file: string; line?: number; what: string }[];
  runtime: { file: string | null } | null;
}
interface FoundTool {
  name: string | null;
  file: string;
  line: number;
  annotations: Record<string, unknown> | null;
  effective: Record<string, boolean | 'unresolved'>;
  title: string | null;
}

const expected: ExpectedPackage[] = JSON.parse(readFileSync(join(corpusDir, 'expected.json'), 'utf8'));
const packageDir = (p: ExpectedPackage) => join(cacheDir, `${p.package.replace(/\//g, '__')}@${p.version}`);

before(() => ensureCorpus());

function check(dir: string): { tools: FoundTool[] } {
  // Exit code 1 only means findings were reported; the JSON is what this test reads.
  try {
    return JSON.parse(execFileSync(process.execPath, [join(repo, 'dist/cli.js'), 'check', '.', '--format', 'json'], { cwd: dir, encoding: 'utf8', maxBuffer: 1 << 28 }));
  } catch (error) {
    const failed = error as { status?: number; stdout?: string };
    if (failed.status === 1 && failed.stdout) return JSON.parse(failed.stdout);
    throw error;
  }
}

const sameFile = (found: string, wanted: string) => found === wanted || found.endsWith(`/${wanted}`);
const hintsOf = (annotations: Record<string, unknown> | null | undefined) =>
  Object.fromEntries(HINTS.filter((key) => annotations && key in annotations).map((key) => [key, annotations![key]]));

const totals = { expected: 0, found: 0, hintsCompared: 0, hintsEqual: 0, annotationsCompared: 0, annotationsEqual: 0 };

/** Deep equality that ignores key order. */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

describe('corpus of real MCP servers', () => {
  for (const pkg of expected) {
    test(`${pkg.package}@${pkg.version}`, () => {
      const { tools } = check(packageDir(pkg));
      const unmatched = new Set(tools);
      const missed: string[] = [];
      const wrongHints: string[] = [];
      const wrongAnnotations: string[] = [];
      for (const want of pkg.tools) {
        const match = [...unmatched].find((t) => t.name === want.name && sameFile(t.file, want.file) && Math.abs(t.line - want.line) <= 2);
        if (!match) {
          missed.push(`${want.name} (${want.file}:${want.line})`);
          continue;
        }
        unmatched.delete(match);
        totals.hintsCompared++;
        // Hosts show the config title, then annotations.title (expected.json lists the config title alone).
        const wantTitle = want.title ?? (typeof want.annotations?.title === 'string' ? want.annotations.title : null);
        if (JSON.stringify(hintsOf(match.annotations)) === JSON.stringify(hintsOf(want.annotations)) && match.title === wantTitle) totals.hintsEqual++;
        else wrongHints.push(`${want.name}: found ${JSON.stringify(hintsOf(match.annotations))} "${match.title}", expected ${JSON.stringify(hintsOf(want.annotations))} "${wantTitle}"`);
        // Every declared key, not only the hints (custom keys such as `category` included), as the author wrote it.
        totals.annotationsCompared++;
        if (sameJson(match.annotations, want.annotations)) totals.annotationsEqual++;
        else wrongAnnotations.push(`${want.name}: found ${JSON.stringify(match.annotations)}, expected ${JSON.stringify(want.annotations)}`);
      }
      totals.expected += pkg.tools.length;
      totals.found += pkg.tools.length - missed.length;

      const recall = (pkg.tools.length - missed.length) / pkg.tools.length;
      assert.ok(recall >= 0.95, `recall ${recall.toFixed(3)} < 0.95; missed: ${missed.join(', ')}`);
      const accuracy = pkg.tools.length - missed.length === 0 ? 1 : 1 - wrongHints.length / (pkg.tools.length - missed.length);
      assert.ok(accuracy >= 0.98, `hint accuracy ${accuracy.toFixed(3)} < 0.98:\n${wrongHints.join('\n')}`);
      assert.deepEqual(wrongAnnotations, [], 'declared annotations differ from expected.json');

      // Nothing reported that is not a real tool: traps and test files stay quiet.
      const extras = [...unmatched].map((t) => `${t.name} at ${t.file}:${t.line}`);
      assert.deepEqual(extras, [], 'false positives');
      for (const trap of pkg.traps) {
        const hit = tools.find((t) => sameFile(t.file, trap.file) && trap.line !== undefined && t.line === trap.line && !pkg.tools.some((w) => w.name === t.name && w.line === t.line));
        assert.equal(hit, undefined, `trap reported as a tool: ${trap.what}`);
      }

      // Ground truth: what the running server answered to tools/list.
      if (pkg.runtime?.file) {
        const runtime = JSON.parse(readFileSync(join(corpusDir, pkg.runtime.file), 'utf8')) as { tools: { name: string; annotations?: Record<string, unknown> }[] };
        for (const live of runtime.tools) {
          const ours = tools.filter((t) => t.name === live.name);
          assert.ok(ours.length > 0, `${live.name} is served at run time but was not found`);
          const agrees = ours.some((t) => JSON.stringify(hintsOf(t.annotations)) === JSON.stringify(hintsOf(live.annotations)));
          assert.ok(agrees, `${live.name}: runtime hints ${JSON.stringify(hintsOf(live.annotations))}, found ${ours.map((t) => JSON.stringify(hintsOf(t.annotations))).join(' / ')}`);
        }
      }
    });
  }

  test('overall recall and hint accuracy', () => {
    console.log(`corpus: ${totals.found}/${totals.expected} tools found, hints equal on ${totals.hintsEqual}/${totals.hintsCompared}, whole annotations on ${totals.annotationsEqual}/${totals.annotationsCompared}`);
    assert.ok(totals.found / totals.expected >= 0.95);
    assert.ok(totals.hintsEqual / totals.hintsCompared >= 0.98);
  });
});
