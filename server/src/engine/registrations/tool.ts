import ts from 'typescript';
import { declaredAnnotations } from './annotations';
import { boundMethodOf, callArguments, skipOuterExpressions } from '../syntax';
import type { RawTool } from './forms/form';
import { HINT_DEFAULTS, HINT_KEYS, type DeclaredAnnotations, type HintKey, type HintValue, type Tool } from '../model';
import { originOf } from '../values';
import { hasUnsetDefault } from '../values';
import { describeValue, locOf, type ObjectProperty, type Value } from '../values';

/** Builds the shared Tool model from what a form found. */
export function buildTool(raw: RawTool, expanded: boolean, index: number): Tool {
  const sf = raw.call.getSourceFile();
  const nameOrigin = originOf(raw.name);
  const nameNode = nameOrigin?.node ?? (raw.name.kind === 'literal' || raw.name.kind === 'unknown' ? raw.name.node : raw.call);
  const nameSf = nameOrigin?.sf ?? raw.name.sf;
  const nameLoc = locOf(nameNode, nameSf);
  const loc = toolLoc(raw, expanded, nameOrigin);

  // A name read from the environment is shown as the code's default, marked as depending on the variables.
  const unsetName = hasUnsetDefault(raw.name) && typeof raw.name.unset.value.value === 'string' ? raw.name.unset : undefined;
  const name = raw.name.kind === 'literal' && typeof raw.name.value === 'string' ? raw.name.value : unsetName ? (unsetName.value.value as string) : null;
  // A tool read through a loop, a wrapper or a class is located where its author wrote it: its own annotations
  // literal, not the expression the shared registration call reads it through (`d.annotations`).
  const ownLiteral = expanded && raw.annotations?.kind === 'object' && ts.isObjectLiteralExpression(raw.annotations.node);
  const written = raw.annotationsExpr && !ownLiteral ? { node: raw.annotationsExpr as ts.Node, sf } : raw.annotations ? { node: raw.annotations.node, sf: raw.annotations.sf } : undefined;
  const declared = raw.annotations && written && !(raw.annotations.kind === 'literal' && raw.annotations.value === undefined)
    ? declaredAnnotations(raw.annotations, written.node, written.sf)
    : null;
  const { title, titleSource } = toolTitle(raw.title, declared);
  const callee = ts.isCallExpression(raw.call) ? skipOuterExpressions(raw.call.expression) : undefined;
  // A bound alias (`const reg = server.registerTool.bind(server)`) registers on the receiver it was bound from.
  const bound = callee && ts.isIdentifier(callee) ? boundMethodOf(raw.call as ts.CallExpression) : undefined;
  const receiver = callee && (ts.isPropertyAccessExpression(callee) || ts.isElementAccessExpression(callee)) ? callee.expression.getText(sf) : bound ? bound.receiver.getText(bound.receiver.getSourceFile()) : '';
  const tool: Tool = {
    id: `${loc.file}:${loc.start}:${index}`,
    name,
    form: raw.form,
    loc,
    nameLoc,
    receiver,
    declared,
    effective: effectiveHints(declared),
    title,
    titleSource,
    description: raw.description
      ? { loc: locOf(raw.description.node, raw.description.sf), text: raw.description.kind === 'literal' && typeof raw.description.value === 'string' ? raw.description.value : null }
      : null,
    inputSchema: raw.inputSchema ? locOf(raw.inputSchema.node, raw.inputSchema.sf) : null,
    handler: raw.handler && raw.handler.kind === 'function' ? locOf(raw.handler.node, raw.handler.sf) : raw.handler ? locOf(raw.handler.node, raw.handler.sf) : null,
    config: raw.config ? locOf(raw.config.node, raw.config.sf) : null,
    slot: raw.slot,
    misplaced: raw.misplaced,
    expanded,
    callArgs: ts.isCallExpression(raw.call) ? callArguments(raw.call).map((arg) => locOf(arg, sf)) : undefined,
    site: locOf(raw.call, raw.call.getSourceFile()),
  };
  if (unsetName) tool.nameDependsOn = [...unsetName.variables];
  if (name === null) tool.nameReason = raw.name.kind === 'literal' ? `the name is ${describeValue(raw.name)}, not a string` : describeValue(raw.name);
  if (name === null && raw.name.kind === 'unknown') tool.nameCause = raw.name.cause;
  return tool;
}

/**
 * Where a tool is located: where its author wrote it. The node a form names for it (a definition object, a class),
 * unless that node is a copy made for every tool (`{ ...tool }` in a `map` callback) while its name was written
 * elsewhere: then the name's property. For a registration call read through a loop or wrapper, the name's
 * definition (its property, or the string literal a module exports or a caller passes); else the call.
 */
function toolLoc(raw: RawTool, expanded: boolean, nameOrigin: ObjectProperty | undefined) {
  if (raw.node !== raw.call) {
    const name = nameOrigin ? { node: nameOrigin.node, sf: nameOrigin.sf } : nameLiteral(raw.name);
    const copied = name && !contains(raw.node, raw.nodeSf, name.node, name.sf) && isCopyInCallback(raw.node);
    return copied ? locOf(name.node, name.sf) : locOf(raw.node, raw.nodeSf);
  }
  const written = expanded ? (nameOrigin ? { node: nameOrigin.node, sf: nameOrigin.sf } : nameLiteralOutside(raw)) : undefined;
  return written ? locOf(written.node, written.sf) : locOf(raw.call, raw.call.getSourceFile());
}

/** The string literal a name was read from (not one computed: a template, a concatenation). */
function nameLiteral(name: Value): { node: ts.Node; sf: ts.SourceFile } | undefined {
  return name.kind === 'literal' && typeof name.value === 'string' && ts.isStringLiteralLike(name.node) ? { node: name.node, sf: name.sf } : undefined;
}

/** The string literal the name was read from, when it is written outside the registration call. */
function nameLiteralOutside(raw: RawTool): { node: ts.Node; sf: ts.SourceFile } | undefined {
  const literal = nameLiteral(raw.name);
  return literal && !contains(raw.call, raw.call.getSourceFile(), literal.node, literal.sf) ? literal : undefined;
}

function contains(outer: ts.Node, outerSf: ts.SourceFile, inner: ts.Node, innerSf: ts.SourceFile): boolean {
  return outerSf === innerSf && inner.pos >= outer.pos && inner.end <= outer.end;
}

/** An object literal written inside a callback (`tools.map((t) => ({ ...t }))`): one node for every element. */
function isCopyInCallback(node: ts.Node): boolean {
  if (!ts.isObjectLiteralExpression(node)) return false;
  for (let parent = node.parent; parent; parent = parent.parent) {
    if (ts.isFunctionLike(parent)) return ts.isCallExpression(parent.parent) && parent.parent.arguments.includes(parent as ts.Expression);
  }
  return false;
}

/** Spec defaults fill what is omitted; what cannot be known stays 'unresolved'. */
export function effectiveHints(declared: DeclaredAnnotations | null): Record<HintKey, HintValue> {
  const out = { ...HINT_DEFAULTS } as Record<HintKey, HintValue>;
  if (!declared) return out;
  for (const key of HINT_KEYS) {
    const property = declared.properties.find((p) => p.key === key);
    if (property) out[key] = typeof property.value === 'boolean' ? property.value : 'unresolved';
    else if (declared.unresolved.length > 0) out[key] = 'unresolved';
  }
  return out;
}

/** Hosts show `title`, then `annotations.title`, then the name. */
function toolTitle(configTitle: Value | undefined, declared: DeclaredAnnotations | null): { title: string | null; titleSource: Tool['titleSource'] } {
  if (configTitle?.kind === 'literal' && typeof configTitle.value === 'string') return { title: configTitle.value, titleSource: 'config' };
  const annotationTitle = declared?.properties.find((p) => p.key === 'title');
  if (annotationTitle && typeof annotationTitle.value === 'string') return { title: annotationTitle.value, titleSource: 'annotations' };
  return { title: null, titleSource: null };
}
