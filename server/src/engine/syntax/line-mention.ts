// Texts the engine writes into its results name lines of a file in one way, made here. Each reference written is
// noted in the file index of the tree whose line it names, for that version of the tree: the tool cache reuses a
// kept result after a line break above it only when the result holds none of them (tool-cache.ts).
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
