// Questions about the syntax around a node that several of the evaluator's job modules ask.
import ts from 'typescript';
import type { UnknownCause } from '../model';
import { fileIndexOfNode, table } from '../syntax';

export function isStatic(member: ts.Node): boolean {
  return ts.canHaveModifiers(member) && (ts.getModifiers(member)?.some((m) => m.kind === ts.SyntaxKind.StaticKeyword) ?? false);
}

export function hasExportModifier(statement: ts.Statement): boolean {
  return ts.canHaveModifiers(statement) && (ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword) ?? false);
}

/** True when `node` lies inside `container` (in the same file). */
export function isWithin(node: ts.Node, container: ts.Node): boolean {
  return node.getSourceFile() === container.getSourceFile() && node.pos >= container.pos && node.end <= container.end;
}

/** The function a node runs in (undefined at module level). */
export function enclosingFunction(node: ts.Node): ts.Node | undefined {
  for (let current = node.parent; current; current = current.parent) if (ts.isFunctionLike(current) || ts.isClassStaticBlockDeclaration(current)) return current;
  return undefined;
}

/** True when `node` runs only on some paths between `scope` and it (an `if`, `?:`, `&&`, `||`, `??`, `switch`, `catch`). */
export function underCondition(node: ts.Node, scope: ts.Node): boolean {
  for (let child = node, parent = node.parent; parent && parent !== scope; child = parent, parent = parent.parent) {
    if (ts.isIfStatement(parent) && child !== parent.expression) return true;
    if (ts.isConditionalExpression(parent) && child !== parent.condition) return true;
    if (ts.isBinaryExpression(parent) && child === parent.right && [ts.SyntaxKind.AmpersandAmpersandToken, ts.SyntaxKind.BarBarToken, ts.SyntaxKind.QuestionQuestionToken].includes(parent.operatorToken.kind)) return true;
    if (ts.isCaseClause(parent) || ts.isDefaultClause(parent) || ts.isCatchClause(parent)) return true;
  }
  return false;
}

/** The `return` statements of a function body or statement (not of nested functions or classes). */
export function returnStatementsIn(node: ts.Node): ts.ReturnStatement[] {
  return fileIndexOfNode(node).cached(RETURNS, node, () => findReturnStatements(node));
}

/** Functions are called once per expanded tool: their returns are found once per node (read from its subtree). */
const RETURNS = table<ts.Node, ts.ReturnStatement[]>('nodes:returns', 'node', 'the `return` statements of a function body or statement, nested functions aside');

function findReturnStatements(node: ts.Node): ts.ReturnStatement[] {
  const out: ts.ReturnStatement[] = [];
  const visit = (child: ts.Node): void => {
    if (ts.isReturnStatement(child)) out.push(child);
    else if (!ts.isFunctionLike(child) && !ts.isClassLike(child)) ts.forEachChild(child, visit);
  };
  if (ts.isReturnStatement(node)) return [node];
  ts.forEachChild(node, visit);
  return out;
}

/** The single expression a function returns: an expression body, or the last top-level `return`. */
export function returnExpression(fn: ts.FunctionLikeDeclaration): ts.Expression | undefined {
  const body = fn.body;
  if (!body) return undefined;
  if (!ts.isBlock(body)) return body;
  const returns: ts.ReturnStatement[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isReturnStatement(node)) returns.push(node);
    else if (!ts.isFunctionLike(node) && !ts.isClassLike(node)) ts.forEachChild(node, visit);
  };
  ts.forEachChild(body, visit);
  const last = returns.filter((r) => r.expression).at(-1);
  return last?.expression;
}

/** A syntax kind the evaluator does not follow, for reasons. */
export function describeSyntax(node: ts.Node): string {
  switch (node.kind) {
    case ts.SyntaxKind.NewExpression:
      return 'constructed object';
    case ts.SyntaxKind.ThisKeyword:
      return '`this` value';
    case ts.SyntaxKind.ClassExpression:
      return 'class';
    default:
      return `run-time expression (${ts.SyntaxKind[node.kind]})`;
  }
}

/** The cause for a node `describeSyntax` names: what only run time makes, or a kind of expression not read. */
export function syntaxCause(node: ts.Node): UnknownCause {
  switch (node.kind) {
    case ts.SyntaxKind.NewExpression:
      return { kind: 'runtime', source: 'call' };
    case ts.SyntaxKind.ThisKeyword:
    case ts.SyntaxKind.ClassExpression:
      return { kind: 'runtime', source: 'value' };
    default:
      return { kind: 'unsupported', construct: 'syntax' };
  }
}

/** An expression on one line, cut to `max` characters, for reasons. */
export function truncate(text: string, max = 40): string {
  const oneLine = text.replace(/\s+/g, ' ');
  return oneLine.length > max ? `${oneLine.slice(0, max - 1)}…` : oneLine;
}
