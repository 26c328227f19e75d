// Tools declared as classes: a server keeps one instance per tool (a class per tool, whose constructor or field holds
// the tool's definition) in a collection it lists, and answers tools/call by looking the instance up by the requested
// name and calling its method (`toolMap.get(name).handleRequest(args)`). The handler of such a tool is that
// dispatcher, walked knowing that the instance it looks up is one of the class that holds this tool's definition.
import ts from 'typescript';
import type { Tool } from '../model';
import { callArguments, findDeclaration, nodeAt, skipOuterExpressions } from '../syntax';
import { EMPTY_ENV } from '../values';
import { namesRequestSchema } from '../registrations';
import type { ClassInFile } from './instances';
import type { Body } from './recogniser';
import type { EvidenceSession } from './session';

/**
 * The class whose instances hold `tool`'s definition: the one class whose constructor or instance field refers to
 * the definition object (written there, or the variable it initialises). Undefined when none, or more than one, does.
 */
export function definitionClass(tool: Tool, session: EvidenceSession, registrationSf: ts.SourceFile): ClassInFile | undefined {
  const loc = tool.config;
  if (!loc) return undefined;
  const sf = loc.file === registrationSf.fileName ? registrationSf : session.sources.getSourceFile(loc.file);
  let literal = sf && nodeAt(sf, loc);
  while (literal && !ts.isObjectLiteralExpression(literal)) literal = literal.parent;
  if (!sf || !literal) return undefined;
  const holders = new Set<ts.ClassLikeDeclaration>();
  const own = holdingClass(literal);
  if (own) holders.add(own);
  const declaration = literal.parent;
  if (ts.isVariableDeclaration(declaration) && ts.isIdentifier(declaration.name) && skipOuterExpressions(declaration.initializer!) === literal) {
    const name = declaration.name.text;
    const visit = (node: ts.Node): void => {
      if (ts.isIdentifier(node) && node.text === name && node !== declaration.name) {
        const decl = findDeclaration(name, node);
        const cls = decl?.kind === 'variable' && decl.declaration === declaration ? holdingClass(node) : undefined;
        if (cls) holders.add(cls);
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  const [only] = holders;
  return holders.size === 1 ? { decl: only, sf } : undefined;
}

/** The class `node` is instance state of: it sits in a constructor or a non-static field initializer of that class. */
function holdingClass(node: ts.Node): ts.ClassLikeDeclaration | undefined {
  for (let current = node.parent; current; current = current.parent) {
    if (ts.isConstructorDeclaration(current)) return current.parent;
    if (ts.isPropertyDeclaration(current)) {
      const isStatic = ts.getModifiers(current)?.some((m) => m.kind === ts.SyntaxKind.StaticKeyword);
      return !isStatic && ts.isClassLike(current.parent) ? current.parent : undefined;
    }
    if (ts.isFunctionLike(current) || ts.isClassLike(current) || ts.isSourceFile(current)) return undefined;
  }
  return undefined;
}

/** The functions `sf` answers tools/call with: `setRequestHandler(CallToolRequestSchema | "tools/call", fn)`. */
export function callToolHandlers(sf: ts.SourceFile, session: EvidenceSession): Body[] {
  if (!/CallToolRequestSchema|['"]tools\/call['"]/.test(sf.text)) return [];
  const out: Body[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node)) {
      const callee = skipOuterExpressions(node.expression);
      const [schema, handler] = callArguments(node);
      if (ts.isPropertyAccessExpression(callee) && callee.name.text === 'setRequestHandler' && schema && handler && namesRequestSchema(schema, 'tools/call')) {
        const fn = skipOuterExpressions(handler);
        if ((ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)) && fn.body) out.push({ node: fn, sf });
        else {
          session.evaluator.resetBudget();
          const value = session.evaluator.evaluate(fn, sf, EMPTY_ENV);
          if (value.kind === 'function' && value.node.body) out.push({ node: value.node, sf: value.sf });
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}


/**
 * Is `expr` an element looked up in a collection by a key only run time knows (`tools.get(name)`, `registry[name]`,
 * `list.find((t) => t.name === name)`), directly or through the local constant it initialises?
 */
export function isLookup(expr: ts.Expression, depth = 0): boolean {
  if (depth > 4) return false;
  let inner = skipOuterExpressions(expr);
  while (ts.isAwaitExpression(inner)) inner = skipOuterExpressions(inner.expression);
  if (ts.isIdentifier(inner)) {
    const decl = findDeclaration(inner.text, inner);
    if (decl?.kind !== 'variable' || decl.path.length !== 0 || !decl.declaration.initializer) return false;
    const list = decl.declaration.parent;
    const isConst = ts.isVariableDeclarationList(list) && (list.flags & ts.NodeFlags.Const) !== 0;
    // A module-level constant is a value of its own, never one looked up per call.
    return isConst && !ts.isSourceFile(list.parent.parent) && isLookup(decl.declaration.initializer, depth + 1);
  }
  if (ts.isElementAccessExpression(inner)) return !ts.isStringLiteralLike(inner.argumentExpression) && !ts.isNumericLiteral(inner.argumentExpression);
  if (ts.isCallExpression(inner)) {
    const callee = skipOuterExpressions(inner.expression);
    if (!ts.isPropertyAccessExpression(callee) || inner.arguments.length !== 1) return false;
    const argument = skipOuterExpressions(inner.arguments[0]);
    if (callee.name.text === 'get') return !ts.isStringLiteralLike(argument) && !ts.isNumericLiteral(argument);
    return callee.name.text === 'find' && (ts.isArrowFunction(argument) || ts.isFunctionExpression(argument));
  }
  return false;
}
