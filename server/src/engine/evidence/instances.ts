// The project's own clients: a call on an instance of a local class (`client.update(…)`, `this.api.put(…)`) is
// followed into the class's method, so the request it makes (`this.request("PATCH", …)`) is seen where it is sent.
// The evaluator that evidence reads values with does not follow instances' methods (values/evaluator.ts says why);
// this reads only the class a receiver is an instance of, from its declaration, a field's initializer or its type.
import ts from 'typescript';
import { findDeclaration, propertyNameText, skipOuterExpressions } from '../syntax';
import { EMPTY_ENV, type Evaluator } from '../values';
import type { Body } from './recogniser';

/**
 * Evaluation steps a receiver gets to show it is an instance (`new Api()`, a field, a factory choosing among
 * classes: a few hundred at most on the corpora). A receiver that needs more is a value computed in the handler
 * (`Object.entries(info).map(…)`, a string built in a loop), read in full only to learn that it is no instance.
 */
const RECEIVER_STEPS = 1000;

export interface ClassInFile {
  decl: ts.ClassLikeDeclaration;
  sf: ts.SourceFile;
}

/** A method found on an instance, with the class of that instance (what `this` is while it runs). */
export type InstanceMethod = Body & { instance: ClassInFile; dispatched?: true };

/**
 * The method `callee` names on an instance of a local class, when its receiver is one. `known` remembers the class
 * of a variable or parameter receiver by its declaration: `content.split(…)`, `content.indexOf(…)` read `content` once.
 */
export function instanceMethod(
  evaluator: Evaluator,
  callee: ts.PropertyAccessExpression,
  sf: ts.SourceFile,
  passed?: (expr: ts.Expression) => ts.Expression | undefined,
  known?: Map<ts.Node, ClassInFile | null>,
): InstanceMethod | undefined {
  const receiver = skipOuterExpressions(callee.expression);
  // `extra.client.put(…)` in a helper called as `handler(args, { client })`: the caller's `client`.
  const given = passed?.(receiver);
  const cls = given ? knownReceiverClass(evaluator, given, given.getSourceFile(), known) : knownReceiverClass(evaluator, receiver, sf, known);
  const method = cls && methodOf(evaluator, cls, callee.name.text, 0);
  return method && cls && { ...method, instance: cls };
}

/** Is `decl` the class `cls` or one of its local base classes? */
export function isClassOrBase(evaluator: Evaluator, cls: ClassInFile, decl: ts.Node): boolean {
  let current: ClassInFile | undefined = cls;
  for (let depth = 0; current && depth <= 4; depth++) {
    if (current.decl === decl) return true;
    current = baseClass(evaluator, current);
  }
  return false;
}

function knownReceiverClass(evaluator: Evaluator, receiver: ts.Expression, sf: ts.SourceFile, known: Map<ts.Node, ClassInFile | null> | undefined): ClassInFile | undefined {
  const decl = known && ts.isIdentifier(receiver) ? findDeclaration(receiver.text, receiver) : undefined;
  const key = (decl?.kind === 'variable' || decl?.kind === 'parameter') && decl.path.length === 0 ? decl.declaration : undefined;
  if (!key || !known) return receiverClass(evaluator, receiver, sf, 0);
  const remembered = known.get(key);
  if (remembered !== undefined) return remembered ?? undefined;
  const found = receiverClass(evaluator, receiver, sf, 0);
  // A reading cut short by the budget may complete later.
  if (!evaluator.budgetExhausted()) known.set(key, found ?? null);
  return found;
}

/** A method (or function-valued property) named `name` of a class or its local base classes. */
export function methodOf(evaluator: Evaluator, cls: ClassInFile, name: string, depth: number): Body | undefined {
  if (depth > 4) return undefined;
  for (const member of cls.decl.members) {
    if (!member.name || propertyNameText(member.name) !== name) continue;
    if ((ts.canHaveModifiers(member) ? ts.getModifiers(member) : undefined)?.some((m) => m.kind === ts.SyntaxKind.StaticKeyword)) continue;
    if ((ts.isMethodDeclaration(member) || ts.isGetAccessorDeclaration(member)) && member.body) return { node: member, sf: cls.sf };
    if (ts.isPropertyDeclaration(member) && member.initializer) {
      const init = skipOuterExpressions(member.initializer);
      if (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) return { node: init, sf: cls.sf };
    }
  }
  const base = baseClass(evaluator, cls);
  return base && methodOf(evaluator, base, name, depth + 1);
}

/** The class `extends` names, when it is local. */
export function baseClass(evaluator: Evaluator, cls: ClassInFile): ClassInFile | undefined {
  const heritage = cls.decl.heritageClauses?.find((h) => h.token === ts.SyntaxKind.ExtendsKeyword)?.types[0];
  return heritage ? classValue(evaluator, heritage.expression, cls.sf) : undefined;
}

/** The class a receiver is an instance of: `client` (`new Api()`), `this.api`, a parameter typed `api: Api`. */
function receiverClass(evaluator: Evaluator, receiver: ts.Expression, sf: ts.SourceFile, depth: number): ClassInFile | undefined {
  if (depth > 3) return undefined;
  if (ts.isPropertyAccessExpression(receiver) && receiver.expression.kind === ts.SyntaxKind.ThisKeyword) return fieldClass(evaluator, receiver, sf, depth);
  const value = evaluator.withAllowance(RECEIVER_STEPS, () => evaluate(evaluator, receiver, sf));
  if (value?.kind === 'object' && ts.isClassLike(value.node)) return { decl: value.node, sf: value.sf };
  if (ts.isIdentifier(receiver)) {
    const decl = findDeclaration(receiver.text, receiver);
    const declared = decl?.kind === 'parameter' || decl?.kind === 'variable' ? decl.declaration : undefined;
    if (declared && (ts.isParameter(declared) || ts.isVariableDeclaration(declared)) && declared.type) return typeClass(evaluator, declared.type, sf);
  }
  return undefined;
}

/**
 * `this.api`: the class of the field, from its initializer, an assignment in the constructor, or its declared type,
 * in the class that encloses the access or, failing that, in its local base classes.
 */
function fieldClass(evaluator: Evaluator, access: ts.PropertyAccessExpression, sf: ts.SourceFile, depth: number): ClassInFile | undefined {
  let cls: ts.Node | undefined = access.parent;
  while (cls && !ts.isClassLike(cls)) cls = cls.parent;
  let current: ClassInFile | undefined = cls && { decl: cls as ts.ClassLikeDeclaration, sf };
  for (let level = 0; current && level <= 4; level++) {
    const found = ownFieldClass(evaluator, current.decl, access.name.text, current.sf, depth);
    if (found) return found;
    current = baseClass(evaluator, current);
  }
  return undefined;
}

function ownFieldClass(evaluator: Evaluator, cls: ts.ClassLikeDeclaration, name: string, sf: ts.SourceFile, depth: number): ClassInFile | undefined {
  for (const member of cls.members) {
    if (ts.isPropertyDeclaration(member) && member.name && propertyNameText(member.name) === name) {
      if (member.initializer) {
        const found = instanceClass(evaluator, member.initializer, sf, depth);
        if (found) return found;
      }
      if (member.type) return typeClass(evaluator, member.type, sf);
    }
    if (ts.isConstructorDeclaration(member)) {
      for (const parameter of member.parameters) {
        if (ts.isIdentifier(parameter.name) && parameter.name.text === name && parameter.modifiers?.length && parameter.type) return typeClass(evaluator, parameter.type, sf);
      }
      let found: ClassInFile | undefined;
      const visit = (node: ts.Node): void => {
        if (found) return;
        if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken && ts.isPropertyAccessExpression(node.left) && node.left.expression.kind === ts.SyntaxKind.ThisKeyword && node.left.name.text === name) {
          found = instanceClass(evaluator, node.right, sf, depth);
        }
        ts.forEachChild(node, visit);
      };
      if (member.body) visit(member.body);
      if (found) return found;
    }
  }
  return undefined;
}

/** `new Api(…)`, or a name that holds an instance. */
function instanceClass(evaluator: Evaluator, expr: ts.Expression, sf: ts.SourceFile, depth: number): ClassInFile | undefined {
  const inner = skipOuterExpressions(expr);
  if (ts.isNewExpression(inner)) return classValue(evaluator, inner.expression, sf);
  return receiverClass(evaluator, inner, sf, depth + 1);
}

/** `Api` in a type annotation: the local class it names. */
function typeClass(evaluator: Evaluator, type: ts.TypeNode, sf: ts.SourceFile): ClassInFile | undefined {
  if (!ts.isTypeReferenceNode(type) || !ts.isIdentifier(type.typeName)) return undefined;
  return classValue(evaluator, type.typeName, sf);
}

function classValue(evaluator: Evaluator, expr: ts.Expression, sf: ts.SourceFile): ClassInFile | undefined {
  const value = evaluate(evaluator, expr, sf);
  return value?.kind === 'class' ? { decl: value.node, sf: value.sf } : undefined;
}

function evaluate(evaluator: Evaluator, expr: ts.Expression, sf: ts.SourceFile) {
  try {
    return evaluator.evaluate(expr, sf, EMPTY_ENV);
  } catch {
    return undefined;
  }
}

/** `this.request(…)` in a class that inherits `request` from a local base class. */
export function inheritedMethod(evaluator: Evaluator, callee: ts.PropertyAccessExpression, sf: ts.SourceFile): Body | undefined {
  let cls: ts.Node | undefined = callee.parent;
  while (cls && !ts.isClassLike(cls)) cls = cls.parent;
  if (!cls) return undefined;
  const base = baseClass(evaluator, { decl: cls as ts.ClassLikeDeclaration, sf });
  return base && methodOf(evaluator, base, callee.name.text, 0);
}
