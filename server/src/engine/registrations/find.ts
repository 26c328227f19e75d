import ts from 'typescript';
import { formsThatMayDeclare } from './forms/declarations';
import { boundMethodOf, callArguments, functionCallMethod, isFunctionCall } from '../syntax';
import type { Form, RawTool, Unread } from './forms/form';
import { CALL_FORMS } from './forms/call-forms';
import type { RegistrationSite, Tool } from '../model';
import { mayRegisterTools } from './prefilter';
import { boundReadings } from './bound-calls';
import { Evaluator, argumentsOf, binderCandidates, expandEnvs, spreadBinder, type SourceProvider } from '../values';
import { fileIndexOf, findDeclaration, skipOuterExpressions, table } from '../syntax';
import { EMPTY_ENV, binderOf, locOf, type Binder, type BinderSearch, type Env, type Value } from '../values';

const FORM_BY_METHOD = new Map<string, Form>(CALL_FORMS.flatMap((form) => form.methods.map((method) => [method, form] as const)));

/** What an editor's re-analysis keeps between versions, per top-level statement (the project's tool cache). */
export interface StatementReuse {
  /** The tools `statement` registered last time, moved to where they are now; undefined to compute them. */
  reuse(statement: ts.Statement): Tool[] | undefined;
  /** `statement` was analysed afresh: keep its tools if they can be reused. */
  record(statement: ts.Statement, tools: Tool[]): void;
}

/** What a file registers: its tools, and every site that registers them (enumerated or not). */
export interface Registrations {
  tools: Tool[];
  sites: RegistrationSite[];
}

/** One registration call as read: the tools it gave under each reading, and the readings that gave none. */
interface ReadCall {
  call: ts.CallExpression;
  /** The form of the tools it registers. */
  form: Tool['form'];
  listed: { raw: RawTool; expanded: boolean; env?: Env }[];
  unread: Unread[];
}

/**
 * Every tool registered by calls in `sf`, each resolved as far as static evaluation allows, and the sites that
 * register them. `reuse` (an editor's re-analysis) supplies the tools of statements an edit left alone and keeps
 * the ones computed here.
 */
export function findTools(sources: SourceProvider, sf: ts.SourceFile, dependencies: Set<string>, reuse?: StatementReuse): Registrations {
  if (!mayRegisterTools(sf.text)) return { tools: [], sites: [] };
  const evaluator = new Evaluator(sources, dependencies);
  const tools: Tool[] = [];
  const sites: RegistrationSite[] = [];
  const seen = new Set<string>();
  const ids = new Set<string>();
  const conditionsOf = (raw: RawTool, env: Env | undefined) => {
    evaluator.resetBudget();
    return guarded(() => registrationConditions(raw.call, evaluator, env ?? EMPTY_ENV, [raw.config, raw.name, raw.annotations])) ?? [];
  };
  const extract = (calls: readonly Candidate[]): ReadCall[] => {
    const found: ReadCall[] = [];
    for (const { call, method, form } of calls) {
      evaluator.resetBudget();
      if (isCustomRegistrar(call, method, evaluator, sf) || isBaseMethodCall(call, method)) continue;
      const runs = guarded(() => extractExpanded(form, call, method, evaluator, sf));
      // A call no reading takes for this form is a look-alike: not a site.
      if (!runs || !runs.some((run) => run.raws)) continue;
      const read: ReadCall = { call, form: FORM_OF_METHOD[method] ?? 'registerTool', listed: [], unread: [] };
      for (const { raws, env } of runs) {
        if (!raws) continue;
        for (const raw of raws) {
          read.form = raw.form;
          const unread = unreadName(raw, env, evaluator);
          if (unread) read.unread.push(unread);
          else read.listed.push({ raw, expanded: env.size > 0, env });
        }
        const more = form.unread ? guarded(() => form.unread!(call, { sf, evaluator }, env)) : undefined;
        for (const part of more ?? []) read.unread.push({ ...part, env });
      }
      found.push(read);
    }
    return found;
  };
  /** Builds and adds the tools of `found`; returns them, and whether any took a position suffix for a duplicate id. */
  const add = (found: { raw: RawTool; expanded: boolean; env?: Env }[][]) => {
    const added: Tool[] = [];
    let renamed = false;
    for (const raws of found) {
      raws.forEach(({ raw, expanded, env }, index) => {
        const tool = buildTool(raw, expanded, index);
        // A wrapper's parameters bound to functions at this call site (`tool(name, …, async (args) => …)`): the
        // evidence follows the wrapper's `cb(args)` into them.
        const bound = [...(env ?? [])].flatMap(([parameter, value]) => {
          const fn = value.kind === 'function' ? value : guarded(() => boundThis(value, evaluator));
          return fn && ts.isParameter(parameter) ? [{ parameter: locOf(parameter, parameter.getSourceFile()), fn: locOf(fn.node, fn.sf) }] : [];
        });
        if (bound.length > 0) tool.boundFunctions = bound;
        // `tool.handler(args, …)`, `def.method` in a handler shared by a loop's tools: under this reading, this tool's own.
        const readings = env && guarded(() => boundReadings(raw.handler, env, evaluator));
        if (readings?.calls.length) tool.boundCalls = readings.calls;
        if (readings?.values.length) tool.boundValues = readings.values;
        if (readings?.classes.length) tool.boundClasses = readings.classes;
        if (env) guarded(() => recordDerivations(tool, raw.annotations, env));
        // The call is part of the key: two calls expanded over the same definitions (one loop registering on two
        // servers) are two registrations, even though each tool is located at the shared definition.
        const key = `${tool.nameLoc.file}:${tool.nameLoc.start}:${tool.loc.start}:${tool.name}:${raw.call.pos}`;
        if (seen.has(key)) return;
        seen.add(key);
        if (ids.has(tool.id)) {
          tool.id = `${tool.id}@${raw.call.pos}`;
          renamed = true;
        }
        ids.add(tool.id);
        const conditions = conditionsOf(raw, env);
        if (conditions.length > 0) tool.conditions = conditions;
        tools.push(tool);
        added.push(tool);
      });
    }
    return { added, renamed };
  };
  for (const { statement, calls } of registrationCalls(sf)) {
    // Registration calls of different statements never share a key; a reused tool's id may still be taken.
    const reused = reuse?.reuse(statement);
    if (reused && !reused.some((tool) => ids.has(tool.id))) {
      for (const tool of reused) {
        ids.add(tool.id);
        tools.push(tool);
      }
      sites.push(...sitesOfReused(calls, reused));
      continue;
    }
    const read = extract(calls);
    const { added, renamed } = add(read.map((r) => r.listed));
    const own = read.map((r) => siteRecord(r.call, r.form, added.filter((tool) => tool.site.start === r.call.getStart(sf)).length, r.unread, evaluator));
    sites.push(...own);
    // Only a statement whose every site lists its tools is kept: a reused statement's sites are rebuilt from its tools.
    if (!renamed && own.every((site) => site.status === 'enumerated' && site.tools > 0)) reuse?.record(statement, added);
  }
  for (const form of formsThatMayDeclare(sf)) {
    evaluator.resetBudget();
    const raws = guarded(() => form.find({ sf, evaluator }));
    if (!raws) continue;
    const { added } = add([raws.map((raw) => ({ raw, expanded: false }))]);
    for (const site of new Set(raws.map((raw) => raw.call))) {
      const start = site.getStart(site.getSourceFile());
      const form = raws.find((raw) => raw.call === site)!.form;
      sites.push(siteRecord(site, form, added.filter((tool) => tool.site.start === start && tool.site.file === site.getSourceFile().fileName).length, [], evaluator));
    }
  }
  locateSharedAnnotations(tools);
  return { tools, sites };
}

/** The form of a site that gave no raw tool, by the method called. */
const FORM_OF_METHOD: Record<string, Tool['form']> = { setRequestHandler: 'tools/list', registerToolTask: 'registerToolTask', tool: 'tool', addTool: 'addTool', addTools: 'addTools', tools: 'tools' };

/** A reused statement's sites: each of its calls that registers some of the reused tools. */
function sitesOfReused(calls: readonly Candidate[], tools: readonly Tool[]): RegistrationSite[] {
  const out: RegistrationSite[] = [];
  for (const { call } of calls) {
    const sf = call.getSourceFile();
    const start = call.getStart(sf);
    const own = tools.filter((tool) => tool.site.start === start);
    if (own.length > 0) out.push({ status: 'enumerated', form: own[0].form, loc: locOf(call, sf), text: shortText(call, sf), tools: own.length });
  }
  return out;
}

import { buildTool } from './tool';
import { siteRecord, unreadName } from './sites';
import { shortText } from './servers';
import { locateSharedAnnotations } from './shared-annotations';
import { recordDerivations } from './derivation';
import { registrationConditions } from './conditions';

/** A form must never take the file down; a stack overflow on pathological input ends here. */
function guarded<T>(run: () => T): T | undefined {
  try {
    return run();
  } catch (error) {
    if (error instanceof RangeError) return undefined;
    throw error;
  }
}

interface Candidate {
  call: ts.CallExpression;
  method: string;
  form: Form;
}

/**
 * Registration calls per top-level statement: after an edit, statements the re-parse reused are not walked again
 * (a candidate is the call node and its method's form, both read from the statement itself).
 */
const REGISTRATION_CALLS = table<ts.Statement, Candidate[]>('find:registration-calls', 'node', 'the registration calls inside a top-level statement');

function registrationCalls(sf: ts.SourceFile): { statement: ts.Statement; calls: Candidate[] }[] {
  const out: { statement: ts.Statement; calls: Candidate[] }[] = [];
  const index = fileIndexOf(sf);
  // A call of a bound alias (`const reg = server.registerTool.bind(server); reg(…)`) needs `.bind(` in the file.
  const binds = sf.text.includes('.bind(');
  for (const statement of sf.statements) {
    let calls = index.get(REGISTRATION_CALLS, statement);
    if (!calls) {
      calls = [];
      collectCalls(statement, calls, binds);
      index.set(REGISTRATION_CALLS, statement, calls);
    }
    if (calls.length > 0) out.push({ statement, calls });
  }
  return out;
}

function collectCalls(statement: ts.Node, out: Candidate[], binds: boolean): void {
  // One visitor per statement, not a closure per node (a million nodes on a dense workspace).
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node)) {
      // `(server.registerTool as any)(…)`, `server.registerTool!(…)`: the callee's casts change nothing it registers.
      const callee = skipOuterExpressions(node.expression);
      let method: string | undefined;
      if (ts.isPropertyAccessExpression(callee)) method = isFunctionCall(node) ? functionCallMethod(node) : callee.name.text;
      else if (ts.isElementAccessExpression(callee) && ts.isStringLiteralLike(callee.argumentExpression)) method = callee.argumentExpression.text;
      else if (binds && ts.isIdentifier(callee)) method = boundMethodOf(node)?.method;
      const form = method ? FORM_BY_METHOD.get(method) : undefined;
      if (form && method) out.push({ call: node, method, form });
    }
    ts.forEachChild(node, visit);
  };
  visit(statement);
}

/** Runs the form, expanding loops, callbacks and wrappers that supply the name or the annotations. */
function extractExpanded(form: Form, call: ts.CallExpression, method: string, evaluator: Evaluator, sf: ts.SourceFile): { raws: RawTool[] | undefined; env: Env }[] {
  const ctx = { sf, evaluator };
  const runs = expandEnvs<{ raws: RawTool[] | undefined; env: Env }>(
    evaluator,
    EMPTY_ENV,
    (env) => ({ raws: form.extract(call, method, ctx, env), env }),
    // A call whose shape is only known once a loop or caller supplies its arguments (`this.tool(t.name, t.description,
    // …)` in a `forEach`) is read again per value, as a call whose name waits on a binder is.
    ({ raws, env }) => (raws ? firstBinder(raws) : argumentBinder(call, evaluator, sf, env)) ?? form.waitsOn?.(call, ctx, env),
  );
  return runs.filter(({ env }) => env.size === 0 || (mayRun(call, evaluator, sf, env) && !boundFromRegistration(env, evaluator)));
}

/**
 * False when, with the values a loop or caller supplied, an `if` around the call is known to skip it
 * (`if (def.args) register(…with args…) else register(…without…)`): that definition never takes this path. Inside a
 * wrapper whose parameters the reading bound, the `if`s around the calls that supplied them count too
 * (`for (const d of defs) if (ENABLED.includes(d.name)) add(d.name, …)`).
 */
function mayRun(call: ts.CallExpression, evaluator: Evaluator, sf: ts.SourceFile, env: Env, depth = 0): boolean {
  let child: ts.Node = call;
  for (let node = call.parent; node && !ts.isSourceFile(node); child = node, node = node.parent) {
    if (ts.isIfStatement(node) && child !== node.expression) {
      const condition = evaluator.evaluate(node.expression, sf, env);
      if (condition.kind === 'literal' && Boolean(condition.value) !== (child === node.thenStatement)) return false;
      if ((condition.kind === 'object' || condition.kind === 'array' || condition.kind === 'function') && child !== node.thenStatement) return false;
    }
    if (ts.isFunctionLike(node)) {
      const supplying = depth < 3 ? supplyingSites(node as ts.FunctionLikeDeclaration, evaluator, env) : [];
      if (supplying.length > 0) return supplying.some((site) => mayRun(site, evaluator, site.getSourceFile(), env, depth + 1));
      if (!ts.isArrowFunction(node)) break;
    }
  }
  return true;
}

/** The calls of `fn` that gave its parameters the values `env` binds them to (none when it binds none). */
function supplyingSites(fn: ts.FunctionLikeDeclaration, evaluator: Evaluator, env: Env): ts.CallExpression[] {
  const bound = fn.parameters.filter((parameter) => env.has(parameter));
  if (bound.length === 0) return [];
  return evaluator.callSitesOf(fn).filter((site) =>
    bound.every((parameter) => {
      const value = env.get(parameter)!;
      // A rest parameter is bound to the list the call-site search made at one call.
      if (parameter.dotDotDotToken) return value.kind === 'array' && value.node === site;
      const arg = site.arguments[fn.parameters.indexOf(parameter)];
      if (!arg || ts.isSpreadElement(arg)) return false;
      const given = evaluator.evaluate(arg, site.getSourceFile(), env);
      return given === value || (given.kind !== 'unknown' && given.node === value.node);
    }),
  );
}

/** The first loop variable or parameter an argument of the call waits on. */
function argumentBinder(call: ts.CallExpression, evaluator: Evaluator, sf: ts.SourceFile, env: Env): Binder | undefined {
  for (const arg of argumentsOf(evaluator, call, sf, env)) {
    const value = arg.value();
    if (value.kind === 'unknown' && value.binder) return value.binder;
  }
  // `(...args) => server.registerTool(...args)`: the rest parameter its callers supply.
  return spreadBinder(evaluator, call, sf, env);
}

/** A tool definition waits on what its `name` or `annotations` wait on (`{ name: `x_${d.id}` }` built in a loop). */
const DEFINITION: BinderSearch = { keys: new Set(['name', 'annotations']) };

/** The first loop variable or parameter the name or annotations wait on, so the caller can bind it and read again. */
function firstBinder(raws: RawTool[]): Binder | undefined {
  for (const raw of raws) {
    const binder = binderOf(raw.name, DEFINITION) ?? binderOf(raw.annotations, DEFINITION) ?? binderOf(raw.config, DEFINITION);
    if (binder) return binder;
  }
  return undefined;
}

/**
 * `registrar.addTool(def)` where `registrar` is a local object that defines `addTool` itself is a forwarding
 * helper, not a server: the tools it forwards are registered (and found) where it calls the real server.
 */
function isCustomRegistrar(call: ts.CallExpression, method: string, evaluator: Evaluator, sf: ts.SourceFile): boolean {
  const callee = skipOuterExpressions(call.expression);
  if (!ts.isPropertyAccessExpression(callee)) return false;
  // `this.server.x(…)`: a member of a class instance, never an object literal that forwards (and costly to build).
  if (rootOf(callee.expression).kind === ts.SyntaxKind.ThisKeyword) return false;
  const receiver = evaluator.evaluate(callee.expression, sf, EMPTY_ENV);
  // Object literals only: a class instance may be the SDK's own server class, bundled into the output.
  const definesMethod = (value: Value) => value.kind === 'object' && !ts.isClassLike(value.node) && value.properties.get(method)?.value.kind === 'function';
  if (definesMethod(receiver)) return true;
  if (receiver.kind === 'object' && ts.isClassLike(receiver.node) && forwardsToRegistration(receiver.properties.get(method)?.value, call, evaluator)) return true;
  if (receiver.kind === 'unknown' && receiver.binder) {
    const candidates = binderCandidates(evaluator, receiver.binder, EMPTY_ENV);
    return candidates.length > 0 && candidates.every(definesMethod);
  }
  return false;
}

/**
 * `registrar.registerTool("a", config, cb)` on an instance of a project class whose own `registerTool(...args)` (or
 * `(name, config, cb)`) hands its parameters, unchanged and in order, to a registration call in its body: the
 * tools are read at that inner call, whose parameters the call-site search binds to this call's arguments. Read
 * here as well, each tool would be counted twice.
 */
function forwardsToRegistration(value: Value | undefined, call: ts.CallExpression, evaluator: Evaluator): boolean {
  if (value?.kind !== 'function' || !ts.isMethodDeclaration(value.node) || !value.node.body) return false;
  return forwards(value.node, call, evaluator, 0) && evaluator.callSitesOf(value.node).includes(call);
}

/** `fn` hands its parameters unchanged to a registration call, directly or through functions that do the same. */
function forwards(fn: ts.FunctionLikeDeclaration, outer: ts.CallExpression, evaluator: Evaluator, depth: number): boolean {
  if (!fn.body || depth > 3) return false;
  const inner: Candidate[] = [];
  collectCalls(fn.body, inner, true);
  if (inner.some((candidate) => candidate.call !== outer && !isBaseMethodCall(candidate.call, candidate.method) && passesParameters(candidate.call, fn))) return true;
  const sf = fn.getSourceFile();
  let found = false;
  const visit = (node: ts.Node): void => {
    if (found) return;
    if (ts.isCallExpression(node) && node !== outer && passesParameters(node, fn)) {
      const target = evaluator.evaluate(skipOuterExpressions(node.expression), sf);
      if (target.kind === 'function' && target.node !== fn && forwards(target.node, outer, evaluator, depth + 1)) found = true;
    }
    ts.forEachChild(node, visit);
  };
  visit(fn.body);
  return found;
}

/**
 * `super.setRequestHandler(schema, …)` inside an override `setRequestHandler(schema, handler)` (the SDK's own Server
 * class, bundled; a subclass that logs and forwards): the override's callers are the registrations, read at their
 * own calls.
 */
function isBaseMethodCall(call: ts.CallExpression, method: string): boolean {
  const callee = skipOuterExpressions(call.expression);
  if (!ts.isPropertyAccessExpression(callee) || callee.expression.kind !== ts.SyntaxKind.SuperKeyword || callee.name.text !== method) return false;
  let node: ts.Node | undefined = call.parent;
  while (node && !ts.isFunctionLike(node)) node = node.parent;
  return !!node && ts.isMethodDeclaration(node) && !!node.name && ts.isIdentifier(node.name) && node.name.text === method;
}

/**
 * A reading whose rest parameter holds the arguments of a call that is itself read as a registration
 * (`server.tool("x", …)` where `server.tool` was replaced by `(...args) => { …; return original(...args); }`): the
 * tools are that call's, not the forwarder's again.
 */
function boundFromRegistration(env: Env, evaluator: Evaluator): boolean {
  for (const [declaration, value] of env) {
    if (!ts.isParameter(declaration) || !declaration.dotDotDotToken || value.kind !== 'array' || !ts.isCallExpression(value.node)) continue;
    const site = value.node;
    const own: Candidate[] = [];
    collectCalls(site, own, true);
    const direct = own.find((candidate) => candidate.call === site);
    if (direct && !isCustomRegistrar(site, direct.method, evaluator, site.getSourceFile()) && !isBaseMethodCall(site, direct.method)) return true;
  }
  return false;
}

/** The method's arguments are `fn`'s parameters, in order (the rest parameter spread last), also through `.call`/`.apply`. */
function passesParameters(call: ts.CallExpression, fn: ts.FunctionLikeDeclaration): boolean {
  const args = callArguments(call);
  if (args.length !== fn.parameters.length || args.length === 0) return false;
  return fn.parameters.every((parameter, i) => {
    const arg = args[i];
    const written = ts.isSpreadElement(arg) ? arg.expression : arg;
    if (!ts.isIdentifier(parameter.name) || !ts.isIdentifier(written) || written.text !== parameter.name.text) return false;
    if (ts.isSpreadElement(arg) !== !!parameter.dotDotDotToken) return false;
    const declared = findDeclaration(written.text, written);
    return declared?.kind === 'parameter' && declared.declaration === parameter;
  });
}

function rootOf(expr: ts.Expression): ts.Expression {
  let node = skipOuterExpressions(expr);
  while (ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node) || ts.isCallExpression(node)) node = skipOuterExpressions(node.expression);
  return node;
}

/**
 * `this.execute.bind(this)` passed for a wrapper's parameter: the method itself, with a body (binding `this` changes
 * which instance it runs on, not what it does). Undefined for anything else, and for a bind that fixes arguments.
 */
function boundThis(value: Value, evaluator: Evaluator): Extract<Value, { kind: 'function' }> | undefined {
  if (value.kind !== 'unknown' || !ts.isCallExpression(value.node) || value.node.arguments.length > 1) return undefined;
  const callee = skipOuterExpressions(value.node.expression);
  if (!ts.isPropertyAccessExpression(callee) || callee.name.text !== 'bind') return undefined;
  evaluator.resetBudget();
  const fn = evaluator.evaluate(callee.expression, value.sf, EMPTY_ENV);
  return fn.kind === 'function' && fn.node.body ? fn : undefined;
}
