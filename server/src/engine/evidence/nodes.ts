// Syntax helpers the handler walk and the recognisers share: member chains, literals, where a node sits.
import ts from 'typescript';
import { findDeclaration, propertyNameText, skipOuterExpressions } from '../syntax';

export interface Chain {
  root: ts.Expression;
  path: string[];
  receiverText(sf: ts.SourceFile): string;
}

/** `a.b.c` → root `a`, path [b, c]; `a["b"]` counts as a member; anything else ends the chain. */
export function memberChain(expr: ts.Expression): Chain {
  const path: string[] = [];
  let current = skipOuterExpressions(expr);
  for (;;) {
    if (ts.isPropertyAccessExpression(current)) {
      path.unshift(current.name.text);
      current = skipOuterExpressions(current.expression);
    } else if (ts.isElementAccessExpression(current) && ts.isStringLiteralLike(current.argumentExpression)) {
      path.unshift(current.argumentExpression.text);
      current = skipOuterExpressions(current.expression);
    } else {
      break;
    }
  }
  const root = current;
  return {
    root,
    path,
    receiverText(sf) {
      const rootText = root.kind === ts.SyntaxKind.ThisKeyword ? 'this' : ts.isIdentifier(root) ? root.text : truncate(root.getText(sf));
      return [rootText, ...path.slice(0, -1)].join('.');
    },
  };
}

/** `(0, utils_1.helper)`: compiled CommonJS calls an import without `this` through a comma expression. */
export function withoutComma(expr: ts.Expression): ts.Expression {
  let current = skipOuterExpressions(expr);
  while (ts.isBinaryExpression(current) && current.operatorToken.kind === ts.SyntaxKind.CommaToken) current = skipOuterExpressions(current.right);
  return current;
}

/** The text of a string literal, a template (holes as `?`), or a const declared with one. */
export function literalText(expr: ts.Expression, sf: ts.SourceFile, holes = false): string | undefined {
  const inner = skipOuterExpressions(expr);
  if (ts.isStringLiteralLike(inner)) return inner.text;
  if (ts.isTemplateExpression(inner)) return holes || true ? inner.head.text + inner.templateSpans.map((s) => '?' + s.literal.text).join('') : undefined;
  if (ts.isIdentifier(inner)) {
    const decl = findDeclaration(inner.text, inner);
    if (decl?.kind === 'variable' && decl.path?.length === 0 && decl.declaration.initializer) {
      const init = skipOuterExpressions(decl.declaration.initializer);
      if (ts.isStringLiteralLike(init) || ts.isTemplateExpression(init)) return literalText(init, sf, holes);
    }
  }
  return undefined;
}

/**
 * `rows.push`, `parts.join` where `rows` is declared with an array literal: the evaluator reads such a variable as
 * an array (or not at all), and a named member of an array is its length or unknown, never a function.
 */
export function isLocalArrayMember(callee: ts.Expression): boolean {
  if (!ts.isPropertyAccessExpression(callee)) return false;
  const receiver = skipOuterExpressions(callee.expression);
  if (!ts.isIdentifier(receiver)) return false;
  const decl = findDeclaration(receiver.text, receiver);
  return decl?.kind === 'variable' && decl.path.length === 0 && !!decl.declaration.initializer && ts.isArrayLiteralExpression(skipOuterExpressions(decl.declaration.initializer));
}

/** Is `node` one of `roots` or nested in one? */
export function isInside(node: ts.Node, roots: ts.Node[]): boolean {
  for (let current: ts.Node | undefined = node; current; current = current.parent) if (roots.includes(current)) return true;
  return false;
}

/** A call whose result nobody reads: a statement on its own, maybe with `.then`/`.catch` handlers, or `void`. */
export function resultDiscarded(call: ts.CallExpression): boolean {
  let current: ts.Node = call;
  for (;;) {
    const parent = current.parent;
    if (!parent) return false;
    if (ts.isParenthesizedExpression(parent) || ts.isVoidExpression(parent) || ts.isAwaitExpression(parent)) current = parent;
    else if (ts.isPropertyAccessExpression(parent) && ['then', 'catch', 'finally'].includes(parent.name.text) && ts.isCallExpression(parent.parent) && parent.parent.expression === parent) {
      // `.then(r => r.json())` reads the answer; `.catch(() => {})` and `.finally` do not.
      if (parent.name.text === 'then') return false;
      current = parent.parent;
    } else return ts.isExpressionStatement(parent);
  }
}

export function functionName(node: ts.Node): string | undefined {
  if ((ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node)) && node.name) return propertyNameText(node.name);
  if ((ts.isArrowFunction(node) || ts.isFunctionExpression(node)) && ts.isVariableDeclaration(node.parent) && ts.isIdentifier(node.parent.name)) return node.parent.name.text;
  // `{ debug: (…) => … }`, `class L { debug = (…) => … }`: named by the property.
  if ((ts.isArrowFunction(node) || ts.isFunctionExpression(node)) && (ts.isPropertyAssignment(node.parent) || ts.isPropertyDeclaration(node.parent)) && node.parent.initializer === node) return propertyNameText(node.parent.name);
  return undefined;
}

export function isModuleLevel(decl: ts.VariableDeclaration): boolean {
  const statement = decl.parent?.parent;
  return !!statement && ts.isVariableStatement(statement) && ts.isSourceFile(statement.parent);
}

/**
 * Inside a method that returns `this` (a builder step: `schema.string(name)` sets a field and returns the builder):
 * what it writes is the object being built, like a constructor's.
 */
export function isInsideBuilderStep(node: ts.Node): boolean {
  let fn: ts.Node | undefined = node.parent;
  while (fn && !ts.isSourceFile(fn) && !(ts.isFunctionLike(fn) && !ts.isArrowFunction(fn))) fn = fn.parent;
  if (!fn || !ts.isMethodDeclaration(fn) || !fn.body) return false;
  let returnsThis = false;
  const visit = (child: ts.Node): void => {
    if (returnsThis || (ts.isFunctionLike(child) && !ts.isArrowFunction(child))) return;
    if (ts.isReturnStatement(child) && child.expression && skipOuterExpressions(child.expression).kind === ts.SyntaxKind.ThisKeyword) returnsThis = true;
    ts.forEachChild(child, visit);
  };
  ts.forEachChild(fn.body, visit);
  return returnsThis;
}

/**
 * A field filled once and kept: `if (!this.path) this.path = …`, `this.client ??= …`, `this.x || (this.x = …)`.
 * `target` is the written expression; the guard names the same text.
 */
export function isMemoWrite(target: ts.Expression, sf: ts.SourceFile): boolean {
  const text = target.getText(sf);
  const assignment = target.parent;
  if (assignment && ts.isBinaryExpression(assignment) && assignment.left === target) {
    const op = assignment.operatorToken.kind;
    if (op === ts.SyntaxKind.QuestionQuestionEqualsToken || op === ts.SyntaxKind.BarBarEqualsToken) return true;
  }
  let current: ts.Node | undefined = target;
  for (let i = 0; current && i < 6 && !ts.isFunctionLike(current); i++, current = current.parent) {
    const parent: ts.Node | undefined = current.parent;
    if (!parent) break;
    const guard = ts.isIfStatement(parent) && parent.thenStatement === current ? parent.expression : ts.isBinaryExpression(parent) && parent.right === current && (parent.operatorToken.kind === ts.SyntaxKind.BarBarToken || parent.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken) ? parent.left : undefined;
    if (!guard) continue;
    const g = skipOuterExpressions(guard);
    const tested = ts.isPrefixUnaryExpression(g) && g.operator === ts.SyntaxKind.ExclamationToken ? skipOuterExpressions(g.operand) : ts.isBinaryExpression(g) && /^(?:===?|!==?)$/.test(g.operatorToken.getText(sf)) && /^(?:null|undefined)$/.test(g.right.getText(sf)) ? skipOuterExpressions(g.left) : parent.kind === ts.SyntaxKind.BinaryExpression ? g : undefined;
    if (tested && tested.getText(sf) === text) return true;
  }
  return false;
}

export function isInsideConstructor(node: ts.Node): boolean {
  let current: ts.Node | undefined = node.parent;
  while (current && !ts.isSourceFile(current)) {
    if (ts.isConstructorDeclaration(current)) return true;
    if (ts.isFunctionLike(current)) return false;
    current = current.parent;
  }
  return false;
}

/** Identifier nodes in an expression (not property names). */
export function identifierNodes(expr: ts.Node): ts.Identifier[] {
  const out: ts.Identifier[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node) && !(ts.isPropertyAccessExpression(node.parent) && node.parent.name === node)) out.push(node);
    ts.forEachChild(node, visit);
  };
  visit(expr);
  return out;
}

/** Names mentioned in an expression, split into words (`LOG_DIR`, `cacheFile`, `tmpPath` → log dir, cache file, tmp path). */
export function identifiersIn(expr: ts.Node): string[] {
  const out: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node)) out.push(node.text.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/_/g, ' '));
    ts.forEachChild(node, visit);
  };
  visit(expr);
  return out;
}

export function truncate(text: string, max = 60): string {
  // Callees can be whole chains or function bodies: only the head that can show is made one line.
  const head = text.length > max * 8 ? headOnOneLine(text, max + 1) : text.replace(/\s+/g, ' ');
  return head.length > max ? `${head.slice(0, max - 1)}…` : head;
}

/** `text` with each run of white space as one space, up to `length` characters. */
function headOnOneLine(text: string, length: number): string {
  const space = /\s+/y;
  let out = '';
  for (let at = 0; at < text.length && out.length < length; ) {
    space.lastIndex = at;
    if (space.test(text)) {
      out += ' ';
      at = space.lastIndex;
    } else out += text[at++];
  }
  return out;
}

/**
 * Is `node` (a creating call) reached only when a lookup found nothing: an earlier statement of an enclosing block
 * returns or throws when a local constant looked up among what exists (`list.find(…)`, `.some(…)`, `.has(…)`,
 * `.includes(…)`) is truthy (`const existing = indexes.find((i) => i.name === name); if (existing) return …;`)?
 */
export function createdIfAbsent(node: ts.Node): boolean {
  for (let current: ts.Node = node; current.parent && !ts.isFunctionLike(current); current = current.parent) {
    const block = current.parent;
    if (!ts.isBlock(block) && !ts.isSourceFile(block)) continue;
    const index = block.statements.indexOf(current as ts.Statement);
    if (block.statements.slice(0, Math.max(index, 0)).some(isExistenceExit)) return true;
  }
  return false;
}

/** `if (existing) return …;` / `if (found) { …; throw … }` where `existing` is a local looked up among what exists. */
function isExistenceExit(statement: ts.Statement): boolean {
  if (!ts.isIfStatement(statement) || statement.elseStatement) return false;
  const condition = skipOuterExpressions(statement.expression);
  if (!ts.isIdentifier(condition) && !ts.isPropertyAccessExpression(condition)) return false;
  let root: ts.Expression = condition;
  while (ts.isPropertyAccessExpression(root)) root = skipOuterExpressions(root.expression);
  if (!ts.isIdentifier(root)) return false;
  const decl = findDeclaration(root.text, root);
  if (decl?.kind !== 'variable' || decl.path.length !== 0 || !decl.declaration.initializer) return false;
  let init = skipOuterExpressions(decl.declaration.initializer);
  while (ts.isAwaitExpression(init)) init = skipOuterExpressions(init.expression);
  if (!ts.isCallExpression(init)) return false;
  const callee = skipOuterExpressions(init.expression);
  if (!ts.isPropertyAccessExpression(callee) || !/^(?:find|some|has|includes)$/.test(callee.name.text)) return false;
  const then = statement.thenStatement;
  const last = ts.isBlock(then) ? then.statements.at(-1) : then;
  return !!last && (ts.isReturnStatement(last) || ts.isThrowStatement(last));
}
