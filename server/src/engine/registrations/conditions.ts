// Run-time conditions of a registration: what must hold for a found tool to be registered at all (an environment
// variable, a flag, a feature group, an allow-list read at run time). A tool behind a condition is still a tool; the
// condition is reported with it. Guards the engine can decide with the values a loop or caller supplied are not
// conditions: a guard known to hold is dropped, and a path known to be skipped never produced the tool (find.ts).
import ts from 'typescript';
import type { ConditionDependency, ToolCondition } from '../model';
import { binderCandidates, type Evaluator } from '../values';
import { findDeclaration, loweredNullish, skipOuterExpressions } from '../syntax';
import { keepsForCertain, keptConditions, type KeptCondition } from '../values';
import { locOf, type Env, type Value } from '../values';

/** How many wrapper calls up the conditions of a registration are followed. */
const MAX_CALLER_DEPTH = 4;
/** How many declarations deep a condition's identifiers are followed to find what they read. */
const MAX_DEPENDENCY_DEPTH = 4;
const ITERATING = new Set(['forEach', 'map', 'flatMap']);

interface Walk {
  evaluator: Evaluator;
  env: Env;
  out: ToolCondition[];
  seen: Set<ts.Node>;
}

/** The run-time conditions on the path to `site` (the registration call or declaration), outermost first. */
export function registrationConditions(site: ts.Node, evaluator: Evaluator, env: Env, values: readonly (Value | undefined)[] = []): ToolCondition[] {
  const walk: Walk = { evaluator, env, out: [], seen: new Set() };
  guardsAbove(site, walk, 0);
  // The definition reached the registration through lists built at run time (filters, branches): their conditions.
  const kept = [...new Set([...env.values(), ...values])].flatMap((value) => (value ? keptConditions(value) : []));
  for (const condition of [...kept].reverse()) walk.out.push(keptCondition(condition, walk));
  const seen = new Set<string>();
  return walk.out.reverse().filter((c) => {
    const key = `${c.loc.file}:${c.loc.start}:${c.loc.end}:${c.negated}`;
    return !seen.has(key) && Boolean(seen.add(key));
  });
}

/** A condition that kept a definition in its list, with the alternatives that keep it too (`mode || p`). */
function keptCondition(condition: KeptCondition, walk: Walk): ToolCondition {
  const own: ToolCondition = { text: fold(condition.node.getText(condition.sf)), negated: condition.negated, via: condition.via, loc: locOf(condition.node, condition.sf), dependsOn: dependencies(condition.node, condition.sf, walk) };
  if (!condition.or || condition.or.length === 0) return own;
  const alternatives = condition.or.map((all) => all.map((c) => keptCondition(c, walk)));
  const conjunction = (all: ToolCondition[]) => (all.length === 1 ? conditionText(all[0]) : `(${all.map(conditionText).join(' && ')})`);
  return {
    text: [conditionText(own), ...alternatives.map(conjunction)].join(' || '),
    negated: false,
    via: own.via,
    loc: own.loc,
    dependsOn: uniqueDependencies([...own.dependsOn, ...alternatives.flat().flatMap((c) => c.dependsOn)]),
  };
}

/** Guards between `node` and the top of its file, crossing into callers of the functions it sits in. */
function guardsAbove(node: ts.Node, walk: Walk, depth: number): void {
  let child: ts.Node = node;
  for (let parent = node.parent; parent && !ts.isSourceFile(parent); child = parent, parent = parent.parent) {
    if (ts.isIfStatement(parent) && child !== parent.expression) {
      guard(parent.expression, child === parent.elseStatement, 'if', walk);
    } else if (ts.isConditionalExpression(parent) && child !== parent.condition) {
      // A compiled `x?.registerTool(…)` tests only that its receiver is there, as the `?.` it was: no condition.
      const compiled = loweredNullish(parent);
      if (!(compiled?.kind === 'optional' && child === compiled.present)) guard(parent.condition, child === parent.whenFalse, 'if', walk);
    } else if (ts.isBinaryExpression(parent) && child === parent.right) {
      const op = parent.operatorToken.kind;
      if (op === ts.SyntaxKind.AmpersandAmpersandToken) guard(parent.left, false, 'if', walk);
      else if (op === ts.SyntaxKind.BarBarToken) guard(parent.left, true, 'if', walk);
    } else if (ts.isCaseClause(parent) && child !== parent.expression) {
      switchGuard(parent, walk);
    }
    if (ts.isBlock(parent) || ts.isCaseClause(parent) || ts.isDefaultClause(parent)) earlyExits(parent.statements, child, walk);
    if (ts.isForOfStatement(parent) && child === parent.statement) filtersOf(parent.expression, walk.env.get(parent.initializer.kind === ts.SyntaxKind.VariableDeclarationList ? (parent.initializer as ts.VariableDeclarationList).declarations[0] : parent.initializer), walk, parent.getSourceFile());
    if (ts.isFunctionLike(parent)) {
      if (callbackOfIteration(parent as ts.FunctionLikeDeclaration, walk)) continue;
      callers(parent as ts.FunctionLikeDeclaration, walk, depth);
      return;
    }
  }
  // Statements before the registration at the top level of its file (`if (!process.env.X) process.exit(0)` is not
  // followed: only `return`-like exits of a block are read as guards).
}

/** `if (!enabled) return;` before the registration in the same block: the rest of the block runs only when it holds. */
function earlyExits(statements: ts.NodeArray<ts.Statement>, child: ts.Node, walk: Walk): void {
  for (const statement of statements) {
    if (statement === child) return;
    if (!ts.isIfStatement(statement) || statement.elseStatement || !exits(statement.thenStatement)) continue;
    guard(statement.expression, true, 'early-exit', walk);
  }
}

function exits(statement: ts.Statement): boolean {
  if (ts.isReturnStatement(statement) || ts.isContinueStatement(statement) || ts.isThrowStatement(statement)) return true;
  if (ts.isBlock(statement)) return statement.statements.length > 0 && exits(statement.statements[statement.statements.length - 1]);
  return false;
}

/** `switch (mode) { case "full": register(…) }`: the tool needs `mode === "full"`. */
function switchGuard(clause: ts.CaseClause, walk: Walk): void {
  const switchStatement = clause.parent.parent;
  const sf = clause.getSourceFile();
  const subject = walk.evaluator.evaluate(switchStatement.expression, sf, walk.env);
  const label = walk.evaluator.evaluate(clause.expression, sf, walk.env);
  if (subject.kind === 'literal' && label.kind === 'literal') return;
  const text = `${fold(switchStatement.expression.getText(sf))} === ${fold(clause.expression.getText(sf))}`;
  walk.out.push({ text, negated: false, via: 'switch', loc: locOf(clause.expression, sf), dependsOn: dependencies(switchStatement.expression, sf, walk) });
}

/** Records `expr` as a condition unless its value is known with the bindings at hand. */
function guard(expr: ts.Expression, negated: boolean, via: ToolCondition['via'], walk: Walk, sf = expr.getSourceFile()): void {
  if (walk.seen.has(expr)) return;
  walk.seen.add(expr);
  const value = walk.evaluator.evaluate(expr, sf, walk.env);
  if (isDecided(value)) return;
  walk.out.push({ text: fold(expr.getText(sf)), negated, via, loc: locOf(expr, sf), dependsOn: dependencies(expr, sf, walk) });
}

function isDecided(value: Value): boolean {
  return value.kind === 'literal' || value.kind === 'object' || value.kind === 'array' || value.kind === 'function' || value.kind === 'class';
}

/**
 * `defs.filter((d) => enabled.has(d.group)).forEach((d) => server.tool(…))`: inside the callback, the element was
 * kept by every filter before it in the chain. True when `fn` is such a callback (the walk goes on above the call).
 */
function callbackOfIteration(fn: ts.FunctionLikeDeclaration, walk: Walk): boolean {
  const call = fn.parent;
  if (!ts.isCallExpression(call) || !call.arguments.includes(fn as ts.Expression)) return false;
  const callee = skipOuterExpressions(call.expression);
  if (!ts.isPropertyAccessExpression(callee) || !ITERATING.has(callee.name.text)) return false;
  const element = fn.parameters[0] && walk.env.get(fn.parameters[0]);
  filtersOf(callee.expression, element, walk, call.getSourceFile());
  guardsAbove(call, walk, 0);
  return true;
}

/** Filters an element went through: `.filter(cb)` in the chain, or in the initializer of the constant it names. */
function filtersOf(collection: ts.Expression, element: Value | undefined, walk: Walk, sf: ts.SourceFile, depth = 0): void {
  if (depth > MAX_DEPENDENCY_DEPTH) return;
  const expr = skipOuterExpressions(collection);
  if (ts.isCallExpression(expr)) {
    const callee = skipOuterExpressions(expr.expression);
    if (!ts.isPropertyAccessExpression(callee)) return;
    if (callee.name.text === 'filter' && expr.arguments[0]) filterGuard(expr.arguments[0], element, walk, sf);
    filtersOf(callee.expression, element, walk, sf, depth + 1);
    return;
  }
  if (ts.isIdentifier(expr)) {
    const declaration = findDeclaration(expr.text, expr);
    if (declaration?.kind === 'variable' && declaration.path.length === 0 && declaration.declaration.initializer && isConstant(declaration.declaration)) {
      filtersOf(declaration.declaration.initializer, element, walk, sf, depth + 1);
    }
  }
}

/** A filter callback that keeps the element for certain is no condition; one that may not is. */
function filterGuard(callback: ts.Expression, element: Value | undefined, walk: Walk, sf: ts.SourceFile): void {
  if (walk.seen.has(callback)) return;
  walk.seen.add(callback);
  const fn = walk.evaluator.evaluate(callback, sf, walk.env);
  if (fn.kind !== 'function') return;
  if (element) {
    const kept = walk.evaluator.callFunction(fn, [element], callback, sf);
    if (kept.kind === 'literal' && kept.value) return;
    if (kept.kind === 'object' || kept.kind === 'array' || kept.kind === 'function') return;
    if (keepsForCertain(walk.evaluator, fn, [element], callback, sf)) return;
  }
  const body = ts.isArrowFunction(fn.node) && !ts.isBlock(fn.node.body) ? fn.node.body : fn.node;
  walk.out.push({ text: fold(body.getText(fn.sf)), negated: false, via: 'filter', loc: locOf(body, fn.sf), dependsOn: dependencies(body, fn.sf, walk) });
}

/**
 * A named function or method: the registration runs when one of its calls does. With one caller (or the one that
 * supplied this tool's arguments) its guards are the tool's; with several, only guards every caller shares count,
 * so a wrapper called once unguarded adds nothing.
 */
function callers(fn: ts.FunctionLikeDeclaration, walk: Walk, depth: number): void {
  if (depth >= MAX_CALLER_DEPTH || ts.isConstructorDeclaration(fn) || ts.isGetAccessor(fn) || ts.isSetAccessor(fn)) return;
  // An arrow or function expression has callers by name when a variable holds it or an object literal's member is it.
  if ((ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)) && !ts.isVariableDeclaration(fn.parent) && !(ts.isPropertyAssignment(fn.parent) && ts.isObjectLiteralExpression(fn.parent.parent))) return;
  let sites = walk.evaluator.callSitesOf(fn);
  if (sites.length === 0 && ts.isFunctionDeclaration(fn)) sites = walk.evaluator.callsInOtherFiles(fn);
  const instance = boundInstance(fn, walk.env);
  if (instance && ts.isMethodDeclaration(fn)) {
    // A base class's method registering `this`: the calls whose receiver may be this very instance.
    sites = walk.evaluator.memberCallSites(fn).filter((site) => receiverMayBe(site, instance, walk.evaluator));
  }
  if (sites.length === 0) return;
  const bound = fn.parameters.filter((p) => walk.env.has(p));
  if (bound.length > 0) {
    const supplying = sites.filter((site) => suppliedBy(site, fn, bound, walk));
    if (supplying.length > 0) sites = supplying;
  }
  if (sites.length === 1) {
    guardsAbove(sites[0], walk, depth + 1);
    return;
  }
  // Several callers: a condition holds for the tool only when every caller is guarded; the tool then needs one of them.
  const perSite = sites.map((site) => {
    const sub: Walk = { ...walk, out: [], seen: new Set(walk.seen) };
    guardsAbove(site, sub, depth + 1);
    return sub.out.reverse();
  });
  if (perSite.some((conditions) => conditions.length === 0)) return;
  const text = perSite.map((conditions) => conditions.map(conditionText).join(' && ')).map((t) => `(${t})`).join(' || ');
  const first = perSite[0][0];
  walk.out.push({ text, negated: false, via: first.via, loc: first.loc, dependsOn: uniqueDependencies(perSite.flat().flatMap((c) => c.dependsOn)) });
}

/** The instance `this` is bound to in a method of a class (one tool per concrete subclass). */
function boundInstance(fn: ts.FunctionLikeDeclaration, env: Env): Value | undefined {
  const cls = fn.parent;
  if (!cls || !ts.isClassLike(cls)) return undefined;
  const value = env.get(cls);
  return value?.kind === 'object' ? value : undefined;
}

/** True when the receiver of `site` may be `instance` (itself, or one element of the list a loop or callback runs over). */
function receiverMayBe(site: ts.CallExpression, instance: Value, evaluator: Evaluator): boolean {
  const callee = skipOuterExpressions(site.expression) as ts.PropertyAccessExpression;
  if (callee.expression.kind === ts.SyntaxKind.ThisKeyword) return true;
  const receiver = evaluator.evaluate(callee.expression, site.getSourceFile());
  const candidates = receiver.kind === 'unknown' && receiver.binder ? binderCandidates(evaluator, receiver.binder, new Map()) : [receiver];
  return candidates.some((candidate) => candidate === instance || (candidate.kind === 'object' && candidate.node === instance.node));
}

/** True when the call site gives the bound parameters the values this tool was found with. */
function suppliedBy(site: ts.CallExpression, fn: ts.FunctionLikeDeclaration, bound: ts.ParameterDeclaration[], walk: Walk): boolean {
  const sf = site.getSourceFile();
  return bound.every((parameter) => {
    const arg = site.arguments[fn.parameters.indexOf(parameter)];
    const value = walk.env.get(parameter);
    // A rest parameter bound to one call's arguments (the list the call-site search made at that call).
    if (parameter.dotDotDotToken && value?.kind === 'array' && ts.isCallExpression(value.node)) return value.node === site;
    // Spread arguments and rest parameters (`register("read", ...args)`): supplied when the list waits on the caller's.
    if ((arg && ts.isSpreadElement(arg)) || parameter.dotDotDotToken) {
      const spread = arg && ts.isSpreadElement(arg) ? walk.evaluator.evaluate(arg.expression, sf) : undefined;
      return !spread || spread.kind === 'array' || (spread.kind === 'unknown' && spread.binder !== undefined);
    }
    if (!arg || !value) return !arg && !value;
    const given = walk.evaluator.evaluate(arg, sf);
    // An argument that waits on a loop of the caller may supply any element.
    if (given.kind === 'unknown') return given.binder !== undefined;
    return given === value || given.node === value.node;
  });
}

export function conditionText(condition: ToolCondition): string {
  return condition.negated ? `!(${condition.text})` : condition.text;
}

/** What a condition reads: environment variables, parameters, settings, followed through constants. */
function dependencies(expr: ts.Node, sf: ts.SourceFile, walk: Walk): ConditionDependency[] {
  const out: ConditionDependency[] = [];
  const visited = new Set<ts.Node>();
  /** Variables whose reads are listed already. */
  const read = new Set<ts.Node>();
  /**
   * Variables declared without a value and assigned inside what is read (`(_a = process.env.X) !== null && _a !==
   * void 0 ? _a : ""`, the temporaries of a compiled `??` or `?.`): they read what they were assigned, visited there.
   */
  const temporaries = new Set<ts.Node>();
  let rereads = 0;
  const visit = (node: ts.Node, depth: number): void => {
    if (visited.has(node)) return;
    visited.add(node);
    if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken && ts.isIdentifier(skipOuterExpressions(node.left))) {
      const target = skipOuterExpressions(node.left) as ts.Identifier;
      const declaration = findDeclaration(target.text, target);
      if (declaration?.kind === 'variable' && !declaration.declaration.initializer && declaration.path.length === 0) {
        temporaries.add(declaration.declaration);
        visit(node.right, depth);
        return;
      }
    }
    const env = environmentVariable(node);
    if (env) {
      out.push({ kind: 'env', name: env });
      return;
    }
    if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'process' && node.name.text === 'argv') {
      out.push({ kind: 'argument', name: 'process.argv' });
      return;
    }
    if ((ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node)) && isThisMember(node)) {
      out.push({ kind: 'config', name: fold(node.getText(sf)) });
      return;
    }
    if (ts.isIdentifier(node) && isReference(node)) {
      reference(node, depth);
      return;
    }
    ts.forEachChild(node, (child) => visit(child, depth));
  };
  const reference = (node: ts.Identifier, depth: number): void => {
    const declaration = findDeclaration(node.text, node);
    if (!declaration) return;
    if (declaration.kind === 'parameter') {
      // A callback's element (`d.enabled`) or a bound parameter is the definition itself: what it reads is data.
      if (walk.env.has(declaration.declaration) || isIterationCallback(declaration.declaration)) return;
      out.push({ kind: CONFIG_NAMES.test(node.text) ? 'config' : 'argument', name: memberChain(node, sf) });
      return;
    }
    if (declaration.kind === 'variable') {
      if (temporaries.has(declaration.declaration)) return;
      // Read twice (`allow.length === 0 || allow.includes(…)`): what it reads is already listed.
      if (read.has(declaration.declaration)) {
        rereads++;
        return;
      }
      read.add(declaration.declaration);
      const initializer = declaration.declaration.initializer;
      if (ts.isForOfStatement(declaration.declaration.parent.parent) || ts.isForInStatement(declaration.declaration.parent.parent)) return;
      if (initializer && depth < MAX_DEPENDENCY_DEPTH && !ts.isFunctionLike(initializer)) {
        const [before, rereadsBefore] = [out.length, rereads];
        visit(initializer, depth + 1);
        // It reads what is listed already (another name of one destructuring, a variable read before): nothing more.
        if (out.length > before || rereads > rereadsBefore) return;
        // Read from nothing run-time (a literal list): the guard's unknown part is elsewhere.
        if (isDecided(walk.evaluator.evaluate(initializer, declaration.declaration.getSourceFile()))) return;
      }
      out.push({ kind: CONFIG_NAMES.test(node.text) ? 'config' : 'unknown', name: memberChain(node, sf) });
      return;
    }
    if (declaration.kind === 'import') out.push({ kind: CONFIG_NAMES.test(node.text) ? 'config' : 'unknown', name: memberChain(node, sf) });
  };
  visit(expr, 0);
  return uniqueDependencies(out);
}

/** Names that hold settings by convention: what a condition on them reads is configuration. */
const CONFIG_NAMES = /^(config|configuration|conf|cfg|options|opts|settings|flags|features|featureFlags|args|argv|cli|program)$/i;

function environmentVariable(node: ts.Node): string | undefined {
  // process.env.X, process.env["X"], import.meta.env.X, Deno.env.get("X"), Bun.env.X
  if (ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node)) {
    const key = ts.isPropertyAccessExpression(node) ? node.name.text : ts.isStringLiteralLike(node.argumentExpression) ? node.argumentExpression.text : undefined;
    if (key && isEnvObject(node.expression)) return key;
  }
  if (ts.isCallExpression(node) && node.arguments.length >= 1 && ts.isStringLiteralLike(node.arguments[0])) {
    const callee = skipOuterExpressions(node.expression);
    if (ts.isPropertyAccessExpression(callee) && callee.name.text === 'get' && isEnvObject(callee.expression)) return node.arguments[0].text;
  }
  return undefined;
}

function isEnvObject(expr: ts.Expression): boolean {
  const node = skipOuterExpressions(expr);
  if (!ts.isPropertyAccessExpression(node) || node.name.text !== 'env') return false;
  const root = skipOuterExpressions(node.expression);
  if (ts.isIdentifier(root)) return root.text === 'process' || root.text === 'Deno' || root.text === 'Bun';
  return ts.isMetaProperty(root);
}

function isThisMember(node: ts.PropertyAccessExpression | ts.ElementAccessExpression): boolean {
  let root: ts.Expression = node.expression;
  while (ts.isPropertyAccessExpression(root) || ts.isElementAccessExpression(root)) root = root.expression;
  return root.kind === ts.SyntaxKind.ThisKeyword;
}

/** An identifier that names a value (not a property name, a declaration's own name, or a type). */
function isReference(node: ts.Identifier): boolean {
  const parent = node.parent;
  if (ts.isPropertyAccessExpression(parent) && parent.name === node) return false;
  if ((ts.isPropertyAssignment(parent) || ts.isVariableDeclaration(parent) || ts.isParameter(parent) || ts.isFunctionLike(parent)) && (parent as { name?: ts.Node }).name === node) return false;
  return !ts.isTypeNode(parent);
}

function isIterationCallback(parameter: ts.ParameterDeclaration): boolean {
  const fn = parameter.parent;
  return ts.isCallExpression(fn.parent) && fn.parent.arguments.includes(fn as ts.Expression);
}

/** `config.tools.enabled` for the identifier `config` in it. */
function memberChain(node: ts.Identifier, sf: ts.SourceFile): string {
  let top: ts.Node = node;
  while (ts.isPropertyAccessExpression(top.parent) && top.parent.expression === top) top = top.parent;
  return fold(top.getText(sf));
}

function isConstant(declaration: ts.VariableDeclaration): boolean {
  return ts.isVariableDeclarationList(declaration.parent) && (declaration.parent.flags & ts.NodeFlags.Const) !== 0;
}

function uniqueDependencies(list: ConditionDependency[]): ConditionDependency[] {
  const seen = new Set<string>();
  return list.filter((d) => {
    const key = `${d.kind}:${d.name}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function fold(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
