// Workspace files on disk: which files to analyse (folders walked with .gitignore, test files and
// config `ignore` patterns skipped), reading them without hanging or throwing, and a guarded
// analysis that turns engine crashes (a stack overflow on absurd nesting) into findings.
// Shared by the CLI and the language server; the rest of the engine stays free of node:fs.
import { lstatSync, readdirSync, readFileSync, statSync, type Dirent } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ignore, { type Ignore } from 'ignore';
import { CONFIG_FILE_NAMES, findConfigFile as findNearestConfig, type ConfigHost } from './config';
import type { FileAnalysis, Finding } from '../model';
import { isSourceFile } from '../syntax';
import type { FileHost, Project } from './project';

/** Folders never walked into. */
export const SKIPPED_FOLDERS = new Set(['node_modules', '.git']);

/** Test code registers fake tools: skipped in folders unless asked for (gitignore syntax). */
export const TEST_FILE_PATTERNS = ['*.test.*', '*.spec.*', '__tests__/', '__mocks__/'];

/** Files larger than this are reported instead of parsed. */
export const MAX_FILE_BYTES = 50 * 1024 * 1024;

/** Rule ids for problems found before the engine sees a file. */
import { ANALYSIS_FAILED, UNREADABLE_FILE } from '../rules';
import { withSettings } from '../rules';
import type { EngineOptions } from '../options';
export { ANALYSIS_FAILED, UNREADABLE_FILE };

export interface DiscoverOptions {
  /** Extra gitignore-style patterns (a config's `ignore`), relative to `ignoreBase`. */
  ignore?: string[];
  ignoreBase?: string;
  /** Walk test files too. */
  includeTests?: boolean;
}

export interface DiscoverResult {
  /** Absolute paths, sorted, without duplicates. */
  files: string[];
  /** Arguments that do not exist. */
  missing: string[];
  /** Folders that could not be listed. */
  problems: { path: string; message: string }[];
}

interface IgnoreScope {
  base: string;
  rules: Ignore;
}

function toPosix(path: string): string {
  return sep === '/' ? path : path.split(sep).join('/');
}

function readGitignore(dir: string): Ignore | undefined {
  try {
    const text = readFileSync(join(dir, '.gitignore'), 'utf8');
    return ignore().add(text);
  } catch {
    return undefined;
  }
}

/** The folder holding `.git` above (or at) `dir`, if any. */
export function findGitRoot(dir: string): string | undefined {
  let current = resolve(dir);
  for (;;) {
    try {
      lstatSync(join(current, '.git'));
      return current;
    } catch {
      // keep climbing
    }
    const parent = dirname(current);
    if (parent === current) return undefined;
    current = parent;
  }
}

/** Deepest scope with an opinion wins, as in git (a nested `!pattern` re-includes). */
function isIgnored(scopes: IgnoreScope[], path: string, isDir: boolean): boolean {
  for (let i = scopes.length - 1; i >= 0; i--) {
    const rel = toPosix(relative(scopes[i].base, path));
    if (rel === '' || rel.startsWith('..')) continue;
    const result = scopes[i].rules.test(isDir ? `${rel}/` : rel);
    if (result.ignored) return true;
    if (result.unignored) return false;
  }
  return false;
}

/**
 * Files to analyse under `paths` (files or folders, relative to `cwd`). Files named explicitly are
 * always included; folders are walked without following symbolic links to folders (no loops),
 * skipping node_modules, .git, what .gitignore files ignore (nested ones relative to their folder),
 * test files and `.d.ts`.
 */
export function discoverFiles(paths: string[], cwd: string, options: DiscoverOptions = {}): DiscoverResult {
  const walking = discover(paths, cwd, options);
  for (let step = walking.next(); ; step = walking.next()) if (step.done) return step.value;
}

/**
 * discoverFiles without holding the event loop: the language server lists a workspace while it answers
 * requests, yielding after every few folders.
 */
export async function discoverFilesAsync(paths: string[], cwd: string, options: DiscoverOptions = {}): Promise<DiscoverResult> {
  const walking = discover(paths, cwd, options);
  for (let step = walking.next(), folders = 0; ; step = walking.next()) {
    if (step.done) return step.value;
    if (++folders % 16 === 0) await new Promise((resolveTick) => setImmediate(resolveTick));
  }
}

/** The walk of discoverFiles, pausing (yield) after each folder it lists. */
function* discover(paths: string[], cwd: string, options: DiscoverOptions): Generator<void, DiscoverResult> {
  const found = new Set<string>();
  const missing: string[] = [];
  const problems: DiscoverResult['problems'] = [];
  const fixedRules: string[] = [...(options.includeTests ? [] : TEST_FILE_PATTERNS)];
  const configRules = options.ignore ?? [];

  for (const arg of paths) {
    const absolute = resolve(cwd, arg);
    let stats;
    try {
      stats = statSync(absolute);
    } catch {
      // A dangling symbolic link named explicitly is a file we must report, not a usage error.
      try {
        if (lstatSync(absolute).isSymbolicLink()) {
          found.add(absolute);
          continue;
        }
      } catch {
        // fall through
      }
      missing.push(arg);
      continue;
    }
    if (!stats.isDirectory()) {
      found.add(absolute);
      continue;
    }
    const scopes: IgnoreScope[] = [];
    // Patterns that always apply: test files relative to the walked folder, config patterns to the config's folder.
    if (fixedRules.length > 0) scopes.push({ base: absolute, rules: ignore().add(fixedRules) });
    if (configRules.length > 0) scopes.push({ base: options.ignoreBase ?? cwd, rules: ignore().add(configRules) });
    const alwaysCount = scopes.length;
    // .gitignore files of enclosing folders up to the repository root apply too, unless they ignore
    // the folder itself: a folder named explicitly is checked (e.g. a git-ignored cache of real servers).
    const gitRoot = findGitRoot(absolute);
    if (gitRoot && gitRoot !== absolute) {
      const chain: string[] = [];
      for (let dir = dirname(absolute); ; dir = dirname(dir)) {
        chain.unshift(dir);
        if (dir === gitRoot || dirname(dir) === dir) break;
      }
      const ancestors: IgnoreScope[] = [];
      for (const dir of chain) {
        const rules = readGitignore(dir);
        if (rules) ancestors.push({ base: dir, rules });
      }
      if (!isIgnored(ancestors, absolute, true)) scopes.push(...ancestors);
    }
    yield* walk(absolute, scopes, alwaysCount, found, problems);
  }
  return { files: [...found].sort(), missing, problems };
}

function* walk(dir: string, scopes: IgnoreScope[], alwaysCount: number, found: Set<string>, problems: DiscoverResult['problems']): Generator<void, void> {
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch (error) {
    problems.push({ path: dir, message: `cannot list folder: ${describeError(error)}` });
    return;
  }
  const gitignore = entries.some((e) => e.name === '.gitignore') ? readGitignore(dir) : undefined;
  const local = gitignore ? [...scopes, { base: dir, rules: gitignore }] : scopes;
  const ignoredBy = (path: string, isDir: boolean) =>
    isIgnored(local.slice(0, alwaysCount), path, isDir) || isIgnored(local.slice(alwaysCount), path, isDir);

  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (SKIPPED_FOLDERS.has(entry.name) || ignoredBy(path, true)) continue;
      yield;
      yield* walk(path, local, alwaysCount, found, problems);
      continue;
    }
    if (!isSourceFile(entry.name)) continue;
    if (entry.isSymbolicLink()) {
      // Never follow a link to a folder (loops); a dangling link is kept and reported as unreadable.
      try {
        if (statSync(path).isDirectory()) continue;
      } catch {
        // dangling
      }
    }
    if (ignoredBy(path, false)) continue;
    found.add(path);
  }
}

function describeError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  switch (code) {
    case 'ENOENT':
      return 'no such file';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EISDIR':
      return 'is a folder';
    case 'ELOOP':
      return 'too many levels of symbolic links';
    default:
      return error instanceof Error ? error.message : String(error);
  }
}

export type ReadResult = { text: string; bom: boolean } | { error: string };

/**
 * Reads a source file as UTF-8 without ever blocking (FIFOs and devices are refused) or throwing.
 * A byte-order mark is removed so offsets match what editors show; `bom` says to restore it on write.
 */
export function readSourceFile(path: string): ReadResult {
  let stats;
  try {
    // No exception for a missing file: module resolution probes many paths that do not exist.
    stats = statSync(path, { throwIfNoEntry: false });
  } catch (error) {
    return { error: `cannot read: ${describeError(error)}` };
  }
  if (!stats) {
    let dangling = false;
    try {
      dangling = lstatSync(path, { throwIfNoEntry: false })?.isSymbolicLink() ?? false;
    } catch {
      // not a link
    }
    return { error: dangling ? 'cannot read: symbolic link to a missing file' : 'cannot read: no such file' };
  }
  if (stats.isDirectory()) return { error: 'cannot read: is a folder' };
  if (!stats.isFile()) return { error: 'cannot read: not a regular file (pipe, socket or device)' };
  if (stats.size > MAX_FILE_BYTES) {
    return { error: `not analysed: ${(stats.size / 1024 / 1024).toFixed(1)} MB is over the ${MAX_FILE_BYTES / 1024 / 1024} MB limit` };
  }
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    return { error: `cannot read: ${describeError(error)}` };
  }
  const bom = text.charCodeAt(0) === 0xfeff;
  return { text: bom ? text.slice(1) : text, bom };
}

/** A FileHost over the disk that never blocks on pipes and drops byte-order marks. */
export const safeDiskHost: FileHost = {
  readFile(path) {
    const result = readSourceFile(path);
    return 'text' in result ? result.text : undefined;
  },
};

/**
 * A disk host for one batch run (the CLI), where files do not change while it runs: paths that
 * cannot be read are remembered, so module resolution does not probe the same missing path again.
 * (Texts that were read are kept by the Project itself.)
 */
export function createRunHost(): FileHost {
  const missing = new Set<string>();
  return {
    readFile(path) {
      if (missing.has(path)) return undefined;
      const text = safeDiskHost.readFile(path);
      if (text === undefined) missing.add(path);
      return text;
    },
  };
}

function fileFinding(file: string, rule: string, message: string): Finding {
  return { rule, severity: 'error', message, loc: { file, start: 0, end: 0 }, tool: null, fixes: [] };
}

/** An analysis that only reports that the file could not be read. */
export function unreadableAnalysis(file: string, reason: string, options: EngineOptions = {}): FileAnalysis {
  return { file, tools: [], sites: [], servers: [], findings: withSettings([fileFinding(file, UNREADABLE_FILE, `File not analysed, ${reason}.`)], options), dependencies: [], error: reason };
}

/**
 * Analyses `path` (with `text` when given, else through the project's host), turning any exception
 * the engine throws, such as TypeScript's parser overflowing the stack on 20,000 nested brackets,
 * into an `analysis-failed` finding so one file never stops a run.
 */
export function guardedAnalyze(project: Project, path: string, text?: string): FileAnalysis {
  try {
    if (text !== undefined) project.setFileText(path, text);
    // An analysis with an error already carries its unreadable-file or analysis-failed finding (unless set off).
    return project.analyzeFile(path);
  } catch (error) {
    const why = error instanceof RangeError && /call stack/i.test(error.message) ? 'the code is nested too deeply to parse (stack overflow)' : `the analyser failed: ${error instanceof Error ? error.message : String(error)}`;
    try {
      project.forget(path);
    } catch {
      // the project is only a cache: nothing to undo
    }
    return { file: path, tools: [], sites: [], servers: [], findings: withSettings([fileFinding(path, ANALYSIS_FAILED, `File not analysed, ${why}.`)], project.getOptions()), dependencies: [], error: why };
  }
}

/** A loaded config as configIgnores reads it; `ignoreRules` is its patterns compiled, kept on it at first use. */
export interface IgnoringConfig {
  config: { ignore?: string[] };
  base: string;
  ignoreRules?: { patterns: readonly string[]; rules: Ignore };
}

/** Whether a config's `ignore` patterns (relative to its folder) leave `file` out. */
export function configIgnores(loaded: IgnoringConfig, file: string): boolean {
  const patterns = loaded.config.ignore;
  if (!patterns || patterns.length === 0) return false;
  const rel = toPosix(relative(loaded.base, file));
  if (rel === '' || rel.startsWith('..')) return false;
  // Asked once per discovered file: compiled once per config (the patterns are the ones it was loaded with).
  if (loaded.ignoreRules?.patterns !== patterns) loaded.ignoreRules = { patterns, rules: ignore().add(patterns) };
  return loaded.ignoreRules.rules.ignores(rel);
}

/** Config discovery on the disk (the CLI; the language server adds a watcher). */
export const diskConfigHost: ConfigHost = {
  readFile: (path) => safeDiskHost.readFile(path),
  isFile(path) {
    try {
      return statSync(path).isFile();
    } catch {
      return false;
    }
  },
  exists(path) {
    try {
      lstatSync(path);
      return true;
    } catch {
      return false;
    }
  },
};

const PROJECT_MARKERS = ['package.json', 'tsconfig.json', 'jsconfig.json', ...CONFIG_FILE_NAMES];

/**
 * The folder of the project a file belongs to, as a folder run would take it: the nearest folder upwards with a
 * package.json, tsconfig.json, jsconfig.json or `.mcp-hints.json(c)`; a workspace above it (npm/yarn `workspaces`,
 * pnpm-workspace.yaml) instead, since its packages import each other. The search stops at the repository root
 * (the folder holding `.git`), which is the answer when no folder has a marker; the file's folder outside a repository.
 */
export function projectFolderOf(file: string): string {
  const folders: string[] = [];
  let inRepository = false;
  for (let current = dirname(resolve(file)); ; ) {
    folders.push(current);
    if (diskConfigHost.exists(join(current, '.git'))) {
      inRepository = true;
      break;
    }
    const parent = dirname(current);
    if (parent === current) break;
    current = parent;
  }
  const nearest = folders.findIndex((dir) => PROJECT_MARKERS.some((name) => diskConfigHost.isFile(join(dir, name))));
  if (nearest === -1) return inRepository ? folders[folders.length - 1] : folders[0];
  const workspace = folders.slice(nearest).find(isWorkspaceRoot);
  return workspace ?? folders[nearest];
}

function isWorkspaceRoot(dir: string): boolean {
  if (diskConfigHost.isFile(join(dir, 'pnpm-workspace.yaml'))) return true;
  const text = diskConfigHost.readFile(join(dir, 'package.json'));
  if (text === undefined || !text.includes('"workspaces"')) return false;
  try {
    const json = JSON.parse(text) as { workspaces?: unknown };
    return Array.isArray(json.workspaces) || (typeof json.workspaces === 'object' && json.workspaces !== null);
  } catch {
    return false;
  }
}

/** The nearest `.mcp-hints.json` / `.mcp-hints.jsonc` on disk from `startDir` up to the repository root. */
export function findConfigFile(startDir: string): string | undefined {
  return findNearestConfig(startDir, diskConfigHost);
}
