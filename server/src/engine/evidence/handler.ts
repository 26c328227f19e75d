// Evidence from the handler body: the calls it makes, followed into functions of the same file and of relatively
import { lookup } from './tables/lookup';
// imported modules to a bounded depth. Recognised calls come from the tables; calls into packages the analyser does
// not know make the handler only partly visible, which leaves every optimistic hint unknown.
import ts from 'typescript';
import { nodeAt } from '../fixes';
import type { Loc, Tool } from '../model';
import { resolveModulePath } from '../values';
import { Evaluator, type SourceProvider } from '../values';
import { findDeclaration, propertyNameText, skipOuterExpressions } from '../syntax';
import { EMPTY_ENV, locOf } from '../values';
import type { Effect, Evidence, HandlerVisibility, Hop } from './model';
import type { EvidenceConfig } from '../options';
import { configuredEffect } from './configured';
import { FS_MODULES, fsMethodEffect } from './tables/fs';
import { HTTP_GLOBALS, HTTP_METHOD_EFFECT, HTTP_METHOD_MEMBERS, HTTP_MODULES, HTTP_REQUEST_MEMBERS, LOCAL_URL } from './tables/http';
import {
  PROTOCOL_METHODS,
  PURE_GLOBALS,
  PURE_METHODS,
  PURE_MODULES,
  PURE_NAMESPACES,
  SAFE_VALUE_METHODS,
  REPORTING_FILES,
  REPORTING_FUNCTIONS,
  REPORTING_METHODS,
  REPORTING_RECEIVERS,
  REPORTING_WORDS,
} from './tables/ignore';
import { DB_GENERIC_METHODS, DB_RECEIVER, ORM_METHODS } from './tables/orm';
import { isProcessCall } from './tables/process';
import { AWS_MODULE, awsCommandEffect, sdkFor, sdkMethodEffect } from './tables/sdk';
import { SQL_METHODS, SQL_TAGS, sqlEffect } from './tables/sql';
import { methodVerb, words } from './tables/verbs';

/** How deep calls into local and relatively imported functions are followed. */
export const MAX_FOLLOW_DEPTH = 4;
/** At most this many functions are read per tool (a handler that calls half the code base stays partial). */
const MAX_FUNCTIONS = 40;
/** Nodes visited per tool, so a huge bundled handler cannot stall the editor. */
const NODE_BUDGET = 40_000;

export interface HandlerEvidence {
  items: Evidence[];
  visibility: HandlerVisibility;
  loc: Loc | null;
}

/** Where a value comes from, as far as the syntax tells. */
type Origin =
  | { kind: 'package'; module: string; path: string[] }
  | { kind: 'module-state'; name: string; decl: ts.VariableDeclaration }
  | { kind: 'value' }
  | { kind: 'global'; name: string; path: string[] }
  | { kind: 'unknown'; text: string };

interface Body {
  node: ts.Node;
  sf: ts.SourceFile;
}

export function handlerEvidence(tool: Tool, sources: SourceProvider, registrationSf: ts.SourceFile, config?: EvidenceConfig): HandlerEvidence {
  const bodies = handlerBodies(tool, sources, registrationSf);
  if (bodies.length === 0) return { items: [], visibility: 'none', loc: null };
  const walker = new HandlerWalker(sources, config, tool.name ? words(tool.name) : [], boundFunctionsOf(tool, sources, registrationSf));
  for (const body of bodies) walker.walk(body.node, body.sf, 0);
  return { items: walker.items, visibility: walker.partial ? 'partial' : 'complete', loc: locOf(bodies[0].node, bodies[0].sf) };
}

/**
 * The evaluator evidence reads values with, one per source provider: collectEvidence hands every tool of one
 * analysis the same provider, so the helpers and constants they share are evaluated once (its caches are
 * memos over the parsed trees, which a provider never changes).
 */
const evaluators = new WeakMap<SourceProvider, Evaluator>();

export function evidenceEvaluator(sources: SourceProvider): Evaluator {
  let evaluator = evaluators.get(sources);
  if (!evaluator) evaluators.set(sources, (evaluator = new Evaluator(sources, new Set(), false)));
  return evaluator;
}

// ---- finding the handler ----

function boundFunctionsOf(tool: Tool, sources: SourceProvider, registrationSf: ts.SourceFile): Map<ts.Node, Body> {
  const out = new Map<ts.Node, Body>();
  for (const { parameter, fn } of tool.boundFunctions ?? []) {
    const psf = parameter.file === registrationSf.fileName ? registrationSf : sources.getSourceFile(parameter.file);
    const fsf = fn.file === registrationSf.fileName ? registrationSf : sources.getSourceFile(fn.file);
    let p = psf && nodeAt(psf, parameter);
    while (p && !ts.isParameter(p)) p = p.parent;
    let f = fsf && nodeAt(fsf, fn);
    while (f && !ts.isFunctionLike(f)) f = f.parent;
    if (p && f && fsf) out.set(p, { node: f, sf: fsf });
  }
  return out;
}

function handlerBodies(tool: Tool, sources: SourceProvider, registrationSf: ts.SourceFile): Body[] {
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
    const sf = tool.handler.file === registrationSf.fileName ? registrationSf : sources.getSourceFile(tool.handler.file);
    if (!sf) return [];
    let node = nodeAt(sf, tool.handler);
    while (node && node.parent && node.getStart(sf) === node.parent.getStart(sf) && node.getEnd() === node.parent.getEnd() && !ts.isFunctionLike(node)) node = node.parent;
    if (!node) return [];
    const found = functionsOf(node, sf, sources, 0);
    if (found.length > 0) return found;
    // A generic dispatcher (`handler.handle` of a wrapper class): the definition the annotations were written in
    // may carry the tool's own handler (`defineTool({ annotations, handler })`).
    return definitionHandler(tool, sources, registrationSf);
  }
  if (tool.form === 'tools/list' && tool.name) return callToolBranches(tool.name, registrationSf);
  return definitionHandler(tool, sources, registrationSf);
}

const DEFINITION_HANDLER_KEYS = ['handler', 'execute', 'callback', 'run', 'handle', 'fn'];

/** `{ name, annotations: {…}, handler: async () => … }`: the function next to the annotations literal. */
function definitionHandler(tool: Tool, sources: SourceProvider, registrationSf: ts.SourceFile): Body[] {
  const objectLoc = tool.declared?.objectLoc;
  if (!objectLoc) return [];
  const sf = objectLoc.file === registrationSf.fileName ? registrationSf : sources.getSourceFile(objectLoc.file);
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
      const found = functionsOf(property.initializer, sf, sources, 0);
      if (found.length > 0) return found;
    }
  }
  return [];
}

/** The functions a handler expression stands for: the function itself, a named one, a wrapper's callback. */
function functionsOf(node: ts.Node, sf: ts.SourceFile, sources: SourceProvider, depth: number): Body[] {
  if (depth > 3) return [];
  if (ts.isFunctionLike(node) && (node as ts.FunctionLikeDeclaration).body) return [{ node, sf }];
  if (!ts.isExpression(node)) return [];
  const expr = skipOuterExpressions(node);
  if (ts.isIdentifier(expr) || ts.isPropertyAccessExpression(expr)) {
    const fn = resolveFunction(expr, sf, sources);
    return fn ? [fn] : [];
  }
  if (ts.isCallExpression(expr)) {
    // `this.handle.bind(this)`
    const callee = skipOuterExpressions(expr.expression);
    if (ts.isPropertyAccessExpression(callee) && callee.name.text === 'bind') return functionsOf(callee.expression, sf, sources, depth + 1);
    // A wrapper: `withErrorHandling(async (args) => …)`. Its callback is the handler; the wrapper itself is
    // followed when it is local (and made opaque by the walker when it is not).
    const hasCallback = expr.arguments.some((arg) => ts.isArrowFunction(skipOuterExpressions(arg)) || ts.isFunctionExpression(skipOuterExpressions(arg)));
    return hasCallback ? [{ node: expr, sf }] : [];
  }
  return [];
}

/** `name`, `this.method`, `obj.method`: the function declaration it refers to, when it is readable. */
function resolveFunction(expr: ts.Expression, sf: ts.SourceFile, sources: SourceProvider): Body | undefined {
  if (ts.isPropertyAccessExpression(expr) && expr.expression.kind === ts.SyntaxKind.ThisKeyword) {
    const method = classMember(expr, expr.name.text);
    return method ? { node: method, sf } : undefined;
  }
  const evaluator = evidenceEvaluator(sources);
  evaluator.resetBudget();
  const value = evaluator.evaluate(expr, sf, EMPTY_ENV);
  return value.kind === 'function' && value.node.body ? { node: value.node, sf: value.sf } : undefined;
}

/** A method (or arrow-function property) of the class that encloses `from`. */
function classMember(from: ts.Node, name: string): ts.FunctionLikeDeclaration | undefined {
  let current: ts.Node | undefined = from.parent;
  while (current && !ts.isClassLike(current)) current = current.parent;
  if (!current) return undefined;
  for (const member of (current as ts.ClassLikeDeclaration).members) {
    if (!member.name || propertyNameText(member.name) !== name) continue;
    if (ts.isMethodDeclaration(member) && member.body) return member;
    if (ts.isPropertyDeclaration(member) && member.initializer) {
      const init = skipOuterExpressions(member.initializer);
      if (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) return init;
    }
  }
  return undefined;
}

/**
 * Low-level servers answer `tools/call` in one handler that switches on the name: the `case "name":` clause or
 * the `if (name === "name")` branch is this tool's handler.
 */
function callToolBranches(name: string, sf: ts.SourceFile): Body[] {
  // The dispatch often sits in a helper the handler calls (`handleCallToolRequest`): once the file answers
  // tools/call, every `case "name":` in it is a candidate. One walk per file, shared by its tools.
  if (!/CallToolRequestSchema|['"]tools\/call['"]/.test(sf.text)) return [];
  let branches = branchCache.get(sf);
  if (!branches) {
    branches = new Map();
    collectBranches(sf, sf, branches);
    branchCache.set(sf, branches);
  }
  return branches.get(name) ?? [];
}

const branchCache = new WeakMap<ts.SourceFile, Map<string, Body[]>>();

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

// ---- walking ----

/** Protocol calls that ask the client for something (the model, the user, the roots). */
const CLIENT_REQUESTS = ['sendRequest', 'createMessage', 'elicitInput', 'listRoots'];

const MUTATING_METHODS: Readonly<Record<string, Effect>> = {
  set: 'write',
  add: 'write',
  push: 'append',
  unshift: 'append',
  splice: 'destroy',
  pop: 'destroy',
  shift: 'destroy',
  delete: 'destroy',
  clear: 'destroy',
  sort: 'write',
  reverse: 'write',
  fill: 'destroy',
};
/** Event plumbing on any object: subscribing and unsubscribing change nothing outside the process. */
const EVENT_METHODS = new Set(['addEventListener', 'removeEventListener', 'dispatchEvent', 'on', 'once', 'off', 'addListener', 'removeListener', 'removeAllListeners', 'setMaxListeners', 'prependListener']);
/** Request-building values: `headers.delete("x")`, `url.searchParams.set(…)` edit a request before it is sent. */
const REQUEST_PARTS = new Set(['headers', 'searchParams', 'params', 'query']);
const HTTP_VERB = /^(GET|HEAD|OPTIONS|POST|PUT|PATCH|DELETE)$/;
/** Functions whose writes are bookkeeping, not the tool's effect: loggers, caches, telemetry. */
const INCIDENTAL_FUNCTION = /(?:^|[a-z_])(?:log|logs|logger|debug|trace|cache|cached|memo|memoize|telemetry|metrics?|analytics|track)(?:[A-Z_]|$)|^(?:log|debug|trace|cache)/i;
/** Paths and module state that are bookkeeping: temp files, logs, caches. */
const INCIDENTAL_PATH = /\btmp\b|\btemp\b|tmpdir|\.log\b|\blogs?\b|\bcache\b|\.cache\b/i;
const INCIDENTAL_STATE = /cache|cached|memo|seen|pending|inflight|in_flight|promise$|^_?client$|instance$/i;
/** Conditions that only hold while developing (`process.env.NODE_ENV === "development"`, `DEBUG`). */
const DEBUG_GUARD = /NODE_ENV\s*===?\s*["'`]development|\bDEBUG\b|\bVERBOSE\b/;

const READING_METHODS = new Set(['get', 'has', 'keys', 'values', 'entries', 'forEach', 'find', 'filter', 'map', 'slice', 'includes', 'indexOf', 'some', 'every', 'reduce', 'at', 'join']);

class HandlerWalker {
  readonly items: Evidence[] = [];
  partial = false;
  /** Functions walked, each with the request methods it was walked for (a helper called for GET, then for POST). */
  private readonly visited = new Map<ts.Node, Set<string>>();
  private walks = 0;
  /** The followed calls from the handler to the function being walked: tool → helper → … */
  private readonly hops: Hop[] = [];
  /** Why the function being walked is bookkeeping (a logger, a cache helper), innermost last. */
  private readonly incidentalFrames: string[] = [];
  /**
   * The request method each followed call passed (`githubRequest(url, { method: "POST" })`), innermost last:
   * a string when given, null when the call gives none (the helper's default applies), undefined when unknown.
   */
  private readonly methodFrames: (string | null | undefined)[] = [];
  /** What each followed call passed for the callee's parameters, so a helper's `url` can be traced to the tool's arguments. */
  private readonly argumentsOf = new Map<ts.Node, ts.Expression>();
  private budget = NODE_BUDGET;
  private readonly evaluator: Evaluator;
  private readonly seenOpaque = new Set<string>();
  /** Parameters of the handler itself: its arguments and the SDK's `extra`. */
  private readonly dataParams = new Set<ts.Node>();
  /** Parameters of followed functions that received a function literal at the call. */
  private readonly boundCallbacks = new Set<ts.Node>();

  constructor(
    private readonly sources: SourceProvider,
    private readonly config?: EvidenceConfig,
    /** The tool's name in words: a tool named `write_log` writing a log file is doing its job, not bookkeeping. */
    private readonly toolWords: string[] = [],
    /** A registering wrapper's parameters bound to this tool's functions (`cb` → the tool's own callback). */
    private readonly bound: ReadonlyMap<ts.Node, Body> = new Map(),
  ) {
    this.evaluator = evidenceEvaluator(sources);
    this.evaluator.resetBudget();
  }

  walk(root: ts.Node, sf: ts.SourceFile, depth: number): void {
    const context = String(this.methodFrames.at(-1));
    const seen = this.visited.get(root);
    if (seen?.has(context)) return;
    if (this.walks >= MAX_FUNCTIONS) {
      this.markPartial();
      return;
    }
    this.walks++;
    if (seen) seen.add(context);
    else this.visited.set(root, new Set([context]));
    if (depth === 0) {
      const handlers = ts.isFunctionLike(root) ? [root] : ts.isCallExpression(root) ? root.arguments.map((a) => skipOuterExpressions(a)).filter((a) => ts.isArrowFunction(a) || ts.isFunctionExpression(a)) : [];
      for (const fn of handlers) for (const parameter of (fn as ts.SignatureDeclaration).parameters) this.dataParams.add(parameter);
    }
    const visit = (node: ts.Node): void => {
      if (--this.budget < 0) {
        this.markPartial();
        return;
      }
      if (ts.isCallExpression(node)) this.call(node, sf, depth);
      else if (ts.isNewExpression(node)) this.construct(node, sf);
      else if (ts.isTaggedTemplateExpression(node)) this.taggedTemplate(node, sf);
      else if (ts.isBinaryExpression(node) && isAssignment(node.operatorToken.kind)) this.assignment(node.left, node.operatorToken.kind === ts.SyntaxKind.EqualsToken ? 'write' : 'append', node, sf);
      else if ((ts.isPrefixUnaryExpression(node) || ts.isPostfixUnaryExpression(node)) && (node.operator === ts.SyntaxKind.PlusPlusToken || node.operator === ts.SyntaxKind.MinusMinusToken)) this.assignment(node.operand, 'append', node, sf);
      else if (ts.isDeleteExpression(node)) this.assignment(node.expression, 'destroy', node, sf);
      else if (ts.isAwaitExpression(node) && ts.isIdentifier(node.expression)) {
        // `await promise`: nothing new.
      }
      ts.forEachChild(node, visit);
    };
    if (ts.isFunctionLike(root)) {
      const body = (root as ts.FunctionLikeDeclaration).body;
      if (body) visit(body);
    } else {
      visit(root);
    }
  }

  private markPartial(): void {
    this.partial = true;
  }

  private add(evidence: Omit<Evidence, 'source' | 'loc'>, node: ts.Node, sf: ts.SourceFile): void {
    const item: Evidence = { source: 'handler', loc: locOf(node, sf), ...evidence };
    if (this.hops.length > 0) item.chain = [...this.hops];
    if (item.effect !== 'read' && item.effect !== 'opaque') {
      // Code that runs only while developing is never the tool's behaviour, whatever it writes (in every profile).
      const why = debugGuarded(node, sf) ? 'runs only in development or debug mode' : (item.incidental ?? this.incidentalFrames.at(-1));
      if (why) item.incidental = why;
    }
    this.items.push(item);
  }

  /** A call `.mcp-hints.json` describes: its kind is a fact. Returns true when it did. */
  private configured(callee: ts.Expression, call: ts.CallExpression, sf: ts.SourceFile, text: () => string): boolean {
    const kind = this.config && configuredEffect(this.config, callee.getText(sf));
    if (!kind) return false;
    const why = 'per .mcp-hints.json';
    if (kind === 'pure') return true;
    if (kind === 'writes') this.add({ effect: 'write', strength: 'strong', world: 'closed', text: `calls \`${text()}\``, detail: `(a write, ${why})` }, call, sf);
    else if (kind === 'deletes') this.add({ effect: 'destroy', strength: 'strong', world: 'closed', text: `calls \`${text()}\``, detail: `(deletes or overwrites, ${why})` }, call, sf);
    else {
      // The network says where, not what: the request may write, so nothing optimistic is proven by it.
      this.markPartial();
      this.add({ effect: 'read', strength: 'strong', world: 'open', text: `calls \`${text()}\``, detail: `(reaches the network, ${why})` }, call, sf);
    }
    return true;
  }

  // ---- calls ----

  private call(call: ts.CallExpression, sf: ts.SourceFile, depth: number): void {
    const callee = withoutComma(skipOuterExpressions(call.expression));
    if (callee.kind === ts.SyntaxKind.SuperKeyword || callee.kind === ts.SyntaxKind.ImportKeyword) return;
    const chain = memberChain(callee);
    const method = chain.path.at(-1);
    // Most calls add no evidence: the callee's text is made when one does.
    let calleeText: string | undefined;
    const text = (): string => (calleeText ??= truncate(callee.getText(sf)));
    if (this.configured(callee, call, sf, text)) return;
    if (method && (EVENT_METHODS.has(method) || (chain.path.length >= 2 && REQUEST_PARTS.has(chain.path.at(-2)!)))) return;

    // SQL text first: `db.query("DELETE FROM …")`, whatever the client.
    if (method && SQL_METHODS.includes(method) && call.arguments.length > 0) {
      const sql = this.sqlOf(call.arguments[0], sf);
      if (sql) {
        this.add({ effect: sql.effect, strength: 'strong', world: 'closed', text: `runs SQL \`${sql.keyword}\` through \`${text()}\`` }, call, sf);
        return;
      }
    }

    const origin = this.originOf(chain.root, sf, 0);
    const fullPath = origin.kind === 'package' || origin.kind === 'global' ? [...origin.path, ...chain.path] : chain.path;
    const last = fullPath.at(-1);

    if (origin.kind === 'package') {
      if (this.packageCall(origin.module, fullPath, call, sf, text)) return;
    }
    if (origin.kind === 'global') {
      if (this.globalCall(origin.name, fullPath, call, sf, text, depth)) return;
    }

    // Reporting and protocol calls are not the tool's effect.
    const receiverText = chain.receiverText(sf);
    const called = last ?? (ts.isIdentifier(callee) ? callee.text : undefined);
    if (called && isReporting(receiverText, called)) return;
    if (last && PROTOCOL_METHODS.includes(last) && origin.kind !== 'package' && (origin.kind === 'value' || /server|extra|context|ctx|mcp|session/i.test(receiverText))) {
      // Asking the client (sampling, elicitation, roots) reaches the model or the user: outside the server.
      // Sampling and elicitation prompt the model or the user anew on every call: not provably read-only or safe to retry.
      if (CLIENT_REQUESTS.includes(last)) this.add({ effect: last === 'listRoots' ? 'read' : 'append', strength: 'weak', world: 'open', text: `asks the client with \`${text()}\`` }, call, sf);
      return;
    }
    // A callback handed to a followed wrapper (`wrap(async (args) => …)`): its body is walked where it is written.
    if (ts.isIdentifier(callee)) {
      const decl = this.evaluator.declarationOf(callee);
      if (decl?.kind === 'parameter' && this.boundCallbacks.has(decl.declaration)) return;
    }

    // `octokit.request("DELETE /repos/{owner}/{repo}")`, `client.request("POST /v1/…")`.
    const route = call.arguments[0] && this.routeOf(call.arguments[0], sf);

    // Local functions: follow them.
    if (origin.kind !== 'package' && this.follow(callee, sf, depth, call, chain.root)) return;

    // A request builder the analyser cannot read, with its method spelled out: `client.GET("/items")`,
    // `api.request("/search", "POST", body)`, `send({ method: "DELETE", url })`.
    const builderMethod = last && HTTP_VERB.test(last) ? last : this.methodInArguments(call, sf);
    if (builderMethod) {
      this.http(builderMethod, call, sf, text());
      return;
    }

    if (origin.kind === 'module-state' && last) {
      const mutation = lookup(MUTATING_METHODS, last);
      if (mutation && chain.path.length === 1) {
        // Module state is as often a cache or a session registry as the tool's data: weak unless the name agrees.
        const incidental = INCIDENTAL_STATE.test(origin.name) ? `module state \`${origin.name}\` is a cache` : undefined;
        // Read by code this tool never runs (another tool, a resource): a store, and the write is the tool's effect.
        // Removing from such state stays weak: handle registries and per-call bookkeeping look the same as a store.
        const store = !incidental && mutation !== 'destroy' && this.readElsewhere(origin.decl, sf);
        this.add({ effect: mutation, strength: store ? 'strong' : 'weak', world: 'closed', text: `calls \`${text()}\` on module state \`${origin.name}\``, ...(store ? { detail: '(a store other code reads)' } : {}), ...(incidental ? { incidental } : {}) }, call, sf);
        return;
      }
      if (READING_METHODS.has(last) && chain.path.length === 1) {
        this.add({ effect: 'read', strength: 'strong', world: 'closed', text: `reads module state \`${origin.name}\`` }, call, sf);
        return;
      }
    }

    if (last) {
      const orm = lookup(ORM_METHODS, last) ?? (DB_RECEIVER.test(receiverText) ? lookup(DB_GENERIC_METHODS, last) : undefined);
      if (orm && chain.path.length > 0) {
        this.add({ effect: orm, strength: 'strong', world: 'closed', text: `calls \`${text()}\` (database)` }, call, sf);
        return;
      }
    }

    if (route) {
      this.add({ effect: lookup(HTTP_METHOD_EFFECT, route.method) ?? 'write', strength: 'strong', world: 'open', text: `sends \`${route.method} ${route.path}\` through \`${text()}\`` }, call, sf);
      return;
    }

    // Pure computation on values: strings, arrays, parsed responses.
    if (origin.kind === 'value' && last && PURE_METHODS.includes(last)) return;
    if (origin.kind === 'global' && PURE_NAMESPACES.includes(origin.name)) return;
    if (origin.kind === 'package' && isPureModule(origin.module)) return;
    if (chain.path.length > 0 && last && PURE_METHODS.includes(last) && origin.kind !== 'package' && origin.kind !== 'unknown') return;
    if (chain.path.length > 0 && last && SAFE_VALUE_METHODS.includes(last) && origin.kind === 'unknown') return;
    if (chain.path.length > 1 && last && ['then', 'catch', 'finally', 'bind', 'toString', 'json', 'text'].includes(last)) return;

    this.opaque(call, sf, text(), origin, last);
  }

  /** A call the analyser cannot see into: the handler is only partly visible; the method's verb is a weak hint. */
  private opaque(call: ts.Node, sf: ts.SourceFile, text: string, origin: Origin, last: string | undefined): void {
    this.markPartial();
    const from = origin.kind === 'package' ? ` from \`${origin.module}\`` : '';
    const key = `${text}${from}`;
    if (this.seenOpaque.has(key)) return;
    this.seenOpaque.add(key);
    this.add({ effect: 'opaque', strength: 'strong', text: `calls \`${text}\`${from}, which the analyser cannot see into` }, call, sf);
    const verb = last ? methodVerb(last) : undefined;
    if (verb) {
      // `client.deleteNamespacedPod(…)`: a specific destroying method name is strong; `x.delete(k)` or `api.sendX` stay guesses.
      const specific = verb.effect === 'destroy' && words(last!).length > 1 && origin.kind !== 'value';
      this.add({ effect: verb.effect, strength: specific ? 'strong' : 'weak', guess: true, text: `calls \`${text}\`${from}`, detail: `(its name starts with \`${verb.verb}\`)` }, call, sf);
    }
  }

  /** A call into a package: the tables decide; unknown packages are opaque. Returns true when handled. */
  private packageCall(module: string, path: string[], call: ts.CallExpression, sf: ts.SourceFile, text: () => string): boolean {
    const member = path.at(-1);
    if (isProcessCall(module, member) || (path.length === 0 && isProcessCall(module, '*'))) {
      this.add({ effect: 'process', strength: 'strong', text: `runs a process with \`${text()}\`` }, call, sf);
      return true;
    }
    if (FS_MODULES.includes(module) && member) {
      const effect = fsMethodEffect(member);
      if (effect) {
        const moves = /^(rename|move)(Sync)?$/.test(member);
        const flag = effect === 'destroy' ? writeFlag(call, sf, this.evaluator) : undefined;
        // `{ flag: 'wx' }` only creates (it fails when the file exists); `{ flag: 'a' }` appends. Neither overwrites.
        const createOnly = !!flag?.includes('x');
        const flagged: Effect | undefined = createOnly ? 'write' : flag?.startsWith('a') ? 'append' : undefined;
        const detail = flagged ? `(with flag \`${flag}\`)` : undefined;
        // Removing a path is never bookkeeping here: `rm("/tmp/x")` may be exactly what the tool is for.
        const removes = /^(?:rm|rmdir|unlink|remove|emptyDir|truncate)/.test(member);
        const incidental = effect !== 'read' && !removes && call.arguments[0] ? this.incidentalPath(call.arguments[0], sf) : undefined;
        this.add({ effect: flagged ?? effect, strength: 'strong', world: 'closed', text: `calls \`${text()}\``, ...(detail ? { detail } : {}), ...(createOnly ? { createOnly } : {}), ...(moves ? { notRepeatable: true } : {}), ...(incidental ? { incidental } : {}) }, call, sf);
        return true;
      }
      if (PURE_METHODS.includes(member) || member === 'promises') return true;
    }
    if (HTTP_MODULES.includes(module)) {
      const method = member && lookup(HTTP_METHOD_MEMBERS, member) ? lookup(HTTP_METHOD_MEMBERS, member) : !member || HTTP_REQUEST_MEMBERS.includes(member) || member === 'default' ? this.methodFromOptions(call, sf) : undefined;
      if (method !== undefined) {
        this.http(method, call, sf, text());
        return true;
      }
    }
    const sdk = sdkFor(module);
    if (sdk && member) {
      const effect = sdkMethodEffect(sdk, member);
      if (effect) {
        this.add({ effect, strength: 'strong', world: 'open', text: `calls \`${text()}\` (${sdk.name})` }, call, sf);
        return true;
      }
    }
    if (AWS_MODULE.test(module) && member === 'send' && call.arguments[0]) {
      const command = skipOuterExpressions(call.arguments[0]);
      if (ts.isNewExpression(command) && ts.isIdentifier(command.expression)) {
        const effect = awsCommandEffect(command.expression.text);
        if (effect) {
          this.add({ effect, strength: 'strong', world: 'open', text: `sends \`${command.expression.text}\` (AWS SDK)` }, call, sf);
          return true;
        }
      }
    }
    return false;
  }

  private globalCall(name: string, path: string[], call: ts.CallExpression, sf: ts.SourceFile, text: () => string, _depth: number): boolean {
    if (path.length === 0 && HTTP_GLOBALS.includes(name)) {
      this.http(this.methodFromOptions(call, sf) ?? 'unknown', call, sf, text());
      return true;
    }
    if (path.length === 0 && (PURE_GLOBALS.includes(name) || REPORTING_FUNCTIONS.test(name))) return true;
    if (PURE_NAMESPACES.includes(name)) return true;
    if (name === 'process' && (path[0] === 'stdout' || path[0] === 'stderr' || path[0] === 'emitWarning' || path[0] === 'cwd' || path[0] === 'hrtime' || path[0] === 'memoryUsage' || path[0] === 'nextTick')) return true;
    if (name === 'console') return true;
    return false;
  }

  private http(method: string, call: ts.CallExpression, sf: ts.SourceFile, text: string): void {
    const urlArg = call.arguments[0];
    const urlText = urlArg ? this.literalText(urlArg, sf) : undefined;
    const local = urlText !== undefined && LOCAL_URL.test(urlText);
    const fromArgs = urlArg ? this.urlFromArguments(urlArg) : false;
    const effect: Effect = method === 'unknown' ? 'write' : (lookup(HTTP_METHOD_EFFECT, method) ?? 'write');
    const where = fromArgs ? 'with a URL from its arguments' : urlText ? `to \`${truncate(urlText, 50)}\`` : 'to a fixed or configured host';
    // A GET whose answer nobody reads is a ping (a telemetry pixel), not what the tool reads or reaches.
    const ping = (method === 'GET' || method === 'HEAD') && resultDiscarded(call);
    this.add(
      {
        ...(ping ? { incidental: 'a request whose answer is never read (a telemetry ping)' } : {}),
        ...(method === 'POST' || method === 'unknown' ? { guess: true } : {}),
        effect,
        // Many read APIs take their query as a POST (search, GraphQL): a POST is a write for inference, but weak.
        strength: method === 'unknown' || method === 'POST' ? 'weak' : 'strong',
        world: local ? 'closed' : 'open',
        // A fixed or configured host may be the server's own backend; a URL from the arguments is the open world.
        ...(fromArgs || local ? {} : { worldWeak: true }),
        text: `calls \`${text}\`${method === 'unknown' ? ' (method chosen at run time)' : method === 'GET' ? '' : ` (${method})`}`,
        detail: where,
      },
      call,
      sf,
    );
  }

  /** `fetch(url, { method: "POST" })`, `axios({ method: "delete", url })`: the method, GET when none is given, undefined when computed. */
  private methodFromOptions(call: ts.CallExpression, sf: ts.SourceFile): string | undefined {
    for (const arg of call.arguments) {
      const inner = skipOuterExpressions(arg);
      if (!ts.isObjectLiteralExpression(inner)) continue;
      // Later properties win: walk from the end.
      for (const property of [...inner.properties].reverse()) {
        if (ts.isPropertyAssignment(property) && propertyNameText(property.name) === 'method') {
          const value = this.resolveMethod(property.initializer, sf);
          return value === null ? 'GET' : (value ?? 'unknown');
        }
        if (ts.isShorthandPropertyAssignment(property) && property.name.text === 'method') {
          const value = this.resolveMethod(property.name, sf);
          return value === null ? 'GET' : (value ?? 'unknown');
        }
        if (ts.isSpreadAssignment(property)) {
          // `{ ...options }` where `options` is what the caller passed: the caller's method, if it gave one.
          const value = this.fromCaller(property.expression);
          if (value === null) continue;
          return value ?? 'unknown';
        }
      }
    }
    return 'GET';
  }

  /** A request method expression: a literal, the caller's (`options.method`), or a default (`m || "GET"`). Null: none given. */
  private resolveMethod(expr: ts.Expression, sf: ts.SourceFile): string | null | undefined {
    const inner = skipOuterExpressions(expr);
    const literal = this.literalText(inner, sf);
    if (literal !== undefined) return HTTP_VERB.test(literal.toUpperCase()) ? literal.toUpperCase() : undefined;
    if (ts.isBinaryExpression(inner) && (inner.operatorToken.kind === ts.SyntaxKind.BarBarToken || inner.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken)) {
      const left = this.resolveMethod(inner.left, sf);
      return left === null ? this.resolveMethod(inner.right, sf) : left;
    }
    return this.fromCaller(inner);
  }

  /** What the innermost followed call passed for a parameter-derived value (`options.method`, `...init`). */
  private fromCaller(expr: ts.Expression): string | null | undefined {
    const root = memberChain(skipOuterExpressions(expr)).root;
    if (!ts.isIdentifier(root) || this.methodFrames.length === 0) return undefined;
    const decl = findDeclaration(root.text, root);
    return decl?.kind === 'parameter' && !this.dataParams.has(decl.declaration) ? this.methodFrames.at(-1) : undefined;
  }

  /** The method a call spells out: an argument `"POST"`, or `{ method: "DELETE" }`. */
  private methodInArguments(call: ts.CallExpression, sf: ts.SourceFile): string | undefined {
    for (const arg of call.arguments) {
      const inner = skipOuterExpressions(arg);
      if (ts.isStringLiteralLike(inner) && HTTP_VERB.test(inner.text)) return inner.text;
      if (!ts.isObjectLiteralExpression(inner)) continue;
      for (const property of inner.properties) {
        if (ts.isPropertyAssignment(property) && propertyNameText(property.name) === 'method') {
          const value = this.literalText(property.initializer, sf)?.toUpperCase();
          if (value && HTTP_VERB.test(value)) return value;
        }
      }
    }
    return undefined;
  }

  /** Does the call pass something that may carry request options (an options object it did not write out)? */
  private passesOptions(call: ts.CallExpression): boolean {
    return call.arguments.some((arg) => {
      const inner = skipOuterExpressions(arg);
      if (ts.isObjectLiteralExpression(inner)) return inner.properties.some((p) => ts.isSpreadAssignment(p));
      return ts.isIdentifier(inner) && /opt|init|config|request|req$|settings/i.test(inner.text);
    });
  }

  private routeOf(arg: ts.Expression, sf: ts.SourceFile): { method: string; path: string } | undefined {
    const text = this.literalText(arg, sf);
    const match = text && /^(GET|POST|PUT|PATCH|DELETE|HEAD) (\/\S*)/.exec(text);
    return match ? { method: match[1], path: match[2] } : undefined;
  }

  /**
   * Constructing a package's client does nothing yet: its methods are what count (AWS commands are read at
   * `send`). But a socket, a worker or a local class's constructor may act on construction.
   */
  private construct(node: ts.NewExpression, sf: ts.SourceFile): void {
    const callee = skipOuterExpressions(node.expression);
    const text = truncate(callee.getText(sf));
    if (ts.isIdentifier(callee)) {
      const decl = findDeclaration(callee.text, callee);
      if (!decl) {
        if (PURE_GLOBALS.includes(callee.text) || /Error$/.test(callee.text)) return;
        if (callee.text === 'WebSocket' || callee.text === 'EventSource' || callee.text === 'XMLHttpRequest') {
          this.add({ effect: 'write', strength: 'weak', world: 'open', text: `opens \`new ${text}\`` }, node, sf);
          return;
        }
        this.opaque(node, sf, `new ${text}`, { kind: 'global', name: callee.text, path: [] }, undefined);
        return;
      }
      if (decl.kind === 'import' && !decl.module.startsWith('.')) {
        if (decl.module === 'ws' || decl.module === 'isomorphic-ws') this.add({ effect: 'write', strength: 'weak', world: 'open', text: `opens \`new ${text}\` (${decl.module})` }, node, sf);
        else if (decl.module === 'worker_threads' || decl.module === 'node:worker_threads') this.add({ effect: 'process', strength: 'strong', text: `starts \`new ${text}\`` }, node, sf);
        return;
      }
      if (decl.kind === 'class') {
        const ctor = decl.declaration.members.find((m) => ts.isConstructorDeclaration(m) && m.body);
        if (ctor) this.walk(ctor, sf, MAX_FOLLOW_DEPTH - 1);
        return;
      }
    }
  }

  private taggedTemplate(node: ts.TaggedTemplateExpression, sf: ts.SourceFile): void {
    const tag = skipOuterExpressions(node.tag);
    // zx: $\`rm -rf …\`
    if (ts.isIdentifier(tag)) {
      const decl = findDeclaration(tag.text, tag);
      if (decl?.kind === 'import' && isProcessCall(decl.module, decl.exportName)) {
        this.add({ effect: 'process', strength: 'strong', text: `runs a process with \`${tag.text}\`\`…\`\`` }, node, sf);
        return;
      }
    }
    const name = ts.isIdentifier(tag) ? tag.text : ts.isPropertyAccessExpression(tag) ? tag.name.text : undefined;
    if (!name || !SQL_TAGS.includes(name)) return;
    const text = ts.isNoSubstitutionTemplateLiteral(node.template) ? node.template.text : node.template.head.text + node.template.templateSpans.map((s) => ' ? ' + s.literal.text).join('');
    const sql = sqlEffect(text);
    if (sql) this.add({ effect: sql.effect, strength: 'strong', world: 'closed', text: `runs SQL \`${sql.keyword}\`` }, node, sf);
  }

  /** `store = …`, `counts[key]++`, `delete cache[key]`, `this.items = …` outside locals: state the tool changes. */
  private assignment(target: ts.Expression, effect: Effect, node: ts.Node, sf: ts.SourceFile): void {
    const chain = memberChain(skipOuterExpressions(target));
    if (chain.root.kind === ts.SyntaxKind.ThisKeyword && chain.path.length > 0) {
      // Instance state of a class around the handler (a server object): a closed-world write.
      if (isInsideConstructor(node)) return;
      // Often a cache, a flag or a lazily created client: weak evidence, never a contradiction on its own.
      this.add({ effect, strength: 'weak', world: 'closed', text: `changes \`${truncate(target.getText(sf))}\`` }, node, sf);
      return;
    }
    if (!ts.isIdentifier(chain.root)) return;
    const decl = findDeclaration(chain.root.text, chain.root);
    if (decl?.kind === 'variable' && isModuleLevel(decl.declaration)) {
      // `warned = true`, `clientPromise = …`: memoisation and flags look the same as state; only containers
      // (`store.set`, `items.push`) are strong evidence.
      const incidental = INCIDENTAL_STATE.test(chain.root.text) ? `module state \`${chain.root.text}\` is a cache` : undefined;
      this.add({ effect, strength: 'weak', world: 'closed', text: `changes module state \`${truncate(target.getText(sf))}\``, ...(incidental ? { incidental } : {}) }, node, sf);
    }
    if (!decl && chain.root.text === 'process' && chain.path[0] === 'env') {
      this.add({ effect, strength: 'strong', world: 'closed', text: `changes \`${truncate(target.getText(sf))}\`` }, node, sf);
    }
  }

  /** Follows a call into a local or relatively imported function. Returns true when it did. */
  private follow(callee: ts.Expression, sf: ts.SourceFile, depth: number, call: ts.CallExpression, root: ts.Expression): boolean {
    let target: Body | undefined;
    if (ts.isPropertyAccessExpression(callee) && callee.expression.kind === ts.SyntaxKind.ThisKeyword) {
      const method = classMember(callee, callee.name.text);
      if (method) target = { node: method, sf };
    } else if (ts.isIdentifier(callee) || ts.isPropertyAccessExpression(callee)) {
      if (ts.isIdentifier(root)) {
        const decl = this.evaluator.declarationOf(root);
        if (decl?.kind === 'parameter') {
          const fn = root === callee ? this.bound.get(decl.declaration) : undefined;
          if (!fn) return false;
          target = fn;
          // The tool's own callback: its parameters are the tool's arguments.
          for (const parameter of (fn.node as ts.SignatureDeclaration).parameters ?? []) this.dataParams.add(parameter);
        }
        if (decl?.kind === 'import' && !decl.module.startsWith('.')) return false;
        if (!decl) return false;
      }
      const called = this.calledFunction(callee, sf);
      if (called === 'failed') return false;
      if (!target && called) target = called;
    }
    if (!target) return false;
    // Reporting helpers in telemetry or logging modules (`trackUsage`, `logToolCall`) report on the tool; anything
    // else there (`getUsageStats`, `resetStats`) may be what the tool does, so it is followed.
    if (REPORTING_FILES.test(target.sf.fileName) && functionName(target.node) !== undefined && REPORTING_FUNCTIONS.test(functionName(target.node)!)) return true;
    if (depth + 1 > MAX_FOLLOW_DEPTH) {
      this.markPartial();
      this.add({ effect: 'opaque', strength: 'strong', text: `calls \`${truncate(callee.getText(sf))}\`, deeper than the analyser follows` }, call, sf);
      return true;
    }
    const parameters = ts.isFunctionLike(target.node) ? (target.node as ts.FunctionLikeDeclaration).parameters : undefined;
    call.arguments.forEach((arg, index) => {
      const inner = skipOuterExpressions(arg);
      if (parameters?.[index] && (ts.isArrowFunction(inner) || ts.isFunctionExpression(inner))) this.boundCallbacks.add(parameters[index]);
    });
    const name = functionName(target.node);
    const incidental = name && INCIDENTAL_FUNCTION.test(name) ? `inside \`${name}\`, a logging or caching helper` : undefined;
    this.hops.push({ text: truncate(callee.getText(sf), 40), loc: locOf(call, sf) });
    if (incidental) this.incidentalFrames.push(incidental);
    this.methodFrames.push(this.methodInArguments(call, sf) ?? (this.passesOptions(call) ? undefined : null));
    parameters?.forEach((parameter, index) => {
      if (call.arguments[index]) this.argumentsOf.set(parameter, call.arguments[index]);
    });
    try {
      this.walk(target.node, target.sf, depth + 1);
    } finally {
      this.methodFrames.pop();
      if (incidental) this.incidentalFrames.pop();
      this.hops.pop();
    }
    return true;
  }

  /**
   * The function a callee evaluates to, when it has a body; 'failed' when evaluating it threw. Remembered per
   * evaluator (one analysis): a helper every tool of a file calls has its callees evaluated once, not once per tool.
   */
  private calledFunction(callee: ts.Expression, sf: ts.SourceFile): Body | null | 'failed' {
    let known = calleeFunctions.get(this.evaluator);
    if (!known) calleeFunctions.set(this.evaluator, (known = new Map()));
    const remembered = known.get(callee);
    if (remembered !== undefined) return remembered;
    // `rows.push(…)` on a local array: evaluating `rows` reads every value pushed into it, for no function.
    if (isLocalArrayMember(callee)) {
      known.set(callee, null);
      return null;
    }
    let value;
    try {
      this.evaluator.resetBudget();
      value = this.evaluator.evaluate(callee, sf, EMPTY_ENV);
    } catch {
      // A stack overflow depends on how deep the walk is: not remembered.
      return 'failed';
    }
    const found = value.kind === 'function' && value.node.body ? { node: value.node, sf: value.sf } : null;
    // A reading cut short by the budget may complete later, with the evaluator's caches warm.
    if (!this.evaluator.budgetExhausted()) known.set(callee, found);
    return found;
  }

  // ---- origins ----

  /** Where the root of a call chain comes from: an import, module state, a local value, a global. */
  private originOf(root: ts.Expression, sf: ts.SourceFile, depth: number): Origin {
    if (depth > 6) return { kind: 'unknown', text: root.getText(sf) };
    const expr = skipOuterExpressions(root);
    if (ts.isIdentifier(expr)) {
      const decl = this.evaluator.declarationOf(expr);
      if (!decl) return { kind: 'global', name: expr.text, path: [] };
      switch (decl.kind) {
        case 'import':
          if (decl.module.startsWith('.')) return this.relativeImportOrigin(decl.module, sf);
          return { kind: 'package', module: decl.module, path: decl.exportName === '*' || decl.exportName === 'default' ? [] : [decl.exportName] };
        case 'parameter':
          // The handler's own parameters are the call's arguments (JSON data) and the SDK's `extra`; a helper's
          // parameter may be a client passed in.
          return this.dataParams.has(decl.declaration) ? { kind: 'value' } : { kind: 'unknown', text: expr.text };
        case 'function':
          return { kind: 'value' };
        case 'enum':
          return { kind: 'value' };
        case 'class':
          // An instance of a local class: its methods are not followed, so none of them is assumed pure.
          return { kind: 'unknown', text: expr.text };
        case 'variable': {
          const declaration = decl.declaration;
          const init = declaration.initializer && skipOuterExpressions(declaration.initializer);
          if (!init) return isModuleLevel(declaration) ? { kind: 'unknown', text: expr.text } : { kind: 'value' };
          const required = requiredModule(init);
          if (required !== undefined) {
            const module = required;
            if (module.startsWith('.')) return this.relativeImportOrigin(module, sf);
            const path = (decl.path ?? []).flatMap((step) => ('property' in step ? [step.property] : []));
            return { kind: 'package', module, path };
          }
          if (isStateInitializer(init)) return isModuleLevel(declaration) ? { kind: 'module-state', name: expr.text, decl: declaration } : { kind: 'value' };
          if (ts.isNewExpression(init) || ts.isCallExpression(init) || ts.isPropertyAccessExpression(init)) {
            const inner = ts.isNewExpression(init) ? init.expression : ts.isCallExpression(init) ? memberChain(skipOuterExpressions(init.expression)).root : memberChain(init).root;
            const from = this.originOf(inner, sf, depth + 1);
            // `promisify(exec)`, `debounce(fn)`: a pure helper wrapping a function is that function.
            if (ts.isCallExpression(init) && isPureOrigin(from)) {
              for (const arg of init.arguments) {
                const wrapped = this.originOf(arg, sf, depth + 1);
                if (wrapped.kind === 'package' && !isPureModule(wrapped.module)) return wrapped;
              }
            }
            if (from.kind === 'package') {
              const path = ts.isPropertyAccessExpression(init) ? [...from.path, ...memberChain(init).path] : from.path;
              // `const transporter = nodemailer.createTransport()`: a client of the same package.
              return { kind: 'package', module: from.module, path: ts.isNewExpression(init) || ts.isCallExpression(init) ? [] : path };
            }
            // A local holding the result of a call is data: the call itself was already weighed where it is made.
            if (!isModuleLevel(declaration)) return { kind: 'value' };
            if (from.kind === 'value' || from.kind === 'global' || from.kind === 'module-state') return { kind: 'value' };
            return { kind: 'unknown', text: expr.text };
          }
          if (ts.isIdentifier(init)) return this.originOf(init, sf, depth + 1);
          return { kind: 'value' };
        }
      }
    }
    if (expr.kind === ts.SyntaxKind.ThisKeyword) return { kind: 'unknown', text: 'this' };
    // `(name ?? "").replace(…)`, `(a || b).trim()`, `cond ? x : y`: computed values.
    if (ts.isBinaryExpression(expr) || ts.isConditionalExpression(expr) || ts.isPrefixUnaryExpression(expr)) return { kind: 'value' };
    if (ts.isStringLiteralLike(expr) || ts.isTemplateExpression(expr) || ts.isArrayLiteralExpression(expr) || ts.isObjectLiteralExpression(expr) || ts.isNumericLiteral(expr) || ts.isRegularExpressionLiteral(expr)) return { kind: 'value' };
    if (ts.isCallExpression(expr)) {
      const inner = this.originOf(memberChain(skipOuterExpressions(expr.expression)).root, sf, depth + 1);
      // The result of a package call is a client of that package (`knex("users").del()`, `getClient().send()`).
      if (inner.kind === 'package') return { kind: 'package', module: inner.module, path: [] };
      if (inner.kind === 'global' && (PURE_GLOBALS.includes(inner.name) || PURE_NAMESPACES.includes(inner.name) || HTTP_GLOBALS.includes(inner.name))) return { kind: 'value' };
      return inner.kind === 'value' ? { kind: 'value' } : { kind: 'unknown', text: truncate(expr.getText(sf)) };
    }
    if (ts.isNewExpression(expr)) {
      const inner = this.originOf(expr.expression, sf, depth + 1);
      if (inner.kind === 'package') return { kind: 'package', module: inner.module, path: [] };
      if (inner.kind === 'global' && PURE_GLOBALS.includes(inner.name)) return { kind: 'value' };
      return { kind: 'unknown', text: truncate(expr.getText(sf)) };
    }
    return { kind: 'unknown', text: truncate(expr.getText(sf)) };
  }

  /** `import * as store from "./store"`: calls on it are followed by `follow`; anything else is a local value. */
  private relativeImportOrigin(module: string, sf: ts.SourceFile): Origin {
    // Resolved once per analysis: every call on an imported client asks again, and a missing module tries ~20 paths.
    let resolved = resolvedImports.get(this.evaluator);
    if (!resolved) resolvedImports.set(this.evaluator, (resolved = new Map()));
    const key = `${sf.fileName}\0${module}`;
    let found = resolved.get(key);
    if (found === undefined) {
      found = resolveModulePath(sf.fileName, module, (path) => this.sources.getSourceFile(path) !== undefined) !== undefined;
      resolved.set(key, found);
    }
    return found ? { kind: 'value' } : { kind: 'unknown', text: module };
  }

  /** Why a written path is bookkeeping: under the temp directory, a log file, a cache. Undefined: it may be the tool's effect. */
  private incidentalPath(arg: ts.Expression, sf: ts.SourceFile, depth = 0): string | undefined {
    if (depth > 3) return undefined;
    const inner = skipOuterExpressions(arg);
    // A path from the tool's arguments is what the user asked for (an artifact), whatever its name.
    if (identifierNodes(inner).some((id) => this.isToolArgument(id))) return undefined;
    const text = inner.getText(sf);
    if (/tmpdir\(\)|\bos\.tmpdir|mkdtemp/i.test(text)) return 'a temp file';
    const literal = this.literalText(inner, sf, true);
    const mentioned = [literal ?? '', ...identifiersIn(inner)].join(' ');
    const match = INCIDENTAL_PATH.exec(mentioned);
    if (match && this.toolWords.some((word) => match[0].toLowerCase().includes(word) || word.startsWith(match[0].replace(/\W/g, '').toLowerCase()))) return undefined;
    if (match) return /tmp|temp/i.test(match[0]) ? 'a temp file' : /log/i.test(match[0]) ? 'a log file' : 'a cache file';
    // A local computed from another (`const file = join(dir, name)`): look at what it is made of.
    for (const id of identifierNodes(inner)) {
      const decl = findDeclaration(id.text, id);
      if (decl?.kind === 'variable' && decl.declaration.initializer && decl.path?.length === 0) {
        const found = this.incidentalPath(decl.declaration.initializer, sf, depth + 1);
        if (found) return found;
      }
    }
    return undefined;
  }

  /**
   * Is the URL's start (its host) taken from the tool's arguments, followed through locals and helper parameters?
   * `fetch(args.url)` is the open world; `fetch(\`${BASE}/items/${args.id}\`)` is a fixed host with an argument in its path.
   */
  private urlFromArguments(expr: ts.Expression, depth = 0): boolean {
    if (depth > 8) return false;
    const inner = skipOuterExpressions(expr);
    if (ts.isTemplateExpression(inner)) return inner.head.text === '' && this.urlFromArguments(inner.templateSpans[0].expression, depth + 1);
    if (ts.isBinaryExpression(inner) && inner.operatorToken.kind === ts.SyntaxKind.PlusToken) return this.urlFromArguments(inner.left, depth + 1);
    if (ts.isBinaryExpression(inner) && (inner.operatorToken.kind === ts.SyntaxKind.BarBarToken || inner.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken)) return this.urlFromArguments(inner.left, depth + 1);
    if ((ts.isNewExpression(inner) || ts.isCallExpression(inner)) && inner.arguments?.[0]) {
      // `new URL(path, base)`: the base names the host when there is one.
      if (ts.isNewExpression(inner) && inner.arguments[1]) return this.urlFromArguments(inner.arguments[1], depth + 1);
      return this.urlFromArguments(inner.arguments[0], depth + 1);
    }
    if (ts.isPropertyAccessExpression(inner) && ['href', 'toString'].includes(inner.name.text)) return this.urlFromArguments(inner.expression, depth + 1);
    const root = ts.isIdentifier(inner) ? inner : ts.isPropertyAccessExpression(inner) || ts.isElementAccessExpression(inner) ? memberChain(inner).root : undefined;
    if (!root || !ts.isIdentifier(root)) return false;
    const decl = findDeclaration(root.text, root);
    if (decl?.kind === 'parameter') {
      if (this.dataParams.has(decl.declaration)) return true;
      const passed = this.argumentsOf.get(decl.declaration);
      return passed !== undefined && this.urlFromArguments(passed, depth + 1);
    }
    if (decl?.kind === 'variable' && !isModuleLevel(decl.declaration) && decl.declaration.initializer && decl.path?.length === 0) return this.urlFromArguments(decl.declaration.initializer, depth + 1);
    return false;
  }

  /** Is module state `decl` used by a function this tool's walk never entered (another tool's handler, a resource)? */
  private readElsewhere(decl: ts.VariableDeclaration, sf: ts.SourceFile): boolean {
    if (decl.getSourceFile() !== sf) return false;
    const roots = this.visitedRoots();
    return functionsUsing(decl, sf).some((fn) => !isInside(fn, roots));
  }

  private visitedRoots(): ts.Node[] {
    return [...this.visited.keys()];
  }

  /** An identifier bound to the handler's own parameters (the tool's arguments), directly or through a local. */
  private isToolArgument(id: ts.Identifier, depth = 0): boolean {
    const decl = findDeclaration(id.text, id);
    if (decl?.kind === 'parameter') return this.dataParams.has(decl.declaration);
    if (depth < 3 && decl?.kind === 'variable' && !isModuleLevel(decl.declaration) && decl.declaration.initializer) {
      return identifierNodes(decl.declaration.initializer).some((inner) => this.isToolArgument(inner, depth + 1));
    }
    return false;
  }

  private sqlOf(arg: ts.Expression, sf: ts.SourceFile): ReturnType<typeof sqlEffect> {
    const text = this.literalText(arg, sf, true);
    return text ? sqlEffect(text) : undefined;
  }

  /** The text of a string literal, a template (holes as `?`), or a const declared with one. */
  private literalText(expr: ts.Expression, sf: ts.SourceFile, holes = false): string | undefined {
    const inner = skipOuterExpressions(expr);
    if (ts.isStringLiteralLike(inner)) return inner.text;
    if (ts.isTemplateExpression(inner)) return holes || true ? inner.head.text + inner.templateSpans.map((s) => '?' + s.literal.text).join('') : undefined;
    if (ts.isIdentifier(inner)) {
      const decl = findDeclaration(inner.text, inner);
      if (decl?.kind === 'variable' && decl.path?.length === 0 && decl.declaration.initializer) {
        const init = skipOuterExpressions(decl.declaration.initializer);
        if (ts.isStringLiteralLike(init) || ts.isTemplateExpression(init)) return this.literalText(init, sf, holes);
      }
    }
    return undefined;
  }
}

// ---- syntax helpers ----

/** Per evidence evaluator: each callee node followed, and the function it evaluated to (null: none to follow). */
const calleeFunctions = new WeakMap<Evaluator, Map<ts.Node, Body | null>>();
/** Per evidence evaluator: whether a relative import (`file\0specifier`) names a readable file. */
const resolvedImports = new WeakMap<Evaluator, Map<string, boolean>>();

/**
 * `rows.push`, `parts.join` where `rows` is declared with an array literal: the evaluator reads such a variable as
 * an array (or not at all), and a named member of an array is its length or unknown, never a function.
 */
function isLocalArrayMember(callee: ts.Expression): boolean {
  if (!ts.isPropertyAccessExpression(callee)) return false;
  const receiver = skipOuterExpressions(callee.expression);
  if (!ts.isIdentifier(receiver)) return false;
  const decl = findDeclaration(receiver.text, receiver);
  return decl?.kind === 'variable' && decl.path.length === 0 && !!decl.declaration.initializer && ts.isArrayLiteralExpression(skipOuterExpressions(decl.declaration.initializer));
}

const usersCache = new WeakMap<ts.VariableDeclaration, ts.Node[]>();

/** The functions of `sf` that mention module-level `decl` (one walk of the file per variable, cached). */
function functionsUsing(decl: ts.VariableDeclaration, sf: ts.SourceFile): ts.Node[] {
  const cached = usersCache.get(decl);
  if (cached) return cached;
  const name = ts.isIdentifier(decl.name) ? decl.name.text : undefined;
  const out = new Set<ts.Node>();
  if (name && sf.text.split(name).length <= 200) {
    const visit = (node: ts.Node): void => {
      if (ts.isIdentifier(node) && node.text === name && node !== decl.name && !(ts.isPropertyAccessExpression(node.parent) && node.parent.name === node)) {
        let fn: ts.Node | undefined = node.parent;
        while (fn && !ts.isSourceFile(fn) && !ts.isFunctionLike(fn)) fn = fn.parent;
        const found = findDeclaration(name, node);
        if (fn && ts.isFunctionLike(fn) && found?.kind === 'variable' && found.declaration === decl) out.add(fn);
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  const list = [...out];
  usersCache.set(decl, list);
  return list;
}

/** Is `node` one of `roots` or nested in one? */
function isInside(node: ts.Node, roots: ts.Node[]): boolean {
  for (let current: ts.Node | undefined = node; current; current = current.parent) if (roots.includes(current)) return true;
  return false;
}

/** `(0, utils_1.helper)`: compiled CommonJS calls an import without `this` through a comma expression. */
function withoutComma(expr: ts.Expression): ts.Expression {
  let current = skipOuterExpressions(expr);
  while (ts.isBinaryExpression(current) && current.operatorToken.kind === ts.SyntaxKind.CommaToken) current = skipOuterExpressions(current.right);
  return current;
}

/** Compiled CommonJS interop helpers around `require("x")`: `__importDefault`, `__importStar`, `__toESM`, Babel's. */
const INTEROP_HELPERS = /^(?:__importDefault|__importStar|__toESM|_interopRequireDefault|_interopRequireWildcard|__toCommonJS)$/;

/** `require("x")`, `__importDefault(require("x"))`, `tslib_1.__importStar(require("x"))`: the module, else undefined. */
function requiredModule(init: ts.Expression): string | undefined {
  const expr = skipOuterExpressions(init);
  if (!ts.isCallExpression(expr)) return undefined;
  const callee = skipOuterExpressions(expr.expression);
  const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : undefined;
  if (name === 'require' && expr.arguments[0] && ts.isStringLiteralLike(expr.arguments[0])) return expr.arguments[0].text;
  if (name && INTEROP_HELPERS.test(name) && expr.arguments[0]) return requiredModule(expr.arguments[0]);
  return undefined;
}

/** Inside `if (process.env.NODE_ENV === "development")` or a DEBUG check, within the same function. */
function debugGuarded(node: ts.Node, sf: ts.SourceFile): boolean {
  let current: ts.Node | undefined = node;
  while (current && !ts.isSourceFile(current) && !ts.isFunctionLike(current)) {
    const parent: ts.Node | undefined = current.parent;
    if (parent && ts.isIfStatement(parent) && parent.thenStatement === current && DEBUG_GUARD.test(parent.expression.getText(sf))) return true;
    if (parent && ts.isBinaryExpression(parent) && parent.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken && parent.right === current && DEBUG_GUARD.test(parent.left.getText(sf))) return true;
    current = parent;
  }
  return false;
}

/** A call whose result nobody reads: a statement on its own, maybe with `.then`/`.catch` handlers, or `void`. */
function resultDiscarded(call: ts.CallExpression): boolean {
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

interface Chain {
  root: ts.Expression;
  path: string[];
  receiverText(sf: ts.SourceFile): string;
}

/** `a.b.c` → root `a`, path [b, c]; `a["b"]` counts as a member; anything else ends the chain. */
function memberChain(expr: ts.Expression): Chain {
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

function isReporting(receiver: string, method: string): boolean {
  if (REPORTING_RECEIVERS.test(receiver) || REPORTING_WORDS.test(receiver)) return true;
  if (receiver === '' || receiver === method) return REPORTING_FUNCTIONS.test(method);
  return REPORTING_METHODS.test(method) && /log|telemetry|metric|track|span|trace|sentry|analytics|monitor/i.test(receiver);
}

function isPureOrigin(origin: Origin): boolean {
  if (origin.kind === 'package') return isPureModule(origin.module);
  return origin.kind === 'global' && (PURE_NAMESPACES.includes(origin.name) || PURE_GLOBALS.includes(origin.name));
}

function functionName(node: ts.Node): string | undefined {
  if ((ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node)) && node.name) return propertyNameText(node.name);
  if ((ts.isArrowFunction(node) || ts.isFunctionExpression(node)) && ts.isVariableDeclaration(node.parent) && ts.isIdentifier(node.parent.name)) return node.parent.name.text;
  return undefined;
}

function isPureModule(module: string): boolean {
  return PURE_MODULES.includes(module) || module.startsWith('node:path') || module.startsWith('@modelcontextprotocol/sdk/types');
}

function isAssignment(kind: ts.SyntaxKind): boolean {
  return kind >= ts.SyntaxKind.FirstAssignment && kind <= ts.SyntaxKind.LastAssignment;
}

function isModuleLevel(decl: ts.VariableDeclaration): boolean {
  const statement = decl.parent?.parent;
  return !!statement && ts.isVariableStatement(statement) && ts.isSourceFile(statement.parent);
}

function isInsideConstructor(node: ts.Node): boolean {
  let current: ts.Node | undefined = node.parent;
  while (current && !ts.isSourceFile(current)) {
    if (ts.isConstructorDeclaration(current)) return true;
    if (ts.isFunctionLike(current)) return false;
    current = current.parent;
  }
  return false;
}

/** `new Map()`, `[]`, `{}`, `new Set()`: a container the tool can keep state in. */
function isStateInitializer(init: ts.Expression): boolean {
  if (ts.isArrayLiteralExpression(init) || ts.isObjectLiteralExpression(init)) return true;
  return ts.isNewExpression(init) && ts.isIdentifier(init.expression) && ['Map', 'Set', 'WeakMap', 'WeakSet', 'Array'].includes(init.expression.text);
}

/** Identifier nodes in an expression (not property names). */
function identifierNodes(expr: ts.Node): ts.Identifier[] {
  const out: ts.Identifier[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node) && !(ts.isPropertyAccessExpression(node.parent) && node.parent.name === node)) out.push(node);
    ts.forEachChild(node, visit);
  };
  visit(expr);
  return out;
}

/** Names mentioned in an expression, split into words (`LOG_DIR`, `cacheFile`, `tmpPath` → log dir, cache file, tmp path). */
function identifiersIn(expr: ts.Node): string[] {
  const out: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node)) out.push(node.text.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/_/g, ' '));
    ts.forEachChild(node, visit);
  };
  visit(expr);
  return out;
}

function truncate(text: string, max = 60): string {
  const oneLine = text.replace(/\s+/g, ' ');
  return oneLine.length > max ? `${oneLine.slice(0, max - 1)}…` : oneLine;
}

/** The `flag` of a write call's options object (`writeFile(path, data, { flag: 'wx' })`), when it is known. */
function writeFlag(call: ts.CallExpression, sf: ts.SourceFile, evaluator: Evaluator): string | undefined {
  for (const arg of call.arguments.slice(2)) {
    const value = evaluator.evaluate(arg, sf, EMPTY_ENV);
    if (value.kind !== 'object') continue;
    const flag = value.properties.get('flag')?.value;
    if (flag?.kind === 'literal' && typeof flag.value === 'string') return flag.value;
  }
  return undefined;
}
