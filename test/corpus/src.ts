// The source group (test/corpus/data/src): repositories of MCP servers pinned by commit, each with the tools a person
// recorded by reading its code (data/src/<owner>__<repo>.json, see data/src/SOURCE.md). The repository itself is an
// archive of its files at that commit, checked by sha256 and unpacked on demand into .cache/corpus-src/<owner>__<repo>/.
// The same archives hold the repositories the honesty labels read (data/src/repos.json, test/honesty/labels.ts).
// The archives used so far are small and committed in data/src/archives; one that is not there is read from the folder
// named by MCP_HINTS_CORPUS_SRC (the corpus-src set's folder), and a missing one fails with a message saying so.
//
//   node --import tsx test/corpus/src.ts          prints the per-repository table (after `npm run build`)
import { execFile, execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { compareWithRuntime, type RuntimeTool, type StaticTool } from '../../server/src/engine/review/runtime-compare';
import { HINT_KEYS } from '../../server/src/engine/model';

const repo = resolve(__dirname, '../..');
const run = promisify(execFile);
export const SRC_DATA = join(repo, 'test/corpus/data/src');
export const SRC_CACHE = join(repo, '.cache/corpus-src');
export const SRC_ARCHIVES_ENV = 'MCP_HINTS_CORPUS_SRC';
const MARKER = '.mcp-hints-sha256';

/** A recorded tool: as the server lists it (name, title, annotations), with the switches that list or hide it. */
export interface SourceTool extends RuntimeTool {
  listedByDefault: boolean;
  conditions: string[];
  definedAt: string;
}

export interface SourceRepo {
  repo: string;
  commit: string;
  archive: string;
  sha256: string;
  /** The folder `check` runs in, relative to the repository. */
  root: string;
  tools: SourceTool[];
}

/** A repository at a pinned commit, as an archive of its files. */
export type SourceArchive = Pick<SourceRepo, 'repo' | 'commit' | 'archive' | 'sha256'>;

export function sourceRepos(): SourceRepo[] {
  return readdirSync(SRC_DATA)
    // floors.json: this group's floors; repos.json: the repositories the honesty labels read.
    .filter((f) => f.endsWith('.json') && f !== 'floors.json' && f !== 'repos.json')
    .sort()
    .map((f) => JSON.parse(readFileSync(join(SRC_DATA, f), 'utf8')) as SourceRepo);
}

/** The repositories the honesty labels read (test/honesty/labels), unpacked from the same archives. */
export const labelledRepos = (): SourceArchive[] => JSON.parse(readFileSync(join(SRC_DATA, 'repos.json'), 'utf8'));

export const repoFolder = (r: SourceArchive): string => join(SRC_CACHE, r.archive.replace(/\.tar\.xz$/, ''));

function archiveOf(r: SourceArchive): string {
  const committed = join(SRC_DATA, 'archives', r.archive);
  if (existsSync(committed)) return committed;
  const folder = process.env[SRC_ARCHIVES_ENV];
  if (folder && existsSync(join(folder, r.archive))) return join(folder, r.archive);
  throw new Error(
    `the source archive ${r.archive} (${r.repo} at ${r.commit}) is neither in test/corpus/data/src/archives nor in ` +
      (folder ? `${SRC_ARCHIVES_ENV}=${folder}` : `a folder named by ${SRC_ARCHIVES_ENV} (unset)`),
  );
}

/** Every archive the source group and the honesty labels use, once each. */
export function sourceArchives(): SourceArchive[] {
  const byArchive = new Map<string, SourceArchive>();
  for (const r of [...sourceRepos(), ...labelledRepos()]) {
    const seen = byArchive.get(r.archive);
    if (seen && seen.sha256 !== r.sha256) throw new Error(`${r.archive}: two sha256 recorded (${seen.sha256}, ${r.sha256})`);
    byArchive.set(r.archive, seen ?? r);
  }
  return [...byArchive.values()];
}

/** Unpacks every repository not already in the cache (its sha256 checked); throws with every failure. */
export function ensureSources(log: (line: string) => void = () => {}): void {
  const failures: string[] = [];
  for (const r of sourceArchives()) {
    const target = repoFolder(r);
    if (existsSync(join(target, MARKER)) && readFileSync(join(target, MARKER), 'utf8').trim() === r.sha256) continue;
    try {
      const archive = archiveOf(r);
      const actual = createHash('sha256').update(readFileSync(archive)).digest('hex');
      if (actual !== r.sha256) throw new Error(`${r.archive}: sha256 mismatch (expected ${r.sha256}, got ${actual})`);
      const staging = `${target}.partial`;
      rmSync(staging, { recursive: true, force: true });
      mkdirSync(staging, { recursive: true });
      execFileSync('tar', ['xJf', archive, '-C', staging]);
      writeFileSync(join(staging, MARKER), `${r.sha256}\n`);
      rmSync(target, { recursive: true, force: true });
      renameSync(staging, target);
      log(`ok   ${r.repo}@${r.commit.slice(0, 12)}`);
    } catch (error) {
      failures.push(String((error as Error).message ?? error));
    }
  }
  if (failures.length > 0) throw new Error(`could not unpack ${failures.length} source repositor(ies):\n  ${failures.join('\n  ')}`);
}

export interface SourceResult {
  repo: string;
  /** Recorded tools (every configuration), and those listed with no switch. */
  truth: number;
  truthByDefault: number;
  found: number;
  /** Found tools whose four hints equal the recorded ones. */
  hintsEqual: number;
  titlesEqual: number;
  /** Tools read statically that the code never lists (by the record): should stay 0. */
  notInTruth: string[];
  missing: string[];
  /** Registration sites the reading could not enumerate. */
  unenumerated: number;
}

export async function measureSource(r: SourceRepo): Promise<SourceResult> {
  let stdout: string;
  try {
    ({ stdout } = await run(process.execPath, [join(repo, 'dist/cli.js'), 'check', '.', '--format', 'json'], { cwd: join(repoFolder(r), r.root), maxBuffer: 1 << 28 }));
  } catch (error) {
    const failed = error as { code?: number; stdout?: string };
    if (failed.code !== 1 || !failed.stdout) throw error;
    stdout = failed.stdout;
  }
  const output = JSON.parse(stdout) as { tools: StaticTool[]; sites: { status: string }[] };
  const comparison = compareWithRuntime(output.tools, r.tools);
  const both = comparison.tools.filter((t) => t.static && t.runtime);
  return {
    repo: r.repo,
    truth: r.tools.length,
    truthByDefault: r.tools.filter((t) => t.listedByDefault).length,
    found: both.length,
    hintsEqual: both.filter((t) => HINT_KEYS.every((key) => !t.differences.some((d) => d.key === key) && t.static![key] !== 'unresolved')).length,
    titlesEqual: both.filter((t) => !t.differences.some((d) => d.key === 'title') && t.static!.title !== 'unresolved').length,
    notInTruth: comparison.tools.filter((t) => t.status === 'not-listed').map((t) => String(t.name)),
    missing: comparison.tools.filter((t) => t.status === 'missing-statically').map((t) => String(t.name)),
    unenumerated: output.sites.filter((s) => s.status !== 'enumerated').length,
  };
}

export function formatSourceTable(results: SourceResult[]): string {
  const lines = [`${'repository'.padEnd(40)} ${'truth'.padStart(6)} ${'found'.padStart(6)} ${'hints='.padStart(7)} ${'extra'.padStart(6)} ${'unenum'.padStart(7)}`];
  for (const r of results) {
    lines.push(`${r.repo.padEnd(40)} ${String(r.truth).padStart(6)} ${String(r.found).padStart(6)} ${String(r.hintsEqual).padStart(7)} ${String(r.notInTruth.length).padStart(6)} ${String(r.unenumerated).padStart(7)}`);
  }
  return lines.join('\n');
}

if (require.main === module) {
  ensureSources((line) => console.log(line));
  void Promise.all(sourceRepos().map(measureSource)).then((results) => console.log(formatSourceTable(results)));
}
