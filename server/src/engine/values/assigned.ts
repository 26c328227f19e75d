// Objects filled by `Object.assign(target, …sources)` statements before they are used, often each behind its own
// run-time condition (`if (features.has("database")) Object.assign(tools, databaseTools())`): what the target holds
// afterwards. A key a conditional merge brings is present only on some paths: reading it gives an unknown value,
// while a reader of the whole collection (a tools map, `Object.values`) sees the value it has when present, kept
// under the merge's conditions (kept.ts), so the tool it defines is reported with them.
import ts from 'typescript';
import { keptConditions, keptOnlyWhen, type KeptCondition } from './kept';
import { skipOuterExpressions } from '../syntax';
import { causeOf, RUNTIME_CONDITION, unknown, type ObjectProperty, type ObjectValue, type Value } from './values';
import { lineMention } from '../syntax';

/**
 * The run-time guards between `node` and `scope` (an `if`, `?:`, `a && b`, `a || b`), innermost last, as kept
 * conditions; undefined when a `switch` or `catch` decides, which is not read as a condition here.
 */
export function pathConditions(node: ts.Node, scope: ts.Node, sf: ts.SourceFile): KeptCondition[] | undefined {
  const out: KeptCondition[] = [];
  for (let child = node, parent = node.parent; parent && parent !== scope; child = parent, parent = parent.parent) {
    if (ts.isIfStatement(parent) && child !== parent.expression) out.push({ node: decidingOperand(parent.expression), sf, negated: child === parent.elseStatement, via: 'if' });
    else if (ts.isConditionalExpression(parent) && child !== parent.condition) out.push({ node: parent.condition, sf, negated: child === parent.whenFalse, via: 'if' });
    else if (ts.isBinaryExpression(parent) && child === parent.right) {
      const op = parent.operatorToken.kind;
      if (op === ts.SyntaxKind.AmpersandAmpersandToken) out.push({ node: parent.left, sf, negated: false, via: 'if' });
      else if (op === ts.SyntaxKind.BarBarToken || op === ts.SyntaxKind.QuestionQuestionToken) out.push({ node: parent.left, sf, negated: true, via: 'if' });
    } else if (ts.isCaseClause(parent) || ts.isDefaultClause(parent) || ts.isCatchClause(parent)) return undefined;
  }
  return out.reverse();
}

/** `if (a(), b, cond)`: minified code runs statements in the condition; the last operand decides. */
function decidingOperand(expr: ts.Expression): ts.Expression {
  let node = skipOuterExpressions(expr);
  while (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.CommaToken) node = skipOuterExpressions(node.right);
  return node;
}

/**
 * Merges one source of an `Object.assign` (or a spread, `...(cond && { … })`) into `result` (a copy being built). Unconditional: its keys replace the
 * earlier ones. Under `conditions`: a key not there before is present only when they hold; a key that was there is
 * changed only on some paths, so its value is unknown.
 */
export function mergeAssigned(result: ObjectValue, source: Value, call: ts.Node, sf: ts.SourceFile, conditions: readonly KeptCondition[], override: (property: ObjectProperty, previous: ObjectProperty) => ObjectProperty): void {
  if (source.kind !== 'object') {
    // `Object.assign(x, undefined)` adds nothing; anything else adds keys nobody can name.
    if (!(source.kind === 'literal' && (source.value === undefined || source.value === null))) {
      result.unresolved.push({ node: call, sf, reason: source.kind === 'unknown' ? source.reason : `an Object.assign of a ${source.kind}`, cause: causeOf(source, { kind: 'runtime', source: 'value' }) });
    }
    return;
  }
  const line = sf.getLineAndCharacterOfPosition(call.getStart(sf)).line + 1;
  for (const property of source.properties.values()) {
    const previous = result.properties.get(property.key);
    if (conditions.length === 0) {
      result.properties.set(property.key, previous ? override(property, previous) : property);
    } else if (previous) {
      const changed = unknown(call, sf, `\`${property.key}\`, changed under a condition (${lineMention(line, sf)})`, RUNTIME_CONDITION);
      result.properties.set(property.key, { key: property.key, node: property.node, keyNode: property.keyNode, sf: property.sf, value: changed, overrides: previous });
    } else {
      result.properties.set(property.key, conditionalProperty(property, conditions, call, sf, line));
    }
  }
  if (source.unresolved.length > 0) result.unresolved.push(...source.unresolved);
}

function conditionalProperty(property: ObjectProperty, conditions: readonly KeptCondition[], call: ts.Node, sf: ts.SourceFile, line: number): ObjectProperty {
  let present: Value | undefined;
  return {
    key: property.key,
    node: property.node,
    keyNode: property.keyNode,
    sf: property.sf,
    value: unknown(call, sf, `\`${property.key}\`, set only when a condition holds (${lineMention(line, sf)})`, RUNTIME_CONDITION),
    get present() {
      return (present ??= keptOnlyWhen(property.present ?? property.value, conditions));
    },
  };
}

/** The value a collection reader sees for a property: the value it has when present, conditions included. */
export function presentValue(property: ObjectProperty): Value {
  return property.present ?? property.value;
}

/** `x.a.b` (literal keys only): the keys after the root identifier, `["a", "b"]`. */
export function memberPath(target: ts.Expression): string[] | undefined {
  const keys: string[] = [];
  let node = skipOuterExpressions(target);
  while (ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node)) {
    if (ts.isPropertyAccessExpression(node)) keys.unshift(node.name.text);
    else if (ts.isStringLiteralLike(node.argumentExpression) || ts.isNumericLiteral(node.argumentExpression)) keys.unshift(node.argumentExpression.text);
    else return undefined;
    node = skipOuterExpressions(node.expression);
  }
  return ts.isIdentifier(node) && keys.length > 0 ? keys : undefined;
}

/** A copy of `object` with the member at `path` set (`secret.hidden = v` on `secret`); unknown when it is no object. */
export function withMemberSet(object: Value | undefined, path: readonly string[], compute: () => Value, node: ts.Node, sf: ts.SourceFile): Value {
  if (path.length === 0) return compute();
  if (object?.kind !== 'object') return unknown(node, sf, `\`${path.join('.')}\` set on ${object ? `a ${object.kind}` : 'a missing member'}`, { kind: 'runtime', source: 'write' });
  const [key, ...rest] = path;
  const previous = object.properties.get(key);
  let cached: Value | undefined;
  const property: ObjectProperty = {
    key,
    node,
    keyNode: node,
    sf,
    overrides: previous,
    get value() {
      return (cached ??= withMemberSet(previous ? presentValue(previous) : undefined, rest, compute, node, sf));
    },
  };
  const properties = new Map(object.properties);
  properties.set(key, property);
  return keptOnlyWhen({ ...object, properties }, keptConditions(object));
}
