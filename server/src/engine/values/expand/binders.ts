// Binders: a value that waits on a loop variable, a callback's parameter, a wrapper's parameter or a base class's
// `this` is read again once per value the binder can take (loop elements, the elements a callback runs over, the
// arguments at each call site, each concrete subclass).
import ts from 'typescript';
import { skipOuterExpressions } from '../../syntax';
import { MAX_ELEMENTS, type EvaluatorCore } from '../evaluator-core';
import { isWithin } from '../nodes';
import { EMPTY_ENV, unknown, type Binder, type UnknownCause, type Env, type Value } from '../values';

/**
 * Runs `evaluate` under `env`, and whenever the result waits on a loop variable or parameter (a binder),
 * runs it again once per value that binder can take. Bounded: past the limit the unknown value stays.
 */
export function expandEnvs<T>(
  evaluator: EvaluatorCore,
  env: Env,
  evaluate: (env: Env) => T,
  needs: (result: T) => Binder | undefined,
  limit = 500,
): T[] {
  const results: T[] = [];
  const queue: Env[] = [env];
  const waitedOn = new Set<ts.Node>();
  let runs = 0;
  while (queue.length > 0) {
    const current = queue.shift()!;
    const result = evaluate(current);
    runs++;
    const binder = needs(result);
    if (!binder || current.has(binder.declaration) || runs > limit) {
      results.push(result);
      continue;
    }
    const bindings = binderBindings(evaluator, binder, current);
    if (bindings.length === 0) {
      // Nothing supplies this one (a parameter with no call in sight): settle it as unknown and read again, since
      // another loop or parameter the result waits on may still be supplied.
      const next = new Map(current);
      // A loop over a parameter of an outer function waits on that parameter's callers: the settled value names it,
      // so that the caller that asked can supply it and read again.
      const outer = iteratedBinder(evaluator, binder, current);
      next.set(binder.declaration, unknown(binder.declaration, binder.sf, settledReason(binder), settledCause(binder), outer && !current.has(outer.declaration) ? outer : undefined));
      queue.push(next);
      continue;
    }
    // A binder asked for after others were bound (a loop over what a function returns, whose list waits on the
    // caller's parameter) is bound first and the others read again: their values were computed without it.
    const restart = ts.isParameter(binder.declaration) && current.size > env.size && !waitedOn.has(binder.declaration);
    waitedOn.add(binder.declaration);
    for (const binding of bindings) {
      const next = new Map(restart ? env : current);
      for (const [declaration, value] of binding) next.set(declaration, value);
      queue.push(next);
    }
  }
  return results;
}

/** The binder that the list a loop variable iterates waits on (`for (const t of Object.values(registry))`, `registry` a parameter). */
function iteratedBinder(evaluator: EvaluatorCore, binder: Binder, env: Env): Binder | undefined {
  const { declaration, sf } = binder;
  if (!ts.isVariableDeclaration(declaration)) return undefined;
  const loop = declaration.parent.parent;
  if (!ts.isForOfStatement(loop) && !ts.isForInStatement(loop)) return undefined;
  const iterated = evaluator.evaluate(loop.expression, sf, env);
  return iterated.kind === 'unknown' ? iterated.binder : undefined;
}

function settledCause({ declaration, sf }: Binder): UnknownCause {
  if (ts.isClassLike(declaration)) return { kind: 'binder', binder: 'this', name: declaration.name?.text ?? '' };
  return { kind: 'binder', binder: ts.isParameter(declaration) ? 'parameter' : 'loop-variable', name: declaration.name.getText(sf) };
}

function settledReason(binder: Binder): string {
  const { declaration, sf } = binder;
  if (ts.isClassLike(declaration)) return `\`this\` of ${declaration.name?.text ?? 'a class'}`;
  const name = declaration.name.getText(sf);
  return ts.isParameter(declaration) ? `the parameter \`${name}\`` : `the loop variable \`${name}\``;
}

/**
 * Bindings for a binder: one map per possible value. A wrapper's parameters are bound together, all from one
 * call site, so that `add("a", RO); add("b", RW)` never pairs "b" with RO.
 */
function binderBindings(evaluator: EvaluatorCore, binder: Binder, env: Env): Map<ts.Node, Value>[] {
  const { declaration, sf } = binder;
  if (ts.isClassLike(declaration)) return evaluator.thisCandidates(declaration, sf).map((instance) => new Map([[declaration, instance]]));
  const fn = declaration.parent;
  const isCallback = ts.isCallExpression(fn.parent) && fn.parent.arguments.includes(fn as ts.Expression);
  if (ts.isParameter(declaration) && ts.isFunctionLike(fn) && !isCallback) return wrapperBindings(evaluator, fn as ts.FunctionLikeDeclaration, sf);
  return binderCandidates(evaluator, binder, env).map((value) => new Map([[declaration, value]]));
}

function wrapperBindings(evaluator: EvaluatorCore, fn: ts.FunctionLikeDeclaration, sf: ts.SourceFile): Map<ts.Node, Value>[] {
  // Forwarders that call each other (`registerTool(...args)` methods of two classes, each a same-named call of the
  // other): a call site met again while its own parameters are being bound supplies nothing new.
  if (evaluator.bindingWrappers.has(fn)) return [];
  evaluator.bindingWrappers.add(fn);
  try {
    return callSiteBindings(evaluator, fn, sf);
  } finally {
    evaluator.bindingWrappers.delete(fn);
  }
}

function callSiteBindings(evaluator: EvaluatorCore, fn: ts.FunctionLikeDeclaration, _sf: ts.SourceFile): Map<ts.Node, Value>[] {
  const out: Map<ts.Node, Value>[] = [];
  const parameters = fn.parameters;
  for (const site of evaluator.callSitesOf(fn)) {
    // The call may be in another file: its arguments are read there.
    const sf = site.getSourceFile();
    const evaluateArgs = (env: Env) => ({ values: parameterValues(parameters, site, (arg) => evaluator.evaluate(arg, sf, env)), env });
    const needs = ({ values }: { values: Value[] }) => {
      // A rest parameter's list holds the arguments from its place on: each is searched as an argument is.
      const args = values.flatMap((value, j) => (parameters[j]?.dotDotDotToken && value.kind === 'array' && value.node === site ? value.elements : [value]));
      for (const value of args) {
        const binder = binderOf(value, { site, depth: 2, parameters: true });
        if (binder) return binder;
      }
      return undefined;
    };
    // What the caller's own loops and parameters were bound to stays in the binding: the tool's conditions pick the
    // callers of the caller that supplied it (a wrapper of a wrapper called once guarded and once not).
    for (const { values, env } of expandEnvs(evaluator, EMPTY_ENV, evaluateArgs, needs)) {
      // Only what they were bound to: a binder settled as unknown there is left for the reading to bind again.
      const known = [...env].filter(([, value]) => value.kind !== 'unknown');
      out.push(new Map([...known, ...parameters.map((parameter, j) => [parameter, values[j]] as [ts.Node, Value])]));
      if (out.length > MAX_ELEMENTS) return out;
    }
  }
  return out;
}

/**
 * What each parameter receives from a call: spread arguments of known lists (`register("read", ...args)`) are
 * their elements, and a rest parameter (`add(...args)`) is the list of the arguments from its place on. A spread
 * that waits on a binder is that binder (the caller expands it); another unknown spread leaves the rest unknown.
 */
function parameterValues(parameters: readonly ts.ParameterDeclaration[], site: ts.CallExpression, evaluate: (arg: ts.Expression) => Value): Value[] {
  const sf = site.getSourceFile();
  const flat: Value[] = [];
  let unknownRest: Value | undefined;
  for (const arg of site.arguments) {
    if (!ts.isSpreadElement(arg)) {
      flat.push(evaluate(arg));
      continue;
    }
    const spread = evaluate(arg.expression);
    if (spread.kind === 'array' && !spread.partial && !spread.keyed) {
      flat.push(...spread.elements);
      continue;
    }
    unknownRest = spread.kind === 'unknown' && spread.binder ? spread : unknown(arg, sf, 'a spread argument', { kind: 'runtime', source: 'value' });
    break;
  }
  return parameters.map((parameter, j) => {
    if (parameter.dotDotDotToken) {
      if (unknownRest) return unknownRest;
      return { kind: 'array', elements: flat.slice(j), node: site, sf } as Value;
    }
    if (j < flat.length) return flat[j];
    return unknownRest ?? ({ kind: 'literal', value: undefined, node: site, sf } as Value);
  });
}

/** The values a loop variable or parameter can take: loop elements, callback elements, call-site arguments. */
export function binderCandidates(evaluator: EvaluatorCore, binder: Binder, env: Env): Value[] {
  const { declaration, sf } = binder;
  if (ts.isClassLike(declaration)) return evaluator.thisCandidates(declaration, sf);
  if (ts.isVariableDeclaration(declaration)) {
    const loop = declaration.parent.parent;
    if (ts.isForOfStatement(loop)) {
      // A list that waits on an outer loop variable (`for (const toolset of toolsets) for (const tool of toolset.tools)`)
      // is read once per value of it. A list that waits on a parameter stays unknown: the caller that asked binds the
      // parameter from its call sites, together with the others it supplies.
      const lists = expandEnvs(evaluator, env, (e) => evaluator.evaluate(loop.expression, sf, e), (value) =>
        value.kind === 'unknown' && value.binder && ts.isVariableDeclaration(value.binder.declaration) ? value.binder : undefined,
      );
      return lists.flatMap((it) => (it.kind === 'array' ? it.elements : []));
    }
    if (ts.isForInStatement(loop)) {
      const iterated = evaluator.evaluate(loop.expression, sf, env);
      const entries = evaluator.entriesOf(iterated);
      return entries ? entries.map(([key, , node]) => ({ kind: 'literal', value: key, node, sf })) : [];
    }
    return [];
  }
  const fn = declaration.parent;
  if (!ts.isFunctionLike(fn)) return [];
  const index = (fn as ts.SignatureDeclaration).parameters.indexOf(declaration);
  // A callback: `list.forEach((item) => …)`, `list.map(…)`.
  const parent = fn.parent;
  if (ts.isCallExpression(parent) && parent.arguments.includes(fn as ts.Expression)) {
    const callee = skipOuterExpressions(parent.expression);
    if (ts.isPropertyAccessExpression(callee) && ITERATING_METHODS.has(callee.name.text) && index === 0) {
      const iterated = evaluator.evaluate(callee.expression, sf, env);
      if (iterated.kind === 'array') return iterated.elements;
      const entries = evaluator.entriesOf(iterated);
      if (callee.name.text === 'forEach' && iterated.kind === 'object' && entries) return entries.map(([, v]) => v);
      return [];
    }
    return [];
  }
  // A wrapper: a named function or method whose parameter feeds the registration; its call sites supply values.
  const sites = evaluator.callSitesOf(fn as ts.FunctionLikeDeclaration);
  const values: Value[] = [];
  for (const site of sites) {
    const arg = site.arguments[index];
    if (!arg) continue;
    values.push(...expandArgument(evaluator, arg, site));
    if (values.length > MAX_ELEMENTS) break;
  }
  return values;
}

/** An argument at a call site, one value per value of what it waits on, also inside an object literal (`f({ tools })`). */
function expandArgument(evaluator: EvaluatorCore, arg: ts.Expression, site: ts.CallExpression): Value[] {
  const inner = ts.isSpreadElement(arg) ? arg.expression : arg;
  const sf = site.getSourceFile();
  return expandEnvs(evaluator, EMPTY_ENV, (env) => evaluator.evaluate(inner, sf, env), (value) => binderOf(value, { site, depth: 2, parameters: true }));
}

const ITERATING_METHODS = new Set(['forEach', 'map', 'flatMap', 'filter', 'some', 'every', 'find']);

/**
 * Where `binderOf` looks for a binder past the value itself:
 * - `keys`: in the members of these keys only, at any depth (a tool definition's `name` and `annotations`, wherever
 *   the definition was built: `{ name: `x_${d.id}` }` made in a loop and registered after it);
 * - `site`: in the members of an object literal written at `site`, `depth` levels deep, and a member's binder only
 *   when it is declared around `site`: a loop variable or callback parameter (`for (const tool of list)
 *   out.push({ name: tool.name })`), and, with `parameters`, a parameter of any function around it
 *   (`configure({ tools: customTools ?? defaults })` inside `build({ tools: customTools })`).
 */
export type BinderSearch = { keys: ReadonlySet<string> } | { site: ts.Node; depth: number; parameters: boolean };

/**
 * The loop variable, parameter or base class a value waits on, so that the caller can bind it and read the value
 * again: the value's own binder when it is unknown only for want of one, else the first one a member waits on, found
 * as `search` says.
 */
export function binderOf(value: Value | undefined, search: BinderSearch): Binder | undefined {
  if (!value) return undefined;
  if (value.kind === 'unknown') return value.binder;
  return memberBinder(value, search, 'site' in search ? search.depth : Infinity);
}

function memberBinder(value: Value, search: BinderSearch, depth: number): Binder | undefined {
  const site = 'site' in search ? search : undefined;
  if (value.kind === 'unknown') return value.binder && (!site || isBinderAround(value.binder, site.site, site.parameters)) ? value.binder : undefined;
  if (value.kind !== 'object' || depth === 0) return undefined;
  if (site && !(ts.isObjectLiteralExpression(value.node) && isWithin(value.node, site.site))) return undefined;
  for (const property of value.properties.values()) {
    // Only the members asked for are read: the others may be lazy and costly (a spread member from elsewhere).
    if (site ? !isWithin(property.node, site.site) : !(search as { keys: ReadonlySet<string> }).keys.has(property.key)) continue;
    const binder = memberBinder(property.value, search, depth - 1);
    if (binder) return binder;
  }
  return undefined;
}

function isBinderAround(binder: Binder, node: ts.Node, parameters: boolean): boolean {
  const { declaration } = binder;
  if (ts.isVariableDeclaration(declaration)) {
    const loop = declaration.parent.parent;
    return (ts.isForOfStatement(loop) || ts.isForInStatement(loop)) && isWithin(node, loop.statement);
  }
  if (ts.isParameter(declaration)) {
    const fn = declaration.parent;
    const isCallback = ts.isCallExpression(fn.parent) && fn.parent.arguments.includes(fn as ts.Expression);
    return (parameters || isCallback) && isWithin(node, fn);
  }
  return false;
}
