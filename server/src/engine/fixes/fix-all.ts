// Fix-all: the safe fixes of one file, applied together. `mcp-hints check --fix`, the editor's
// `source.fixAll.mcp-hints` and the rule tests all use this one function, so they give the same text.
import type { Finding, Fix, TextEdit } from '../model';
import { parseSource } from '../syntax';

/** Later passes catch fixes revealed by earlier ones (a typo renamed, then its value checked); 10 is never reached in practice. */
export const MAX_FIX_PASSES = 10;

export interface FixAllResult {
  text: string;
  /** How many fixes were applied, over all passes. */
  applied: number;
}

function parseErrorCount(file: string, text: string): number {
  try {
    const sourceFile = parseSource(file, text) as unknown as { parseDiagnostics?: unknown[] };
    return sourceFile.parseDiagnostics?.length ?? 0;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

/** Overlapping edits, or two inserts at one offset (their order would decide the text), clash. */
export function editsClash(a: TextEdit, b: TextEdit): boolean {
  return (a.start < b.end && b.start < a.end) || (a.start === b.start && (a.start === a.end || b.start === b.end));
}

/** Applies non-overlapping edits to a text, inserting line breaks as the text writes them. */
function applyAll(text: string, edits: readonly TextEdit[], crlf: boolean): string {
  let out = text;
  for (const edit of [...edits].sort((a, b) => b.start - a.start || b.end - a.end)) {
    const newText = crlf ? edit.newText.replace(/\r?\n/g, '\r\n') : edit.newText;
    out = out.slice(0, edit.start) + newText + out.slice(edit.end);
  }
  return out;
}

const sameEdits = (a: readonly TextEdit[], b: readonly TextEdit[]) =>
  a.length === b.length && a.every((e, i) => e.start === b[i].start && e.end === b[i].end && e.newText === b[i].newText);

/**
 * One pass: per finding (in text order) its preferred, else first, safe fix whose edits stay in `file`,
 * do not clash with the fixes already chosen and do not add parse errors on their own. The same fix
 * offered by two findings is applied once.
 */
export function selectSafeFixes(file: string, text: string, findings: readonly Finding[]): Fix[] {
  const chosen: Fix[] = [];
  const baseErrors = parseErrorCount(file, text);
  const crlf = text.includes('\r\n');
  for (const finding of [...findings].sort((a, b) => a.loc.start - b.loc.start)) {
    const safe = finding.fixes.filter((fix) => fix.safe && fix.edits.length > 0);
    const candidates = [...safe.filter((f) => f.preferred), ...safe.filter((f) => !f.preferred)];
    for (const fix of candidates) {
      if (fix.edits.some((e) => e.file !== file || e.start < 0 || e.end > text.length || e.start > e.end)) continue;
      if (chosen.some((other) => sameEdits(other.edits, fix.edits))) break;
      if (fix.edits.some((e) => chosen.some((other) => other.edits.some((o) => editsClash(e, o))))) continue;
      if (parseErrorCount(file, applyAll(text, fix.edits, crlf)) > baseErrors) continue;
      chosen.push(fix);
      break;
    }
  }
  return chosen;
}

/**
 * The text after every safe fix, pass after pass until nothing is left to fix. `analyze` gives the
 * findings for a text (undefined when the text cannot be analysed: the fixing stops there). A pass
 * whose fixes together would add parse errors is not applied.
 */
export function fixAll(file: string, text: string, analyze: (text: string) => readonly Finding[] | undefined, firstFindings?: readonly Finding[]): FixAllResult {
  let current = text;
  let applied = 0;
  const crlf = text.includes('\r\n');
  let findings = firstFindings ?? analyze(current);
  for (let pass = 0; pass < MAX_FIX_PASSES && findings; pass++) {
    const fixes = selectSafeFixes(file, current, findings);
    if (fixes.length === 0) break;
    const next = applyAll(current, fixes.flatMap((fix) => fix.edits), crlf);
    if (next === current || parseErrorCount(file, next) > parseErrorCount(file, current)) break;
    current = next;
    applied += fixes.length;
    findings = analyze(current);
  }
  return { text: current, applied };
}
