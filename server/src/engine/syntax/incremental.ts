// Incremental re-parsing for editors: an edit usually touches a few characters of a large file, and
// TypeScript can reuse the syntax tree outside the changed span (ts.updateSourceFile). Pure helper;
// Project.setFileText can call `reparse` when it already holds a tree for the file.

import ts from 'typescript';
import { parseSource } from './parse';

/** A text and the one span changed since it: what an editor's edits did between two analyses. */
export interface TextSince {
  text: string;
  change: ts.TextChangeRange;
}

/** The one span that differs between two texts (common prefix and suffix removed). */
export function textChangeRange(before: string, after: string): ts.TextChangeRange | null {
  if (before === after) return null;
  const max = Math.min(before.length, after.length);
  const prefix = commonLength(max, (at, length) => before.slice(at, at + length) === after.slice(at, at + length), (at) => before.charCodeAt(at) === after.charCodeAt(at));
  const suffix = commonLength(
    max - prefix,
    (at, length) => before.slice(before.length - at - length, before.length - at) === after.slice(after.length - at - length, after.length - at),
    (at) => before.charCodeAt(before.length - 1 - at) === after.charCodeAt(after.length - 1 - at),
  );
  return ts.createTextChangeRange(ts.createTextSpan(prefix, before.length - suffix - prefix), after.length - suffix - prefix);
}

/**
 * How many leading units (up to `max`) two texts share, given a test of one run and of one character. Runs double
 * while they match and halve when they do not (string equality compares in native code, ~20× a loop over
 * characters; a 550 kB file costs a few dozen slices, not thousands), then characters finish.
 */
function commonLength(max: number, sameRun: (at: number, length: number) => boolean, sameChar: (at: number) => boolean): number {
  let at = 0;
  let run = 256;
  while (run >= 64) {
    const length = Math.min(run, max - at);
    if (length < 64) break;
    if (sameRun(at, length)) {
      at += length;
      run *= 2;
    } else run >>= 1;
  }
  while (at < max && sameChar(at)) at++;
  return at;
}

/**
 * The tree for `text`, reusing `previous` (parsed from `previousText`) where the edit allows.
 * Falls back to a full parse when the edit is large (reuse then costs more than it saves).
 * `previous` must not be used afterwards: TypeScript may reuse its nodes in the new tree.
 */
export function reparse(previous: ts.SourceFile, previousText: string, text: string, change = textChangeRange(previousText, text)): ts.SourceFile {
  if (!change) return previous;
  if (change.span.length > 20_000 || change.newLength > 20_000) return parseSource(previous.fileName, text);
  const kept = previous.statements;
  const sourceFile = ts.updateSourceFile(previous, text, change);
  ownStringsOfNewNodes(kept, sourceFile);
  return sourceFile;
}

/**
 * How many statements at the start (`first`) and at the end (`last`) of two versions' lists are the same nodes: an
 * incremental re-parse keeps them in order, so only the window between can differ.
 */
export function keptEnds(old: readonly ts.Statement[], now: readonly ts.Statement[]): { first: number; last: number } {
  let first = 0;
  while (first < old.length && first < now.length && old[first] === now[first]) first++;
  let last = 0;
  while (last < old.length - first && last < now.length - first && old[old.length - 1 - last] === now[now.length - 1 - last]) last++;
  return { first, last };
}

/** Nodes whose strings are their own copies, with everything inside them. */
const ownStrings = new WeakSet<ts.Node>();

/**
 * After an incremental re-parse, the nodes it made anew get their own copies of the strings they cut from the text
 * (identifiers, literals, JSDoc): a string of 13 characters or more cut from a V8 string points into it, and the
 * nodes reused by later versions would keep this version's whole text alive (~0.5 MB per edit of a 550 kB file).
 * New nodes are inside the top-level statements the re-parse made anew; what those reuse was copied when made.
 */
function ownStringsOfNewNodes(previous: readonly ts.Statement[], sf: ts.SourceFile): void {
  const now = sf.statements;
  const { first, last } = keptEnds(previous, now);
  for (let index = first; index < now.length - last; index++) copyStrings(now[index]);
  copyStrings(sf.endOfFileToken);
}

function copyStrings(node: ts.Node): void {
  if (ownStrings.has(node)) return;
  ownStrings.add(node);
  const fields = node as unknown as Record<string, unknown>;
  for (const key of Object.keys(node)) {
    const value = fields[key];
    if (typeof value === 'string' && value.length > 12) fields[key] = (' ' + value).slice(1);
  }
  for (const doc of (node as { jsDoc?: ts.Node[] }).jsDoc ?? []) copyStrings(doc);
  ts.forEachChild(node, copyStrings);
}
