import ts from 'typescript';
import { declaredAnnotations } from './annotations';
import { boundMethodOf, callArguments, skipOuterExpressions } from '../syntax';
import type { RawTool } from './forms/form';
import { HINT_DEFAULTS, HINT_KEYS, type DeclaredAnnotations, type HintKey, type HintValue, type Tool } from '../model';
import { originOf } from '../values';
import { hasUnsetDefault } from '../values';
import { describeValue, locOf, type Value } from '../values';

/** Builds the shared Tool model from what a form found. */
export function buildTool(raw: RawTool, expanded: boolean, index: number): Tool {
  const sf = raw.call.getSourceFile();
  const nameOrigin = originOf(raw.name);
  const nameNode = nameOrigin?.node ?? (raw.name.kind === 'literal' || raw.name.kind === 'unknown' ? raw.name.node : raw.call);
  const nameSf = nameOrigin?.sf ?? raw.name.sf;
  const nameLoc = locOf(nameNode, nameSf);
  const loc = raw.node !== raw.call ? locOf(raw.node, raw.nodeSf) : expanded && nameOrigin ? locOf(nameOrigin.node, nameOrigin.sf) : locOf(raw.call, sf);

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
  return tool;
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
