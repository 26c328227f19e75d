// Calls in a tool's handler through what the registration was read with: a loop over tool definitions
// (`for (const tool of tools) server.registerTool(tool.name, …, (args, extra) => tool.handler(args, { client }))`)
// or a callback's parameter over them. The handler is shared by every tool of the loop, but under this tool's
// reading `tool.handler` is this tool's own function (the evidence walk follows the call into it) and `def.method`
// is this tool's own string (`request(def.method, def.path)`: the walk reads the request method from it), and
// `new tool.handler()` an instance of this tool's own class (the walk follows its methods).
import ts from 'typescript';
import { findDeclaration, skipOuterExpressions } from '../syntax';
import { locOf, type Env, type Evaluator, type Value } from '../values';
import type { Loc } from '../model';

/** At most this many members of one handler are read (a huge inline handler stays cheap). */
const MAX_READS = 60;

export interface BoundReadings {
  calls: { callee: Loc; fn: Loc }[];
  values: { loc: Loc; value: string }[];
  /** `new tool.handler()`: the member constructed, and the local class it is for this tool. */
  classes: { loc: Loc; cls: Loc }[];
}

/**
 * In `handler`, what hangs from a binder of `env` (`tool.handler`, `def.method`) read under `env`: each callee that
 * is a function with a body, and each other member that is a string.
 */
export function boundReadings(handler: Value | undefined, env: Env, evaluator: Evaluator): BoundReadings {
  const out: BoundReadings = { calls: [], values: [], classes: [] };
  if (!handler || handler.kind !== 'function' || env.size === 0) return out;
  const body = (handler.node as ts.FunctionLikeDeclaration).body;
  if (!body) return out;
  const sf = handler.sf;
  let reads = 0;
  const read = (expr: ts.Expression): Value | undefined => {
    reads++;
    evaluator.resetBudget();
    try {
      return evaluator.evaluate(expr, sf, env);
    } catch {
      return undefined;
    }
  };
  const visit = (node: ts.Node): void => {
    if (reads >= MAX_READS) return;
    if ((ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node)) && hangsFromBinder(node, env)) {
      const parent = skipParents(node);
      const isCallee = ts.isCallExpression(parent) && skipOuterExpressions(parent.expression) === node;
      const isConstructed = ts.isNewExpression(parent) && skipOuterExpressions(parent.expression) === node;
      const value = read(node);
      if (isCallee && value?.kind === 'function' && (value.node as ts.FunctionLikeDeclaration).body) out.calls.push({ callee: locOf(node, sf), fn: locOf(value.node, value.sf) });
      else if (isConstructed && value?.kind === 'class') out.classes.push({ loc: locOf(node, sf), cls: locOf(value.node, value.sf) });
      else if (!isCallee && value?.kind === 'literal' && typeof value.value === 'string' && value.value.length <= 200) out.values.push({ loc: locOf(node, sf), value: value.value });
      // `tool.handler` read: its own members (`tool.handler.name`) say nothing more.
      if (isCallee || isConstructed) ts.forEachChild(parent, (child) => (child === (parent as ts.CallExpression | ts.NewExpression).expression ? undefined : visit(child)));
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(body);
  return out;
}

/** `tool.handler`, `defs[i].method`: a member chain whose root is a parameter or loop variable that `env` binds. */
function hangsFromBinder(access: ts.PropertyAccessExpression | ts.ElementAccessExpression, env: Env): boolean {
  let root: ts.Expression = access;
  while (ts.isPropertyAccessExpression(root) || ts.isElementAccessExpression(root)) root = skipOuterExpressions(root.expression);
  if (!ts.isIdentifier(root)) return false;
  const decl = findDeclaration(root.text, root);
  return !!decl && (decl.kind === 'variable' || decl.kind === 'parameter') && decl.path.length === 0 && env.has(decl.declaration);
}

/** The node around `node` once parentheses and casts are left. */
function skipParents(node: ts.Node): ts.Node {
  let current = node.parent;
  while (current && (ts.isParenthesizedExpression(current) || ts.isAsExpression(current) || ts.isNonNullExpression(current) || ts.isTypeAssertionExpression(current) || ts.isSatisfiesExpression(current))) current = current.parent;
  return current;
}
