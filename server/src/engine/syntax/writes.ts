// The one notion of a write: which expressions a node changes. Every consumer (the evaluator following a variable's
// writes, the tool cache deciding whether an edited statement can change others, the path runner, the evidence
// walk) asks here instead of keeping its own list of cases. Like oxc's reference flags, the decision is made in one
// place; the data says what was written and how, and each consumer decides what that means to it.
//
// A write is reported at the node that performs it: the assignment (every target of a destructuring pattern with
// it), `x++`, `delete`, the `for…of` / `for…in` statement whose head is an existing variable or pattern, or the call
// that changes its receiver (`list.push(v)`, `Object.assign(target, …)`, `Object.defineProperty(target, key, …)`).
// Declarations (`const [a] = …`, `for (const x of …)`) bind new variables and are not writes.
import ts from 'typescript';
import { skipOuterExpressions } from './scope';

/**
 * - `assign`: `x = v`; `compound`: `x += v`, `x ??= v` (reads it too); `update`: `x++`, `--x`; `delete`: `delete o.k`;
 * - `destructure`: a target inside a pattern (`[a, o.b] = …`, `({ k: a = 1, ...rest } = …)`, `for ([k, v] of …)`);
 * - `loop`: the head of `for (x of …)` / `for (x in …)`;
 * - `mutate`: a call that changes its receiver or first argument (see `mutation`).
 */
export type WriteKind = 'assign' | 'compound' | 'update' | 'delete' | 'destructure' | 'loop' | 'mutate';

/**
 * How a call changes what it is called on: `fill` adds entries (`push`, `unshift`, a Map's `set`, a Set's `add`);
 * `remove` takes some away (`splice`, `pop`, `shift`, `delete`, `clear`); `reorder` (`sort`, `reverse`); `overwrite`
 * replaces elements in place (`fill`, `copyWithin`); `merge`: `Object.assign(target, …sources)`; `define`:
 * `Object.defineProperty(target, key, descriptor)` (the member `key` of the target, given by a descriptor).
 */
export type Mutation = 'fill' | 'remove' | 'reorder' | 'overwrite' | 'merge' | 'define';

export interface WrittenTarget {
  kind: WriteKind;
  /** What is changed, outer parentheses and type assertions skipped: `x`, `o.a.b`, `o[k]`, `this.x`; a call's receiver. */
  target: ts.Expression;
  /** The variable (or `this`) the changed storage hangs from: `o` in `o.a.b = 1`, `list` in `list.push(v)`; absent for `f().x = 1`. */
  root?: ts.Identifier | ts.ThisExpression;
  /** Member keys from `root` to `target`: `[]` when the root itself is written; absent when a key is computed or there is no root. */
  path?: readonly string[];
  /** The node that performs the write: the assignment, `x++`, `delete …`, the `for` statement, the call. */
  node: ts.Node;
  /** `assign`: the expression assigned (a destructured target's value is part of the pattern's source). */
  value?: ts.Expression;
  /** `destructure`: the target's default (`[a = 1] = …`, `({ a = 1 } = …)`). */
  fallback?: ts.Expression;
  /** `mutate`: how, and the method called (`push`; `assign` for `Object.assign`, `defineProperty`). */
  mutation?: Mutation;
  method?: string;
  /** `define`: the key argument (`"x"` in `Object.defineProperty(exports, "x", { … })`) and the descriptor. */
  key?: ts.Expression;
  descriptor?: ts.Expression;
}

/** Methods that change their receiver, by how. Called on a variable (or a member of one), they change it. */
export const MUTATING_METHODS: Readonly<Record<string, Exclude<Mutation, 'merge' | 'define'>>> = {
  push: 'fill',
  unshift: 'fill',
  set: 'fill',
  add: 'fill',
  splice: 'remove',
  pop: 'remove',
  shift: 'remove',
  delete: 'remove',
  clear: 'remove',
  sort: 'reorder',
  reverse: 'reorder',
  fill: 'overwrite',
  copyWithin: 'overwrite',
};

const NONE: readonly WrittenTarget[] = [];

/** What `node` itself writes (not its descendants: walk them and ask for each). Empty for almost every node. */
export function writtenTargets(node: ts.Node): readonly WrittenTarget[] {
  switch (node.kind) {
    case ts.SyntaxKind.BinaryExpression: {
      const binary = node as ts.BinaryExpression;
      const operator = binary.operatorToken.kind;
      if (operator < ts.SyntaxKind.FirstAssignment || operator > ts.SyntaxKind.LastAssignment) return NONE;
      if (operator === ts.SyntaxKind.EqualsToken) {
        // `a = 1` inside `[a = 1] = …` is the pattern's default, reported with the pattern's assignment.
        if (isPatternDefault(binary)) return NONE;
        const left = skipOuterExpressions(binary.left);
        if (isLiteralPattern(left)) return patternTargets(left, binary);
        return [{ kind: 'assign', ...describe(left), node, value: binary.right }];
      }
      return [{ kind: 'compound', ...describe(skipOuterExpressions(binary.left)), node }];
    }
    case ts.SyntaxKind.PrefixUnaryExpression:
    case ts.SyntaxKind.PostfixUnaryExpression: {
      const unary = node as ts.PrefixUnaryExpression | ts.PostfixUnaryExpression;
      if (unary.operator !== ts.SyntaxKind.PlusPlusToken && unary.operator !== ts.SyntaxKind.MinusMinusToken) return NONE;
      return [{ kind: 'update', ...describe(skipOuterExpressions(unary.operand)), node }];
    }
    case ts.SyntaxKind.DeleteExpression:
      return [{ kind: 'delete', ...describe(skipOuterExpressions((node as ts.DeleteExpression).expression)), node }];
    case ts.SyntaxKind.ForOfStatement:
    case ts.SyntaxKind.ForInStatement: {
      const head = (node as ts.ForOfStatement | ts.ForInStatement).initializer;
      if (ts.isVariableDeclarationList(head)) return NONE;
      const target = skipOuterExpressions(head);
      return isLiteralPattern(target) ? patternTargets(target, node) : [{ kind: 'loop', ...describe(target), node }];
    }
    case ts.SyntaxKind.CallExpression: {
      const mutation = callMutation(node as ts.CallExpression);
      return mutation ? [mutation] : NONE;
    }
    default:
      return NONE;
  }
}

/**
 * The change a call makes to what it is called on (`list.push(v)`, `map.set(k, v)`), to `Object.assign`'s target or
 * to the object `Object.defineProperty` defines a member of.
 */
export function callMutation(call: ts.CallExpression): WrittenTarget | undefined {
  const callee = skipOuterExpressions(call.expression);
  if (!ts.isPropertyAccessExpression(callee)) return undefined;
  const method = callee.name.text;
  if ((method === 'assign' || method === 'defineProperty') && ts.isIdentifier(callee.expression) && callee.expression.text === 'Object') {
    const [first, key, descriptor] = call.arguments;
    if (call.arguments.length < 2 || ts.isSpreadElement(first)) return undefined;
    if (method === 'assign') return { kind: 'mutate', ...describe(skipOuterExpressions(first)), node: call, mutation: 'merge', method };
    if (call.arguments.length < 3 || ts.isSpreadElement(key) || ts.isSpreadElement(descriptor)) return undefined;
    return { kind: 'mutate', ...describe(skipOuterExpressions(first)), node: call, mutation: 'define', method, key, descriptor };
  }
  const mutation = Object.hasOwn(MUTATING_METHODS, method) ? MUTATING_METHODS[method] : undefined;
  if (!mutation) return undefined;
  return { kind: 'mutate', ...describe(skipOuterExpressions(callee.expression)), node: call, mutation, method };
}

/**
 * The write whose target is `expression` (outer parentheses and assertions around it allowed), if it is written:
 * `x` in `x = 1`, `[x] = …`, `x++`, `for (x of …)`; `o.k` in `delete o.k`. A call's receiver is not a target here
 * (`list` in `list.push(v)` is read, then changed): ask `writtenTargets` of the call.
 */
export function writeAt(expression: ts.Expression): WrittenTarget | undefined {
  const target = skipOuterExpressions(expression);
  const writer = writingNode(target);
  return writer ? writtenTargets(writer).find((write) => write.target === target && write.kind !== 'mutate') : undefined;
}

/** Whether a reference reads what it names, writes it, or both (`x += 1`, `x++`): oxc's ReferenceFlags. */
export interface ReferenceFlags {
  read: boolean;
  write: boolean;
}

/** How `reference` uses what it names: written when it is a write's whole target, read otherwise (`o` in `o.k = 1` is read). */
export function referenceFlags(reference: ts.Identifier): ReferenceFlags {
  const write = writeAt(reference);
  if (!write) return { read: true, write: false };
  return { read: write.kind === 'compound' || write.kind === 'update', write: true };
}

/** The name a write's root goes by: the variable's, or `this`. */
export function writtenRootName(write: WrittenTarget): string | undefined {
  if (!write.root) return undefined;
  return ts.isIdentifier(write.root) ? write.root.text : 'this';
}

// ---- internals ----

function describe(target: ts.Expression): { target: ts.Expression; root?: ts.Identifier | ts.ThisExpression; path?: readonly string[] } {
  const keys: string[] = [];
  let computed = false;
  let node = target;
  while (ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node)) {
    if (ts.isPropertyAccessExpression(node)) keys.push(node.name.text);
    else if (ts.isStringLiteralLike(node.argumentExpression) || ts.isNumericLiteral(node.argumentExpression)) keys.push(node.argumentExpression.text);
    else computed = true;
    node = skipOuterExpressions(node.expression);
  }
  if (!ts.isIdentifier(node) && node.kind !== ts.SyntaxKind.ThisKeyword) return { target };
  const root = node as ts.Identifier | ts.ThisExpression;
  return computed ? { target, root } : { target, root, path: keys.reverse() };
}

function isLiteralPattern(node: ts.Node): node is ts.ArrayLiteralExpression | ts.ObjectLiteralExpression {
  return ts.isArrayLiteralExpression(node) || ts.isObjectLiteralExpression(node);
}

/** Every target of the pattern `pattern`, written by `node` (the assignment or `for` statement it heads). */
function patternTargets(pattern: ts.ArrayLiteralExpression | ts.ObjectLiteralExpression, node: ts.Node): WrittenTarget[] {
  const out: WrittenTarget[] = [];
  const element = (expression: ts.Expression): void => {
    let target = skipOuterExpressions(expression);
    let fallback: ts.Expression | undefined;
    if (ts.isBinaryExpression(target) && target.operatorToken.kind === ts.SyntaxKind.EqualsToken) {
      fallback = target.right;
      target = skipOuterExpressions(target.left);
    }
    if (isLiteralPattern(target)) collect(target);
    else out.push({ kind: 'destructure', ...describe(target), node, ...(fallback ? { fallback } : {}) });
  };
  const collect = (literal: ts.ArrayLiteralExpression | ts.ObjectLiteralExpression): void => {
    if (ts.isArrayLiteralExpression(literal)) {
      for (const item of literal.elements) {
        if (ts.isOmittedExpression(item)) continue;
        element(ts.isSpreadElement(item) ? item.expression : item);
      }
      return;
    }
    for (const property of literal.properties) {
      if (ts.isPropertyAssignment(property)) element(property.initializer);
      else if (ts.isShorthandPropertyAssignment(property)) {
        const fallback = property.objectAssignmentInitializer;
        out.push({ kind: 'destructure', ...describe(property.name), node, ...(fallback ? { fallback } : {}) });
      } else if (ts.isSpreadAssignment(property)) element(property.expression);
    }
  };
  collect(pattern);
  return out;
}

/** `node`, skipping the parentheses and assertions around it upward: the node whose parent gives it its role. */
export function outermost(node: ts.Node): ts.Node {
  let current = node;
  while (current.parent && isWrapping(current.parent)) current = current.parent;
  return current;
}

function isWrapping(node: ts.Node): boolean {
  return ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node) || ts.isTypeAssertionExpression(node) || ts.isNonNullExpression(node);
}

/** The assignment or `for` statement whose pattern `literal` is (or is nested in), if it is a pattern. */
function patternOwner(literal: ts.ArrayLiteralExpression | ts.ObjectLiteralExpression): ts.Node | undefined {
  const position = outermost(literal);
  const parent = position.parent;
  if (!parent) return undefined;
  if (ts.isBinaryExpression(parent) && parent.operatorToken.kind === ts.SyntaxKind.EqualsToken && parent.left === position) {
    // The pattern of an assignment, or the default-carrying element `[[a] = []] = …` of an enclosing pattern.
    return isPatternDefault(parent) ? elementOwner(outermost(parent)) : parent;
  }
  if ((ts.isForOfStatement(parent) || ts.isForInStatement(parent)) && parent.initializer === position) return parent;
  return elementOwner(position);
}

/** The owner of the pattern that `position` (a pattern element, as its parent holds it) is an element of. */
function elementOwner(position: ts.Node): ts.Node | undefined {
  const parent = position.parent;
  if (ts.isArrayLiteralExpression(parent)) return patternOwner(parent);
  if (ts.isSpreadElement(parent) && ts.isArrayLiteralExpression(parent.parent)) return patternOwner(parent.parent);
  if (ts.isPropertyAssignment(parent) && parent.initializer === position) return patternOwner(parent.parent);
  if (ts.isShorthandPropertyAssignment(parent) && parent.name === position) return patternOwner(parent.parent);
  if (ts.isSpreadAssignment(parent)) return patternOwner(parent.parent);
  return undefined;
}

/** `a = 1` that is an element of a pattern with its default, not an assignment. */
function isPatternDefault(binary: ts.BinaryExpression): boolean {
  const position = outermost(binary);
  const parent = position.parent;
  const literal = ts.isArrayLiteralExpression(parent) ? parent : ts.isPropertyAssignment(parent) && parent.initializer === position ? parent.parent : undefined;
  return !!literal && patternOwner(literal) !== undefined;
}

/** The node that would write `target` if it is in a written place. */
function writingNode(target: ts.Expression): ts.Node | undefined {
  const position = outermost(target);
  const parent = position.parent;
  if (!parent) return undefined;
  if (ts.isBinaryExpression(parent) && parent.left === position) {
    if (parent.operatorToken.kind < ts.SyntaxKind.FirstAssignment || parent.operatorToken.kind > ts.SyntaxKind.LastAssignment) return undefined;
    return parent.operatorToken.kind === ts.SyntaxKind.EqualsToken && isPatternDefault(parent) ? elementOwner(outermost(parent)) : parent;
  }
  if ((ts.isPrefixUnaryExpression(parent) || ts.isPostfixUnaryExpression(parent)) && (parent.operator === ts.SyntaxKind.PlusPlusToken || parent.operator === ts.SyntaxKind.MinusMinusToken)) return parent;
  if (ts.isDeleteExpression(parent)) return parent;
  if ((ts.isForOfStatement(parent) || ts.isForInStatement(parent)) && parent.initializer === position) return parent;
  return elementOwner(position);
}
