// Texts the engine writes into its results name lines in two ways, made here, so the tool cache can tell which kept
// results a line break above them makes stale (tool-cache.ts recomputes those): "line 12" for a line of the file
// the finding is shown in, "src/index.ts:560" for a line of any other file.
import { relative, sep } from 'node:path';

/** "line 12": how a message or reason names a line (1-based) of the file it is shown in. */
export function lineMention(line: number): string {
  return `line ${line}`;
}

/** "src/index.ts:560": how a message names a line of another file (`path` as fileMention gives it). */
export function fileLineMention(path: string, line: number): string {
  return `${path}:${line}`;
}

/**
 * Whether a text may name a line as `lineMention` or `fileLineMention` writes it. A mention of another file's line
 * matches too (that file's change drops the cache anyway); user text that looks alike only costs a recompute.
 */
export function mentionsLine(text: string): boolean {
  // A mention starts a word and is relative: a tool id (an absolute path, `:` and an offset) is not one.
  return /\bline \d|(?:^|[\s(])(?![\\/])[^\s:]*\.\w+:\d/.test(text);
}

/**
 * `file` as a message names it: relative to the nearest of `roots` (the project's folders) that holds it, else
 * relative to the folder of `from` (the registration) when below it, else its base name. Always with `/`.
 */
export function fileMention(file: string, from: string, roots: readonly string[] = []): string {
  const root = roots.filter((r) => isInside(file, r)).sort((a, b) => b.length - a.length)[0];
  if (root !== undefined) return slashes(relative(root, file));
  const dir = from.slice(0, Math.max(from.lastIndexOf('/'), from.lastIndexOf(sep)) + 1);
  if (dir && file.startsWith(dir)) return slashes(file.slice(dir.length));
  return file.slice(Math.max(file.lastIndexOf('/'), file.lastIndexOf(sep)) + 1);
}

function isInside(file: string, folder: string): boolean {
  const rel = relative(folder, file);
  return rel !== '' && !rel.startsWith('..') && !/^(?:[a-zA-Z]:)?[\\/]/.test(rel);
}

function slashes(path: string): string {
  return sep === '/' ? path : path.split(sep).join('/');
}
