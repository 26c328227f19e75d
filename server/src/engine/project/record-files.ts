// The review record on disk, shared by the CLI and the language server so they find, read and write it the same way.
//
// Where the record lives (its "project root"), for a file: the nearest folder upwards that already holds
// `mcp-hints.lock.json`; failing that, the nearest folder with `.mcp-hints.json`/`.mcp-hints.jsonc` or `package.json`;
// failing that, the fallback folder (the CLI's current folder, the editor's workspace folder). The search stops at
// the repository root (the folder holding `.git`).
import { existsSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { CONFIG_FILE_NAMES } from './config';
import type { LoadedRecord, ReviewOptions } from '../options';
import { approve, emptyRecord, parseRecord, printRecord, RECORD_FILE_NAME, relativeTo, type Contract, type RecordError, type ReviewRecord } from '../review';

const ROOT_MARKERS = [...CONFIG_FILE_NAMES, 'package.json'];

function isFile(path: string): boolean {
  try {
    // No exception for a missing path: most probes miss, and a thrown error costs far more than the stat.
    return statSync(path, { throwIfNoEntry: false })?.isFile() ?? false;
  } catch {
    return false;
  }
}

function ancestors(start: string, stopAt?: string): string[] {
  const out: string[] = [];
  let current = resolve(start);
  for (;;) {
    out.push(current);
    const parent = dirname(current);
    if (existsSync(join(current, '.git')) || current === stopAt || parent === current) return out;
    current = parent;
  }
}

/** The folder whose record governs `file` (see the header); `stopAt` bounds the search (the editor's workspace folder). */
export function projectRootOf(file: string, fallback: string, stopAt?: string): string {
  const folders = ancestors(dirname(resolve(file)), stopAt && resolve(stopAt));
  return (
    folders.find((dir) => isFile(join(dir, RECORD_FILE_NAME))) ??
    folders.find((dir) => ROOT_MARKERS.some((name) => isFile(join(dir, name)))) ??
    resolve(fallback)
  );
}

export type RecordLoad =
  | { status: 'absent'; path: string }
  | { status: 'ok'; path: string; record: ReviewRecord }
  | { status: 'error'; path: string; error: RecordError };

/** Reads the record in `root`, if there is one. */
export function loadRecord(root: string): RecordLoad {
  const path = join(root, RECORD_FILE_NAME);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { status: 'absent', path };
    return { status: 'error', path, error: { message: `cannot read: ${(error as Error).message}`, line: 1, column: 1 } };
  }
  const parsed = parseRecord(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  return parsed.ok ? { status: 'ok', path, record: parsed.record } : { status: 'error', path, error: parsed.error };
}

/** The record that governs `file`: where it is and what reading it gave. The CLI and the language server both read records through here. */
export function recordOf(file: string, fallback: string, stopAt?: string, loaded?: ReadonlyMap<string, RecordLoad>): { root: string; load: RecordLoad } {
  const root = projectRootOf(file, fallback, stopAt);
  return { root, load: loaded?.get(root) ?? loadRecord(root) };
}

/** "mcp-hints.lock.json:4:1: merge-conflict marker …" */
export function describeRecordError(load: Extract<RecordLoad, { status: 'error' }>, displayPath = load.path): string {
  return `${displayPath}:${load.error.line}:${load.error.column}: ${load.error.message} (the file was left as it is)`;
}

/**
 * The records that govern `files`: one load per root. Records that do not parse are returned in `errors` and
 * govern nothing (their tools get no review findings rather than wrong ones).
 */
export function loadReviewOptions(files: readonly string[], fallback: string): { review: ReviewOptions; errors: Extract<RecordLoad, { status: 'error' }>[]; roots: Map<string, string> } {
  const roots = new Map<string, string>();
  const loads = new Map<string, RecordLoad>();
  // Files of one folder share their root: probe the disk once per folder, not once per file.
  const rootOfFolder = new Map<string, string>();
  for (const file of files) {
    const folder = dirname(resolve(file));
    let root = rootOfFolder.get(folder);
    if (root === undefined) rootOfFolder.set(folder, (root = projectRootOf(file, fallback)));
    const load = loads.get(root) ?? loadRecord(root);
    roots.set(file, root);
    loads.set(root, load);
  }
  const records: LoadedRecord[] = [];
  const errors: Extract<RecordLoad, { status: 'error' }>[] = [];
  for (const [root, load] of loads) {
    if (load.status === 'ok') records.push({ root, entries: load.record.entries });
    else if (load.status === 'error') errors.push(load);
  }
  return { review: { records: records.sort((a, b) => (a.root < b.root ? -1 : 1)) }, errors, roots };
}

/** Writes `text` to `path` through a temporary file in the same folder and a rename, so readers never see half a file. */
export function writeFileAtomic(path: string, text: string): void {
  const temp = join(dirname(path), `.${basename(path)}.${process.pid}.${Date.now()}.tmp`);
  try {
    writeFileSync(temp, text, { flag: 'wx' });
    renameSync(temp, path);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}

export type ApproveResult =
  | { status: 'written' | 'unchanged'; path: string; approved: number }
  /** Nothing to approve and no record to update: no file is created. */
  | { status: 'skipped'; path: string }
  | Extract<RecordLoad, { status: 'error' }>;

/**
 * Approves `contracts` (absolute `file`s, all under `root`) in the record of `root`: their entries are replaced,
 * entries of `analysedFiles` whose tool is gone are dropped, everything else is kept. A record that does not parse
 * is never touched.
 */
export function approveInRecord(root: string, contracts: readonly Contract[], analysedFiles: readonly string[], onlyIfPresent = false): ApproveResult {
  const load = loadRecord(root);
  if (load.status === 'error') return load;
  if (load.status === 'absent' && onlyIfPresent) return { status: 'skipped', path: load.path };
  const record = load.status === 'ok' ? load.record : emptyRecord();
  const relative = (file: string) => relativeTo(root, file) ?? file;
  const raw = approve(record, {
    contracts: contracts.map((contract) => ({ ...contract, file: relative(contract.file) })),
    analysedFiles: new Set(analysedFiles.map(relative)),
  });
  const text = printRecord(raw);
  let previous: string | undefined;
  try {
    previous = readFileSync(load.path, 'utf8');
  } catch {
    previous = undefined;
  }
  if (previous === text) return { status: 'unchanged', path: load.path, approved: contracts.length };
  writeFileAtomic(load.path, text);
  return { status: 'written', path: load.path, approved: contracts.length };
}
