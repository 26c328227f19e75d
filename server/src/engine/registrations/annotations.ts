import { HINT_KEYS, type AnnotationProperty, type DeclaredAnnotations, type MisplacedHints } from '../model';
import { describeValue, locOf, toStatic, type ObjectProperty, type Value } from '../values';
import ts from 'typescript';
import { outermost } from '../syntax';

const HINTS = new Set<string>(HINT_KEYS);

export function toAnnotationProperty(property: ObjectProperty): AnnotationProperty {
  const value = toStatic(property.value);
  const valueNode = ts.isPropertyAssignment(property.node) ? property.node.initializer : property.node;
  const out: AnnotationProperty = {
    key: property.key,
    value,
    loc: locOf(property.node, property.sf),
    keyLoc: locOf(property.keyNode, property.sf),
    valueLoc: locOf(valueNode, property.sf),
  };
  if (value === 'unresolved') out.reason = describeValue(property.value);
  if (value === 'unresolved' && property.value.kind === 'unknown') out.cause = property.value.cause;
  if (property.overrides) out.overrides = locOf(property.overrides.node, property.overrides.sf);
  return out;
}

/** The declared annotations of a tool, from whatever value was given for them. */
export function declaredAnnotations(value: Value, written: ts.Node, writtenSf: ts.SourceFile): DeclaredAnnotations {
  const loc = locOf(written, writtenSf);
  const key = keyOf(written);
  const keyLoc = key ? locOf(key, writtenSf) : undefined;
  if (value.kind === 'object') {
    const objectIsLiteral = ts.isObjectLiteralExpression(value.node);
    return {
      loc,
      ...(keyLoc ? { keyLoc } : {}),
      objectLoc: objectIsLiteral ? locOf(value.node, value.sf) : null,
      inline: objectIsLiteral && value.node === skipToLiteral(written),
      // A key whose value is `undefined` is not sent (JSON drops it): the host sees the hint omitted.
      properties: [...value.properties.values()]
        .filter((property) => !(property.value.kind === 'literal' && property.value.value === undefined))
        .map(toAnnotationProperty)
        .sort((a, b) => (a.loc.file === b.loc.file ? a.loc.start - b.loc.start : 0)),
      unresolved: value.unresolved.map((u) => ({ loc: locOf(u.node, u.sf), reason: u.reason, cause: u.cause })),
    };
  }
  return { loc, ...(keyLoc ? { keyLoc } : {}), objectLoc: null, inline: false, properties: [], unresolved: [{ loc, reason: describeValue(value), ...(value.kind === 'unknown' ? { cause: value.cause } : {}) }] };
}

/** The property name `written` is the value of: `annotations` in `annotations: {…}` or in `{ annotations }`. */
function keyOf(written: ts.Node): ts.Node | undefined {
  if (ts.isShorthandPropertyAssignment(written)) return written.name;
  const node = outermost(written);
  const parent = node.parent;
  if (ts.isShorthandPropertyAssignment(parent)) return parent.name;
  return ts.isPropertyAssignment(parent) && parent.initializer === node ? parent.name : undefined;
}

function skipToLiteral(node: ts.Node): ts.Node {
  let current = node;
  while (ts.isParenthesizedExpression(current) || ts.isAsExpression(current) || ts.isSatisfiesExpression(current)) current = current.expression;
  return current;
}

/** Hint keys written in `object`, where the SDK never reads them. */
export function misplacedHintsIn(object: Value | undefined, kind: MisplacedHints['kind']): MisplacedHints | undefined {
  if (!object || object.kind !== 'object') return undefined;
  const properties = [...object.properties.values()].filter((p) => HINTS.has(p.key));
  if (properties.length === 0) return undefined;
  return { kind, loc: locOf(object.node, object.sf), properties: properties.map(toAnnotationProperty) };
}
