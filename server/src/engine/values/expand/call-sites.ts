// The call-site search: who calls a function, in its own file and in any project file that names it. Whoever asks
// (binding a wrapper's parameters, the fills of a class's fields, the conditions of a registration) asks here.
//
// Every project file a search reads is a dependency of the analysis, whether or not it held a call: a call typed
// there later (in a file that only imported the function so far) changes the answer, so the file's edit must make
// this analysis stale. Files a search passes over because they are known to call nothing by that name (a released
// file's listed calls) count too: they were read, from what they left behind.
import ts from 'typescript';
import { callsIn, findDeclaration, importOf, outermost, propertyNameText, skipOuterExpressions } from '../../syntax';
import type { EvaluatorCore } from '../evaluator-core';
import { EMPTY_ENV } from '../values';
import { installedMemberName, memberCallsIn } from '../installed-members';
import { commonJsExportNames } from '../module-values';
import { enclosingFunction, hasExportModifier, isWithin, returnExpression } from '../nodes';

export class CallSiteSearch {
  constructor(private readonly evaluator: EvaluatorCore) {}

  /** Call sites of wrapper functions. Per evaluator: incremental re-parses reuse nodes across versions. */
  private readonly callSites = new Map<ts.Node, ts.CallExpression[]>();
  private readonly crossFileSites = new Map<ts.Node, ts.CallExpression[]>();
  private readonly instanceSites = new Map<ts.MethodDeclaration, ts.CallExpression[]>();
  private readonly memberSites = new Map<ts.MethodDeclaration, ts.CallExpression[]>();
  private readonly otherFileSites = new Map<ts.FunctionDeclaration, ts.CallExpression[]>();

  /**
   * Reads each of `files` that may call `name` (every one when `name` is undefined), recording it as a dependency
   * first: found or not, what it calls decided the answer.
   */
  private search(files: Iterable<string>, name: string | undefined, read: (sf: ts.SourceFile) => void): void {
    const { sources, dependencies } = this.evaluator;
    for (const file of files) {
      dependencies.add(file);
      if (name !== undefined && sources.mayCallName?.(file, name) === false) continue;
      const sf = sources.getSourceFile(file);
      if (sf) read(sf);
    }
  }

  /** Project files whose text names `name` (a whole word), in project order. */
  private mentioning(name: string): readonly string[] {
    return this.evaluator.sources.filesMentioning?.(name) ?? [];
  }

  /**
   * Calls of a wrapper function: in its own file, and, when it is exported, in every project file that names it
   * and imports it (`registerDatabaseTool(server, "list-indexes", {…})` in one file per tool).
   */
  callSitesOf(fn: ts.FunctionLikeDeclaration): ts.CallExpression[] {
    const own = this.ownSites(fn);
    const member = own.length === 0 ? installedMemberName(fn) : undefined;
    if (member) return this.installedMemberSites(fn, member);
    const held = own.length === 0 ? objectMember(fn) : undefined;
    if (held) return this.objectMemberSites(fn, held);
    const name = functionName(fn);
    const exportNames = name ? exportedNames(fn, name) : [];
    // A function that is not exported may still escape through the return of one that is
    // (`const [register] = createRegistrar(server); register(def)`): its callers are where that one is named.
    const exported = exportNames.length > 0 ? fn : name ? returnedBy(fn, name) : returnedAnonymously(fn);
    const searched = exported && functionName(exported);
    // Other files are parsed only for a wrapper its own file never calls (keeps dense workspaces fast).
    if (!exported || !searched || own.length > 0) return own;
    let others = this.crossFileSites.get(fn);
    if (!others) {
      const found: ts.CallExpression[] = (others = []);
      this.crossFileSites.set(fn, found);
      const home = fn.getSourceFile().fileName;
      // The files that import it name it as it is exported (`import { register as r }`, `const { register: r } = require(…)`).
      const names = exported === fn ? [...new Set([name!, ...exportNames])] : [searched];
      const files = [...new Set(names.flatMap((n) => this.mentioning(n)))].filter((file) => !(file === home && exported === fn));
      // Only a call by one of these names can be one of it in a file that does not import it under a local name of
      // its own: a file that makes none is not parsed again. A file that may (`import { register as r }`) is read.
      const aliasing = new Set(exported === fn ? exportNames.flatMap((n) => this.evaluator.sources.filesAliasing?.(n) ?? []) : []);
      const read = (fileSf: ts.SourceFile) => {
        for (const { call: node, name: calledName, byIdentifier } of callsIn(fileSf)) {
          if (own.includes(node)) continue;
          const byImport = exported === fn && byIdentifier && calledName !== undefined && !names.includes(calledName) && importedUnder(node.expression, exportNames);
          if ((calledName !== undefined && exported === fn && names.includes(calledName)) || calledName === name || byImport || (exported !== fn && calledName !== undefined && byIdentifier && calledName !== searched && boundToCallOf(node.expression, searched))) {
            const target = this.evaluator.evaluate(skipOuterExpressions(node.expression), fileSf);
            if (target.kind === 'function' && target.node === fn) found.push(node);
          }
        }
        if (exported !== fn) found.push(...this.sitesThroughArguments(fn, found, fileSf));
      };
      for (const file of files) this.search([file], exported === fn && names.length === 1 && !aliasing.has(file) ? name : undefined, read);
    }
    return [...own, ...others];
  }

  /**
   * The calls of `fn` in its own file. A method's are the calls of its name on `this` or on a receiver that may be an
   * instance of its class: `extra.add("x")` on a Set is no call of a class's own `add(...args)`.
   */
  private ownSites(fn: ts.FunctionLikeDeclaration): ts.CallExpression[] {
    const named = sameFileCallSites(fn, this.callSites);
    if (!ts.isMethodDeclaration(fn) || !ts.isClassLike(fn.parent) || named.length === 0) return named;
    let sites = this.methodSites.get(fn);
    if (!sites) {
      const classes = new Set<ts.Node>([fn.parent, ...this.evaluator.subclassesOf(fn.parent).map(({ decl }) => decl)]);
      sites = named.filter((site) => {
        const receiver = skipOuterExpressions((skipOuterExpressions(site.expression) as ts.PropertyAccessExpression).expression);
        if (receiver.kind === ts.SyntaxKind.ThisKeyword || receiver.kind === ts.SyntaxKind.SuperKeyword) return true;
        const values = this.evaluator.expandValue(receiver, site.getSourceFile(), EMPTY_ENV);
        if (values.some((value) => value.kind === 'object' && classes.has(value.node))) return true;
        // A receiver that may be an instance (unknown) is one, unless the call is what another same-named method
        // forwards to (`this.target.registerTool(...args)` in another wrapper class): there it must be known.
        return !enclosingMethodNamed(site, fn.name) && values.some((value) => value.kind === 'unknown');
      });
      this.methodSites.set(fn, sites);
    }
    return sites;
  }
  private readonly methodSites = new Map<ts.FunctionLikeDeclaration, ts.CallExpression[]>();

  /**
   * Calls of a function installed as a member (`server.registerOnce = (…) => …`) that its own file never calls:
   * `x.registerOnce(…)` in the files that name it, unless the receiver is known to be something else.
   */
  private installedMemberSites(fn: ts.FunctionLikeDeclaration, member: string): ts.CallExpression[] {
    let sites = this.crossFileSites.get(fn);
    if (sites) return sites;
    const found: ts.CallExpression[] = (sites = []);
    this.crossFileSites.set(fn, found);
    this.search(this.mentioning(member), undefined, (fileSf) => {
      for (const call of memberCallsIn(fileSf, member)) {
        const target = this.evaluator.evaluate(skipOuterExpressions(call.expression), fileSf);
        if (target.kind === 'unknown' || (target.kind === 'function' && target.node === fn)) found.push(call);
      }
    });
    return sites;
  }

  /**
   * Calls of a function kept in an object literal (`const registry = { add: (...args) => … }`): `x.add(…)` whose
   * callee reads that very function, in its own file and, when the object is held by an exported constant, in the
   * files that name the constant.
   */
  private objectMemberSites(fn: ts.FunctionLikeDeclaration, held: { key: string; holder?: string }): ts.CallExpression[] {
    let sites = this.crossFileSites.get(fn);
    if (sites) return sites;
    const found: ts.CallExpression[] = (sites = []);
    this.crossFileSites.set(fn, found);
    const home = fn.getSourceFile().fileName;
    const files = new Set([home, ...(held.holder ? this.mentioning(held.holder) : [])]);
    this.search(files, held.key, (fileSf) => {
      for (const { call, name, byIdentifier } of callsIn(fileSf)) {
        if (name !== held.key || byIdentifier || isWithin(call, fn)) continue;
        const target = this.evaluator.evaluate(skipOuterExpressions(call.expression), fileSf);
        if (target.kind === 'function' && target.node === fn) found.push(call);
      }
    });
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
        this.evaluator.dependencies.add(calleeSf.fileName);
        for (const inner of callsIn(calleeSf)) {
          const target = skipOuterExpressions(inner.call.expression);
          const receiver = key === null ? target : ts.isPropertyAccessExpression(target) && target.name.text === key ? skipOuterExpressions(target.expression) : undefined;
          if (!receiver || !ts.isIdentifier(receiver) || receiver.text !== parameter.name.text || !isWithin(inner.call, body)) continue;
          const declaration = findDeclaration(receiver.text, receiver);
          if (declaration?.kind === 'parameter' ? declaration.declaration === parameter : false) out.push(inner.call);
        }
      });
    }
    return out;
  }

  /**
   * Calls of an instance method on an instance of its class or of a subclass (`registry.register(def)`), in its own
   * file and any file naming it: the receiver is read, once per value a loop around the call gives it.
   */
  instanceMethodCallSites(method: ts.MethodDeclaration): ts.CallExpression[] {
    const cached = this.instanceSites.get(method);
    if (cached) return cached;
    const sites: ts.CallExpression[] = [];
    this.instanceSites.set(method, sites);
    const name = propertyNameText(method.name);
    const cls = method.parent;
    if (!name || !ts.isClassLike(cls)) return sites;
    const classes = new Set<ts.Node>([cls, ...this.evaluator.subclassesOf(cls).map(({ decl }) => decl)]);
    const own = method.getSourceFile().fileName;
    this.search(new Set([own, ...this.mentioning(name)]), undefined, (fileSf) => {
      for (const { call, name: called, byIdentifier } of callsIn(fileSf)) {
        // A method calling itself adds nothing new.
        if (called !== name || byIdentifier || enclosingMethod(call) === method) continue;
        const receiver = (skipOuterExpressions(call.expression) as ts.PropertyAccessExpression).expression;
        const instances = this.evaluator.expandValue(receiver, fileSf, EMPTY_ENV);
        if (instances.some((r) => r.kind === 'object' && classes.has(r.node))) sites.push(call);
      }
    });
    return sites;
  }

  /**
   * `x.method(…)` calls in the project files that name the method, whatever `x` is (`this.method(…)` only within the
   * method's own class): the callers whose guards a registration in the method may run under.
   */
  memberCallSites(method: ts.MethodDeclaration): ts.CallExpression[] {
    const cached = this.memberSites.get(method);
    if (cached) return cached;
    const name = ts.isIdentifier(method.name) ? method.name.text : undefined;
    const sites: ts.CallExpression[] = [];
    this.memberSites.set(method, sites);
    if (!name) return sites;
    this.search(this.mentioning(name), name, (sf) => {
      for (const { call, name: called, byIdentifier } of callsIn(sf)) {
        if (called !== name || byIdentifier) continue;
        const callee = skipOuterExpressions(call.expression) as ts.PropertyAccessExpression;
        // `this.method(…)` counts within the method's own class, whose instance it is called on.
        if (callee.expression.kind !== ts.SyntaxKind.ThisKeyword || enclosingClass(call) === method.parent) sites.push(call);
      }
    });
    return sites;
  }

  /**
   * Calls of a function declaration in the other project files that name it, as `name(…)` or `x.name(…)` reading
   * the function itself: also when it is exported through an `export { … }` list, which callSitesOf does not follow.
   */
  callsInOtherFiles(fn: ts.FunctionDeclaration): ts.CallExpression[] {
    if (!fn.name) return [];
    const cached = this.otherFileSites.get(fn);
    if (cached) return cached;
    const name = fn.name.text;
    const home = fn.getSourceFile().fileName;
    const sites: ts.CallExpression[] = [];
    this.otherFileSites.set(fn, sites);
    this.search(this.mentioning(name).filter((file) => file !== home), name, (sf) => {
      for (const { call, name: called } of callsIn(sf)) {
        if (called !== name) continue;
        const target = this.evaluator.evaluate(skipOuterExpressions(call.expression), sf);
        if (target.kind === 'function' && target.node === fn) sites.push(call);
      }
    });
    return sites;
  }
}

/** Calls of a named function, const arrow or method in the same file. */
function sameFileCallSites(fn: ts.FunctionLikeDeclaration, cache: Map<ts.Node, ts.CallExpression[]>): ts.CallExpression[] {
  const cached = cache.get(fn);
  if (cached) return cached;
  const name = functionName(fn);
  const sites: ts.CallExpression[] = [];
  if (name) {
    // A method, or an arrow kept in a class field (`private register = (tool) => …`): both are called on `this`.
    const isMethod = ts.isMethodDeclaration(fn) || (!!fn.parent && ts.isPropertyDeclaration(fn.parent));
    for (const { call: node, name: calledName, byIdentifier } of callsIn(fn.getSourceFile())) {
      if (calledName !== name) continue;
      if (isMethod) {
        // Inside the method, `this.s.registerTool(…)` on another object is the call it forwards to, not a caller.
        if (!byIdentifier && !forwardsWithin(fn, node)) sites.push(node);
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

/** A call of a same-named method on something other than `this`, inside the method `fn` itself. */
function forwardsWithin(fn: ts.FunctionLikeDeclaration, call: ts.CallExpression): boolean {
  if (!fn.body || call.pos < fn.body.pos || call.end > fn.body.end || call.getSourceFile() !== fn.getSourceFile()) return false;
  const callee = skipOuterExpressions(call.expression);
  return ts.isPropertyAccessExpression(callee) && skipOuterExpressions(callee.expression).kind !== ts.SyntaxKind.ThisKeyword;
}

function functionName(fn: ts.FunctionLikeDeclaration): string | undefined {
  if ((ts.isFunctionDeclaration(fn) || ts.isMethodDeclaration(fn)) && fn.name) return propertyNameText(fn.name);
  const parent = fn.parent;
  if ((ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)) && parent && ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if ((ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)) && parent && ts.isPropertyDeclaration(parent)) return propertyNameText(parent.name);
  return undefined;
}

/**
 * The key of an object literal's member that `fn` is (`{ add: (...args) => … }`, `{ add: function (…) { … } }`), and
 * the exported constant holding the object, if one does.
 */
function objectMember(fn: ts.FunctionLikeDeclaration): { key: string; holder?: string } | undefined {
  if (!(ts.isArrowFunction(fn) || ts.isFunctionExpression(fn))) return undefined;
  let node: ts.Node = fn;
  while (node.parent && (ts.isParenthesizedExpression(node.parent) || ts.isAsExpression(node.parent) || ts.isSatisfiesExpression(node.parent))) node = node.parent;
  const property = node.parent;
  if (!property || !ts.isPropertyAssignment(property) || property.initializer !== node || !ts.isObjectLiteralExpression(property.parent)) return undefined;
  const key = propertyNameText(property.name);
  if (!key) return undefined;
  let object: ts.Node = property.parent;
  while (object.parent && (ts.isParenthesizedExpression(object.parent) || ts.isAsExpression(object.parent) || ts.isSatisfiesExpression(object.parent))) object = object.parent;
  const declaration = object.parent;
  const statement = declaration && ts.isVariableDeclaration(declaration) && ts.isIdentifier(declaration.name) ? declaration.parent?.parent : undefined;
  const exported = !!statement && ts.isVariableStatement(statement) && hasExportModifier(statement);
  return { key, holder: exported ? ((declaration as ts.VariableDeclaration).name as ts.Identifier).text : undefined };
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
  const node = outermost(fn);
  const statement = node.parent;
  if (!statement || !ts.isReturnStatement(statement)) return undefined;
  const outer = statement.parent?.parent;
  if (!outer || !(ts.isFunctionDeclaration(outer) || ts.isArrowFunction(outer) || ts.isFunctionExpression(outer)) || !functionName(outer)) return undefined;
  return returnExpression(outer) === statement.expression ? outer : undefined;
}

/**
 * The names a function named `name` is exported under: its own for an exported declaration or `export const name =
 * () => …`; those a CommonJS module gives it (`exports.name = name`, what tsc writes for both; `module.exports = {
 * register: name }`). Empty when it is not exported.
 */
function exportedNames(fn: ts.FunctionLikeDeclaration, name: string): string[] {
  if (ts.isFunctionDeclaration(fn)) return hasExportModifier(fn) ? [name] : commonJsExportNames(fn.getSourceFile(), name);
  const declaration = fn.parent;
  if (declaration && ts.isVariableDeclaration(declaration)) {
    const statement = declaration.parent?.parent;
    if (!!statement && ts.isVariableStatement(statement) && hasExportModifier(statement)) return [name];
    return statement && ts.isSourceFile(statement.parent) ? commonJsExportNames(fn.getSourceFile(), name) : [];
  }
  return [];
}

function isExported(fn: ts.FunctionLikeDeclaration): boolean {
  const name = functionName(fn);
  return !!name && exportedNames(fn, name).length > 0;
}

/** A callee bound to an import of one of `exportNames` under a local name of its own (`import { register as r }`). */
function importedUnder(callee: ts.Expression, exportNames: readonly string[]): boolean {
  const written = skipOuterExpressions(callee);
  const imported = ts.isIdentifier(written) ? importOf(written) : undefined;
  return !!imported && exportNames.includes(imported.exportName);
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
  // Also imported under a name of its own (`import { createRegisterTool as create }`).
  return (ts.isIdentifier(target) && (target.text === searched || importOf(target)?.exportName === searched)) || (ts.isPropertyAccessExpression(target) && target.name.text === searched);
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

/** The method of another class named `name` that `node` is inside of, if any. */
function enclosingMethodNamed(node: ts.Node, name: ts.PropertyName): ts.MethodDeclaration | undefined {
  const method = enclosingMethod(node);
  return method && ts.isMethodDeclaration(method) && propertyNameText(method.name) === propertyNameText(name) ? method : undefined;
}

function enclosingMethod(node: ts.Node): ts.Node | undefined {
  let current = node.parent;
  while (current && !ts.isMethodDeclaration(current) && !ts.isSourceFile(current)) current = current.parent;
  return current;
}

function enclosingClass(node: ts.Node): ts.Node | undefined {
  for (let current = node.parent; current; current = current.parent) if (ts.isClassLike(current)) return current;
  return undefined;
}
