// A file written back with what was read from it: `state = JSON.parse(await readFile(file))`, then
// `if (!state.siteId) { state.siteId = id; await writeFile(file, JSON.stringify(state)) }`. Only a key the file lacked
// is added and the rest is kept: the write adds, it overwrites nothing. Any other change to what was read (another
// key set, a key set whatever it held, the value replaced) is an overwrite, as every other write is.
import ts from 'typescript';
import { findDeclaration, skipOuterExpressions } from '../../syntax';

/** Is `call` (`writeFile(file, JSON.stringify(state))`) such an additive rewrite? */
export function addsMissingKey(call: ts.CallExpression, sf: ts.SourceFile): boolean {
  const [pathArg, dataArg] = call.arguments.map((a) => skipOuterExpressions(a));
  if (!pathArg || !dataArg || !ts.isIdentifier(pathArg) || !ts.isCallExpression(dataArg) || dataArg.expression.getText(sf) !== 'JSON.stringify') return false;
  const stateArg = dataArg.arguments[0] && skipOuterExpressions(dataArg.arguments[0]);
  if (!stateArg || !ts.isIdentifier(stateArg)) return false;
  const state = localDeclaration(stateArg);
  const file = localDeclaration(pathArg);
  if (!state || !file) return false;
  const key = missingKeyGuard(call, stateArg.text);
  if (!key) return false;
  let fn: ts.Node | undefined = call.parent;
  while (fn && !ts.isFunctionLike(fn)) fn = fn.parent;
  if (!fn) return false;
  let parsedFromFile = false;
  let readsFile = false;
  let otherChange = false;
  const refersTo = (node: ts.Node, decl: ts.VariableDeclaration) => ts.isIdentifier(node) && localDeclaration(node) === decl;
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node)) {
      const callee = skipOuterExpressions(node.expression);
      const name = ts.isPropertyAccessExpression(callee) ? callee.name.text : ts.isIdentifier(callee) ? callee.text : '';
      if (/^readFile(?:Sync)?$/.test(name) && node.arguments[0] && refersTo(skipOuterExpressions(node.arguments[0]), file)) readsFile = true;
      // `Object.assign(state, …)`, `merge(state, …)`: changes it in ways this does not read.
      if (node !== dataArg && node.arguments.some((a) => refersTo(skipOuterExpressions(a), state)) && name !== 'stringify') otherChange = true;
    }
    if (ts.isBinaryExpression(node) && node.operatorToken.kind >= ts.SyntaxKind.FirstAssignment && node.operatorToken.kind <= ts.SyntaxKind.LastAssignment) {
      const left = skipOuterExpressions(node.left);
      if (refersTo(left, state)) {
        // `state = JSON.parse(content)`: what was read.
        const right = skipOuterExpressions(node.right);
        if (ts.isCallExpression(right) && right.expression.getText(sf) === 'JSON.parse') parsedFromFile = true;
        else otherChange = true;
      } else if ((ts.isPropertyAccessExpression(left) || ts.isElementAccessExpression(left)) && rootsAt(left, state)) {
        const ok = ts.isPropertyAccessExpression(left) && refersTo(skipOuterExpressions(left.expression), state) && left.name.text === key && isInside(node, guardOf(call, stateArg.text)!);
        if (!ok) otherChange = true;
      }
    }
    if (ts.isDeleteExpression(node) && rootsAt(skipOuterExpressions(node.expression), state)) otherChange = true;
    ts.forEachChild(node, visit);
  };
  visit(fn);
  const init = state.initializer && skipOuterExpressions(state.initializer);
  if (init && ts.isCallExpression(init) && init.expression.getText(sf) === 'JSON.parse') parsedFromFile = true;
  return parsedFromFile && readsFile && !otherChange;

  function rootsAt(expr: ts.Expression, decl: ts.VariableDeclaration): boolean {
    let root = expr;
    while (ts.isPropertyAccessExpression(root) || ts.isElementAccessExpression(root)) root = skipOuterExpressions(root.expression);
    return refersTo(root, decl);
  }
}

function localDeclaration(id: ts.Identifier): ts.VariableDeclaration | undefined {
  const decl = findDeclaration(id.text, id);
  return decl?.kind === 'variable' && decl.path.length === 0 ? decl.declaration : undefined;
}

/** The `if` around `call` whose condition says `state.key` is missing, within the function. */
function guardOf(call: ts.Node, state: string): ts.IfStatement | undefined {
  for (let current: ts.Node = call; current.parent && !ts.isFunctionLike(current.parent); current = current.parent) {
    const parent = current.parent;
    if (ts.isIfStatement(parent) && parent.thenStatement === current && missingKey(parent.expression, state)) return parent;
  }
  return undefined;
}

function missingKeyGuard(call: ts.Node, state: string): string | undefined {
  const guard = guardOf(call, state);
  return guard && missingKey(guard.expression, state);
}

/** `!state.key`, `state.key === undefined`, `state.key == null`: the key it says is missing. */
function missingKey(condition: ts.Expression, state: string): string | undefined {
  const inner = skipOuterExpressions(condition);
  const member = (expr: ts.Expression) => {
    const e = skipOuterExpressions(expr);
    return ts.isPropertyAccessExpression(e) && ts.isIdentifier(skipOuterExpressions(e.expression)) && (skipOuterExpressions(e.expression) as ts.Identifier).text === state ? e.name.text : undefined;
  };
  if (ts.isPrefixUnaryExpression(inner) && inner.operator === ts.SyntaxKind.ExclamationToken) return member(inner.operand);
  if (ts.isBinaryExpression(inner) && [ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.EqualsEqualsToken].includes(inner.operatorToken.kind)) {
    const right = skipOuterExpressions(inner.right);
    const empty = right.kind === ts.SyntaxKind.NullKeyword || (ts.isIdentifier(right) && right.text === 'undefined');
    return empty ? member(inner.left) : undefined;
  }
  return undefined;
}

function isInside(node: ts.Node, root: ts.Node): boolean {
  for (let current: ts.Node | undefined = node; current; current = current.parent) if (current === root) return true;
  return false;
}
