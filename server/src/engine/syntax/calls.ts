import ts from 'typescript';
import { skipOuterExpressions } from './scope';

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
const callsByFile = new WeakMap<ts.SourceFile, NamedCall[]>();

export function callsIn(sf: ts.SourceFile): readonly NamedCall[] {
  let calls = callsByFile.get(sf);
  if (!calls) {
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
    callsByFile.set(sf, (calls = out));
  }
  return calls;
}

/** The names called in `sf` when its calls were listed (callsIn), else undefined: what a released tree leaves behind. */
export function listedCallNames(sf: ts.SourceFile): ReadonlySet<string> | undefined {
  const calls = callsByFile.get(sf);
  return calls && new Set(calls.flatMap((call) => (call.name === undefined ? [] : [call.name])));
}

/**
 * The arguments a registration method receives. Called through `Function.prototype.call`
 * (`McpServer.prototype.registerTool.call(this, name, config, cb)`, compiled `_super.prototype.tool.call(this, …)`,
 * `utils.createMcpServer.call(void 0, opts)`), the first argument is `this`, and the method's arguments follow.
 */
export function callArguments(call: ts.CallExpression): readonly ts.Expression[] {
  return isFunctionCall(call) ? call.arguments.slice(1) : call.arguments;
}

/** `x.method.call(thisArg, …)`: the method's own call expression is the callee's receiver. */
export function isFunctionCall(call: ts.CallExpression): boolean {
  const callee = call.expression;
  return ts.isPropertyAccessExpression(callee) && callee.name.text === 'call' && ts.isPropertyAccessExpression(callee.expression) && call.arguments.length > 0;
}
