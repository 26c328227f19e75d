// Diffs `mcp-hints check --format json` over the pinned corpus and the developed ones (wild, wild2, wild3) between
// two commits: a move or refactor of the engine must leave every package's output byte-identical, and a change that
// should not must name itself.
// Each commit is checked out as a detached worktree under .cache/corpus-diff/<sha>/ (node_modules linked to this
// repo's) and built once; its outputs are kept under .cache/corpus-diff/out/<sha>/, so a baseline is computed once.
// Without a second commit the working tree is compared (HEAD when it has no changes). The held-out corpus is never
// run: its sources are read by nobody while building.
//
//   npm run corpus:diff -- <commitA> [<commitB>] [--only <substring>] [--json]
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, realpathSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { packageFolderName } from '../test/corpus/fetch';
import { CORPORA, DEVELOPED } from '../test/corpus/location';

const repo = resolve(__dirname, '..');
const cacheRoot = join(repo, '.cache', 'corpus-diff');
/** The machine has two cores; each check is one process keeping about one and a half of them busy. */
const PARALLEL = 2;
/** What stands for the checkout's absolute path in a stored output (the only thing that differs between worktrees). */
const CHECKOUT_PLACEHOLDER = '<checkout>';

// ---------------------------------------------------------------------------------------------------------------
// Comparing two outputs (pure; test/scripts/corpus-json-diff.test.ts).

export interface FindingCounts {
  added: number;
  removed: number;
  changed: number;
}

export interface OutputDiff {
  identical: boolean;
  /** Top-level fields other than tools and diagnostics that differ (`version`, `files`), or why the JSON could not be read. */
  fields: string[];
  tools: { added: string[]; removed: string[]; changed: string[] };
  /** By rule id (the diagnostic's `code`). */
  findings: Record<string, FindingCounts>;
  /** The first differing lines, `-` from the first output and `+` from the second, each with its line number. */
  lines: string[];
}

interface JsonTool {
  name: string | null;
  file: string;
  [key: string]: unknown;
}

interface JsonDiagnostic {
  file: string;
  line: number;
  column: number;
  code: string;
  tool?: string | null;
  [key: string]: unknown;
}

/** Compares two stored outputs byte for byte and, when they differ, says how. */
export function diffOutputs(before: string, after: string, maxLines = 6): OutputDiff {
  const diff: OutputDiff = { identical: before === after, fields: [], tools: { added: [], removed: [], changed: [] }, findings: {}, lines: [] };
  if (diff.identical) return diff;
  diff.lines = firstDifferingLines(before, after, maxLines);
  let a: Record<string, unknown>;
  let b: Record<string, unknown>;
  try {
    a = JSON.parse(before);
    b = JSON.parse(after);
  } catch {
    diff.fields.push(`${isJson(before) ? 'second' : 'first'} output is not JSON`);
    return diff;
  }
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (key === 'tools' || key === 'diagnostics') continue;
    if (JSON.stringify(a[key]) !== JSON.stringify(b[key])) diff.fields.push(`${key}: ${JSON.stringify(a[key])} → ${JSON.stringify(b[key])}`);
  }
  const tools = matchByKey(asArray<JsonTool>(a.tools), asArray<JsonTool>(b.tools), (t) => `${t.file} ${t.name ?? '(no name)'}`);
  diff.tools = { added: tools.added.map(([key]) => key), removed: tools.removed.map(([key]) => key), changed: tools.changed.map(([key]) => key) };
  // A finding is the same finding when its rule, place and tool are; anything else about it (message, severity, end) is a change.
  const findings = matchByKey(asArray<JsonDiagnostic>(a.diagnostics), asArray<JsonDiagnostic>(b.diagnostics), (d) => `${d.code} ${d.file}:${d.line}:${d.column} ${d.tool ?? ''}`);
  const count = (list: [string, JsonDiagnostic][], field: keyof FindingCounts) => {
    for (const [, d] of list) (diff.findings[d.code] ??= { added: 0, removed: 0, changed: 0 })[field]++;
  };
  count(findings.added, 'added');
  count(findings.removed, 'removed');
  count(findings.changed, 'changed');
  return diff;
}

/**
 * Pairs items by key in order (a key may repeat: two registrations of one name in one file), then reports the items
 * only one side has and the pairs whose JSON differs.
 */
function matchByKey<T>(before: T[], after: T[], keyOf: (item: T) => string) {
  const waiting = new Map<string, T[]>();
  for (const item of before) {
    const key = keyOf(item);
    const list = waiting.get(key);
    if (list) list.push(item);
    else waiting.set(key, [item]);
  }
  const added: [string, T][] = [];
  const changed: [string, T][] = [];
  for (const item of after) {
    const key = keyOf(item);
    const match = waiting.get(key)?.shift();
    if (match === undefined) added.push([key, item]);
    else if (JSON.stringify(match) !== JSON.stringify(item)) changed.push([key, item]);
  }
  const removed: [string, T][] = [...waiting].flatMap(([key, items]) => items.map((item): [string, T] => [key, item]));
  return { added, removed, changed };
}

/**
 * The first `max` lines of a line diff (Myers'), after the common beginning and end are set aside. When the
 * outputs differ in more than `maxEdits` lines, the first lines of each side's differing middle stand in.
 */
export function firstDifferingLines(before: string, after: string, max: number, maxEdits = 2000): string[] {
  const a = before.split('\n');
  const b = after.split('\n');
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const middleA = a.slice(start, endA);
  const middleB = b.slice(start, endB);
  const show = (edit: LineEdit) => `${edit.sign}${String(start + edit.index + 1).padStart(6)} ${edit.sign === '-' ? middleA[edit.index] : middleB[edit.index]}`;
  const edits = lineEdits(middleA, middleB, maxEdits);
  if (edits) return edits.slice(0, max).map(show);
  const side = (lines: string[], sign: '-' | '+') => lines.slice(0, max).map((_, index) => show({ sign, index }));
  return [...side(middleA, '-'), ...side(middleB, '+')];
}

interface LineEdit {
  sign: '-' | '+';
  /** Into the first list for '-', the second for '+'. */
  index: number;
}

/** The shortest edit script from `a` to `b` (Myers 1986), or null when it is longer than `maxEdits`. */
function lineEdits(a: string[], b: string[], maxEdits: number): LineEdit[] | null {
  const offset = maxEdits + 1;
  // furthest[k + offset]: how far along `a` the furthest path on diagonal k (x - y) has reached.
  const furthest = new Int32Array(2 * maxEdits + 3);
  const trace: Int32Array[] = [];
  for (let d = 0; d <= maxEdits; d++) {
    trace.push(furthest.slice());
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && furthest[k - 1 + offset] < furthest[k + 1 + offset]) ? furthest[k + 1 + offset] : furthest[k - 1 + offset] + 1;
      let y = x - k;
      while (x < a.length && y < b.length && a[x] === b[y]) {
        x++;
        y++;
      }
      furthest[k + offset] = x;
      if (x >= a.length && y >= b.length) return backtrack(trace, a.length, b.length, offset);
    }
  }
  return null;
}

function backtrack(trace: Int32Array[], n: number, m: number, offset: number): LineEdit[] {
  const edits: LineEdit[] = [];
  let x = n;
  let y = m;
  for (let d = trace.length - 1; d > 0; d--) {
    const before = trace[d];
    const k = x - y;
    const fromAbove = k === -d || (k !== d && before[k - 1 + offset] < before[k + 1 + offset]);
    const previousK = fromAbove ? k + 1 : k - 1;
    const previousX = before[previousK + offset];
    const previousY = previousX - previousK;
    if (fromAbove) edits.push({ sign: '+', index: previousY });
    else edits.push({ sign: '-', index: previousX });
    x = previousX;
    y = previousY;
  }
  return edits.reverse();
}

const asArray = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** One line: what changed in tools and findings (empty when only other fields or the bytes differ). */
export function describeDiff(diff: OutputDiff): string {
  const parts: string[] = [...diff.fields];
  const { added, removed, changed } = diff.tools;
  if (added.length + removed.length + changed.length > 0) {
    const names = [...added.slice(0, 3).map((t) => `+${t}`), ...removed.slice(0, 3).map((t) => `-${t}`)];
    parts.push(`tools +${added.length} -${removed.length} ~${changed.length}${names.length > 0 ? ` (${names.join(', ')})` : ''}`);
  }
  const rules = Object.entries(diff.findings).sort(([x], [y]) => x.localeCompare(y));
  if (rules.length > 0) parts.push(`findings ${rules.map(([rule, c]) => `${rule} +${c.added} -${c.removed} ~${c.changed}`).join(', ')}`);
  return parts.join('; ');
}

/** Replaces the checkout's absolute path (as given and as the file system resolves it) with a placeholder. */
export function normaliseOutput(output: string, checkoutRoots: string[]): { text: string; replaced: number } {
  let text = output;
  let replaced = 0;
  for (const root of [...new Set(checkoutRoots)].sort((x, y) => y.length - x.length)) {
    const pieces = text.split(root);
    replaced += pieces.length - 1;
    text = pieces.join(CHECKOUT_PLACEHOLDER);
  }
  return { text, replaced };
}

// ---------------------------------------------------------------------------------------------------------------
// Checkouts, runs and stored outputs.

interface Side {
  /** What the user asked for, for the report. */
  ref: string;
  /** The commit, or null for a working tree with changes (built in place, never reused). */
  sha: string | null;
  /** Where `npm run build` runs and dist/cli.js is. */
  checkout: string;
  outDir: string;
}

interface CorpusPackage {
  corpus: 'pinned' | 'wild' | 'wild2' | 'wild3';
  package: string;
  folder: string;
  dir: string;
}

interface StoredRun {
  exitCode: number;
  /** Kept only when the check failed (exit code other than 0 and 1). */
  stderr: string;
  /** How many times the checkout's path was replaced by the placeholder. */
  normalised: number;
  seconds: number;
}

export interface PackageResult {
  corpus: 'pinned' | 'wild' | 'wild2' | 'wild3';
  package: string;
  status: 'identical' | 'differs' | 'failed';
  summary?: string;
  lines?: string[];
  /** When a check failed: which side, its exit code and the start of its error output. */
  failure?: string;
  diff?: OutputDiff;
}

const git = (...args: string[]) => execFileSync('git', ['-C', repo, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

function resolveSide(ref: string | undefined): Side {
  if (ref !== undefined) {
    let sha: string;
    try {
      sha = git('rev-parse', '--verify', '--quiet', `${ref}^{commit}`);
    } catch {
      throw new Usage(`not a commit: ${ref}`);
    }
    return { ref, sha, checkout: join(cacheRoot, sha), outDir: join(cacheRoot, 'out', sha) };
  }
  // A node_modules symlink (how worktrees share dependencies) shows as untracked and changes nothing.
  const changes = git('status', '--porcelain').split('\n').filter((line) => line !== '' && line !== '?? node_modules');
  if (changes.length === 0) return resolveSide('HEAD');
  return { ref: 'working tree', sha: null, checkout: repo, outDir: join(cacheRoot, 'out', 'working-tree') };
}

const storedPaths = (side: Side, p: CorpusPackage) => ({ output: join(side.outDir, `${p.folder}.json`), run: join(side.outDir, `${p.folder}.run.json`) });

/** A commit's stored output is reused when its run record exists and the check did not fail; a working tree's never. */
function isStored(side: Side, p: CorpusPackage): boolean {
  if (side.sha === null) return false;
  const paths = storedPaths(side, p);
  if (!existsSync(paths.output) || !existsSync(paths.run)) return false;
  return isCompleted((JSON.parse(readFileSync(paths.run, 'utf8')) as StoredRun).exitCode);
}

/** Exit code 1 only means findings were reported. */
const isCompleted = (exitCode: number) => exitCode === 0 || exitCode === 1;

function run(command: string, args: string[], cwd: string): void {
  execFileSync(command, args, { cwd, stdio: ['ignore', process.stderr, process.stderr] });
}

/** Makes (or reuses) the commit's worktree and its build; a working tree with changes is built in place. */
function prepare(side: Side, log: (line: string) => void): void {
  if (side.sha === null) {
    log(`building the working tree (${side.checkout})`);
    run('npm', ['run', 'build', '--silent'], side.checkout);
    return;
  }
  const builtMarker = `${side.checkout}.built`;
  if (existsSync(builtMarker) && existsSync(join(side.checkout, 'dist/cli.js')) && headOf(side.checkout) === side.sha) return;
  const started = Date.now();
  rmSync(builtMarker, { force: true });
  if (existsSync(side.checkout)) {
    try {
      git('worktree', 'remove', '--force', side.checkout);
    } catch {
      rmSync(side.checkout, { recursive: true, force: true });
    }
  }
  git('worktree', 'prune');
  mkdirSync(cacheRoot, { recursive: true });
  log(`checking out ${side.sha} into ${side.checkout}`);
  git('worktree', 'add', '--detach', side.checkout, side.sha);
  symlinkSync(realpathSync(join(repo, 'node_modules')), join(side.checkout, 'node_modules'));
  log(`building ${side.sha.slice(0, 7)}`);
  run('npm', ['run', 'build', '--silent'], side.checkout);
  writeFileSync(builtMarker, `${new Date().toISOString()}\n`);
  log(`built ${side.sha.slice(0, 7)} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

function headOf(dir: string): string | null {
  try {
    return execFileSync('git', ['-C', dir, 'rev-parse', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}

function checkPackage(side: Side, p: CorpusPackage): Promise<void> {
  const started = Date.now();
  return new Promise((done) => {
    execFile(process.execPath, [join(side.checkout, 'dist/cli.js'), 'check', '.', '--format', 'json'], { cwd: p.dir, maxBuffer: 1 << 28 }, (error, stdout, stderr) => {
      const exitCode = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
      const roots = [side.checkout, realpathSync(side.checkout)];
      const { text, replaced } = normaliseOutput(stdout, roots);
      const record: StoredRun = { exitCode, stderr: isCompleted(exitCode) ? '' : normaliseOutput(stderr || String(error?.message ?? ''), roots).text, normalised: replaced, seconds: (Date.now() - started) / 1000 };
      const paths = storedPaths(side, p);
      mkdirSync(side.outDir, { recursive: true });
      // Written under another name and renamed, the record last: an interrupted run leaves nothing that looks complete.
      writeAtomically(paths.output, text);
      writeAtomically(paths.run, `${JSON.stringify(record, null, 2)}\n`);
      done();
    });
  });
}

function writeAtomically(file: string, text: string): void {
  const temporary = `${file}.${process.pid}.partial`;
  writeFileSync(temporary, text);
  renameSync(temporary, file);
}

async function inParallel<T>(items: T[], work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, items.length) }, worker));
}

function corpusPackages(only: string | undefined): CorpusPackage[] {
  const packages: CorpusPackage[] = [];
  for (const corpus of [CORPORA.pinned, ...DEVELOPED]) {
    const name = corpus.name as CorpusPackage['corpus'];
    for (const p of corpus.packages()) {
      const folder = packageFolderName(p);
      if (only !== undefined && !folder.includes(only)) continue;
      packages.push({ corpus: name, package: `${p.package}@${p.version}`, folder, dir: corpus.packageDir(p) });
    }
  }
  const folders = packages.map((p) => p.folder);
  const repeated = folders.find((f, i) => folders.indexOf(f) !== i);
  if (repeated) throw new Error(`${repeated} is in both corpora: its outputs would share a file`);
  return packages;
}

function compare(before: Side, after: Side, p: CorpusPackage): PackageResult {
  const base = { corpus: p.corpus, package: p.package };
  const read = (side: Side) => {
    const paths = storedPaths(side, p);
    return { output: readFileSync(paths.output, 'utf8'), run: JSON.parse(readFileSync(paths.run, 'utf8')) as StoredRun };
  };
  const a = read(before);
  const b = read(after);
  const failed = [[before, a], [after, b]].filter(([, r]) => !isCompleted((r as ReturnType<typeof read>).run.exitCode)) as [Side, ReturnType<typeof read>][];
  if (failed.length > 0) {
    const failure = failed.map(([side, r]) => `${label(side)} exit ${r.run.exitCode}: ${r.run.stderr.split('\n').filter(Boolean).slice(0, 3).join(' | ')}`).join('; ');
    return { ...base, status: 'failed', failure };
  }
  const diff = diffOutputs(a.output, b.output);
  if (diff.identical) return { ...base, status: 'identical' };
  return { ...base, status: 'differs', summary: describeDiff(diff), lines: diff.lines, diff };
}

const label = (side: Side) => (side.sha ? side.sha.slice(0, 7) : side.ref);
const described = (side: Side) => (label(side) === side.ref ? side.ref : `${label(side)} (${side.ref})`);

class Usage extends Error {}

function parseArgs(argv: string[]): { refs: string[]; only?: string; json: boolean } {
  const refs: string[] = [];
  let only: string | undefined;
  let json = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--json') json = true;
    else if (arg === '--only') {
      only = argv[++i];
      if (only === undefined) throw new Usage('--only needs a substring of the package folder name');
    } else if (arg.startsWith('--only=')) only = arg.slice('--only='.length);
    else if (arg.startsWith('-')) throw new Usage(`unknown option ${arg}`);
    else refs.push(arg);
  }
  if (refs.length < 1 || refs.length > 2) throw new Usage('give one or two commits');
  return { refs, only, json };
}

async function main(argv: string[]): Promise<number> {
  const started = Date.now();
  const args = parseArgs(argv);
  const log = (line: string) => process.stderr.write(`corpus-diff: ${line}\n`);
  const before = resolveSide(args.refs[0]);
  const after = resolveSide(args.refs[1]);
  for (const corpus of [CORPORA.pinned, ...DEVELOPED]) corpus.ensure(log);
  const packages = corpusPackages(args.only);
  if (packages.length === 0) throw new Usage(`no corpus package folder contains "${args.only}"`);
  const sides = before.sha !== null && before.sha === after.sha ? [before] : [before, after];
  const todo: [Side, CorpusPackage][] = [];
  for (const side of sides) {
    const missing = packages.filter((p) => !isStored(side, p));
    if (missing.length === 0) {
      log(`${label(side)}: all ${packages.length} outputs stored`);
      continue;
    }
    prepare(side, log);
    todo.push(...missing.map((p): [Side, CorpusPackage] => [side, p]));
  }
  let checked = 0;
  await inParallel(todo, async ([side, p]) => {
    await checkPackage(side, p);
    log(`${label(side)}: checked ${++checked}/${todo.length} ${p.package}`);
  });
  const results = packages.map((p) => compare(before, after, p));
  const identical = results.filter((r) => r.status === 'identical').length;
  const final = `${identical} of ${results.length} packages byte-identical`;
  if (args.json) {
    const side = (s: Side) => ({ ref: s.ref, sha: s.sha });
    const slim = results.map(({ lines: _inDiff, ...rest }) => rest);
    process.stdout.write(`${JSON.stringify({ before: side(before), after: side(after), identical, total: results.length, packages: slim }, null, 2)}\n`);
  } else {
    const out: string[] = [`${described(before)} → ${described(after)}`];
    for (const r of results) {
      out.push(`${r.status.padEnd(9)} ${r.corpus.padEnd(6)} ${r.package}${r.summary ? `  ${r.summary}` : ''}${r.failure ? `  ${r.failure}` : ''}`);
      for (const line of r.lines ?? []) out.push(`            ${line}`);
    }
    out.push(final);
    process.stdout.write(`${out.join('\n')}\n`);
  }
  log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s (${todo.length} check(s) run)`);
  return identical === results.length ? 0 : 1;
}

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error) => {
      process.stderr.write(`corpus-diff: ${error instanceof Error ? error.message : String(error)}\n`);
      if (error instanceof Usage) process.stderr.write('usage: npm run corpus:diff -- <commitA> [<commitB>] [--only <substring>] [--json]\n');
      process.exit(2);
    },
  );
}
