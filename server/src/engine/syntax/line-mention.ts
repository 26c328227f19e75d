// Texts the engine writes into its results name lines in two ways, made here: "line 12" for a line of the file the
// finding is shown in, "src/index.ts:560" for a line of another file. Each reference written is
// noted in the file index of the tree whose line it names, for that version of the tree: the tool cache reuses a
// kept result after a line break above it only when the result holds none of them (tool-cache.ts).
import { relative, sep } from 'node:path';
import type ts from 'typescript';
import { fileIndexOf, table } from './file-index';

/** Lines move with any edit that adds or removes a line break: a reference is true of one version only. */
const WRITTEN = table<ts.SourceFile, Set<string>>('line-mention:written', 'tree', 'the line references lineMention wrote naming lines of this version of the tree');

/** "line 12": how a message or reason names a line (1-based) of `sf`, the tree it was counted in. */
export function lineMention(line: number, sf: ts.SourceFile): string {
  const text = `line ${line}`;
  fileIndexOf(sf).cached(WRITTEN, sf, () => new Set()).add(text);
  return text;
}

/** The line references written so far that name lines of this version of `sf` (none: undefined). */
export function lineMentionsOf(sf: ts.SourceFile): ReadonlySet<string> | undefined {
  return fileIndexOf(sf).get(WRITTEN, sf);
}

/** "src/index.ts:560": how a message names a line of another file (`path` as fileMention gives it). */
export function fileLineMention(path: string, line: number): string {
  return `${path}:${line}`;
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
