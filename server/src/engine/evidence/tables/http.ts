// HTTP clients. A GET reads; POST, PUT, PATCH and DELETE write. Every request reaches the network (open world),
// except a literal local address.
import ts from 'typescript';
import { findDeclaration, propertyNameText, skipOuterExpressions } from '../../syntax';
import type { Effect, RequestUrl } from '../model';
import { isModuleLevel, literalText, memberChain, resultDiscarded } from '../nodes';
import type { CallRecogniser, NewRecogniser, Walk } from '../recogniser';
import { fromArguments } from '../arguments';
import { lookup } from './lookup';
import { endpointVerb } from './endpoints';
import { memberMethod } from './http-method';
import { sideObject, words } from './verbs';

/** Global functions that send a request; the method comes from the options argument (default GET). */
export const HTTP_GLOBALS: readonly string[] = ['fetch'];

/** Modules whose default export or named `request`/`fetch` sends a request. */
export const HTTP_MODULES: readonly string[] = ['axios', 'got', 'undici', 'node-fetch', 'ky', 'superagent', 'cross-fetch', 'isomorphic-fetch', 'http', 'https', 'node:http', 'node:https', 'needle', 'request', 'ofetch'];

/** `axios.post(…)`, `got.delete(…)`, `http.get(…)`: the member names the method. */
export const HTTP_METHOD_MEMBERS: Readonly<Record<string, string>> = {
  get: 'GET',
  head: 'HEAD',
  options: 'OPTIONS',
  post: 'POST',
  put: 'PUT',
  patch: 'PATCH',
  delete: 'DELETE',
  del: 'DELETE',
};

/** Members that send a request whose method comes from the options (`axios.request`, `http.request`). */
export const HTTP_REQUEST_MEMBERS: readonly string[] = ['request', 'fetch', 'stream'];

/**
 * What an HTTP method does. POST adds (not safe to retry); PUT replaces and PATCH overwrites the fields it names
 * (both change what existed: destructive, as the spec's "only additive" reading of `destructiveHint: false` has it);
 * DELETE removes. PUT and DELETE are idempotent by HTTP's own rules.
 */
export const HTTP_METHOD_EFFECT: Readonly<Record<string, Effect>> = {
  GET: 'read',
  HEAD: 'read',
  OPTIONS: 'read',
  POST: 'append',
  PUT: 'destroy',
  PATCH: 'destroy',
  DELETE: 'destroy',
};

/** Body fields that ask the API to delete what they name (`{ id, deleted: true }`), by their words. */
const DELETION_FLAG = /^(?:is )?(?:deleted|delete|destroy|removed|remove|to delete|to remove|marked for deletion)$/;

/** URLs that stay on this machine: not the open world. */
export const LOCAL_URL = /^(?:https?|wss?):\/\/(?:localhost|127\.0\.0\.1|\[::1\]|0\.0\.0\.0)(?:[:/]|$)/i;

const HTTP_VERB = /^(GET|HEAD|OPTIONS|POST|PUT|PATCH|DELETE)$/;

// ---- recognisers (recognisers.ts orders them) ----

/** `axios.post(…)`, `got(…)`, `http.request(opts)`: an HTTP client package; the member or the options give the method. */
export const httpModuleCall: CallRecogniser = (site, walk) => {
  const { origin, last: member, call, sf } = site;
  if (origin.kind !== 'package' || !HTTP_MODULES.includes(origin.module)) return false;
  const method = member && lookup(HTTP_METHOD_MEMBERS, member) ? lookup(HTTP_METHOD_MEMBERS, member) : !member || HTTP_REQUEST_MEMBERS.includes(member) || member === 'default' ? methodFromOptions(walk, call) : undefined;
  if (method === undefined) return false;
  addRequest(walk, method, call, sf, site.text());
  return true;
};

/** `fetch(url, { method })`. */
export const fetchCall: CallRecogniser = (site, walk) => {
  const { origin, fullPath, call, sf } = site;
  if (origin.kind !== 'global' || fullPath.length !== 0 || !HTTP_GLOBALS.includes(origin.name)) return false;
  addRequest(walk, methodFromOptions(walk, call) ?? 'unknown', call, sf, site.text());
  return true;
};

/**
 * A request builder the analyser cannot read, with its method spelled out: `client.GET("/items")`,
 * `api.request("/search", "POST", body)`, `send({ method: "DELETE", url })`.
 */
export const requestBuilder: CallRecogniser = (site, walk) => {
  const { last, call, sf } = site;
  const builderMethod = last && HTTP_VERB.test(last) ? last : methodInArguments(call, sf, walk);
  if (!builderMethod) return false;
  addRequest(walk, builderMethod, call, sf, site.text());
  return true;
};

/** `octokit.request("DELETE /repos/{owner}/{repo}")`, `client.request("POST /v1/…")`. */
export const routeCall: CallRecogniser = (site, walk) => {
  const { call, sf } = site;
  const route = call.arguments[0] && routeOf(call.arguments[0], sf);
  if (!route) return false;
  walk.add({ effect: lookup(HTTP_METHOD_EFFECT, route.method) ?? 'write', strength: 'strong', world: 'open', target: 'network', call: site.text(), fact: { kind: 'route', method: route.method, path: route.path } }, call, sf);
  return true;
};

/** `new WebSocket(url)`, `new EventSource(url)`, a socket from `ws`: a connection out. */
export const socketConstructor: NewRecogniser = ({ named, declaration, callee, node, sf, text }, walk) => {
  if (!named || !ts.isIdentifier(callee)) return false;
  if (!declaration && (callee.text === 'WebSocket' || callee.text === 'EventSource' || callee.text === 'XMLHttpRequest')) {
    walk.add({ effect: 'write', strength: 'weak', world: 'open', target: 'network', call: `new ${text}`, fact: { kind: 'socket' } }, node, sf);
    return true;
  }
  if (declaration?.kind === 'import' && (declaration.module === 'ws' || declaration.module === 'isomorphic-ws')) {
    walk.add({ effect: 'write', strength: 'weak', world: 'open', target: 'network', call: `new ${text}`, fact: { kind: 'socket', module: declaration.module } }, node, sf);
    return true;
  }
  return false;
};

// ---- requests ----

/** Evidence for a request with `method` ('unknown': chosen at run time), its URL read from the first argument. */
function addRequest(walk: Walk, method: string, call: ts.CallExpression, sf: ts.SourceFile, text: string): void {
  const urlArg = call.arguments[0];
  const urlText = urlArg ? literalText(urlArg, sf) : undefined;
  const local = urlText !== undefined && LOCAL_URL.test(urlText);
  const fromArgs = urlArg ? urlFromArguments(walk, urlArg) : false;
  const methodEffect: Effect = method === 'unknown' ? 'write' : (lookup(HTTP_METHOD_EFFECT, method) ?? 'write');
  // A body that forwards deletion flags (`items.map((i) => ({ id: i.id, deleted: i.deleted }))`) deletes, whatever the method.
  const flag = method !== 'GET' && method !== 'HEAD' ? call.arguments.map((arg) => deletionFlag(walk, arg, 0)).find((f) => f !== undefined) : undefined;
  // `POST …/batch/update`, `POST /api/chat.delete`: the endpoint names an overwrite or a removal.
  const endpoint = method === 'POST' && !flag ? endpointVerb(walk, urlArg) : undefined;
  const effect: Effect = flag || endpoint ? 'destroy' : methodEffect;
  // `${base}${path}`: holes only (`??`) say nothing of the host.
  const url: RequestUrl = fromArgs ? { from: 'arguments' } : urlText && /[^?]/.test(urlText) ? { from: 'literal', url: urlText } : { from: 'fixed' };
  // A GET whose answer nobody reads is a ping (a telemetry pixel), not what the tool reads or reaches.
  const ping = (method === 'GET' || method === 'HEAD') && resultDiscarded(call);
  // A POST to a collection of side objects (`/databaseUsers`, `/accessList`, `/api-keys`) creates one: not a query.
  const creates = method === 'POST' && urlText !== undefined && sideObject(lastSegment(urlText), false) !== undefined;
  walk.add(
    {
      ...(ping ? { incidental: { kind: 'telemetry-ping' } } : {}),
      ...((method === 'POST' || method === 'unknown') && !flag && !creates && !endpoint ? { guess: true } : {}),
      effect,
      // Many read APIs take their query as a POST (search, GraphQL): a POST is a write for inference, but weak.
      strength: (method === 'unknown' || method === 'POST') && !flag && !creates && !endpoint ? 'weak' : 'strong',
      world: local ? 'closed' : 'open',
      // A fixed or configured host may be the server's own backend; a URL from the arguments is the open world.
      ...(fromArgs || local ? {} : { worldWeak: true }),
      target: 'network',
      call: text,
      fact: { kind: 'request', method, url, ...(flag ? { forwards: flag } : {}), ...(endpoint ? { endpoint } : {}) },
    },
    call,
    sf,
  );
}

/** `users` in `https://api.x.io/v1/groups/?/databaseUsers?x=1`: the last path segment, holes and query left out. */
function lastSegment(url: string): string {
  // `?` also stands for a template's holes: only a `?key=value` tail is a query.
  const path = url.replace(/#.*$/, '').replace(/\?[^/?]*=[^/]*$/, '').replace(/\/+$/, '');
  return path.slice(path.lastIndexOf('/') + 1);
}

/**
 * The deletion flag a request's body forwards: a field like `deleted` set to `true` or to a value from the tool's
 * arguments, in the body, nested objects and arrays, `JSON.stringify(…)`, `.map` callbacks and locals.
 */
function deletionFlag(walk: Walk, expr: ts.Expression, depth: number): string | undefined {
  if (depth > 5) return undefined;
  const inner = skipOuterExpressions(expr);
  if (ts.isObjectLiteralExpression(inner)) {
    for (const property of inner.properties) {
      const name = property.name && propertyNameText(property.name);
      const value = ts.isPropertyAssignment(property) ? property.initializer : ts.isShorthandPropertyAssignment(property) ? property.name : undefined;
      if (name && value && DELETION_FLAG.test(words(name).join(' '))) {
        const v = skipOuterExpressions(value);
        if (v.kind === ts.SyntaxKind.TrueKeyword || fromArguments(walk, v)) return name;
      }
      const nested = value ?? (ts.isSpreadAssignment(property) ? property.expression : undefined);
      const found = nested && deletionFlag(walk, nested, depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  if (ts.isArrayLiteralExpression(inner)) {
    for (const element of inner.elements) {
      const found = deletionFlag(walk, ts.isSpreadElement(element) ? element.expression : element, depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  if (ts.isCallExpression(inner)) {
    // `JSON.stringify(body)`, `items.map((i) => ({ … }))`.
    for (const arg of inner.arguments) {
      const a = skipOuterExpressions(arg);
      const found = ts.isArrowFunction(a) || ts.isFunctionExpression(a) ? returnedFlag(walk, a, depth + 1) : deletionFlag(walk, a, depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  if (ts.isIdentifier(inner)) {
    const decl = findDeclaration(inner.text, inner);
    if (decl?.kind === 'variable' && decl.path.length === 0 && decl.declaration.initializer && !isModuleLevel(decl.declaration)) return deletionFlag(walk, decl.declaration.initializer, depth + 1);
  }
  return undefined;
}

function returnedFlag(walk: Walk, fn: ts.ArrowFunction | ts.FunctionExpression, depth: number): string | undefined {
  if (!ts.isBlock(fn.body)) return deletionFlag(walk, fn.body, depth);
  let found: string | undefined;
  const visit = (node: ts.Node): void => {
    if (found || (ts.isFunctionLike(node) && node !== fn)) return;
    if (ts.isReturnStatement(node) && node.expression) found = deletionFlag(walk, node.expression, depth);
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(fn.body, visit);
  return found;
}

/**
 * `fetch(url, { method: "POST" })`, `axios({ method: "delete", url })`, `fetch(url, { ...options })` inside a client's
 * `request(url, options)`: the method, GET when none is given, 'unknown' when it is chosen at run time.
 */
function methodFromOptions(walk: Walk, call: ts.CallExpression): string {
  for (const [index, arg] of call.arguments.entries()) {
    const inner = skipOuterExpressions(arg);
    if (ts.isObjectLiteralExpression(inner)) {
      const value = memberMethod(walk, inner);
      if (value === null) continue;
      return value ?? 'unknown';
    }
    // `fetch(url, init)`: an options object built elsewhere, when it says which method.
    if (index > 0 && ts.isIdentifier(inner)) {
      const value = memberMethod(walk, inner);
      if (typeof value === 'string') return value;
    }
  }
  return 'GET';
}

/** The method a call spells out: an argument `"POST"`, `{ method: "DELETE" }`, or a loop's `def.method` known for this tool. */
export function methodInArguments(call: ts.CallExpression, sf: ts.SourceFile, walk?: Walk): string | undefined {
  for (const arg of call.arguments) {
    const inner = skipOuterExpressions(arg);
    if (ts.isStringLiteralLike(inner) && HTTP_VERB.test(inner.text)) return inner.text;
    const bound = walk?.boundValue(inner)?.toUpperCase();
    if (bound && HTTP_VERB.test(bound)) return bound;
    if (!ts.isObjectLiteralExpression(inner)) continue;
    for (const property of inner.properties) {
      if (ts.isPropertyAssignment(property) && propertyNameText(property.name) === 'method') {
        const value = literalText(property.initializer, sf)?.toUpperCase();
        if (value && HTTP_VERB.test(value)) return value;
      }
    }
  }
  return undefined;
}

/** Does the call pass something that may carry request options (an options object it did not write out)? */
export function passesOptions(call: ts.CallExpression): boolean {
  return call.arguments.some((arg) => {
    const inner = skipOuterExpressions(arg);
    if (ts.isObjectLiteralExpression(inner)) return inner.properties.some((p) => ts.isSpreadAssignment(p));
    return ts.isIdentifier(inner) && /opt|init|config|request|req$|settings/i.test(inner.text);
  });
}

function routeOf(arg: ts.Expression, sf: ts.SourceFile): { method: string; path: string } | undefined {
  const text = literalText(arg, sf);
  const match = text && /^(GET|POST|PUT|PATCH|DELETE|HEAD) (\/\S*)/.exec(text);
  return match ? { method: match[1], path: match[2] } : undefined;
}

/**
 * Is the URL's start (its host) taken from the tool's arguments, followed through locals and helper parameters?
 * `fetch(args.url)` is the open world; `fetch(\`${BASE}/items/${args.id}\`)` is a fixed host with an argument in its path.
 */
function urlFromArguments(walk: Walk, expr: ts.Expression, depth = 0): boolean {
  if (depth > 8) return false;
  const inner = skipOuterExpressions(expr);
  if (ts.isTemplateExpression(inner)) return inner.head.text === '' && urlFromArguments(walk, inner.templateSpans[0].expression, depth + 1);
  if (ts.isBinaryExpression(inner) && inner.operatorToken.kind === ts.SyntaxKind.PlusToken) return urlFromArguments(walk, inner.left, depth + 1);
  if (ts.isBinaryExpression(inner) && (inner.operatorToken.kind === ts.SyntaxKind.BarBarToken || inner.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken)) return urlFromArguments(walk, inner.left, depth + 1);
  if ((ts.isNewExpression(inner) || ts.isCallExpression(inner)) && inner.arguments?.[0]) {
    // `new URL(path, base)`: the base names the host when there is one.
    if (ts.isNewExpression(inner) && inner.arguments[1]) return urlFromArguments(walk, inner.arguments[1], depth + 1);
    return urlFromArguments(walk, inner.arguments[0], depth + 1);
  }
  if (ts.isPropertyAccessExpression(inner) && ['href', 'toString'].includes(inner.name.text)) return urlFromArguments(walk, inner.expression, depth + 1);
  const root = ts.isIdentifier(inner) ? inner : ts.isPropertyAccessExpression(inner) || ts.isElementAccessExpression(inner) ? memberChain(inner).root : undefined;
  if (!root || !ts.isIdentifier(root)) return false;
  const decl = findDeclaration(root.text, root);
  if (decl?.kind === 'parameter') {
    if (walk.isDataParam(decl.declaration)) return true;
    const passed = walk.argumentFor(decl.declaration);
    return passed !== undefined && urlFromArguments(walk, passed, depth + 1);
  }
  if (decl?.kind === 'variable' && !isModuleLevel(decl.declaration) && decl.declaration.initializer && decl.path?.length === 0) return urlFromArguments(walk, decl.declaration.initializer, depth + 1);
  return false;
}
