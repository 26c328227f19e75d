// Registration sites that cannot be enumerated: which of a site's readings are tools and which are not, and why
// in words built from the code (the parameter, its function and callers, the loop, the data read at run time).
import { dirname, relative } from 'node:path';
import ts from 'typescript';
import type { RegistrationSite, SiteCause, SiteCauseKind, UnknownCause } from '../model';
import { findDeclaration, lineMention, skipOuterExpressions, writtenTargets } from '../syntax';
import { hasUnsetDefault, locOf, type Env, type Evaluator, type Value } from '../values';
import type { RawTool, Unread } from './forms/form';
import { shortText } from './servers';

/**
 * Why `raw` is not one tool, or undefined when it is. A name the code does not give is one tool with an unknown
 * name only when the site registers exactly one tool and something of it is known (`registerTool(process.env.NAME,
 * { annotations })`). When the name comes from a value nothing supplies (a parameter nobody calls with one, a loop
 * over data read at run time), how many tools there are is not known either; and when the definition is unknown
 * as a whole, nothing of the tool is.
 */
export function unreadName(raw: RawTool, env: Env, evaluator: Evaluator): Unread | undefined {
  const name = raw.name;
  if (name.kind !== 'unknown' || hasUnsetDefault(name)) return undefined;
  const waits = name.binder !== undefined || [...env.values()].some(isSettledValue);
  if (waits) return { subject: 'name', value: name, env };
  // `server.tool(def.name, def.description, …)` with `def` a caller's value that is not known: the whole definition is not.
  if (ts.isExpression(name.node) && boundUnknown(name.node, env)) return { subject: 'name', value: name, env };
  // `${prefix}${tool.name}` read from a caller's parameter the reading bound (`{ prefix }` of an object the caller
  // passed) to a value known only at run time: the caller's value is not known, as when it waits on the parameter.
  if (env.size > 0 && ts.isExpression(name.node) && readsBoundParameter(name.node, env)) return { subject: 'name', value: name, env };
  // A definition written in a loop over a list that is not known is as many tools as the list has elements.
  const iterated = unknownIteration(raw.node !== raw.call ? raw.node : name.node, raw.call, evaluator, env);
  if (iterated) return { subject: 'each', value: iterated.value, expr: iterated.expr, env };
  if (raw.unreadDefinition) return { subject: 'definition', value: raw.unreadDefinition, env };
  if (raw.annotations?.kind === 'unknown') return { subject: 'name', value: name, env };
  return undefined;
}

/** True when the root of `expr` (`def` of `def.name`) is a parameter or variable a caller or loop bound to an unknown value. */
function boundUnknown(expr: ts.Expression, env: Env): boolean {
  const root = rootOf(expr);
  if (!ts.isIdentifier(root) || root === skipOuterExpressions(expr)) return false;
  const declaration = findDeclaration(root.text, root);
  const bound = declaration && (declaration.kind === 'parameter' || declaration.kind === 'variable') ? env.get(declaration.declaration) : undefined;
  return bound?.kind === 'unknown';
}

/** True when `expr` reads a parameter (or a member destructured from one) that `env` binds. */
function readsBoundParameter(expr: ts.Expression, env: Env): boolean {
  let found = false;
  const visit = (node: ts.Node): void => {
    if (found || ts.isFunctionLike(node)) return;
    if (ts.isIdentifier(node) && !(ts.isPropertyAccessExpression(node.parent) && node.parent.name === node)) {
      const declaration = findDeclaration(node.text, node);
      if (declaration?.kind === 'parameter' && env.has(declaration.declaration)) found = true;
    }
    ts.forEachChild(node, visit);
  };
  visit(expr);
  return found;
}

/** Methods that call their callback once per element. */
const ITERATING = new Set(['forEach', 'map', 'flatMap']);

/**
 * The innermost loop or per-element callback around `node` (up to the registration call, or the file) whose list is
 * not known: its expression and value.
 */
function unknownIteration(node: ts.Node, call: ts.Node, evaluator: Evaluator, env: Env): { expr: ts.Expression; value: Value } | undefined {
  const sf = node.getSourceFile();
  let child: ts.Node = node;
  for (let current = node.parent; current && current !== call && !ts.isSourceFile(current); child = current, current = current.parent) {
    let list: ts.Expression | undefined;
    if ((ts.isForOfStatement(current) || ts.isForInStatement(current)) && child === current.statement) list = current.expression;
    if (ts.isFunctionLike(current) && ts.isCallExpression(current.parent) && current.parent.arguments.includes(current as ts.Expression)) {
      const callee = skipOuterExpressions(current.parent.expression);
      if (ts.isPropertyAccessExpression(callee) && ITERATING.has(callee.name.text)) list = callee.expression;
    }
    if (!list) continue;
    const value = evaluator.evaluate(list, sf, env);
    const known = (value.kind === 'array' && !value.partial) || value.kind === 'object';
    if (!known) return { expr: list, value };
  }
  return undefined;
}

/** A binder that nothing supplied, settled as unknown by the expansion (values/resolve.ts: expandEnvs). */
function isSettled(declaration: ts.Node, value: Value): boolean {
  return value.kind === 'unknown' && value.node === declaration;
}

/** A value that stands for a binder nothing supplied, here or where a caller passed it on. */
function isSettledValue(value: Value): boolean {
  return value.kind === 'unknown' && (ts.isParameter(value.node) || ts.isVariableDeclaration(value.node) || ts.isClassLike(value.node));
}

const SUBJECTS: Record<Unread['subject'], string> = {
  name: 'the name comes from',
  definition: 'the definition comes from',
  list: 'the list of tools comes from',
  handler: 'the handler comes from',
  each: 'one tool is made for each element of',
};

/** The site's record; `unread` are the readings that gave no tool (the first one explains). */
export function siteRecord(site: ts.Node, form: RawTool['form'], tools: number, unread: readonly Unread[], evaluator: Evaluator): RegistrationSite {
  const sf = site.getSourceFile();
  const record: RegistrationSite = { status: unread.length > 0 ? 'unenumerated' : 'enumerated', form, loc: locOf(site, sf), text: shortText(site, sf), tools };
  if (unread.length > 0) record.cause = explain(unread[0], evaluator, sf.fileName);
  return record;
}

interface Origin {
  words: string;
  kind: SiteCauseKind;
  node?: ts.Node;
  /** The expression the words start with, when they start with one. */
  written?: ts.Node;
}

function explain(unread: Unread, evaluator: Evaluator, file: string): SiteCause {
  const { value, env } = unread;
  const at = unread.expr ?? value.node;
  const atSf = at.getSourceFile();
  const origin = ts.isExpression(at) ? trace(at, atSf, env, evaluator, file, 0) : valueOrigin(value, file);
  // The list each tool is made for is named first, then where it comes from.
  const words = unread.subject === 'each' && origin.written !== skipOuterExpressions(at as ts.Expression) ? `\`${short(at)}\` (${where(at, file)}), from ${origin.words}` : origin.words;
  const cause: SiteCause = { kind: origin.kind, message: `${SUBJECTS[unread.subject]} ${words}`, at: locOf(at, atSf) };
  if (origin.node && origin.node !== at) cause.origin = locOf(origin.node, origin.node.getSourceFile());
  return cause;
}

/** Where an expression's value comes from, followed through parameters, loops and constants (a few steps). */
function trace(expr: ts.Expression, sf: ts.SourceFile, env: Env, evaluator: Evaluator, file: string, depth: number): Origin {
  const inner = skipOuterExpressions(expr);
  // `Object.values(registry)`: as known as `registry` is.
  if (depth < 5 && ts.isCallExpression(inner) && inner.arguments.length === 1 && isObjectListing(inner.expression)) return trace(inner.arguments[0], sf, env, evaluator, file, depth + 1);
  const root = rootOf(inner);
  if (depth < 5 && ts.isIdentifier(root)) {
    const declaration = findDeclaration(root.text, root);
    if (declaration && (declaration.kind === 'parameter' || declaration.kind === 'variable')) {
      const node = declaration.declaration;
      const bound = env.get(node);
      const via = ts.isParameter(node) ? node : undefined;
      if (!bound || isSettled(node, bound)) {
        if (ts.isParameter(node) || isLoopVariable(node)) return declarationOrigin(node, env, evaluator, file, depth + 1, undefined, root.text);
        // A constant: where its value comes from (`const defs = JSON.parse(…)`).
        if (ts.isVariableDeclaration(node) && node.initializer) return trace(node.initializer, node.getSourceFile(), env, evaluator, file, depth + 1);
      } else if (isSettledValue(bound)) {
        // A caller passed on something nothing supplied (its own loop variable or parameter).
        return declarationOrigin(bound.node as ts.ParameterDeclaration | ts.VariableDeclaration, env, evaluator, file, depth + 1, via);
      } else if (bound.kind === 'unknown' && bound.node !== inner && isTraceable(bound.node)) {
        const further = trace(bound.node as ts.Expression, bound.sf, env, evaluator, file, depth + 1);
        return via ? { ...further, words: `${parameterLabel(via, file)}, whose callers pass ${further.words}` } : further;
      }
    }
    if (declaration?.kind === 'import' && !declaration.module.startsWith('.')) {
      return { words: `\`${root.text}\`, imported from the package ${declaration.module}, which mcp-hints does not read`, kind: 'unsupported', node: declaration.declaration };
    }
  }
  if (depth < 5 && root.kind === ts.SyntaxKind.ThisKeyword) {
    const settled = [...env].find(([declaration, value]) => ts.isClassLike(declaration) && isSettled(declaration, value));
    if (settled) {
      const cls = settled[0] as ts.ClassLikeDeclaration;
      return { words: `\`${short(inner)}\` of the class ${cls.name?.text ?? '(anonymous)'} (${where(cls, file)}), which nothing in the project constructs`, kind: 'receiver', node: cls };
    }
  }
  return valueOrigin(evaluator.evaluate(inner, sf, env), file, inner);
}

/** A parameter or loop variable nothing supplied. `via`: the parameter of the wrapper it was passed to. */
function declarationOrigin(node: ts.ParameterDeclaration | ts.VariableDeclaration, env: Env, evaluator: Evaluator, file: string, depth: number, via?: ts.ParameterDeclaration, bound?: string): Origin {
  const prefix = via ? `${parameterLabel(via, file)}, whose callers pass ` : '';
  const origin = ((): Origin => {
    // A name destructured from it (`[group, def]`) is named by itself.
    const name = bound ?? fold(node.name.getText());
    if (ts.isVariableDeclaration(node) && isLoopVariable(node)) {
      const loop = node.parent.parent as ts.ForOfStatement | ts.ForInStatement;
      return over(`the loop variable \`${name}\` over`, loop.expression, env, evaluator, file, depth);
    }
    if (!ts.isParameter(node)) return { words: `\`${name}\` (${where(node, file)})`, kind: 'unsupported', node };
    const fn = node.parent;
    const call = fn.parent;
    // A callback: `list.forEach((def) => …)`, `defs.map(…)`.
    if (ts.isCallExpression(call) && call.arguments.includes(fn as ts.Expression)) {
      const callee = skipOuterExpressions(call.expression);
      if (ts.isPropertyAccessExpression(callee) && fn.parameters[0] === node) return over(`\`${name}\`, each element of`, callee.expression, env, evaluator, file, depth);
      return { words: `the parameter \`${name}\` of a callback given to \`${short(call.expression)}\` (${where(call, file)}), which calls it at run time`, kind: 'runtime', node };
    }
    const callers = ts.isFunctionLike(fn) ? evaluator.callSitesOf(fn as ts.FunctionLikeDeclaration) : [];
    const label = parameterLabel(node, file);
    if (callers.length > 0) return { words: `${label}, whose callers pass values not known statically`, kind: 'parameter', node };
    const exported = isExported(fn);
    return { words: `${label}, which nothing in the project calls${exported ? ' (it is exported: its callers are outside the project)' : ''}`, kind: 'parameter', node };
  })();
  return { ...origin, words: prefix + origin.words };
}

/** "the loop variable `d` over `JSON.parse(…)` (line 11), known only at run time (…)". */
function over(subject: string, list: ts.Expression, env: Env, evaluator: Evaluator, file: string, depth: number): Origin {
  const further = trace(list, list.getSourceFile(), env, evaluator, file, depth + 1);
  if (further.written === skipOuterExpressions(list)) return { ...further, words: `${subject} ${further.words}` };
  return { ...further, words: `${subject} \`${short(list)}\` (${where(list, file)}), from ${further.words}`, node: further.node ?? list };
}

/** What the value itself says: "`JSON.parse(…)` (line 11), known only at run time (the result of …)". */
function valueOrigin(value: Value, file: string, expr?: ts.Expression): Origin {
  const node = expr ?? value.node;
  const reason = value.kind === 'unknown' ? value.reason : `${value.kind === 'literal' ? JSON.stringify(value.value) : `a ${value.kind}`}, not a tool`;
  // A known value that is not a tool is what run time (another branch, another caller) would make one of.
  const kind = value.kind === 'unknown' ? siteCauseKind(value.cause) : 'runtime';
  const why = kind === 'unsupported' ? `which mcp-hints does not evaluate (${reason})` : `known only at run time (${reason})`;
  // Computed elsewhere (a function's return, a caller's argument): that place too.
  const from = value.node !== node && !within(value.node, node) && ts.isExpression(value.node) ? value.node : undefined;
  if (from) return { words: `\`${short(node)}\` (${where(node, file)}), from \`${short(from)}\` (${where(from, file)}), ${why}`, kind, node: from, written: node };
  return { words: `\`${short(node)}\` (${where(node, file)}), ${why}`, kind, node, written: node };
}

/**
 * What keeps a site from being enumerated, from why the value is unknown: code the engine does not read or an
 * evaluation cut short, a parameter nothing supplies, a class's `this` nothing constructs, or a value only run time
 * gives (a loop variable's list is such a value).
 */
function siteCauseKind(cause: UnknownCause): SiteCauseKind {
  switch (cause.kind) {
    case 'budget':
    case 'unsupported':
      return 'unsupported';
    case 'binder':
      return cause.binder === 'parameter' ? 'parameter' : cause.binder === 'this' ? 'receiver' : 'runtime';
    case 'runtime':
      return 'runtime';
  }
}

function isObjectListing(callee: ts.Expression): boolean {
  const inner = skipOuterExpressions(callee);
  return ts.isPropertyAccessExpression(inner) && ts.isIdentifier(inner.expression) && inner.expression.text === 'Object' && ['values', 'entries', 'keys'].includes(inner.name.text);
}

function within(node: ts.Node, outer: ts.Node): boolean {
  return node.getSourceFile() === outer.getSourceFile() && node.pos >= outer.pos && node.end <= outer.end;
}

function isTraceable(node: ts.Node): boolean {
  return ts.isIdentifier(node) || ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node) || ts.isCallExpression(node) || ts.isAwaitExpression(node);
}

function isLoopVariable(node: ts.Node): boolean {
  return ts.isVariableDeclaration(node) && ts.isVariableDeclarationList(node.parent) && (ts.isForOfStatement(node.parent.parent) || ts.isForInStatement(node.parent.parent));
}

/** `def.name`, `def["name"]`, `defs[0].name` → `def`. */
function rootOf(expr: ts.Expression): ts.Expression {
  let node = skipOuterExpressions(expr);
  while (ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node)) node = skipOuterExpressions(node.expression);
  return node;
}

/** "the parameter `def` of `add` (line 5)", with the file when it is another one. */
function parameterLabel(parameter: ts.ParameterDeclaration, file: string): string {
  return `the parameter \`${fold(parameter.name.getText())}\` of ${functionLabel(parameter.parent)} (${where(parameter, file)})`;
}

function functionLabel(fn: ts.Node): string {
  if ((ts.isFunctionDeclaration(fn) || ts.isFunctionExpression(fn)) && fn.name) return `\`${fn.name.text}\``;
  if (ts.isMethodDeclaration(fn) || ts.isConstructorDeclaration(fn) || ts.isGetAccessor(fn) || ts.isSetAccessor(fn)) {
    const owner = ts.isClassLike(fn.parent) ? fn.parent.name?.text : undefined;
    const member = ts.isConstructorDeclaration(fn) ? 'constructor' : fn.name.getText();
    return `\`${owner ? `${owner}.` : ''}${member}\``;
  }
  const parent = fn.parent;
  if (parent && ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return `\`${parent.name.text}\``;
  if (parent && (ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent))) return `\`${parent.name.getText()}\``;
  const assigned = parent && writtenTargets(parent).find((write) => write.kind === 'assign' && write.value === fn);
  if (assigned) return `\`${fold(assigned.target.getText())}\``;
  return 'a function';
}

function isExported(fn: ts.Node): boolean {
  const holder = ts.isFunctionDeclaration(fn) ? fn : ts.isMethodDeclaration(fn) ? fn.parent : fn.parent && ts.isVariableDeclaration(fn.parent) ? fn.parent.parent?.parent : undefined;
  return !!holder && ts.canHaveModifiers(holder) && (ts.getModifiers(holder)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword) ?? false);
}

/** "line 5" in the analysed file, "tools/defs.ts, line 5" in another one. */
function where(node: ts.Node, file: string): string {
  const sf = node.getSourceFile();
  const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
  if (sf.fileName === file) return lineMention(line, sf);
  const mention = `line ${line}`;
  const path = relative(dirname(file), sf.fileName).split('\\').join('/');
  return `${path}, ${mention}`;
}

function short(node: ts.Node, max = 50): string {
  const text = fold(node.getText());
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

function fold(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
