// Incremental re-parsing for editors: an edit usually touches a few characters of a large file, and
// TypeScript can reuse the syntax tree outside the changed span (ts.updateSourceFile). Pure helper;
// Project.setFileText can call `reparse` when it already holds a tree for the file.

import ts from 'typescript';
import { parseSource } from './parse';

/** Versions of a buffer re-parsed incrementally before a full parse (see Project.setFileText); 32 keeps p95 of edits incremental. */
export const FULL_PARSE_EVERY = 32;

const CHUNK = 256;

/** The one span that differs between two texts (common prefix and suffix removed). */
export function textChangeRange(before: string, after: string): ts.TextChangeRange | null {
  if (before === after) return null;
  const max = Math.min(before.length, after.length);
  // Whole chunks first (string equality compares in native code, ~20× a loop over characters), then characters.
  let prefix = 0;
  while (prefix + CHUNK <= max && before.slice(prefix, prefix + CHUNK) === after.slice(prefix, prefix + CHUNK)) prefix += CHUNK;
  while (prefix < max && before.charCodeAt(prefix) === after.charCodeAt(prefix)) prefix++;
  let suffix = 0;
  while (suffix + CHUNK <= max - prefix && before.slice(before.length - suffix - CHUNK, before.length - suffix) === after.slice(after.length - suffix - CHUNK, after.length - suffix)) suffix += CHUNK;
  while (suffix < max - prefix && before.charCodeAt(before.length - 1 - suffix) === after.charCodeAt(after.length - 1 - suffix)) suffix++;
  return ts.createTextChangeRange(ts.createTextSpan(prefix, before.length - suffix - prefix), after.length - suffix - prefix);
}

/**
 * The tree for `text`, reusing `previous` (parsed from `previousText`) where the edit allows.
 * Falls back to a full parse when the edit is large (reuse then costs more than it saves).
 * `previous` must not be used afterwards: TypeScript may reuse its nodes in the new tree.
 */
export function reparse(previous: ts.SourceFile, previousText: string, text: string): ts.SourceFile {
  const change = textChangeRange(previousText, text);
  if (!change) return previous;
  if (change.span.length > 20_000 || change.newLength > 20_000) return parseSource(previous.fileName, text);
  return ts.updateSourceFile(previous, text, change);
}
