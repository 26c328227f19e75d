// The static reading of a project: config → files → analysis (in-process or in workers) → sorted records.
// What `check` reports and `verify` compares.
import { availableParallelism } from 'node:os';
import { statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { loadConfig, toEngineOptions, type McpHintsConfig } from '../engine';
import { configIgnores, discoverFiles, diskConfigHost, findConfigFile, projectFolderOf, UNREADABLE_FILE, type ReadResult } from '../engine';
import type { EngineOptions } from '../engine';
import type { Project } from '../engine';
import { analyzeBatch, createProject, readForAnalysis, relativePath, type BatchContext, type BatchResult, type DiagnosticRecord } from './analyze';
import { UsageError, type CheckArgs } from './args';
import { sortRecords, type Report } from './report';
import { unreadableFile } from '../engine';
import { knownFindingIds, NO_TOOLS_FOUND, noToolsFound, noToolsMessage } from '../engine';
import type { WorkerReply, WorkerRequest } from './worker-protocol';
import packageJson from '../../../package.json';
import { describeRecordError, loadReviewOptions } from '../engine';

export const VERSION: string = packageJson.version;

/** Above this many files to analyse (after the cheap text test) the work is split across worker threads. */
export const WORKER_THRESHOLD = 200;
const BATCH_SIZE = 25;
const BATCH_CHARS = 500_000;

export interface Io {
  cwd: string;
  stdout: { write(text: string): unknown; isTTY?: boolean };
  stderr: { write(text: string): unknown; isTTY?: boolean };
  env: Record<string, string | undefined>;
  /** Where dist/worker.js is (next to dist/cli.js). */
  workerPath?: string;
}

/** Colours unless --no-color or NO_COLOR, or stdout is not a terminal (FORCE_COLOR forces them). */
export function useColor(flag: boolean, io: Io): boolean {
  const forced = Boolean(io.env.FORCE_COLOR) && io.env.FORCE_COLOR !== '0';
  return flag && (forced || (io.stdout.isTTY === true && !('NO_COLOR' in io.env)));
}

function loadCliConfig(args: Pick<CheckArgs, 'config'>, cwd: string): { config: McpHintsConfig; base: string } {
  const loaded = loadConfig(cwd, diskConfigHost, knownFindingIds(), args.config);
  if (loaded.error && loaded.path) {
    const where = loaded.error.line ? `:${loaded.error.line}:${loaded.error.column}` : '';
    throw new UsageError(`config ${relativePath(cwd, loaded.path)}${where}: ${loaded.error.message}`);
  }
  return { config: loaded.config, base: loaded.base };
}

function progressReporter(io: Io, total: number): { update(done: number): void; end(): void } {
  const show = io.stderr.isTTY === true && total >= 50;
  let last = 0;
  return {
    update(done) {
      if (!show) return;
      const now = Date.now();
      if (now - last < 80 && done < total) return;
      last = now;
      io.stderr.write(`\rmcp-hints: checked ${done}/${total} files`);
    },
    end() {
      if (show) io.stderr.write('\r\u001b[K');
    },
  };
}

/**
 * Worker threads besides the main thread: one from four cores up, none below. Each worker loads TypeScript, reads
 * the files and builds the whole-program index again, and a single thread already keeps about 1.5 cores busy (its
 * garbage collector runs beside it): on 2 cores one worker made the dense bench workspace slower (3.7 s against
 * 3.2 s wall, 290 against 180 MB). MCP_HINTS_WORKERS overrides; 0 keeps everything in the main thread.
 */
function workerCount(env: Io['env']): number {
  const forced = env.MCP_HINTS_WORKERS;
  if (forced !== undefined && /^\d+$/.test(forced)) return Number(forced);
  return availableParallelism() >= 4 ? 1 : 0;
}

function mergeInto(target: BatchResult, source: BatchResult): void {
  target.tools.push(...source.tools);
  target.sites.push(...source.sites);
  target.servers.push(...source.servers);
  target.diagnostics.push(...source.diagnostics);
  target.fixed.push(...source.fixed);
  if (source.leftAlone) (target.leftAlone ??= []).push(...source.leftAlone);
}

/**
 * Analyses in the main thread and `workers` worker threads at once. Batches are handed out on demand
 * (each worker keeps two in flight), so a slow file or a slow worker start does not stall the rest.
 */
async function analyzeShared(
  files: string[],
  context: BatchContext,
  project: Project,
  preRead: Map<string, ReadResult>,
  workers: number,
  workerPath: string,
  onProgress: (done: number) => void,
): Promise<BatchResult> {
  const total: BatchResult = { tools: [], sites: [], servers: [], diagnostics: [], fixed: [] };
  let next = 0;
  let done = 0;
  // Batches end at BATCH_SIZE files or BATCH_CHARS of text, so a few large bundles still spread out. They shrink
  // towards the end (a share of what is left per thread), so no thread waits long for another's last batch.
  const sizes = new Map<string, number>();
  for (const [file, read] of preRead) sizes.set(file, 'text' in read ? read.text.length : 0);
  const threads = workers + 1;
  const take = (): string[] | undefined => {
    if (next >= files.length) return undefined;
    const batch: string[] = [];
    const size = Math.min(BATCH_SIZE, Math.ceil((files.length - next) / (4 * threads)));
    let chars = 0;
    while (next < files.length && batch.length < size && (batch.length === 0 || chars < BATCH_CHARS)) {
      chars += sizes.get(files[next]) ?? 0;
      batch.push(files[next++]);
    }
    return batch;
  };
  const finish = (result: BatchResult, count: number) => {
    mergeInto(total, result);
    done += count;
    onProgress(done);
  };
  const runWorker = () =>
    new Promise<void>((resolveRun, rejectRun) => {
      // Required here: a run too small for workers does not load worker_threads.
      const { Worker } = require('node:worker_threads') as typeof import('node:worker_threads');
      const worker = new Worker(workerPath, { workerData: context });
      let inFlight = 0;
      let finished = false;
      const feed = () => {
        for (let batch = inFlight < 2 ? take() : undefined; batch; batch = inFlight < 2 ? take() : undefined) {
          inFlight++;
          for (const file of batch) preRead.delete(file); // the worker reads for itself
          worker.postMessage({ files: batch } satisfies WorkerRequest);
        }
        if (inFlight === 0 && !finished) {
          finished = true;
          worker.postMessage({ done: true } satisfies WorkerRequest);
          resolveRun();
        }
      };
      worker.on('message', (reply: WorkerReply) => {
        inFlight--;
        finish(reply.result, reply.count);
        feed();
      });
      worker.on('error', rejectRun);
      worker.on('exit', (code) => {
        if (!finished) rejectRun(new Error(`worker stopped with exit code ${code}`));
      });
      feed();
    });
  const runMain = async () => {
    for (;;) {
      // Let worker replies in between batches.
      await new Promise((resolveTick) => setImmediate(resolveTick));
      const batch = take();
      if (!batch) return;
      finish(analyzeBatch(project, batch, context, preRead), batch.length);
    }
  };
  await Promise.all([...Array.from({ length: workers }, runWorker), runMain()]);
  return total;
}

/** What to read and how: the part of `check`'s arguments that shapes the static reading. */
export type ReadArgs = Pick<CheckArgs, 'paths' | 'config' | 'profile' | 'rules' | 'fix'> & {
  /** Compare tools with their review records (check, approve, report); a record that does not parse is a UsageError. */
  review?: boolean;
  /** Compute each tool's contract and approval (approve, report). */
  contracts?: boolean;
  /**
   * Read a named file with the project around it and report what is located in it (check, approve, report). verify
   * leaves it off: it compares the tools the named files' own analyses find, wherever they are defined.
   */
  around?: boolean;
};

/**
 * The static reading of `paths` (config, files, analysis): what `check` reports and `verify` compares.
 * Throws UsageError for a bad config, an unknown rule or a missing path.
 */
export async function readProject(args: ReadArgs, io: Io): Promise<Report> {
  const known = knownFindingIds();
  for (const id of Object.keys(args.rules)) {
    if (!known.has(id)) throw new UsageError(`--rule: unknown rule "${id}"`);
  }
  const { config, base } = loadCliConfig(args, io.cwd);
  const options: EngineOptions = toEngineOptions(config, { profile: args.profile, rules: args.rules, roots: [io.cwd] });
  const discovered = discoverFiles(args.paths, io.cwd, { ignore: config.ignore, ignoreBase: base });
  if (discovered.missing.length > 0) throw new UsageError(`no such file or folder: ${discovered.missing.join(', ')}`);
  const { files, problems } = discovered;
  // Files named on the command line are read with the project around them (see projectAround).
  const named = args.around === false ? [] : namedFiles(args.paths, io.cwd, files);
  const projectFiles = named.length > 0 ? projectAround(named, files, io.cwd) : files;

  const context: BatchContext = { cwd: io.cwd, options, fix: args.fix, contracts: args.contracts, files: projectFiles };
  let checked = files;
  // Without --config, each file follows its nearest config, as in the editor (a package of a monorepo with its own).
  if (!args.config) {
    const scoped = scopeNearestConfigs(projectFiles, io.cwd, args.paths, (nested) => toEngineOptions(nested, { profile: args.profile, rules: args.rules, roots: [io.cwd] }));
    if (scoped.scopedOptions.length > 0) Object.assign(context, scoped);
    if (scoped.ignored.size > 0) {
      context.files = projectFiles.filter((file) => !scoped.ignored.has(file));
      checked = files.filter((file) => !scoped.ignored.has(file));
    }
  }
  // Reading is cheap next to parsing: files that cannot register a tool are settled here, and only
  // a large rest is worth the start-up of worker threads (each loads TypeScript again).
  const preRead = new Map<string, ReadResult>();
  const skipped = new Map<string, string>();
  // The main thread's project takes the texts read here (a file that registers nothing is served once: the
  // project keeps what it reads; a file still to analyse is served from preRead until its batch is taken).
  const readBefore = (path: string): string | undefined => {
    const text = skipped.get(path);
    if (text !== undefined) {
      skipped.delete(path);
      return text;
    }
    const read = preRead.get(path);
    return read && 'text' in read ? read.text : undefined;
  };
  const project = createProject(options, context.files, readBefore);
  // The project's files that register the named files' tools (or whose tools the named files hold) are analysed
  // as a full run analyses them; only what is located in the named files is reported.
  const around = named.length > 0 ? registeringAround(project, named, checked, context.files ?? projectFiles) : [];
  if (around.length > 0) context.fixOnly = checked;
  if (args.review) {
    // The review records that govern these files (approve reads them again just before writing).
    const review = loadReviewOptions([...checked, ...around], io.cwd);
    if (review.errors.length > 0) {
      throw new UsageError(review.errors.map((e) => `review record ${describeRecordError(e, relativePath(io.cwd, e.path))}`).join('\nmcp-hints: '));
    }
    for (const governed of [options, ...(context.scopedOptions ?? [])]) governed.review = review.review;
  }
  for (const file of [...checked, ...around]) {
    const read = readForAnalysis(file, skipped);
    if (read) preRead.set(file, read);
  }
  const candidates = [...preRead.keys()];
  const progress = progressReporter(io, candidates.length);
  const workers = candidates.length > WORKER_THRESHOLD && io.workerPath ? workerCount(io.env) : 0;
  const result = await analyzeShared(candidates, context, project, preRead, workers, io.workerPath ?? '', progress.update);
  progress.end();
  // Folders that could not be listed are unreadable-file findings too, under the same setting.
  const folderSetting = options.rules?.[UNREADABLE_FILE] ?? unreadableFile.defaultSeverity;
  for (const problem of problems) {
    if (folderSetting === 'off') break;
    result.diagnostics.push({
      file: relativePath(io.cwd, problem.path), line: 1, column: 1, endLine: 1, endColumn: 1,
      severity: folderSetting, code: UNREADABLE_FILE, message: `Folder not checked, ${problem.message}.`, detail: null, tool: null,
    });
  }
  const sorted = sortRecords({ cwd: io.cwd, files: checked.length, ...result });
  sorted.diagnostics.push(...serverWithoutTools(sorted, options));
  const report = named.length > 0 ? locatedIn(sorted, new Set([...checked, ...problems.map((p) => p.path)].map((file) => relativePath(io.cwd, file)))) : sorted;
  return { ...sortRecords(report), analysed: checked };
}

/** The paths that name a file rather than a folder (absolute, as discovered). */
function namedFiles(paths: string[], cwd: string, discovered: readonly string[]): string[] {
  const found = new Set(discovered);
  return [...new Set(paths.map((p) => resolve(cwd, p)))].filter((path) => found.has(path) && !isDirectory(path));
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/**
 * The files of the projects the named files belong to (projectFolderOf: package.json or tsconfig up the tree, a
 * workspace above), discovered as a folder run discovers them (each project's own config's `ignore`), with `files`.
 */
function projectAround(named: string[], files: string[], cwd: string): string[] {
  const all = new Set(files);
  for (const root of new Set(named.map(projectFolderOf))) {
    const loaded = loadConfig(root, diskConfigHost, knownFindingIds());
    const ignore = loaded.error ? undefined : loaded.config.ignore;
    for (const file of discoverFiles([root], cwd, { ignore, ignoreBase: loaded.base }).files) all.add(file);
  }
  return [...all].sort();
}

/**
 * The project files, besides those checked, whose analysis may find tools or findings located in a named file: the
 * files that may register tools among those the named files import and those importing them (the import graph,
 * as the editor asks it for an open file).
 */
function registeringAround(project: Project, named: string[], checked: readonly string[], projectFiles: readonly string[]): string[] {
  const inProject = new Set(projectFiles);
  const skip = new Set(checked);
  const out = new Set<string>();
  for (const file of named) {
    for (const other of project.registeringFilesAround(file)) if (inProject.has(other) && !skip.has(other)) out.add(other);
  }
  return [...out].sort();
}

/** The records located in `files` (relative paths): what a run over the whole project reports for them. */
function locatedIn(report: Report, files: ReadonlySet<string>): Report {
  const here = (record: { file: string }) => files.has(record.file);
  return {
    ...report,
    tools: report.tools.filter(here),
    sites: report.sites.filter(here),
    servers: report.servers.filter(here),
    diagnostics: report.diagnostics.filter(here),
    fixed: report.fixed.filter(here),
    ...(report.leftAlone ? { leftAlone: report.leftAlone } : {}),
  };
}

/**
 * A run that finds a server and no tool says so at each server construction, naming the registration sites it saw
 * (never a silent "no problems").
 */
function serverWithoutTools(report: Report, options: EngineOptions): DiagnosticRecord[] {
  const severity = options.rules?.[NO_TOOLS_FOUND] ?? noToolsFound.defaultSeverity;
  if (severity === 'off' || report.tools.length > 0 || report.servers.length === 0) return [];
  const { message, detail } = noToolsMessage(report.sites.map((site) => ({ where: `${site.file}:${site.line}`, text: site.text, cause: site.cause?.message })));
  return report.servers.map((server) => ({
    file: server.file, line: server.line, column: server.column, endLine: server.endLine, endColumn: server.endColumn,
    severity, code: NO_TOOLS_FOUND, message, detail, tool: null,
  }));
}

/**
 * Files whose nearest config is not the run's: each such config's options (index per file), and the files its
 * `ignore` patterns leave out (relative to its folder; a file named on the command line is always checked).
 * A config that does not parse stops the run, as the run's own does.
 */
function scopeNearestConfigs(
  files: string[],
  cwd: string,
  paths: string[],
  toOptions: (config: McpHintsConfig) => EngineOptions,
): { optionsIndex: Record<string, number>; scopedOptions: EngineOptions[]; ignored: Set<string> } {
  const runConfig = findConfigFile(cwd);
  const named = new Set(paths.map((p) => resolve(cwd, p)));
  const byFolder = new Map<string, string | undefined>();
  const loaded = new Map<string, { index: number; config: McpHintsConfig; base: string }>();
  const optionsIndex: Record<string, number> = {};
  const scopedOptions: EngineOptions[] = [];
  const ignored = new Set<string>();
  for (const file of files) {
    const folder = dirname(file);
    if (!byFolder.has(folder)) byFolder.set(folder, findConfigFile(folder));
    const path = byFolder.get(folder);
    if (!path || path === runConfig) continue;
    let scope = loaded.get(path);
    if (!scope) {
      const config = loadConfig(folder, diskConfigHost, knownFindingIds());
      if (config.error) {
        const where = config.error.line ? `:${config.error.line}:${config.error.column}` : '';
        throw new UsageError(`config ${relativePath(cwd, path)}${where}: ${config.error.message}`);
      }
      scopedOptions.push(toOptions(config.config));
      scope = { index: scopedOptions.length - 1, config: config.config, base: config.base };
      loaded.set(path, scope);
    }
    if (!named.has(file) && configIgnores(scope, file)) {
      ignored.add(file);
      continue;
    }
    optionsIndex[file] = scope.index;
  }
  return { optionsIndex, scopedOptions, ignored };
}
