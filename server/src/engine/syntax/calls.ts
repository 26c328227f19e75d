import ts from 'typescript';
import { fileIndexOf, table } from './file-index';
import { findDeclaration, skipOuterExpressions } from './scope';

/** A call expression and the name it calls: `name(…)` or `x.name(…)`. */
export interface NamedCall {
  call: ts.CallExpression;
  /** The identifier or member name called; undefined for other callees (`f()()`, `x[k]()`). */
  name: string | undefined;
  /** `name(…)` rather than `x.name(…)`. */
  byIdentifier: boolean;
}

/**
 * Every call of a file in source order (a pre-order walk), built once per parsed tree: the call sites of each
 * wrapper are searched in the same files again and again (once per wrapper, per file analysis), and one walk
 * per tree replaces a walk per question. A re-parse makes a new tree, so nothing here outlives an edit.
 */
const NAMED_CALLS = table<ts.SourceFile, NamedCall[]>('calls:named-calls', 'node', 'every call of a tree with the name it calls, in source order');

export function callsIn(sf: ts.SourceFile): readonly NamedCall[] {
  return fileIndexOf(sf).cached(NAMED_CALLS, sf, () => {
    const out: NamedCall[] = [];
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node)) {
        const callee = skipOuterExpressions(node.expression);
        const byIdentifier = ts.isIdentifier(callee);
        const name = byIdentifier ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : undefined;
        out.push({ call: node, name, byIdentifier });
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
    return out;
  });
}

/** The names called in `sf` when its calls were listed (callsIn), else undefined: what a released tree leaves behind. */
export function listedCallNames(sf: ts.SourceFile): ReadonlySet<string> | undefined {
  const calls = fileIndexOf(sf).get(NAMED_CALLS, sf);
  return calls && new Set(calls.flatMap((call) => (call.name === undefined ? [] : [call.name])));
}

/**
 * The arguments a registration method receives. Called through `Function.prototype.call`
 * (`McpServer.prototype.registerTool.call(this, name, config, cb)`, compiled `_super.prototype.tool.call(this, …)`,
 * `utils.createMcpServer.call(void 0, opts)`), the first argument is `this`, and the method's arguments follow;
 * through `Function.prototype.apply` (`server.registerTool.apply(server, [name, config, cb])`), they are the elements
 * of the array literal after `this` (none known when the array is not a literal).
 */
export function callArguments(call: ts.CallExpression): readonly ts.Expression[] {
  if (!isFunctionCall(call)) return call.arguments;
  if (functionCallKind(call) === 'call') return call.arguments.slice(1);
  const list = call.arguments[1] && skipOuterExpressions(call.arguments[1]);
  return list && ts.isArrayLiteralExpression(list) ? list.elements : [];
}

/** `x.method.call(thisArg, …)` or `x.method.apply(thisArg, [ … ])`: the method's own call expression is the callee's receiver. */
export function isFunctionCall(call: ts.CallExpression): boolean {
  return functionCallKind(call) !== undefined;
}

function functionCallKind(call: ts.CallExpression): 'call' | 'apply' | undefined {
  const callee = call.expression;
  if (!ts.isPropertyAccessExpression(callee) || call.arguments.length === 0) return undefined;
  const name = callee.name.text;
  const kind = name === 'call' ? 'call' : name === 'apply' ? 'apply' : undefined;
  if (!kind) return undefined;
  // `reg.call(server, …)` where `reg` is a method read by destructuring (`const { registerTool: reg } = server`).
  const method = callee.expression;
  return ts.isPropertyAccessExpression(method) || (ts.isIdentifier(method) && destructuredMethodOf(method)) ? kind : undefined;
}

/**
 * The method a local read by destructuring stands for: `const { registerTool: reg } = server` (or `{ tool }`)
 * gives `registerTool` read from `server`. A `const` one level deep only; undefined for any other identifier.
 */
export function destructuredMethodOf(id: ts.Identifier): { method: string; receiver: ts.Expression } | undefined {
  const declared = findDeclaration(id.text, id);
  if (declared?.kind !== 'variable' || declared.path.length !== 1 || !declared.declaration.initializer) return undefined;
  const [step] = declared.path;
  if (!('property' in step) || !(declared.declaration.parent.flags & ts.NodeFlags.Const)) return undefined;
  return { method: step.property, receiver: declared.declaration.initializer };
}

/** The method a `.call`/`.apply` call calls: `x.registerTool.call(…)`, or a destructured `reg.call(…)` (registerTool). */
export function functionCallMethod(call: ts.CallExpression): string | undefined {
  if (!isFunctionCall(call)) return undefined;
  const method = (call.expression as ts.PropertyAccessExpression).expression;
  return ts.isPropertyAccessExpression(method) ? method.name.text : ts.isIdentifier(method) ? destructuredMethodOf(method)?.method : undefined;
}

/**
 * The method a call reaches through a local bound alias of it: `const reg = server.registerTool.bind(server);
 * reg(…)` gives `registerTool` on `server` (the receiver the alias was bound from). Undefined for other callees.
 */
export function boundMethodOf(call: ts.CallExpression): { method: string; receiver: ts.Expression } | undefined {
  const callee = skipOuterExpressions(call.expression);
  if (!ts.isIdentifier(callee)) return undefined;
  const declared = findDeclaration(callee.text, call);
  if (declared?.kind !== 'variable' || declared.path.length > 0 || !declared.declaration.initializer) return undefined;
  if (!(declared.declaration.parent.flags & ts.NodeFlags.Const)) return undefined;
  const init = skipOuterExpressions(declared.declaration.initializer);
  if (!ts.isCallExpression(init) || !ts.isPropertyAccessExpression(init.expression) || init.expression.name.text !== 'bind') return undefined;
  const member = skipOuterExpressions(init.expression.expression);
  if (!ts.isPropertyAccessExpression(member)) return undefined;
  return { method: member.name.text, receiver: member.expression };
}
