// Hover: on a registration (tool name or callee) the hints table and what hosts do; on a hint key its
// meaning; on the `annotations` key or object the omitted hints. The wording lives in engine/describe.ts.

import { MarkupKind, type Hover } from 'vscode-languageserver/node';
import {
  describeHintKeyMarkdown,
  describeOmittedMarkdown,
  describeOtherKeyMarkdown,
  describeToolMarkdown,
} from '../engine';
import { HINT_KEYS, type FileAnalysis, type HintKey, type Loc, type Tool } from '../engine';
import type { Profile } from '../engine';

function contains(loc: Loc | null | undefined, file: string, offset: number): loc is Loc {
  return !!loc && loc.file === file && loc.start <= offset && offset <= loc.end;
}

function isHintKey(key: string): key is HintKey {
  return (HINT_KEYS as readonly string[]).includes(key);
}

const CALL_FORMS = new Set(['registerTool', 'tool', 'registerToolTask']);

/** The callee of an SDK call (`server.registerTool`), from the call's start to its first argument. */
export function calleeLoc(tool: Tool, text: string): Loc | null {
  if (!CALL_FORMS.has(tool.form) || tool.loc.file !== tool.nameLoc.file) return null;
  // A tool expanded from a loop over definitions is located at its definition, not at the call it shares.
  const arg = tool.callArgs?.[0];
  if (arg && (arg.file !== tool.loc.file || arg.start < tool.loc.start || arg.end > tool.loc.end)) return null;
  const firstArg = arg?.start;
  const paren = text.indexOf('(', tool.loc.start);
  const end = firstArg ?? (paren >= 0 && paren < tool.loc.end ? paren : -1);
  if (end < 0) return null;
  return { file: tool.loc.file, start: tool.loc.start, end };
}

export type HoverTarget =
  | { kind: 'key'; tool: Tool; key: string; loc: Loc; misplaced?: string }
  | { kind: 'tool'; tool: Tool; loc: Loc }
  | { kind: 'annotations'; tool: Tool; loc: Loc };

/** What is under `offset`: the most specific target wins (key, then registration, then annotations object). */
export function hoverTarget(analysis: FileAnalysis, text: string, offset: number): HoverTarget | null {
  const file = analysis.file;
  for (const tool of analysis.tools) {
    for (const property of tool.declared?.properties ?? []) {
      if (contains(property.keyLoc, file, offset)) return { kind: 'key', tool, key: property.key, loc: property.keyLoc };
    }
    for (const misplaced of tool.misplaced) {
      for (const property of misplaced.properties) {
        if (contains(property.keyLoc, file, offset)) return { kind: 'key', tool, key: property.key, loc: property.keyLoc, misplaced: misplaced.kind };
      }
    }
  }
  for (const tool of analysis.tools) {
    if (contains(tool.nameLoc, file, offset)) return { kind: 'tool', tool, loc: tool.nameLoc };
    const callee = calleeLoc(tool, text);
    if (contains(callee, file, offset)) return { kind: 'tool', tool, loc: callee };
  }
  // The `annotations` key (where omitted hints are reported), else the innermost annotations object containing the offset.
  let best: HoverTarget | null = null;
  for (const tool of analysis.tools) {
    const key = tool.declared?.keyLoc;
    if (contains(key, file, offset)) return { kind: 'annotations', tool, loc: key };
    const loc = tool.declared?.loc;
    if (contains(loc, file, offset) && (!best || loc.end - loc.start < best.loc.end - best.loc.start)) {
      best = { kind: 'annotations', tool, loc };
    }
  }
  return best;
}

/** Extra markdown for a tool (what the code shows about it), appended to its hover. */
export type ToolNotes = (tool: Tool) => string | undefined;

export function hoverMarkdown(target: HoverTarget, profile: Profile, notes?: ToolNotes): string {
  switch (target.kind) {
    case 'tool': {
      const extra = notes?.(target.tool);
      return extra ? `${describeToolMarkdown(target.tool)}\n\n---\n\n${extra}` : describeToolMarkdown(target.tool);
    }
    case 'annotations':
      return describeOmittedMarkdown(target.tool, profile);
    case 'key': {
      const text = isHintKey(target.key) ? describeHintKeyMarkdown(target.key, target.tool) : describeOtherKeyMarkdown(target.key);
      return target.misplaced
        ? `${text}\n\n**Written where the SDK never reads it** (${target.misplaced}): hosts see the default instead.`
        : text;
    }
  }
}

export function computeHover(
  analysis: FileAnalysis,
  text: string,
  offset: number,
  profile: Profile,
  toRange: (loc: Loc) => Hover['range'],
  notes?: ToolNotes,
): Hover | null {
  const target = hoverTarget(analysis, text, offset);
  if (!target) return null;
  return { contents: { kind: MarkupKind.Markdown, value: hoverMarkdown(target, profile, notes) }, range: toRange(target.loc) };
}
