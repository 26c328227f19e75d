// Quick fixes from the engine's Finding.fixes, and `source.fixAll.mcp-hints` applying the safe ones.

import {
  CodeActionKind,
  type CodeAction,
  type Diagnostic,
  type Range,
  type TextEdit as LspTextEdit,
  type WorkspaceEdit,
} from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { fixAll } from '../engine';
import type { Fix, Finding, Severity } from '../engine';
import type { EngineOptions } from '../engine';
import { Project, type FileHost } from '../engine';
import { SOURCE } from './diagnostics';

export const FIX_ALL_KIND = `${CodeActionKind.SourceFixAll}.mcp-hints`;

function overlaps(a: Range, b: Range): boolean {
  const before = (p: Range['start'], q: Range['start']) => p.line < q.line || (p.line === q.line && p.character < q.character);
  // Touching counts: a cursor right after a name still gets its fixes.
  return !before(a.end, b.start) && !before(b.end, a.start);
}

export interface CodeActionInput {
  document: TextDocument;
  file: string;
  findings: { finding: Finding; severity: Severity; diagnostic: Diagnostic }[];
  range: Range;
  only?: string[];
  uriOf: (path: string) => string;
  /** Offset -> position for edits in other files. */
  rangeOf: (file: string, start: number, end: number) => Range;
  host: FileHost;
  options: EngineOptions;
  /** Whether the settings keep a finding (rules turned off are not fixed). */
  enabled: (finding: Finding) => boolean;
}

function wantsKind(only: string[] | undefined, kind: string): boolean {
  if (!only || only.length === 0) return true;
  return only.some((o) => kind === o || kind.startsWith(o + '.'));
}

function toWorkspaceEdit(fix: Fix, input: CodeActionInput): WorkspaceEdit {
  const changes: Record<string, LspTextEdit[]> = {};
  for (const edit of fix.edits) {
    const uri = edit.file === input.file ? input.document.uri : input.uriOf(edit.file);
    const range =
      edit.file === input.file
        ? { start: input.document.positionAt(edit.start), end: input.document.positionAt(edit.end) }
        : input.rangeOf(edit.file, edit.start, edit.end);
    (changes[uri] ??= []).push({ range, newText: edit.newText });
  }
  return { changes };
}

export function computeCodeActions(input: CodeActionInput): CodeAction[] {
  const actions: CodeAction[] = [];
  if (wantsKind(input.only, CodeActionKind.QuickFix)) {
    for (const { finding, diagnostic } of input.findings) {
      if (!overlaps(diagnostic.range, input.range)) continue;
      for (const fix of finding.fixes) {
        if (fix.edits.length === 0) continue;
        actions.push({
          title: fix.title,
          kind: CodeActionKind.QuickFix,
          diagnostics: [diagnostic],
          isPreferred: fix.preferred ?? false,
          edit: toWorkspaceEdit(fix, input),
        });
      }
    }
  }
  // Only on explicit request (save actions, "Fix all"): computing it re-analyses the document.
  if (input.only?.some((o) => FIX_ALL_KIND === o || FIX_ALL_KIND.startsWith(o + '.'))) {
    const fixAll = computeFixAll(input);
    if (fixAll) actions.push(fixAll);
  }
  return actions;
}

/**
 * The fixed text: the engine's fix-all, re-analysing in a scratch project (the workspace's project keeps
 * the buffer's real text) and keeping only findings the settings keep.
 */
export function fixAllText(
  file: string,
  text: string,
  findings: Finding[],
  host: FileHost,
  options: EngineOptions,
  enabled: (finding: Finding) => boolean = () => true,
): string {
  const scratch = new Project(host, options);
  const analyze = (current: string) => {
    scratch.setFileText(file, current);
    return scratch.analyzeFile(file).findings.filter(enabled);
  };
  return fixAll(file, text, analyze, findings.filter(enabled)).text;
}

/** One minimal edit turning `before` into `after` (common prefix and suffix kept). */
export function minimalEdit(before: string, after: string): { start: number; end: number; newText: string } | null {
  if (before === after) return null;
  let prefix = 0;
  const max = Math.min(before.length, after.length);
  while (prefix < max && before.charCodeAt(prefix) === after.charCodeAt(prefix)) prefix++;
  let suffix = 0;
  while (
    suffix < max - prefix &&
    before.charCodeAt(before.length - 1 - suffix) === after.charCodeAt(after.length - 1 - suffix)
  ) suffix++;
  return { start: prefix, end: before.length - suffix, newText: after.slice(prefix, after.length - suffix) };
}

function computeFixAll(input: CodeActionInput): CodeAction | null {
  const text = input.document.getText();
  const fixed = fixAllText(
    input.file,
    text,
    input.findings.map((f) => f.finding),
    input.host,
    input.options,
    input.enabled,
  );
  const edit = minimalEdit(text, fixed);
  if (!edit) return null;
  return {
    title: `Fix all safe ${SOURCE} problems`,
    kind: FIX_ALL_KIND,
    diagnostics: input.findings.map((f) => f.diagnostic),
    edit: {
      changes: {
        [input.document.uri]: [
          { range: { start: input.document.positionAt(edit.start), end: input.document.positionAt(edit.end) }, newText: edit.newText },
        ],
      },
    },
  };
}
