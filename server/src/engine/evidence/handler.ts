// Evidence from the handler body: finds the function (or `case` clause) that handles the tool, then walks it
// (walk.ts). Recognised calls come from the tables (tables/, in the order recognisers.ts gives); calls into
// packages the analyser does not know make the handler only partly visible, which leaves every optimistic hint unknown.
import ts from 'typescript';
import type { Tool } from '../model';
import type { EvidenceConfig } from '../options';
import { fileIndexOf, findDeclaration, nodeAt, propertyNameText, skipOuterExpressions, table } from '../syntax';
import { EMPTY_ENV, locOf } from '../values';
import type { Body } from './recogniser';
import type { EvidenceSession } from './session';
import { words } from './tables/verbs';
import { callToolHandlers, definitionClass } from './class-tools';
import type { ClassInFile } from './instances';
import { classMember, type HandlerEvidence, HandlerWalker } from './walk';

export type { HandlerEvidence } from './walk';

export function handlerEvidence(tool: Tool, session: EvidenceSession, registrationSf: ts.SourceFile, config?: EvidenceConfig): HandlerEvidence {
  const dispatched = bodiesOfClassTool(tool, session, registrationSf);
  const bodies = dispatched?.bodies ?? handlerBodies(tool, session, registrationSf);
  if (bodies.length === 0) return { items: [], visibility: 'none', loc: null };
  const walker = new HandlerWalker(session, config, tool.name ? words(tool.name) : [], boundFunctionsOf(tool, session, registrationSf), boundValuesOf(tool, session, registrationSf), dispatched?.instance, boundClassesOf(tool, session, registrationSf));
  for (const body of bodies) walker.walk(body.node, body.sf, 0);
  return { items: walker.items, visibility: walker.partial ? 'partial' : 'complete', loc: locOf(bodies[0].node, bodies[0].sf) };
}

// ---- finding the handler ----

/**
 * A listed tool with no `case "name":` of its own, whose definition an instance of a class holds: the tools/call
 * dispatcher of the listing file, which looks that instance up by name (class-tools.ts).
 */
function bodiesOfClassTool(tool: Tool, session: EvidenceSession, registrationSf: ts.SourceFile): { bodies: Body[]; instance: ClassInFile } | undefined {
  if (tool.form !== 'tools/list' || !tool.name || callToolBranches(tool.name, registrationSf).length > 0) return undefined;
  const instance = definitionClass(tool, session, registrationSf);
  const bodies = instance ? callToolHandlers(registrationSf, session) : [];
  return instance && bodies.length > 0 ? { bodies, instance } : undefined;
}

function boundFunctionsOf(tool: Tool, session: EvidenceSession, registrationSf: ts.SourceFile): Map<ts.Node, Body> {
  const out = new Map<ts.Node, Body>();
  for (const { parameter, fn } of tool.boundFunctions ?? []) {
    const psf = parameter.file === registrationSf.fileName ? registrationSf : session.sources.getSourceFile(parameter.file);
    const fsf = fn.file === registrationSf.fileName ? registrationSf : session.sources.getSourceFile(fn.file);
    let p = psf && nodeAt(psf, parameter);
    while (p && !ts.isParameter(p)) p = p.parent;
    let f = fsf && nodeAt(fsf, fn);
    while (f && !ts.isFunctionLike(f)) f = f.parent;
    if (p && f && fsf) out.set(p, { node: f, sf: fsf });
  }
  // `tool.handler(args, …)` in a handler a loop's tools share: keyed by the callee, this tool's own function.
  for (const { callee, fn } of tool.boundCalls ?? []) {
    const csf = callee.file === registrationSf.fileName ? registrationSf : session.sources.getSourceFile(callee.file);
    const fsf = fn.file === registrationSf.fileName ? registrationSf : session.sources.getSourceFile(fn.file);
    let c = csf && nodeAt(csf, callee);
    while (c && c.parent && !ts.isPropertyAccessExpression(c) && !ts.isElementAccessExpression(c)) c = c.parent;
    let f = fsf && nodeAt(fsf, fn);
    while (f && !ts.isFunctionLike(f)) f = f.parent;
    if (c && f && fsf) out.set(c, { node: f, sf: fsf });
  }
  return out;
}

/** `def.method` in a handler a loop's tools share, keyed by the node: the string it is for this tool. */
function boundValuesOf(tool: Tool, session: EvidenceSession, registrationSf: ts.SourceFile): Map<ts.Node, string> {
  const out = new Map<ts.Node, string>();
  for (const { loc, value } of tool.boundValues ?? []) {
    const sf = loc.file === registrationSf.fileName ? registrationSf : session.sources.getSourceFile(loc.file);
    let node = sf && nodeAt(sf, loc);
    while (node && node.parent && !ts.isPropertyAccessExpression(node) && !ts.isElementAccessExpression(node)) node = node.parent;
    if (node) out.set(node, value);
  }
  return out;
}

/** `new tool.handler()` in a handler a loop's tools share, keyed by the member constructed: this tool's own class. */
function boundClassesOf(tool: Tool, session: EvidenceSession, registrationSf: ts.SourceFile): Map<ts.Node, ClassInFile> {
  const out = new Map<ts.Node, ClassInFile>();
  const fileOf = (file: string) => (file === registrationSf.fileName ? registrationSf : session.sources.getSourceFile(file));
  for (const { loc, cls } of tool.boundClasses ?? []) {
    const sf = fileOf(loc.file);
    const csf = fileOf(cls.file);
    let node = sf && nodeAt(sf, loc);
    while (node && node.parent && !ts.isNewExpression(node.parent)) node = node.parent;
    let decl = csf && nodeAt(csf, cls);
    while (decl && !ts.isClassLike(decl)) decl = decl.parent;
    if (node && decl && csf) out.set(node, { decl, sf: csf });
  }
  return out;
}

function handlerBodies(tool: Tool, session: EvidenceSession, registrationSf: ts.SourceFile): Body[] {
  // `registerTool(name, config, wrap(async (args) => …))`: the evaluator resolves the wrapper to the closure it
  // returns, which calls the callback through a parameter. Walk the wrapper call instead: wrapper and callback.
  const lastArg = tool.callArgs?.at(-1);
  if (lastArg && (tool.form === 'registerTool' || tool.form === 'tool' || tool.form === 'registerToolTask')) {
    const node = nodeAt(registrationSf, lastArg);
    const expr = node && ts.isExpression(node) ? skipOuterExpressions(node) : undefined;
    if (expr && ts.isCallExpression(expr) && expr.arguments.some((a) => ts.isArrowFunction(skipOuterExpressions(a)) || ts.isFunctionExpression(skipOuterExpressions(a)))) {
      return [{ node: expr, sf: registrationSf }];
    }
  }
  if (tool.handler) {
    const sf = tool.handler.file === registrationSf.fileName ? registrationSf : session.sources.getSourceFile(tool.handler.file);
    if (!sf) return [];
    let node = nodeAt(sf, tool.handler);
    while (node && node.parent && node.getStart(sf) === node.parent.getStart(sf) && node.getEnd() === node.parent.getEnd() && !ts.isFunctionLike(node)) node = node.parent;
    if (!node) return [];
    const found = functionsOf(node, sf, session, 0);
    if (found.length > 0) return found;
    // A generic dispatcher (`handler.handle` of a wrapper class): the definition the annotations were written in
    // may carry the tool's own handler (`defineTool({ annotations, handler })`).
    return definitionHandler(tool, session, registrationSf);
  }
  if (tool.form === 'tools/list' && tool.name) return callToolBranches(tool.name, registrationSf);
  return definitionHandler(tool, session, registrationSf);
}

const DEFINITION_HANDLER_KEYS = ['handler', 'execute', 'callback', 'run', 'handle', 'fn'];

/** `{ name, annotations: {…}, handler: async () => … }`: the function next to the annotations literal. */
function definitionHandler(tool: Tool, session: EvidenceSession, registrationSf: ts.SourceFile): Body[] {
  const objectLoc = tool.declared?.objectLoc;
  if (!objectLoc) return [];
  const sf = objectLoc.file === registrationSf.fileName ? registrationSf : session.sources.getSourceFile(objectLoc.file);
  const literal = sf && nodeAt(sf, objectLoc);
  const assignment = literal?.parent;
  if (!sf || !assignment || !ts.isPropertyAssignment(assignment) || propertyNameText(assignment.name) !== 'annotations') return [];
  const definition = assignment.parent;
  if (!ts.isObjectLiteralExpression(definition)) return [];
  for (const property of definition.properties) {
    const key = property.name && propertyNameText(property.name);
    if (!key || !DEFINITION_HANDLER_KEYS.includes(key)) continue;
    if (ts.isMethodDeclaration(property) && property.body) return [{ node: property, sf }];
    if (ts.isPropertyAssignment(property)) {
      const found = functionsOf(property.initializer, sf, session, 0);
      if (found.length > 0) return found;
    }
  }
  return [];
}

/** The functions a handler expression stands for: the function itself, a named one, a wrapper's callback. */
function functionsOf(node: ts.Node, sf: ts.SourceFile, session: EvidenceSession, depth: number): Body[] {
  if (depth > 3) return [];
  if (ts.isFunctionLike(node) && (node as ts.FunctionLikeDeclaration).body) return [{ node, sf }];
  if (!ts.isExpression(node)) return [];
  const expr = skipOuterExpressions(node);
  if (ts.isIdentifier(expr) || ts.isPropertyAccessExpression(expr)) {
    const fn = resolveFunction(expr, sf, session);
    return fn ? [fn] : [];
  }
  if (ts.isCallExpression(expr)) {
    // `this.handle.bind(this)`
    const callee = skipOuterExpressions(expr.expression);
    if (ts.isPropertyAccessExpression(callee) && callee.name.text === 'bind') return functionsOf(callee.expression, sf, session, depth + 1);
    // A wrapper: `withErrorHandling(async (args) => …)`. Its callback is the handler; the wrapper itself is
    // followed when it is local (and made opaque by the walker when it is not).
    const hasCallback = expr.arguments.some((arg) => ts.isArrowFunction(skipOuterExpressions(arg)) || ts.isFunctionExpression(skipOuterExpressions(arg)));
    return hasCallback ? [{ node: expr, sf }] : [];
  }
  return [];
}

/** `name`, `this.method`, `obj.method`: the function declaration it refers to, when it is readable. */
function resolveFunction(expr: ts.Expression, sf: ts.SourceFile, session: EvidenceSession): Body | undefined {
  if (ts.isPropertyAccessExpression(expr) && expr.expression.kind === ts.SyntaxKind.ThisKeyword) {
    const method = classMember(expr, expr.name.text);
    return method ? { node: method, sf } : undefined;
  }
  const evaluator = session.evaluator;
  evaluator.resetBudget();
  const value = evaluator.evaluate(expr, sf, EMPTY_ENV);
  return value.kind === 'function' && value.node.body ? { node: value.node, sf: value.sf } : undefined;
}

/**
 * Low-level servers answer `tools/call` in one handler that switches on the name: the `case "name":` clause or
 * the `if (name === "name")` branch is this tool's handler.
 */
function callToolBranches(name: string, sf: ts.SourceFile): Body[] {
  // The dispatch often sits in a helper the handler calls (`handleCallToolRequest`): once the file answers
  // tools/call, every `case "name":` in it is a candidate. One walk per file, shared by its tools.
  if (!/CallToolRequestSchema|['"]tools\/call['"]/.test(sf.text)) return [];
  const branches = fileIndexOf(sf).cached(CALL_TOOL_BRANCHES, sf, () => {
    const found = new Map<string, Body[]>();
    collectBranches(sf, sf, found);
    return found;
  });
  return branches.get(name) ?? [];
}

const CALL_TOOL_BRANCHES = table<ts.SourceFile, Map<string, Body[]>>('handler:call-tool-branches', 'node', 'every `case "name":` clause and `if (name === "name")` branch of a tree, by the tool name it handles');

/** Every `case "x":` clause and `if (name === "x")` branch in `root`, by the tool name they handle. */
function collectBranches(root: ts.Node, sf: ts.SourceFile, out: Map<string, Body[]>): void {
  const add = (name: string, body: Body) => out.set(name, [...(out.get(name) ?? []), body]);
  const visit = (node: ts.Node): void => {
    if (ts.isCaseClause(node)) {
      const name = stringValue(node.expression, sf);
      if (name !== undefined) {
        // `case "a": case "b": { … }`: an empty clause falls through to the next one with statements.
        const clauses = node.parent.clauses;
        let index = clauses.indexOf(node);
        while (index < clauses.length - 1 && clauses[index].statements.length === 0) index++;
        add(name, { node: clauses[index], sf });
      }
    } else if (ts.isIfStatement(node)) {
      for (const name of comparedNames(node.expression, sf)) add(name, { node: node.thenStatement, sf });
    }
    ts.forEachChild(node, visit);
  };
  visit(root);
}

/** The string literals `expr` compares with `===` / `==`, through `||`. */
function comparedNames(expr: ts.Expression, sf: ts.SourceFile): string[] {
  const inner = skipOuterExpressions(expr);
  if (!ts.isBinaryExpression(inner)) return [];
  const op = inner.operatorToken.kind;
  if (op === ts.SyntaxKind.BarBarToken) return [...comparedNames(inner.left, sf), ...comparedNames(inner.right, sf)];
  if (op !== ts.SyntaxKind.EqualsEqualsEqualsToken && op !== ts.SyntaxKind.EqualsEqualsToken) return [];
  const name = stringValue(inner.left, sf) ?? stringValue(inner.right, sf);
  return name === undefined ? [] : [name];
}

/** A string literal, or a const declared with one (`case TOOL_NAMES.READ:` is left alone). */
function stringValue(expr: ts.Expression, sf: ts.SourceFile): string | undefined {
  const inner = skipOuterExpressions(expr);
  if (ts.isStringLiteralLike(inner)) return inner.text;
  if (ts.isIdentifier(inner)) {
    const decl = findDeclaration(inner.text, inner);
    if (decl?.kind === 'variable' && decl.path?.length === 0 && decl.declaration.initializer && ts.isStringLiteralLike(skipOuterExpressions(decl.declaration.initializer))) {
      return (skipOuterExpressions(decl.declaration.initializer) as ts.StringLiteral).text;
    }
  }
  void sf;
  return undefined;
}
