// Collections: what `Map`/`Set`/array reads give (`map.values()`, `map.get(k)`), and the collections a class fills
// through its own methods (`register(def) { this.tools.set(def.name, def) }`, `add(t) { this.items.push(t) }`).
// What such a field holds is decided by the callers of those methods, so the evaluator reads each fill call once
// per call site (Evaluator.withMethodFills).
import ts from 'typescript';
import { callsIn } from '../syntax';
import { propertyNameText, skipOuterExpressions } from '../syntax';
import { unknown, type ArrayValue, type Value } from './values';

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
  const part = (pair: Value, index: 0 | 1): Value => (pair.kind === 'array' && pair.elements[index]) || unknown(pair.node, pair.sf, 'an entry of a map');
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

const FILLING_METHODS: Record<string, FillKind> = { push: 'elements', unshift: 'elements', add: 'elements', set: 'pair' };

export interface MethodFill {
  /** The method whose body holds the fill; its callers supply the values. */
  method: ts.MethodDeclaration | ts.ConstructorDeclaration;
  call: ts.CallExpression;
  kind: FillKind;
}

const fillCache = new WeakMap<ts.ClassLikeDeclaration, Map<string, MethodFill[]>>();

/** Calls `this.<field>.push(…)`, `.set(…)`, `.add(…)`, `.unshift(…)` in the constructor and instance methods of `cls`, by field name. */
export function methodFills(cls: ts.ClassLikeDeclaration): Map<string, MethodFill[]> {
  const cached = fillCache.get(cls);
  if (cached) return cached;
  const byField = new Map<string, MethodFill[]>();
  for (const member of cls.members) {
    if (!(ts.isMethodDeclaration(member) || ts.isConstructorDeclaration(member)) || !member.body || member.modifiers?.some((m) => m.kind === ts.SyntaxKind.StaticKeyword)) continue;
    const visit = (node: ts.Node): void => {
      // A nested function or class may run at another time, with another `this`.
      if (ts.isFunctionDeclaration(node) || ts.isFunctionExpression(node) || ts.isClassLike(node)) return;
      if (ts.isCallExpression(node)) {
        const callee = skipOuterExpressions(node.expression);
        const kind = ts.isPropertyAccessExpression(callee) ? FILLING_METHODS[callee.name.text] : undefined;
        const target = kind && skipOuterExpressions((callee as ts.PropertyAccessExpression).expression);
        if (kind && target && ts.isPropertyAccessExpression(target) && target.expression.kind === ts.SyntaxKind.ThisKeyword) {
          const field = target.name.text;
          const list = byField.get(field) ?? [];
          list.push({ method: member, call: node, kind });
          byField.set(field, list);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(member.body);
  }
  fillCache.set(cls, byField);
  return byField;
}

/** The name a method is called by (`register`), for finding its call sites. */
export function methodName(method: ts.MethodDeclaration): string | undefined {
  return propertyNameText(method.name);
}

/** Calls `<receiver>.<name>(…)` in a file, with the receiver expression (the caller checks what it evaluates to). */
export function methodCallsIn(sf: ts.SourceFile, name: string): { call: ts.CallExpression; receiver: ts.Expression }[] {
  const out: { call: ts.CallExpression; receiver: ts.Expression }[] = [];
  for (const { call, name: called, byIdentifier } of callsIn(sf)) {
    if (called !== name || byIdentifier) continue;
    const callee = skipOuterExpressions(call.expression) as ts.PropertyAccessExpression;
    out.push({ call, receiver: callee.expression });
  }
  return out;
}
