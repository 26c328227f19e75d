import ts from 'typescript';
import { eol, indentUnit, insertProperties, lineIndent, objectLiteralAt, quoteOf, stringLiteral, titleFromName } from '../fixes';
import { HINT_KEYS, type AnnotationProperty, type Fix, type HintKey, type Loc, type TextEdit, type Tool } from '../model';
import type { SuggestedHint } from './suggest';
import type { RuleContext } from './rule';

/** Hints the spec reads for this tool: destructive and idempotent mean nothing on a read-only tool. */
export function meaningfulHints(tool: Tool): HintKey[] {
  return tool.effective.readOnlyHint === true ? ['readOnlyHint', 'openWorldHint'] : [...HINT_KEYS];
}

export function declaredProperty(tool: Tool, key: string): AnnotationProperty | undefined {
  return tool.declared?.properties.find((p) => p.key === key);
}

/** `readOnlyHint: false, // default: …` entries for an annotations object. */
export function hintEntries(hints: SuggestedHint[], explain: boolean): { text: string; comment?: string }[] {
  return hints.map((hint) => ({
    text: `${hint.key}: ${hint.value}`,
    comment: explain && hint.basis === 'default' ? `default: ${hint.reason}` : undefined,
  }));
}

/** The text of a new annotations object, laid out like the code around `at`. */
export function annotationsObjectText(sf: ts.SourceFile, at: number, entries: { text: string; comment?: string }[], multiLine: boolean): string {
  const text = sf.text;
  if (!multiLine || entries.length === 0) return `{ ${entries.map((e) => e.text).join(', ')} }`;
  const nl = eol(text);
  const outer = lineIndent(text, at);
  const inner = outer + indentUnit(text);
  const lines = entries.map((e) => `${inner}${e.text},${e.comment ? ` // ${e.comment}` : ''}`);
  return `{${nl}${lines.join(nl)}${nl}${outer}}`;
}

/**
 * The edit that gives a tool with no annotations an annotations object in the slot its form reads,
 * or undefined when the engine cannot write there safely.
 */
export function addAnnotationsEdit(tool: Tool, context: RuleContext, hints: SuggestedHint[]): TextEdit | undefined {
  const explain = context.options.explainDefaults !== false;
  const slot = tool.slot;
  if (slot.kind === 'none') return undefined;
  const file = slot.kind === 'property' ? slot.object.file : slot.before.file;
  const sf = context.sourceFileOf(file);
  if (!sf) return undefined;
  const quote = quoteOf(sf.text);
  const entries = hintEntries(hints, explain);
  if (tool.title === null && tool.name) entries.unshift({ text: `title: ${stringLiteral(titleFromName(tool.name), quote)}` });
  if (slot.kind === 'property') {
    const object = objectLiteralAt(sf, slot.object);
    if (!object) return undefined;
    const multiLine = sf.text.slice(object.getStart(sf), object.getEnd()).includes('\n');
    const propertyIndentAt = object.properties[0]?.getStart(sf) ?? object.getStart(sf);
    const value = annotationsObjectText(sf, multiLine ? propertyIndentAt : object.getStart(sf), entries, multiLine);
    return insertProperties(sf, object, [`annotations: ${value}`]);
  }
  // tool(): a new argument before the callback.
  const before = slot.before.start;
  const lineStart = sf.text.lastIndexOf('\n', before - 1) + 1;
  const ownLine = /^[ \t]*$/.test(sf.text.slice(lineStart, before));
  const value = annotationsObjectText(sf, before, entries, ownLine);
  return { file, start: before, end: before, newText: ownLine ? `${value},${eol(sf.text)}${lineIndent(sf.text, before)}` : `${value}, ` };
}

/**
 * A fix that writes properties into the tool's declared annotations object. Annotations a person wrote are theirs:
 * such fixes are offered, and only typo and misplaced-key fixes are safe for fix-all and --fix.
 */
export function insertIntoAnnotations(tool: Tool, context: RuleContext, entries: string[], title: string, safe: boolean): Fix | undefined {
  const objectLoc = tool.declared?.objectLoc;
  if (!objectLoc) return undefined;
  const sf = context.sourceFileOf(objectLoc.file);
  const object = sf && objectLiteralAt(sf, objectLoc);
  if (!sf || !object) return undefined;
  return { title, safe, edits: [insertProperties(sf, object, entries)] };
}

/** Where to report about a tool: its name when written in this file, else the registration. */
export function toolLoc(tool: Tool, context: RuleContext): Loc {
  return tool.nameLoc.file === context.sourceFile.fileName ? tool.nameLoc : tool.loc;
}
