// Where a value comes from, as the handler walk sees it: the tool's arguments (the handler's own parameters, through
// locals, the parameters of the helpers the walk followed, callbacks over an argument's elements, and defaults the
// caller can override), or a name the server makes itself (a timestamp, a random id). A written path built from the
// arguments is a write to the caller's environment; a file the server names itself, in its own folder, is not.
import ts from 'typescript';
import { findDeclaration, skipOuterExpressions } from '../syntax';
import { identifierNodes, isModuleLevel } from './nodes';
import type { Walk } from './recogniser';

const MAX_DEPTH = 8;

/**
 * Does any part of `expr` come from the tool's arguments? `path.join(outDir, args.name)`, `opts.saveTo ?? DEFAULT`
 * (a default the caller can override) and a helper's parameter the followed call filled from the arguments all do.
 */
export function fromArguments(walk: Walk, expr: ts.Node, depth = 0): boolean {
  if (depth > MAX_DEPTH) return false;
  return identifierNodes(expr).some((id) => identifierFromArguments(walk, id, depth));
}

function identifierFromArguments(walk: Walk, id: ts.Identifier, depth: number): boolean {
  const decl = findDeclaration(id.text, id);
  if (decl?.kind === 'parameter') {
    const parameter = decl.declaration;
    if (walk.isDataParam(parameter)) return true;
    // `(item) => …` over an argument's elements: `args.items.map((item) => ({ deleted: item.deleted }))`.
    const fn = parameter.parent;
    if ((ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)) && ts.isCallExpression(fn.parent) && fn.parent.arguments.includes(fn as ts.Expression)) {
      const callee = skipOuterExpressions(fn.parent.expression);
      if (ts.isPropertyAccessExpression(callee) && fromArguments(walk, callee.expression, depth + 1)) return true;
    }
    // A helper's parameter: what the followed call passed, or its default (`dir = DEFAULT_DIR`) when it passed none.
    const passed = walk.argumentFor(parameter);
    if (passed) return fromArguments(walk, passed, depth + 1);
    return false;
  }
  if (decl?.kind === 'variable' && !isModuleLevel(decl.declaration) && decl.declaration.initializer) {
    // `for (const item of args.items)`: the loop's list.
    return fromArguments(walk, decl.declaration.initializer, depth + 1);
  }
  if (decl?.kind === 'variable' && !decl.declaration.initializer && ts.isVariableDeclarationList(decl.declaration.parent) && ts.isForOfStatement(decl.declaration.parent.parent)) {
    return fromArguments(walk, decl.declaration.parent.parent.expression, depth + 1);
  }
  return false;
}

/** Calls and values that make a name no caller chose: a timestamp, a random or unique id, a temp-folder helper. */
const GENERATED = /\bDate\.now\(|\bnew Date\(|\brandomUUID\(|\bMath\.random\(|\brandomBytes\(|\bnanoid\(|\buuid(?:v4|\.v4)?\(|\bv4\(|\bprocess\.pid\b|\bperformance\.now\(|\bhrtime\b|\bmkdtemp|\bulid\(|\bcuid\(/;

/** Is the name in `expr` one the server makes itself (a timestamp, a random id), followed through locals? */
export function generatedName(expr: ts.Node, sf: ts.SourceFile, depth = 0): boolean {
  if (depth > 4) return false;
  if (GENERATED.test(expr.getText(sf))) return true;
  return identifierNodes(expr).some((id) => {
    const decl = findDeclaration(id.text, id);
    return decl?.kind === 'variable' && !isModuleLevel(decl.declaration) && !!decl.declaration.initializer && generatedName(decl.declaration.initializer, sf, depth + 1);
  });
}

/**
 * Is `expr` the tool's argument itself, unchanged (through locals, helper parameters, `.trim()`, `String(…)`, a
 * template that holds only it)? `query(args.sql)` passes the caller's statement; `query(\`SELECT … ${args.id}\`)` does not.
 */
export function argumentUnchanged(walk: Walk, expr: ts.Expression, depth = 0): boolean {
  if (depth > MAX_DEPTH) return false;
  const inner = skipOuterExpressions(expr);
  if (ts.isTemplateExpression(inner)) return inner.head.text.trim() === '' && inner.templateSpans.length === 1 && inner.templateSpans[0].literal.text.trim() === '' && argumentUnchanged(walk, inner.templateSpans[0].expression, depth + 1);
  if (ts.isCallExpression(inner)) {
    const callee = skipOuterExpressions(inner.expression);
    if (ts.isPropertyAccessExpression(callee) && /^(?:trim|trimStart|trimEnd|toString)$/.test(callee.name.text) && inner.arguments.length === 0) return argumentUnchanged(walk, callee.expression, depth + 1);
    if (ts.isIdentifier(callee) && callee.text === 'String' && inner.arguments[0]) return argumentUnchanged(walk, inner.arguments[0], depth + 1);
    return false;
  }
  if (ts.isBinaryExpression(inner) && (inner.operatorToken.kind === ts.SyntaxKind.BarBarToken || inner.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken)) return argumentUnchanged(walk, inner.left, depth + 1);
  // `args.sql`, `params.arguments.query`, `sql` (destructured), `input["pipeline"]`.
  let root: ts.Expression = inner;
  while (ts.isPropertyAccessExpression(root) || ts.isElementAccessExpression(root)) root = skipOuterExpressions(root.expression);
  if (!ts.isIdentifier(root)) return false;
  const decl = findDeclaration(root.text, root);
  if (decl?.kind === 'parameter') {
    if (walk.isDataParam(decl.declaration)) return true;
    const passed = walk.argumentFor(decl.declaration);
    if (!passed) return false;
    // `run(args.sql)` into `run(sql) { db.query(sql) }`; `run(args)` into `run(input) { db.query(input.sql) }`.
    return root === inner || ts.isPropertyAccessExpression(inner) || ts.isElementAccessExpression(inner) ? argumentUnchanged(walk, passed, depth + 1) : false;
  }
  if (decl?.kind === 'variable' && !isModuleLevel(decl.declaration) && decl.declaration.initializer) {
    // `const { sql } = args`, `const q = args.query`.
    return argumentUnchanged(walk, decl.declaration.initializer, depth + 1);
  }
  return false;
}

/** The name of the argument `expr` reads (`sql` in `args.sql`, `query` in `const { query } = args`), for messages. */
export function argumentName(expr: ts.Expression): string | undefined {
  const inner = skipOuterExpressions(expr);
  if (ts.isPropertyAccessExpression(inner)) return inner.name.text;
  if (ts.isElementAccessExpression(inner) && ts.isStringLiteralLike(inner.argumentExpression)) return inner.argumentExpression.text;
  if (ts.isIdentifier(inner)) return inner.text;
  if (ts.isCallExpression(inner) && ts.isPropertyAccessExpression(skipOuterExpressions(inner.expression))) return argumentName((skipOuterExpressions(inner.expression) as ts.PropertyAccessExpression).expression);
  return undefined;
}

/**
 * What the followed calls passed for `expr`, when it reads a helper's parameter: `extra.client` in
 * `handler(args, extra)` called as `handler(args, { client })` is the caller's `client`. Undefined when `expr` does
 * not read a parameter the walk has an argument for (or the argument is not an object literal holding the member).
 */
export function passedExpression(walk: Walk, expr: ts.Expression, depth = 0): ts.Expression | undefined {
  if (depth > MAX_DEPTH) return undefined;
  const inner = skipOuterExpressions(expr);
  if (ts.isIdentifier(inner)) {
    const decl = findDeclaration(inner.text, inner);
    if (decl?.kind !== 'parameter' || decl.path.length !== 0) return undefined;
    const passed = walk.argumentFor(decl.declaration);
    return passed && (passedExpression(walk, passed, depth + 1) ?? skipOuterExpressions(passed));
  }
  if (!ts.isPropertyAccessExpression(inner)) return undefined;
  const base = passedExpression(walk, inner.expression, depth + 1);
  if (!base || !ts.isObjectLiteralExpression(base)) return undefined;
  const name = inner.name.text;
  // Later properties win.
  for (const property of [...base.properties].reverse()) {
    if (ts.isPropertyAssignment(property) && property.name.getText() === name) return passedExpression(walk, property.initializer, depth + 1) ?? skipOuterExpressions(property.initializer);
    if (ts.isShorthandPropertyAssignment(property) && property.name.text === name) return passedExpression(walk, property.name, depth + 1) ?? property.name;
    if (ts.isSpreadAssignment(property)) return undefined;
  }
  return undefined;
}
