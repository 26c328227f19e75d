// The published servers measured: for every package, the static reading (`mcp-hints check --format json`) against what
// the server really answered to `tools/list` (test/corpus/data/<group>/runtime), through the same comparison
// `mcp-hints verify` makes. The groups developed against are wild, wild2 and wild3 (location.ts DEVELOPED).
// A package that ships TypeScript sources in src/ beside its build is measured twice: its build (the package without
// src/) and its sources (src/ alone); any other package is read whole. `npm run corpus` prints the per-group
// tables; `npm run corpus -- --heldout` adds the held-out set (data/heldout, chosen 2026-12-01, whose sources nobody
// reads while building) as a group of its own; wild.test.ts holds the floors.
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { compareWithRuntime, type Comparison, type RuntimeTool, type StaticTool } from '../../server/src/engine/review/runtime-compare';
import { HINT_KEYS } from '../../server/src/engine/model';
import { packageFolderName } from './fetch';
import { CORPORA, DEVELOPED, type Corpus } from './location';

const repo = resolve(__dirname, '../..');
const run = promisify(execFile);

export interface WildPackage {
  package: string;
  version: string;
  /** How it registers its tools; the held-out set has none (saying it would mean reading the code). */
  family?: string;
  tools: number;
}

export interface PackageResult {
  package: string;
  family: string;
  /** The corpus group (wild, wild2, wild3, heldout). */
  group: string;
  heldOut: boolean;
  listed: number;
  found: number;
  /** Found tools whose four hints equal what the server sends. */
  hintsEqual: number;
  titlesEqual: number;
  notListed: number;
  /** Of those, the tools the static reading gives no run-time condition for (what conditions do not explain). */
  notListedUnconditional: number;
  comparison: Comparison;
  error?: string;
  /** For a package that ships TypeScript sources in src/: the same figures on src/ alone (the others are its build). */
  source?: SourceResult;
}

export type SourceResult = Pick<PackageResult, 'found' | 'hintsEqual' | 'titlesEqual' | 'notListed' | 'comparison' | 'error'>;

async function staticReading(dir: string, paths: string[]): Promise<StaticTool[]> {
  let stdout: string;
  try {
    ({ stdout } = await run(process.execPath, [join(repo, 'dist/cli.js'), 'check', ...paths, '--format', 'json'], { cwd: dir, maxBuffer: 1 << 28 }));
  } catch (error) {
    // Exit code 1 only means findings were reported.
    const failed = error as { code?: number; stdout?: string };
    if (failed.code !== 1 || !failed.stdout) throw error;
    stdout = failed.stdout;
  }
  return JSON.parse(stdout).tools;
}

const TS_SOURCE = /\.(ts|tsx|mts|cts)$/;
const DECLARATION = /\.d\.(ts|mts|cts)$/;

/** Whether the folder holds a TypeScript file that is not a declaration file (node_modules aside). */
export function holdsTypeScript(dir: string): boolean {
  if (!existsSync(dir)) return false;
  return readdirSync(dir, { withFileTypes: true }).some((entry) =>
    entry.isDirectory()
      ? entry.name !== 'node_modules' && holdsTypeScript(join(dir, entry.name))
      : TS_SOURCE.test(entry.name) && !DECLARATION.test(entry.name));
}

/** What the static reading finds in `paths` of the package, compared with the recorded list. */
async function readAndCompare(dir: string, paths: string[], runtimeTools: RuntimeTool[]): Promise<SourceResult> {
  let found: StaticTool[] = [];
  let error: string | undefined;
  try {
    found = await staticReading(dir, paths);
  } catch (e) {
    error = String((e as Error).message).split('\n')[0];
  }
  const comparison = compareWithRuntime(found, runtimeTools);
  const both = comparison.tools.filter((t) => t.static && t.runtime);
  const hintsEqual = both.filter((t) => HINT_KEYS.every((key) => !t.differences.some((d) => d.key === key) && t.static![key] !== 'unresolved')).length;
  const titlesEqual = both.filter((t) => !t.differences.some((d) => d.key === 'title') && t.static!.title !== 'unresolved').length;
  return { found: both.length, hintsEqual, titlesEqual, notListed: comparison.counts['not-listed'], comparison, error };
}

export async function measurePackage(p: WildPackage, corpus: Corpus = CORPORA.wild): Promise<PackageResult> {
  const runtime = JSON.parse(readFileSync(join(corpus.dataDir, 'runtime', `${packageFolderName(p)}.json`), 'utf8')) as { tools: RuntimeTool[] };
  const dir = corpus.packageDir(p);
  const base = { package: p.package, family: p.family ?? '', group: corpus.name, heldOut: corpus.name === 'heldout', listed: new Set(runtime.tools.map((t) => t.name)).size };
  // With sources beside the build, the build is everything but src/ (each other top-level entry named, the fetcher's
  // dot-file marker aside), the sources src/.
  const withSources = holdsTypeScript(join(dir, 'src'));
  const buildPaths = withSources ? readdirSync(dir).filter((name) => name !== 'src' && !name.startsWith('.')).sort() : ['.'];
  const build = await readAndCompare(dir, buildPaths, runtime.tools);
  const source = withSources ? await readAndCompare(dir, ['src'], runtime.tools) : undefined;
  return { ...base, ...build,
    notListedUnconditional: build.comparison.tools.filter((t) => t.status === 'not-listed' && !t.condition).length,
    ...(source ? { source } : {}) };
}

/** Measures every package of a corpus (the wild one unless told), two at a time (each check is its own process). */
export async function measureWild(corpus: Corpus = CORPORA.wild): Promise<PackageResult[]> {
  corpus.ensure();
  const packages = corpus.packages() as unknown as WildPackage[];
  const results: PackageResult[] = new Array(packages.length);
  let next = 0;
  const worker = async () => {
    while (next < packages.length) {
      const i = next++;
      results[i] = await measurePackage(packages[i], corpus);
    }
  };
  await Promise.all([worker(), worker()]);
  return results;
}

export interface Totals {
  listed: number;
  found: number;
  hintsEqual: number;
  titlesEqual: number;
  recall: number;
  hintAccuracy: number;
}

export function totals(results: PackageResult[]): Totals {
  const sum = (f: (r: PackageResult) => number) => results.reduce((n, r) => n + f(r), 0);
  const listed = sum((r) => r.listed);
  const found = sum((r) => r.found);
  const hintsEqual = sum((r) => r.hintsEqual);
  return {
    listed, found, hintsEqual, titlesEqual: sum((r) => r.titlesEqual),
    recall: listed ? found / listed : 1,
    hintAccuracy: found ? hintsEqual / found : 1,
  };
}

const sumOf = (results: PackageResult[], f: (r: PackageResult) => number) => results.reduce((n, r) => n + f(r), 0);
const pct = (n: number) => `${(100 * n).toFixed(1)}%`;

export function formatTable(results: PackageResult[]): string {
  const lines: string[] = [];
  const header = `${'package'.padEnd(42)} ${'listed'.padStart(6)} ${'found'.padStart(6)} ${'recall'.padStart(7)} ${'hints='.padStart(7)} ${'title='.padStart(7)} ${'extra'.padStart(6)} ${'uncond'.padStart(6)}  family`;
  const row = (r: PackageResult) =>
    `${r.package.padEnd(42)} ${String(r.listed).padStart(6)} ${String(r.found).padStart(6)} ${pct(r.listed ? r.found / r.listed : 1).padStart(7)} ` +
    `${String(r.hintsEqual).padStart(7)} ${String(r.titlesEqual).padStart(7)} ${String(r.notListed).padStart(6)} ${String(r.notListedUnconditional).padStart(6)}  ${r.family}${r.error ? `  ERROR: ${r.error}` : ''}`;
  const section = (title: string, rows: PackageResult[]) => {
    const t = totals(rows);
    lines.push(title, header, ...rows.map(row));
    lines.push(`${'total'.padEnd(42)} ${String(t.listed).padStart(6)} ${String(t.found).padStart(6)} ${pct(t.recall).padStart(7)} ${String(t.hintsEqual).padStart(7)} ${String(t.titlesEqual).padStart(7)}`);
    lines.push(`recall ${pct(t.recall)} (${t.found}/${t.listed}); hints equal on ${pct(t.hintAccuracy)} of found tools (${t.hintsEqual}/${t.found}); titles equal ${t.titlesEqual}/${t.found}`, '');
  };
  const titles: Record<string, string> = {
    wild: 'wild (47 servers, developed against):',
    wild2: 'wild2 (servers added from the second shared set, corpus-wild2, developed against):',
    wild3: 'wild3 (servers chosen 2026-12-02 from registry metadata, probed here):',
    heldout: 'Held out (chosen 2026-12-01, never read while building):',
  };
  const groups = [...new Set(results.map((r) => r.group))];
  for (const group of groups) section(titles[group] ?? `${group}:`, results.filter((r) => r.group === group));
  const developed = results.filter((r) => !r.heldOut);
  if (groups.filter((g) => g !== 'heldout').length > 1) {
    const t = totals(developed);
    lines.push(`Developed against, ${developed.length} packages: recall ${pct(t.recall)} (${t.found}/${t.listed}); hints equal on ${pct(t.hintAccuracy)} of found tools (${t.hintsEqual}/${t.found}); titles equal ${t.titlesEqual}/${t.found}`, '');
  }
  lines.push(...formatSources(results), '');
  const all = totals(results);
  lines.push(`All ${results.length} packages: recall ${pct(all.recall)}, hints equal ${pct(all.hintAccuracy)}.`);
  lines.push('extra = tools found statically that the recorded server did not list (behind flags, other builds or look-alikes).');
  lines.push('uncond = extra without condition: of those, the tools found with no run-time condition on their registration.');
  lines.push(`extra ${sumOf(results, (r) => r.notListed)}, of which without condition ${sumOf(results, (r) => r.notListedUnconditional)}.`);
  return lines.join('\n');
}

/** The packages that ship TypeScript sources in src/: their build and their sources side by side. */
export function formatSources(results: PackageResult[]): string[] {
  const withSources = results.filter((r) => r.source);
  if (withSources.length === 0) return ['No package ships TypeScript sources in src/.'];
  const lines = ['Build and sources (packages shipping TypeScript in src/; build = the package without src/):',
    `${'package'.padEnd(42)} ${'group'.padEnd(7)} ${'listed'.padStart(6)} ${'build'.padStart(6)} ${'hints='.padStart(7)} ${'src'.padStart(6)} ${'hints='.padStart(7)}`];
  // Held-out packages are summed, not listed.
  for (const r of withSources.filter((x) => !x.heldOut)) {
    lines.push(`${r.package.padEnd(42)} ${r.group.padEnd(7)} ${String(r.listed).padStart(6)} ${String(r.found).padStart(6)} ${String(r.hintsEqual).padStart(7)} ` +
      `${String(r.source!.found).padStart(6)} ${String(r.source!.hintsEqual).padStart(7)}${r.source!.error ? `  ERROR: ${r.source!.error}` : ''}`);
  }
  for (const [label, rows] of [['developed', withSources.filter((r) => !r.heldOut)], ['held out', withSources.filter((r) => r.heldOut)]] as const) {
    if (rows.length === 0) continue;
    const listed = sumOf(rows, (r) => r.listed);
    lines.push(`${label}, ${rows.length} packages with sources: build finds ${sumOf(rows, (r) => r.found)}/${listed} (hints equal ${sumOf(rows, (r) => r.hintsEqual)}), ` +
      `sources find ${sumOf(rows, (r) => r.source!.found)}/${listed} (hints equal ${sumOf(rows, (r) => r.source!.hintsEqual)})`);
  }
  return lines;
}

export interface Floor {
  found: number;
  hintsEqual: number;
  /** For a package that ships TypeScript sources: the floor of its src/ reading. */
  source?: { found: number; hintsEqual: number };
}

export const floorsPath = (corpus: Corpus) => join(corpus.dataDir, 'floors.json');

/** Raises each developed package's floor to what it reaches now; never lowers one. The held-out set has none. */
function raiseFloors(results: PackageResult[]): void {
  for (const corpus of DEVELOPED) {
    const path = floorsPath(corpus);
    const floors: Record<string, Floor> = existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : {};
    for (const r of results.filter((result) => result.group === corpus.name)) {
      const old = floors[r.package] ?? { found: 0, hintsEqual: 0 };
      const floor: Floor = { found: Math.max(old.found, r.found), hintsEqual: Math.max(old.hintsEqual, r.hintsEqual) };
      if (r.source || old.source) {
        floor.source = { found: Math.max(old.source?.found ?? 0, r.source?.found ?? 0), hintsEqual: Math.max(old.source?.hintsEqual ?? 0, r.source?.hintsEqual ?? 0) };
      }
      floors[r.package] = floor;
    }
    writeFileSync(path, `${JSON.stringify(floors, null, 2)}\n`);
    console.log(`floors raised in ${path}`);
  }
}

if (require.main === module) {
  const verbose = process.argv.includes('--verbose');
  // The held-out set is measured only when asked (`-- --heldout`): once, by whoever measures at the end of a session.
  const withHeldOut = process.argv.includes('--heldout');
  const measureAll = async () => {
    const results: PackageResult[] = [];
    for (const corpus of [...DEVELOPED, ...(withHeldOut ? [CORPORA.heldout] : [])]) results.push(...(await measureWild(corpus)));
    return results;
  };
  measureAll().then((results) => {
    console.log(formatTable(results));
    if (process.argv.includes('--raise-floors')) raiseFloors(results);
    if (verbose) {
      // Held-out tools are not listed one by one: their names would point at code nobody should read yet.
      for (const r of results.filter((result) => !result.heldOut)) {
        const off = r.comparison.tools.filter((t) => t.status !== 'match');
        if (off.length === 0) continue;
        console.log(`\n${r.package}`);
        for (const t of off) console.log(`  ${t.status.padEnd(18)} ${t.name}${t.condition ? ` [when ${t.condition}]` : ''}${t.differences.map((d) => ` ${d.key}: ${JSON.stringify(d.static)} → ${JSON.stringify(d.runtime)}`).join(',')}`);
      }
    }
  });
}
