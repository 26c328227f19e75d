// What compilers write for `a ?? b` and `a?.b` when they target engines without them (tsc below ES2020, Babel,
// esbuild): a conditional on a nullish test of the subject, often kept in a temporary. Read as the operator it was.
import ts from 'typescript';
import { findDeclaration, skipOuterExpressions } from './scope';

export interface LoweredNullish {
  /** `??` (`present` is the subject itself) or `?.` (`absent` is `void 0`). */
  kind: 'coalesce' | 'optional';
  /** The tested value: `E` in `(_a = E) === null || _a === void 0 ? void 0 : _a.f()`. */
  subject: ts.Expression;
  /** The variable the subject is kept in (`_a`), when the compiler made one. */
  temporary?: ts.Identifier;
  /** The branch taken when the subject is neither `null` nor `undefined`, and the other one. */
  present: ts.Expression;
  absent: ts.Expression;
}

/**
 * `(_a = E) !== null && _a !== void 0 ? _a : D` and `(_a = E) != null ? _a : D` (`E ?? D`);
 * `(_a = E) === null || _a === void 0 ? void 0 : _a.f(…)` and `E == null ? void 0 : E.f(…)` (`E?.f(…)`).
 * Undefined for any other conditional.
 */
export function loweredNullish(expr: ts.ConditionalExpression): LoweredNullish | undefined {
  const condition = skipOuterExpressions(expr.condition);
  if (!ts.isBinaryExpression(condition)) return undefined;
  const op = condition.operatorToken.kind;
  // `===`/`==` tests: the subject is nullish when the condition holds (`?.`); `!==`/`!=`: it is not (`??`).
  const test =
    op === ts.SyntaxKind.BarBarToken ? pairTest(condition, ts.SyntaxKind.EqualsEqualsEqualsToken)
    : op === ts.SyntaxKind.AmpersandAmpersandToken ? pairTest(condition, ts.SyntaxKind.ExclamationEqualsEqualsToken)
    : op === ts.SyntaxKind.EqualsEqualsToken || op === ts.SyntaxKind.ExclamationEqualsToken ? looseTest(condition)
    : undefined;
  if (!test) return undefined;
  const nullishWhenTrue = op === ts.SyntaxKind.BarBarToken || op === ts.SyntaxKind.EqualsEqualsToken;
  const [absent, present] = nullishWhenTrue ? [expr.whenTrue, expr.whenFalse] : [expr.whenFalse, expr.whenTrue];
  const same = test.temporary ?? (ts.isIdentifier(test.subject) ? test.subject : undefined);
  if (!same) return undefined;
  // `?.`: the rest of the chain reads the tested value (`_a.registerTool(…)`); a test of something else guards.
  const root = chainRoot(present);
  if (isVoidZero(absent)) return ts.isIdentifier(root) && root.text === same.text && root !== present ? { kind: 'optional', ...test, present, absent } : undefined;
  const kept = skipOuterExpressions(present);
  return ts.isIdentifier(kept) && kept.text === same.text ? { kind: 'coalesce', ...test, present, absent } : undefined;
}

/** The expression a chain of member reads and calls starts from: `_a` in `_a.b.c(…)`. */
function chainRoot(written: ts.Expression): ts.Expression {
  let expr = skipOuterExpressions(written);
  while (ts.isPropertyAccessExpression(expr) || ts.isElementAccessExpression(expr) || ts.isCallExpression(expr)) expr = skipOuterExpressions(expr.expression);
  return expr;
}

/** `A === null || B === void 0` (or `!==`, `&&`): A and B name the same value. */
function pairTest(condition: ts.BinaryExpression, equality: ts.SyntaxKind): { subject: ts.Expression; temporary?: ts.Identifier } | undefined {
  const [left, right] = [skipOuterExpressions(condition.left), skipOuterExpressions(condition.right)];
  if (!ts.isBinaryExpression(left) || !ts.isBinaryExpression(right) || left.operatorToken.kind !== equality || right.operatorToken.kind !== equality) return undefined;
  if (skipOuterExpressions(left.right).kind !== ts.SyntaxKind.NullKeyword || !isVoidZero(right.right)) return undefined;
  const tested = subjectOf(left.left);
  const again = skipOuterExpressions(right.left);
  const name = tested?.temporary ?? tested?.subject;
  return tested && name && ts.isIdentifier(name) && ts.isIdentifier(again) && again.text === name.text ? tested : undefined;
}

/** `A == null` / `A != null` (also against `void 0`). */
function looseTest(condition: ts.BinaryExpression): { subject: ts.Expression; temporary?: ts.Identifier } | undefined {
  const right = skipOuterExpressions(condition.right);
  if (right.kind !== ts.SyntaxKind.NullKeyword && !isVoidZero(right)) return undefined;
  const tested = subjectOf(condition.left);
  return tested && (tested.temporary || ts.isIdentifier(tested.subject)) ? tested : undefined;
}

/** `(_a = E)` gives E kept in `_a`; an identifier is its own subject. */
function subjectOf(written: ts.Expression): { subject: ts.Expression; temporary?: ts.Identifier } | undefined {
  const expr = skipOuterExpressions(written);
  if (ts.isBinaryExpression(expr) && expr.operatorToken.kind === ts.SyntaxKind.EqualsToken) {
    const target = skipOuterExpressions(expr.left);
    return ts.isIdentifier(target) ? { subject: expr.right, temporary: target } : undefined;
  }
  return ts.isIdentifier(expr) ? { subject: expr } : undefined;
}

function isVoidZero(written: ts.Expression): boolean {
  const expr = skipOuterExpressions(written);
  return (ts.isVoidExpression(expr) && ts.isNumericLiteral(expr.expression)) || (ts.isIdentifier(expr) && expr.text === 'undefined');
}

/**
 * The compiler helper a callee names (`__importDefault`, `__awaiter`, `tslib_1.__importStar`): by its name, or by
 * its declaration under another local name, which tsc writes `var h = (this && this.__importDefault) || function …`.
 */
export function compilerHelperName(written: ts.Expression): string | undefined {
  const callee = skipOuterExpressions(written);
  if (ts.isPropertyAccessExpression(callee)) return callee.name.text.startsWith('__') ? callee.name.text : undefined;
  if (!ts.isIdentifier(callee)) return undefined;
  const own = callee.text.startsWith('__') ? callee.text : undefined;
  const declaration = findDeclaration(callee.text, callee);
  const init = declaration?.kind === 'variable' && declaration.path.length === 0 ? declaration.declaration.initializer && skipOuterExpressions(declaration.declaration.initializer) : undefined;
  // `(this && this.__importDefault) || function (mod) { … }`
  if (!init || !ts.isBinaryExpression(init) || init.operatorToken.kind !== ts.SyntaxKind.BarBarToken) return own;
  const guard = skipOuterExpressions(init.left);
  if (!ts.isBinaryExpression(guard) || guard.operatorToken.kind !== ts.SyntaxKind.AmpersandAmpersandToken || guard.left.kind !== ts.SyntaxKind.ThisKeyword) return own;
  const member = skipOuterExpressions(guard.right);
  return ts.isPropertyAccessExpression(member) && member.expression.kind === ts.SyntaxKind.ThisKeyword && member.name.text.startsWith('__') ? member.name.text : own;
}
