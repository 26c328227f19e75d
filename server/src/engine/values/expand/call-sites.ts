// The call-site search: who calls a function, in its own file and in any project file that names it. Whoever asks
// (binding a wrapper's parameters, the conditions of a registration) asks here.
import ts from 'typescript';
import { callsIn, findDeclaration, propertyNameText, skipOuterExpressions } from '../../syntax';
import type { EvaluatorCore } from '../evaluator-core';
import { installedMemberName, memberCallsIn } from '../installed-members';
import { enclosingFunction, hasExportModifier, isWithin, returnExpression } from '../nodes';

export class CallSiteSearch {
  constructor(private readonly evaluator: EvaluatorCore) {}

  /** Call sites of wrapper functions. Per evaluator: incremental re-parses reuse nodes across versions. */
  private readonly callSites = new Map<ts.Node, ts.CallExpression[]>();

  private readonly crossFileSites = new Map<ts.Node, ts.CallExpression[]>();

  /**
   * Calls of a wrapper function: in its own file, and, when it is exported, in every project file that names it
   * and imports it (`registerDatabaseTool(server, "list-indexes", {…})` in one file per tool).
   */
  callSitesOf(fn: ts.FunctionLikeDeclaration): ts.CallExpression[] {
    const own = sameFileCallSites(fn, this.callSites);
    const member = own.length === 0 ? installedMemberName(fn) : undefined;
    if (member) return this.installedMemberSites(fn, member);
    const name = functionName(fn);
    // A function that is not exported may still escape through the return of one that is
    // (`const [register] = createRegistrar(server); register(def)`): its callers are where that one is named.
    const exported = name && isExported(fn) ? fn : name ? returnedBy(fn, name) : returnedAnonymously(fn);
    const searched = exported && functionName(exported);
    // Other files are parsed only for a wrapper its own file never calls (keeps dense workspaces fast).
    if (!exported || !searched || own.length > 0) return own;
    let others = this.crossFileSites.get(fn);
    if (!others) {
      others = [];
      this.crossFileSites.set(fn, others);
      const home = fn.getSourceFile().fileName;
      for (const file of this.evaluator.sources.filesMentioning?.(searched) ?? []) {
        if (file === home && exported === fn) continue;
        // Only a call by the function's own name can be one of it here: a file that makes none is not parsed again.
        if (exported === fn && name !== undefined && this.evaluator.sources.mayCallName?.(file, name) === false) {
          if (others.length > 0) this.evaluator.dependencies.add(file);
          continue;
        }
        const fileSf = this.evaluator.sources.getSourceFile(file);
        if (!fileSf) continue;
        for (const { call: node, name: calledName, byIdentifier } of callsIn(fileSf)) {
          if (own.includes(node)) continue;
          if (calledName === name || (exported !== fn && calledName !== undefined && byIdentifier && calledName !== searched && boundToCallOf(node.expression, searched))) {
            const target = this.evaluator.evaluate(skipOuterExpressions(node.expression), fileSf);
            if (target.kind === 'function' && target.node === fn) others.push(node);
          }
        }
        if (exported !== fn) others.push(...this.sitesThroughArguments(fn, others, fileSf));
        if (others.length > 0) this.evaluator.dependencies.add(file);
      }
    }
    return [...own, ...others];
  }

  /**
   * Calls of a function installed as a member (`server.registerOnce = (…) => …`) that its own file never calls:
   * `x.registerOnce(…)` in the files that name it, unless the receiver is known to be something else.
   */
  private installedMemberSites(fn: ts.FunctionLikeDeclaration, member: string): ts.CallExpression[] {
    let sites = this.crossFileSites.get(fn);
    if (sites) return sites;
    sites = [];
    this.crossFileSites.set(fn, sites);
    for (const file of this.evaluator.sources.filesMentioning?.(member) ?? []) {
      const fileSf = this.evaluator.sources.getSourceFile(file);
      if (!fileSf) continue;
      for (const call of memberCallsIn(fileSf, member)) {
        const target = this.evaluator.evaluate(skipOuterExpressions(call.expression), fileSf);
        if (target.kind === 'unknown' || (target.kind === 'function' && target.node === fn)) sites.push(call);
      }
      if (sites.length > 0) this.evaluator.dependencies.add(file);
    }
    return sites;
  }

  /**
   * Calls of `fn` made by a function it is handed to, one level down: where the registrar is kept under a local name
   * (`sites`), a call that passes it on (`registerExtensions({ tool, prompt })`, `addAll(tool)`) makes the callee's
   * `register.tool(def)` or `add(def)` calls of `fn` too (the callee may be in another file).
   */
  private sitesThroughArguments(fn: ts.FunctionLikeDeclaration, sites: readonly ts.CallExpression[], sf: ts.SourceFile): ts.CallExpression[] {
    const holders = new Set(sites.map((site) => enclosingFunction(site)).filter((holder): holder is ts.Node => holder !== undefined));
    // The local names the registrar is called by: only arguments written with them are evaluated (evaluating every
    // argument of a bundle's functions would be slow and deep).
    const localNames = new Set(sites.map((site) => skipOuterExpressions(site.expression)).filter(ts.isIdentifier).map((callee) => callee.text));
    const out: ts.CallExpression[] = [];
    for (const { call, byIdentifier } of callsIn(sf)) {
      if (!byIdentifier || sites.includes(call) || !holders.has(enclosingFunction(call)!)) continue;
      call.arguments.forEach((arg, index) => {
        const written = skipOuterExpressions(arg);
        if (!mayHoldName(written, localNames)) return;
        const value = this.evaluator.evaluate(written, sf);
        // The registrar itself, or the key of the object that holds it.
        const key = value.kind === 'function' && value.node === fn ? null : value.kind === 'object' ? [...value.properties.values()].find((p) => p.value.kind === 'function' && p.value.node === fn)?.key : undefined;
        if (key === undefined) return;
        const callee = this.evaluator.evaluate(skipOuterExpressions(call.expression), sf);
        if (callee.kind !== 'function') return;
        const { body } = callee.node;
        const parameter = callee.node.parameters[index];
        if (!parameter || !ts.isIdentifier(parameter.name) || !body) return;
        const calleeSf = callee.node.getSourceFile();
        for (const inner of callsIn(calleeSf)) {
          const target = skipOuterExpressions(inner.call.expression);
          const receiver = key === null ? target : ts.isPropertyAccessExpression(target) && target.name.text === key ? skipOuterExpressions(target.expression) : undefined;
          if (!receiver || !ts.isIdentifier(receiver) || receiver.text !== parameter.name.text || !isWithin(inner.call, body)) continue;
          const declaration = findDeclaration(receiver.text, receiver);
          if (declaration?.kind === 'parameter' ? declaration.declaration === parameter : false) out.push(inner.call);
        }
        if (out.length > 0) this.evaluator.dependencies.add(calleeSf.fileName);
      });
    }
    return out;
  }

  /**
   * Parsed project files whose text names `name`, but for those known to call nothing by that name (whole-program
   * questions outside evaluation that look for `name(…)` or `x.name(…)` calls: conditions.ts).
   */
  sourceFilesCalling(name: string): ts.SourceFile[] {
    return (this.evaluator.sources.filesMentioning?.(name) ?? []).flatMap((file) => (this.evaluator.sources.mayCallName?.(file, name) === false ? [] : (this.evaluator.sources.getSourceFile(file) ?? [])));
  }
}

/** Calls of a named function, const arrow or method in the same file. */
function sameFileCallSites(fn: ts.FunctionLikeDeclaration, cache: Map<ts.Node, ts.CallExpression[]>): ts.CallExpression[] {
  const cached = cache.get(fn);
  if (cached) return cached;
  const name = functionName(fn);
  const sites: ts.CallExpression[] = [];
  if (name) {
    const isMethod = ts.isMethodDeclaration(fn);
    for (const { call: node, name: calledName, byIdentifier } of callsIn(fn.getSourceFile())) {
      if (calledName !== name) continue;
      if (isMethod) {
        if (!byIdentifier) sites.push(node);
      } else if (byIdentifier) {
        const decl = findDeclaration(name, skipOuterExpressions(node.expression));
        if (decl && (decl.kind === 'function' ? decl.declaration === fn : decl.kind === 'variable' && decl.declaration.initializer && skipOuterExpressions(decl.declaration.initializer) === fn)) {
          sites.push(node);
        }
      }
    }
  }
  cache.set(fn, sites);
  return sites;
}

function functionName(fn: ts.FunctionLikeDeclaration): string | undefined {
  if ((ts.isFunctionDeclaration(fn) || ts.isMethodDeclaration(fn)) && fn.name) return propertyNameText(fn.name);
  const parent = fn.parent;
  if ((ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)) && parent && ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if ((ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)) && parent && ts.isPropertyDeclaration(parent)) return propertyNameText(parent.name);
  return undefined;
}

/** The exported function that declares `fn` (named `name`) directly in its body and returns it (alone, or in a list or object). */
function returnedBy(fn: ts.Node, name: string): ts.FunctionLikeDeclaration | undefined {
  const statement = fn.parent?.parent?.parent;
  const outer = statement?.parent?.parent;
  if (!outer || !(ts.isFunctionDeclaration(outer) || ts.isArrowFunction(outer) || ts.isFunctionExpression(outer)) || !isExported(outer)) return undefined;
  const returned = returnExpression(outer);
  if (!returned) return undefined;
  const inner = skipOuterExpressions(returned);
  const parts = ts.isArrayLiteralExpression(inner) ? inner.elements : ts.isObjectLiteralExpression(inner) ? inner.properties.map((p) => (ts.isShorthandPropertyAssignment(p) ? p.name : ts.isPropertyAssignment(p) ? p.initializer : p)) : [inner];
  return parts.some((part) => ts.isIdentifier(part) && part.text === name) ? outer : undefined;
}

/**
 * The named function that returns `fn`, an anonymous function, as its whole result (`return (tool) => {…}`): its
 * callers keep it under a name of their own (`const tool = createRegisterTool(…); tool(def)`), in this file or, when
 * the outer function is exported, in the files that import it.
 */
function returnedAnonymously(fn: ts.FunctionLikeDeclaration): ts.FunctionLikeDeclaration | undefined {
  if (!(ts.isArrowFunction(fn) || ts.isFunctionExpression(fn))) return undefined;
  let node: ts.Node = fn;
  while (node.parent && (ts.isParenthesizedExpression(node.parent) || ts.isAsExpression(node.parent) || ts.isSatisfiesExpression(node.parent))) node = node.parent;
  const statement = node.parent;
  if (!statement || !ts.isReturnStatement(statement)) return undefined;
  const outer = statement.parent?.parent;
  if (!outer || !(ts.isFunctionDeclaration(outer) || ts.isArrowFunction(outer) || ts.isFunctionExpression(outer)) || !functionName(outer)) return undefined;
  return returnExpression(outer) === statement.expression ? outer : undefined;
}

/** An exported function declaration or `export const name = () => …`. */
function isExported(fn: ts.FunctionLikeDeclaration): boolean {
  if (ts.isFunctionDeclaration(fn)) return hasExportModifier(fn);
  const declaration = fn.parent;
  if (declaration && ts.isVariableDeclaration(declaration)) {
    const statement = declaration.parent?.parent;
    return !!statement && ts.isVariableStatement(statement) && hasExportModifier(statement);
  }
  return false;
}

/**
 * True when the callee is a variable set from a call of the function named `searched` (`const tool =
 * createRegisterTool(…)`, `const [tool] = …`, `tools_1.createRegisterTool(…)` in compiled code): only such callees are
 * evaluated when looking for the callers of a function that function returns.
 */
function boundToCallOf(callee: ts.Expression, searched: string): boolean {
  const written = skipOuterExpressions(callee);
  if (!ts.isIdentifier(written)) return false;
  const declaration = findDeclaration(written.text, written);
  let init = declaration?.kind === 'variable' ? declaration.declaration.initializer : undefined;
  if (init && ts.isAwaitExpression(skipOuterExpressions(init))) init = (skipOuterExpressions(init) as ts.AwaitExpression).expression;
  const call = init && skipOuterExpressions(init);
  if (!call || !ts.isCallExpression(call)) return false;
  let target = skipOuterExpressions(call.expression);
  // `(0, tools_js_1.createRegisterTool)(…)` of compiled CommonJS.
  if (ts.isBinaryExpression(target) && target.operatorToken.kind === ts.SyntaxKind.CommaToken) target = skipOuterExpressions(target.right);
  return (ts.isIdentifier(target) && target.text === searched) || (ts.isPropertyAccessExpression(target) && target.name.text === searched);
}

/** `name`, `{ name }`, `{ key: name }`, or a variable declared as one of those objects, for a name in `names`. */
function mayHoldName(expr: ts.Expression, names: ReadonlySet<string>): boolean {
  const holds = (object: ts.ObjectLiteralExpression) =>
    object.properties.some((p) => (ts.isShorthandPropertyAssignment(p) && names.has(p.name.text)) || (ts.isPropertyAssignment(p) && ts.isIdentifier(p.initializer) && names.has(p.initializer.text)));
  if (ts.isObjectLiteralExpression(expr)) return holds(expr);
  if (!ts.isIdentifier(expr)) return false;
  if (names.has(expr.text)) return true;
  const declaration = findDeclaration(expr.text, expr);
  const initializer = declaration?.kind === 'variable' && declaration.path.length === 0 ? declaration.declaration.initializer : undefined;
  return !!initializer && ts.isObjectLiteralExpression(skipOuterExpressions(initializer)) && holds(skipOuterExpressions(initializer) as ts.ObjectLiteralExpression);
}
