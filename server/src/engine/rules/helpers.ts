import ts from 'typescript';
import { eol, indentUnit, insertProperties, insertPropertiesAfter, lineIndent, objectLiteralAt, quoteOf, stringLiteral, titleFromName } from '../fixes';
import { HINT_KEYS, type AnnotationProperty, type Finding, type Fix, type HintKey, type Loc, type TextEdit, type Tool } from '../model';
import { nodeAt, skipOuterExpressions } from '../syntax';
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
  const nl = eol(sf);
  const outer = lineIndent(text, at);
  const inner = outer + indentUnit(sf);
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
  const quote = quoteOf(sf);
  const entries = hintEntries(hints, explain);
  if (tool.title === null && tool.name) entries.unshift({ text: `title: ${stringLiteral(titleFromName(tool.name), quote)}` });
  if (slot.kind === 'property') {
    const object = objectLiteralAt(sf, slot.object);
    if (!object) return undefined;
    const multiLine = sf.text.slice(object.getStart(sf), object.getEnd()).includes('\n');
    const propertyIndentAt = object.properties[0]?.getStart(sf) ?? object.getStart(sf);
    const value = annotationsObjectText(sf, multiLine ? propertyIndentAt : object.getStart(sf), entries, multiLine);
    // Beside the tool's name and description, above its handler (which may be a hundred lines long).
    const beforeHandler = object.properties.findIndex(isFunctionProperty);
    const after = beforeHandler > 0 ? object.properties[beforeHandler - 1] : undefined;
    return after ? insertPropertiesAfter(sf, object, after, [`annotations: ${value}`]) : insertProperties(sf, object, [`annotations: ${value}`]);
  }
  // tool(): a new argument before the callback.
  const before = slot.before.start;
  const lineStart = sf.text.lastIndexOf('\n', before - 1) + 1;
  const ownLine = /^[ \t]*$/.test(sf.text.slice(lineStart, before));
  const value = annotationsObjectText(sf, before, entries, ownLine);
  return { file, start: before, end: before, newText: ownLine ? `${value},${eol(sf)}${lineIndent(sf.text, before)}` : `${value}, ` };
}

/** `execute() {…}`, `handler: async () => …`: a property whose value is a function written in place. */
function isFunctionProperty(property: ts.ObjectLiteralElementLike): boolean {
  if (ts.isMethodDeclaration(property)) return true;
  if (!ts.isPropertyAssignment(property)) return false;
  const value = skipOuterExpressions(property.initializer);
  return ts.isArrowFunction(value) || ts.isFunctionExpression(value);
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

// Where findings are reported: the narrowest node that carries them, on one line, so that an editor underlines the
// claim and not the tool's whole definition (a registration call spans its handler: often a hundred lines).

/** Forms whose first argument is the tool's name as written at the registration. */
const NAME_FIRST_FORMS = new Set<Tool['form']>(['registerTool', 'tool', 'registerToolTask']);

/** Where to report about a tool as a whole: its name where its definition writes it, else the registration's name or callee. */
export function toolLoc(tool: Tool, context: RuleContext): Loc {
  const { nameLoc, loc } = tool;
  // A tool expanded from a loop, wrapper or class is named in its own definition, away from the shared call.
  if ((tool.expanded || within(nameLoc, loc)) && oneLine(nameLoc, context)) return nameLoc;
  // The name is a constant written elsewhere (or not known): the name argument, else the callee, at the registration.
  const nameArg = NAME_FIRST_FORMS.has(tool.form) ? tool.callArgs?.[0] : undefined;
  if (nameArg && within(nameArg, loc) && oneLine(nameArg, context)) return nameArg;
  return calleeLoc(loc, context) ?? firstLine(loc, context);
}

/**
 * Where to report about the tool's annotations as a whole (an omitted hint, a profile's requirement): the
 * `annotations` key, else the annotations expression when it fits on one line, else the tool.
 */
export function annotationsLoc(tool: Tool, context: RuleContext): Loc {
  const declared = tool.declared;
  // Shared annotations (a base class's getter): `loc` is already this tool's name.
  if (!declared || declared.sharedLoc) return declared?.loc ?? toolLoc(tool, context);
  if (declared.keyLoc) return declared.keyLoc;
  return oneLine(declared.loc, context) ? declared.loc : toolLoc(tool, context);
}

/**
 * Where to report about one declared property (`readOnlyHint: true`): the property itself when the tool's own
 * annotations literal holds it, else (a shared constant, a spread) the annotations key at this tool.
 */
export function propertyLoc(tool: Tool, property: AnnotationProperty, context: RuleContext): Loc {
  return ownsProperty(tool, property) && oneLine(property.loc, context) ? property.loc : annotationsLoc(tool, context);
}

/** True when `property` is written in the tool's own annotations literal (not in a constant other tools may read). */
function ownsProperty(tool: Tool, property: AnnotationProperty): boolean {
  const declared = tool.declared;
  return !!declared && declared.inline && !declared.sharedLoc && !!declared.objectLoc && within(property.loc, declared.objectLoc);
}

/** Related information for a property the report is not located at: where the value is written. */
export function writtenHere(property: AnnotationProperty, at: Loc): NonNullable<Finding['related']> {
  return sameLoc(property.loc, at) ? [] : [{ loc: property.loc, message: `\`${property.key}\` is written here` }];
}

function within(inner: Loc, outer: Loc): boolean {
  return inner.file === outer.file && inner.start >= outer.start && inner.end <= outer.end;
}

function sameLoc(a: Loc, b: Loc): boolean {
  return a.file === b.file && a.start === b.start && a.end === b.end;
}

function textOf(loc: Loc, context: RuleContext): string | undefined {
  return context.sourceFileOf(loc.file)?.text;
}

/** True when `loc` covers no line break (an editor underlines one line). */
export function oneLine(loc: Loc, context: RuleContext): boolean {
  const text = textOf(loc, context);
  return text !== undefined && !text.slice(loc.start, loc.end).includes('\n');
}

/** `registerTool` in `server.registerTool(…)`, when `loc` is a call. */
function calleeLoc(loc: Loc, context: RuleContext): Loc | undefined {
  const sf = context.sourceFileOf(loc.file);
  const node = sf && nodeAt(sf, loc);
  if (!sf || !node || !ts.isCallExpression(node)) return undefined;
  const callee = node.expression;
  const name = ts.isPropertyAccessExpression(callee) ? callee.name : ts.isIdentifier(callee) ? callee : undefined;
  return name ? { file: loc.file, start: name.getStart(sf), end: name.getEnd() } : undefined;
}

/** The first line of `loc`, without trailing blanks: a last resort that still points at the definition. */
function firstLine(loc: Loc, context: RuleContext): Loc {
  const text = textOf(loc, context);
  if (text === undefined) return loc;
  const newline = text.indexOf('\n', loc.start);
  let end = newline < 0 || newline > loc.end ? loc.end : newline;
  while (end > loc.start && /\s/.test(text[end - 1])) end--;
  return { file: loc.file, start: loc.start, end };
}
