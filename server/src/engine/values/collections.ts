// Collections: lists, Sets and Maps (a Map is an array of `[key, value]` pairs marked `keyed`). What their methods
// and the `Array`/`Object` built-ins give, and the collections a class fills through its own methods
// (`register(def) { this.tools.set(def.name, def) }`, `add(t) { this.items.push(t) }`). What such a field holds is
// decided by the callers of those methods, so the evaluator reads each fill call once per call site
// (classes.ts, withMethodFills).
import ts from 'typescript';
import { callMutation, fileIndexOfNode, findDeclaration, skipOuterExpressions, table } from '../syntax';
import type { EvaluatorCore } from './evaluator-core';
import { addedConditions, carryConditions, keptConditions, keptOnlyWhen, type KeptCondition } from './kept';
import { presentValue } from './assigned';
import { returnExpression } from './nodes';
import { overriding, withOrigin } from './properties';
import { causeOf, describeValue, RUNTIME_VALUE, unknown, type ArrayValue, type Env, type FunctionValue, type ObjectValue, type Value } from './values';

/** The evaluator's job for collections: `Array`/`Object` built-ins, list methods, `new Set`/`new Map`. */
export class Collections {
  constructor(private readonly evaluator: EvaluatorCore) {}

  /** `Array.isArray(x)`, `Array.from(x)`, `Object.values/keys/entries/freeze/assign(x)`, when the answer is known. */
  staticCall(expr: ts.CallExpression, callee: ts.PropertyAccessExpression, sf: ts.SourceFile, env: Env): Value | undefined {
    const method = callee.name.text;
    if (ts.isIdentifier(callee.expression) && callee.expression.text === 'Array' && method === 'isArray' && expr.arguments.length === 1 && !findDeclaration('Array', callee.expression)) {
      const tested = this.evaluator.evaluate(expr.arguments[0], sf, env);
      if (tested.kind !== 'unknown' && tested.kind !== 'module') return { kind: 'literal', value: tested.kind === 'array' && !tested.keyed, node: expr, sf };
    }
    if (ts.isIdentifier(callee.expression) && callee.expression.text === 'Array' && method === 'from' && expr.arguments.length === 1 && !findDeclaration('Array', callee.expression)) {
      const source = this.evaluator.evaluate(expr.arguments[0], sf, env);
      if (source.kind === 'array') return { ...source, node: expr, sf, keyed: undefined };
    }
    if (ts.isIdentifier(callee.expression) && callee.expression.text === 'Object' && expr.arguments.length > 0) {
      const target = this.evaluator.evaluate(expr.arguments[0], sf, env);
      const entries = this.entriesOf(target);
      if (entries) {
        if (method === 'values') return { kind: 'array', elements: entries.map(([, v]) => v), node: expr, sf };
        if (method === 'keys') return { kind: 'array', elements: entries.map(([k, , keyNode]) => ({ kind: 'literal', value: k, node: keyNode, sf: target.sf }) as Value), node: expr, sf };
        if (method === 'entries') {
          return {
            kind: 'array',
            elements: entries.map(([k, v, keyNode]) => ({ kind: 'array', elements: [{ kind: 'literal', value: k, node: keyNode, sf: target.sf }, v], node: keyNode, sf: target.sf }) as Value),
            node: expr,
            sf,
          };
        }
        if (method === 'freeze') return target;
      }
      // `Object.values(registry)` of a parameter: known once a caller supplies it.
      if (target.kind === 'unknown' && target.binder && (method === 'values' || method === 'keys' || method === 'entries')) {
        return unknown(expr, sf, target.reason, target.cause, target.binder);
      }
      if (method === 'assign' && target.kind === 'object') {
        return this.objectAssign(expr, sf, env);
      }
    }
    return undefined;
  }

  /** A method of a list, a Set or a Map whose answer the elements give (`filter`, `includes`, `map`, `get`, …). */
  listMethod(receiver: ArrayValue, expr: ts.CallExpression, method: string, sf: ts.SourceFile, env: Env): Value | undefined {
    const read = collectionRead(receiver, method, expr.arguments.map((a) => this.evaluator.evaluate(a, sf, env)), expr, sf);
    if (read) return read;
    // A Map answers only through collectionRead; the list methods below are an array's or a Set's.
    if (!receiver.keyed) switch (method) {
      case 'filter': {
        // Elements the callback rejects for certain are never in the list; the others may be.
        const fn = expr.arguments[0] && this.evaluator.evaluate(expr.arguments[0], sf, env);
        if (!fn || fn.kind !== 'function') return { ...receiver, node: expr, sf };
        const elements: Value[] = [];
        receiver.elements.forEach((element, index) => {
          const args: Value[] = [element, { kind: 'literal', value: index, node: expr, sf }];
          const kept = this.evaluator.callFunction(fn, args, expr, sf);
          if (kept.kind === 'literal' && !kept.value) return;
          // Kept for certain, or only when the callback says so at run time (the condition travels with it).
          const certain = kept.kind === 'literal' || kept.kind === 'object' || kept.kind === 'array' || kept.kind === 'function' || keepsForCertain(this.evaluator, fn, args, expr, sf);
          elements.push(certain ? element : keptOnlyWhen(element, [{ node: callbackBody(fn.node), sf: fn.sf, negated: false, via: 'filter' }]));
        });
        return { ...receiver, elements, node: expr, sf };
      }
      case 'includes':
      case 'has': {
        // A list of known strings (a static allow-list, a `Set` of names) answers for a known value.
        const sought = expr.arguments[0] && this.evaluator.evaluate(expr.arguments[0], sf, env);
        if (!sought || sought.kind !== 'literal' || receiver.partial || !receiver.elements.every((e) => e.kind === 'literal')) break;
        const matches = receiver.elements.filter((e) => e.kind === 'literal' && e.value === sought.value);
        // Listed only in a list chosen at run time (`mode ? listA : listB`): the answer is the run time's.
        if (matches.length > 0 && matches.every((e) => keptConditions(e).length > 0)) break;
        return { kind: 'literal', value: matches.length > 0, node: expr, sf };
      }
      case 'some':
      case 'every': {
        const fn = expr.arguments[0] && this.evaluator.evaluate(expr.arguments[0], sf, env);
        if (!fn || fn.kind !== 'function' || receiver.partial) break;
        const answers = receiver.elements.map((element) => this.evaluator.callFunction(fn, [element], expr, sf));
        if (!answers.every((a) => a.kind === 'literal')) break;
        const truthy = answers.map((a) => Boolean((a as { value: unknown }).value));
        return { kind: 'literal', value: method === 'some' ? truthy.some(Boolean) : truthy.every(Boolean), node: expr, sf };
      }
      case 'slice':
      case 'concat':
      case 'flat':
      case 'sort':
      case 'reverse':
      case 'toSorted': {
        let elements = receiver.elements;
        if (method === 'concat') {
          for (const arg of expr.arguments) {
            const more = this.evaluator.evaluate(arg, sf, env);
            elements = elements.concat(more.kind === 'array' ? more.elements : [more]);
          }
        }
        if (method === 'flat') elements = elements.flatMap((e) => (e.kind === 'array' ? e.elements : [e]));
        return { ...receiver, elements, node: expr, sf };
      }
      case 'join': {
        // Known text only: a list that may hold more, or elements kept by a run-time condition, joins at run time.
        const separator = expr.arguments[0] ? this.evaluator.evaluate(expr.arguments[0], sf, env) : { kind: 'literal' as const, value: ',', node: expr, sf };
        const parts = receiver.elements.map((e) => (e.kind === 'literal' && (typeof e.value === 'string' || typeof e.value === 'number') && keptConditions(e).length === 0 ? String(e.value) : undefined));
        if (receiver.partial || separator.kind !== 'literal' || typeof separator.value !== 'string' || parts.some((p) => p === undefined)) break;
        return { kind: 'literal', value: parts.join(separator.value), node: expr, sf };
      }
      case 'find': {
        const found = this.findElement(receiver, expr, sf, env);
        if (found) return found;
        break;
      }
      case 'map':
      case 'flatMap': {
        const fn = expr.arguments[0] && this.evaluator.evaluate(expr.arguments[0], sf, env);
        if (!fn || fn.kind !== 'function') break;
        const elements: Value[] = [];
        for (const element of receiver.elements) {
          const mapped = this.evaluator.callFunction(fn, [element], expr, sf);
          if (method === 'flatMap' && mapped.kind === 'array') elements.push(...mapped.elements.map((e) => carryConditions(element, e)));
          else elements.push(carryConditions(element, mapped));
        }
        return { kind: 'array', elements, node: expr, sf, partial: receiver.partial };
      }
    }
    return undefined;
  }

  /** `new Set(list)` is read as the list (for `has`, spreads and iteration), `new Map(pairs)` as its pairs. */
  newCollection(expr: ts.NewExpression, callee: ts.Expression, sf: ts.SourceFile, env: Env): Value | undefined {
    if (ts.isIdentifier(callee) && callee.text === 'Set' && !findDeclaration('Set', callee)) {
      const source = expr.arguments?.[0];
      if (!source) return { kind: 'array', elements: [], node: expr, sf };
      const list = this.evaluator.evaluate(source, sf, env);
      if (list.kind === 'array') {
        const seen = new Set<unknown>();
        const elements = list.elements.filter((e) => e.kind !== 'literal' || (!seen.has(e.value) && seen.add(e.value)));
        return { ...list, elements, node: expr, sf };
      }
      return unknown(expr, sf, `a set built from ${describeValue(list)}`, causeOf(list, RUNTIME_VALUE), list.kind === 'unknown' ? list.binder : undefined);
    }
    if (ts.isIdentifier(callee) && callee.text === 'Map' && !findDeclaration('Map', callee)) {
      const source = expr.arguments?.[0];
      const pairs = source ? this.evaluator.evaluate(source, sf, env) : undefined;
      if (!pairs) return { kind: 'array', elements: [], node: expr, sf, keyed: true };
      if (pairs.kind === 'array') return { ...pairs, node: expr, sf, keyed: true };
      return unknown(expr, sf, `a map built from ${describeValue(pairs)}`, causeOf(pairs, RUNTIME_VALUE), pairs.kind === 'unknown' ? pairs.binder : undefined);
    }
    return undefined;
  }

  /** `list.find(cb)`: the first element the callback keeps, as long as every callback before it gives a known answer. */
  private findElement(receiver: ArrayValue, expr: ts.CallExpression, sf: ts.SourceFile, env: Env): Value | undefined {
    const arg = expr.arguments[0] && this.evaluator.evaluate(expr.arguments[0], sf, env);
    if (!arg || receiver.partial || arg.kind !== 'function') return undefined;
    const indexed = this.indexedFind(receiver, arg, expr, sf);
    if (indexed) return indexed;
    for (const element of receiver.elements) {
      const kept = this.evaluator.callFunction(arg, [element], expr, sf);
      if (kept.kind !== 'literal') return undefined;
      if (kept.value) return element;
    }
    return { kind: 'literal', value: undefined, node: expr, sf };
  }

  /**
   * `list.find((e) => e.key === value)`: an equality lookup. The list is indexed by `key` once (per evaluator), so a
   * loop that looks up each of its tools in a large data file costs one index, not one callback per element.
   */
  private indexedFind(list: ArrayValue, fn: FunctionValue, site: ts.Node, siteSf: ts.SourceFile): Value | undefined {
    const lookup = equalityLookup(fn.node);
    if (!lookup) return undefined;
    const wanted = this.evaluator.evaluate(lookup.value, fn.sf, fn.env);
    if (wanted.kind !== 'literal') return undefined;
    let byKey = this.findIndexes.get(list);
    if (!byKey) this.findIndexes.set(list, (byKey = new Map()));
    let index = byKey.get(lookup.key);
    if (!index) {
      const built = new Map<unknown, Value>();
      for (const element of list.elements) {
        if (element.kind !== 'object') return undefined;
        const key = this.evaluator.member(element, lookup.key, site, siteSf);
        if (key.kind !== 'literal') return undefined;
        if (!built.has(key.value)) built.set(key.value, element);
      }
      byKey.set(lookup.key, (index = built));
    }
    return index.get(wanted.value) ?? { kind: 'literal', value: undefined, node: site, sf: siteSf };
  }

  private readonly findIndexes = new WeakMap<ArrayValue, Map<string, Map<unknown, Value>>>();

  private objectAssign(expr: ts.CallExpression, sf: ts.SourceFile, env: Env): Value {
    // `Object.assign({ key, tool }, extra)` is the literal it fills (what compilers write for `{ key, tool, ...extra }`).
    const target = expr.arguments[0] && skipOuterExpressions(expr.arguments[0]);
    const result: ObjectValue = { kind: 'object', properties: new Map(), unresolved: [], node: target && ts.isObjectLiteralExpression(target) ? target : expr, sf };
    for (const arg of expr.arguments) {
      const value = this.evaluator.evaluate(arg, sf, env);
      if (value.kind === 'object') {
        for (const property of value.properties.values()) {
          const previous = result.properties.get(property.key);
          result.properties.set(property.key, previous ? overriding(property, previous) : property);
        }
        result.unresolved.push(...value.unresolved);
      } else {
        result.unresolved.push({ node: arg, sf, reason: value.kind === 'unknown' ? value.reason : `a ${value.kind}`, cause: causeOf(value, RUNTIME_VALUE) });
      }
    }
    return result;
  }

  /** Key/value pairs of an object or module, for Object.values/entries/keys. */
  entriesOf(value: Value): [string, Value, ts.Node][] | undefined {
    if (value.kind === 'object') return [...value.properties.values()].map((p) => [p.key, withOrigin(presentValue(p), p), p.keyNode]);
    if (value.kind === 'module') return this.evaluator.moduleExports(value.node).map(([k, v, node]) => [k, v, node]);
    if (value.kind === 'array') return value.elements.map((v, i) => [String(i), v, v.node]);
    return undefined;
  }
}

/**
 * `values()`, `keys()`, `entries()`, `get(k)` and `has(k)` on a collection (a `Map` is an array of `[key, value]`
 * pairs marked `keyed`; a `Set` or an array is its elements). Undefined when the read is not one of these or its
 * answer depends on what is not known.
 */
export function collectionRead(receiver: ArrayValue, method: string, args: Value[], node: ts.Node, sf: ts.SourceFile): Value | undefined {
  const list = (elements: Value[]): ArrayValue => ({ kind: 'array', elements, node, sf, partial: receiver.partial });
  if (!receiver.keyed) {
    if (method === 'values' && args.length === 0) return list(receiver.elements);
    return undefined;
  }
  const part = (pair: Value, index: 0 | 1): Value => (pair.kind === 'array' && pair.elements[index]) || unknown(pair.node, pair.sf, 'an entry of a map', RUNTIME_VALUE);
  switch (method) {
    case 'values':
      return list(receiver.elements.map((pair) => part(pair, 1)));
    case 'keys':
      return list(receiver.elements.map((pair) => part(pair, 0)));
    case 'entries':
      return list(receiver.elements);
    case 'get':
    case 'has': {
      const [sought] = args;
      const keys = receiver.elements.map((pair) => part(pair, 0));
      if (!sought || sought.kind !== 'literal' || receiver.partial || !keys.every((k) => k.kind === 'literal')) return undefined;
      // The last `set` of a key wins.
      let index = -1;
      keys.forEach((k, i) => {
        if ((k as { value: unknown }).value === sought.value) index = i;
      });
      if (method === 'has') return { kind: 'literal', value: index >= 0, node, sf };
      return index >= 0 ? part(receiver.elements[index], 1) : { kind: 'literal', value: undefined, node, sf };
    }
  }
  return undefined;
}

/** How a call adds to a collection: `push`/`unshift`/`add` add each argument, `set` adds a `[key, value]` pair. */
export type FillKind = 'elements' | 'pair';

export interface MethodFill {
  /** The method whose body holds the fill; its callers supply the values. */
  method: ts.MethodDeclaration | ts.ConstructorDeclaration;
  call: ts.CallExpression;
  kind: FillKind;
}

/** Read from the class's own members: a class a re-parse reuses keeps it. */
const METHOD_FILLS = table<ts.ClassLikeDeclaration, Map<string, MethodFill[]>>('collections:method-fills', 'node', 'the calls that fill a collection field in a class\'s constructor and instance methods, by field');

/** Calls `this.<field>.push(…)`, `.set(…)`, `.add(…)`, `.unshift(…)` in the constructor and instance methods of `cls`, by field name. */
export function methodFills(cls: ts.ClassLikeDeclaration): Map<string, MethodFill[]> {
  return fileIndexOfNode(cls).cached(METHOD_FILLS, cls, () => findMethodFills(cls));
}

function findMethodFills(cls: ts.ClassLikeDeclaration): Map<string, MethodFill[]> {
  const byField = new Map<string, MethodFill[]>();
  for (const member of cls.members) {
    if (!(ts.isMethodDeclaration(member) || ts.isConstructorDeclaration(member)) || !member.body || member.modifiers?.some((m) => m.kind === ts.SyntaxKind.StaticKeyword)) continue;
    const visit = (node: ts.Node): void => {
      // A nested function or class may run at another time, with another `this`.
      if (ts.isFunctionDeclaration(node) || ts.isFunctionExpression(node) || ts.isClassLike(node)) return;
      // A call that fills a field of `this` (syntax/writes.ts): `this.tools.push(t)`, `this.handlers.set(k, h)`.
      const write = ts.isCallExpression(node) ? callMutation(node) : undefined;
      if (write?.mutation === 'fill' && write.root?.kind === ts.SyntaxKind.ThisKeyword && write.path?.length === 1) {
        const field = write.path[0];
        const list = byField.get(field) ?? [];
        list.push({ method: member, call: node as ts.CallExpression, kind: write.method === 'set' ? 'pair' : 'elements' });
        byField.set(field, list);
      }
      ts.forEachChild(node, visit);
    };
    visit(member.body);
  }
  return byField;
}

/** Lists a variable may hold (nothing, `null` or `undefined` add no element): their elements, each once. */
export function unionOfLists(values: Value[], decl: ts.Node, sf: ts.SourceFile, guards?: readonly (readonly KeptCondition[] | undefined)[]): ArrayValue | undefined {
  const lists = values.filter((value) => !(value.kind === 'literal' && (value.value === null || value.value === undefined)));
  if (lists.length === 0 || !lists.every((value) => value.kind === 'array')) return undefined;
  // `let tools = all; if (readOnly) tools = tools.filter(…)`: the list as declared, replaced only when the guards hold.
  const replacing = guards?.[1];
  if (values.length === 2 && lists.length === 2 && guards?.[0]?.length === 0 && replacing && replacing.length > 0) {
    return replacedUnder(values[0] as ArrayValue, values[1] as ArrayValue, replacing, decl, sf);
  }
  const seen = new Map<string, number>();
  const elements: Value[] = [];
  let partial: string | undefined;
  for (const list of lists as ArrayValue[]) {
    for (const element of list.elements) {
      const key = elementKey(element);
      const at = seen.get(key);
      if (at === undefined) {
        seen.set(key, elements.length);
        elements.push(element);
      } else if (keptConditions(elements[at]).length === 0 && keptConditions(element).length > 0) {
        // Listed for certain by one value the variable may hold, only under a condition by another: a condition.
        elements[at] = element;
      }
    }
    partial ??= list.partial;
  }
  // An element some of the lists leave out is there only when the run time picks a list that has it.
  const keysOfLists = (lists as ArrayValue[]).map((list) => new Set(list.elements.map(elementKey)));
  const everywhere = (element: Value) => keysOfLists.every((keys) => keys.has(elementKey(element)));
  const chosen = [{ node: decl, sf, negated: false, via: 'if' as const }];
  return { kind: 'array', elements: elements.map((e) => (everywhere(e) ? e : keptOnlyWhen(e, chosen))), node: decl, sf, partial };
}

/**
 * The list `initial` or, when every condition of `guards` holds, `replacement`: an element only the replacement has is
 * kept under the guards, one only the initial list has under their negation, one both have (kept in the replacement
 * under conditions P, a filter's) when the guards do not hold or P does.
 */
function replacedUnder(initial: ArrayValue, replacement: ArrayValue, guards: readonly KeptCondition[], decl: ts.Node, sf: ts.SourceFile): ArrayValue {
  const flip = (c: KeptCondition): KeptCondition => ({ node: c.node, sf: c.sf, negated: !c.negated, via: c.via });
  const [first, ...rest] = guards;
  const notReplaced: KeptCondition = { ...flip(first), ...(rest.length > 0 ? { or: rest.map((c) => [flip(c)]) } : {}) };
  const replaced = new Map(replacement.elements.map((e) => [elementKey(e), e]));
  const elements: Value[] = [];
  const seen = new Set<string>();
  for (const element of initial.elements) {
    const key = elementKey(element);
    if (seen.has(key)) continue;
    seen.add(key);
    const other = replaced.get(key);
    if (!other) {
      elements.push(keptOnlyWhen(element, [notReplaced]));
      continue;
    }
    // What the replacement adds to the conditions the element had (a filter's): needed only when it replaces.
    const added = addedConditions(keptConditions(element), keptConditions(other));
    if (!added || added.length === 0) elements.push(element);
    else elements.push(keptOnlyWhen(element, [{ ...notReplaced, or: [...(notReplaced.or ?? []), added] }]));
  }
  for (const element of replacement.elements) {
    const key = elementKey(element);
    if (seen.has(key)) continue;
    seen.add(key);
    elements.push(keptOnlyWhen(element, guards));
  }
  return { kind: 'array', elements, node: decl, sf, partial: initial.partial ?? replacement.partial };
}

/**
 * Whether a callback whose answer is not known is truthy whatever the run time gives: `(d) => !readOnly || d.readOnly`
 * for a read-only `d` (an operand of `||` that is truthy for certain, or every operand of `&&`).
 */
export function keepsForCertain(evaluator: EvaluatorCore, fn: FunctionValue, args: Value[], site: ts.Node, siteSf: ts.SourceFile): boolean {
  const body = fn.node.body;
  if (!body || ts.isBlock(body) || evaluator.inProgress.has(fn.node)) return false;
  const env = new Map(fn.env);
  evaluator.bindParameters(fn.node, args, env, fn.sf, site, siteSf);
  const truthy = (expr: ts.Expression): boolean => {
    const node = skipOuterExpressions(expr);
    if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.BarBarToken) return truthy(node.left) || truthy(node.right);
    if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken) return truthy(node.left) && truthy(node.right);
    const value = evaluator.evaluate(node, fn.sf, env);
    return (value.kind === 'literal' && Boolean(value.value)) || value.kind === 'object' || value.kind === 'array' || value.kind === 'function';
  };
  evaluator.inProgress.add(fn.node);
  try {
    return truthy(body);
  } finally {
    evaluator.inProgress.delete(fn.node);
  }
}

/** What a callback decides with: its expression body, or the function itself. */
function callbackBody(fn: ts.FunctionLikeDeclaration): ts.Node {
  return fn.body && !ts.isBlock(fn.body) ? fn.body : fn;
}

/** Two elements are the same when they come from the same place with the same name (one literal mapped over names gives several). */
function elementKey(element: Value): string {
  const name = element.kind === 'object' ? element.properties.get('name')?.value : undefined;
  return `${element.sf.fileName}:${element.node.pos}:${name?.kind === 'literal' ? String(name.value) : ''}`;
}

/** `(e) => e.key === value` (either side): the key read from the parameter and the expression it is compared with. */
function equalityLookup(fn: ts.FunctionLikeDeclaration): { key: string; value: ts.Expression } | undefined {
  const parameter = fn.parameters[0];
  const body = fn.body && (ts.isBlock(fn.body) ? returnExpression(fn) : fn.body);
  if (!parameter || fn.parameters.length !== 1 || !ts.isIdentifier(parameter.name) || !body) return undefined;
  const comparison = skipOuterExpressions(body);
  if (!ts.isBinaryExpression(comparison) || (comparison.operatorToken.kind !== ts.SyntaxKind.EqualsEqualsEqualsToken && comparison.operatorToken.kind !== ts.SyntaxKind.EqualsEqualsToken)) return undefined;
  const name = parameter.name.text;
  const keyOf = (side: ts.Expression) => {
    const inner = skipOuterExpressions(side);
    return ts.isPropertyAccessExpression(inner) && ts.isIdentifier(inner.expression) && inner.expression.text === name ? inner.name.text : undefined;
  };
  const mentionsParameter = (node: ts.Node): boolean => (ts.isIdentifier(node) && node.text === name) || !!ts.forEachChild(node, mentionsParameter);
  const leftKey = keyOf(comparison.left);
  if (leftKey && !mentionsParameter(comparison.right)) return { key: leftKey, value: comparison.right };
  const rightKey = keyOf(comparison.right);
  if (rightKey && !mentionsParameter(comparison.left)) return { key: rightKey, value: comparison.left };
  return undefined;
}
