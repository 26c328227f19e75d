// Functions installed as a member of an object at run time: `server.registerOnce = (name, …) => { server.registerTool(name, …) }`
// (a helper that extends the SDK's server with its own registration method and hands the server on). The function
// has no name of its own to be called by: its callers are the `x.registerOnce(…)` calls, in any file the object
// travels to.
import ts from 'typescript';
import { callsIn, outermost, writtenTargets } from '../syntax';

/** The member name `fn` is installed under (`obj.name = (…) => {…}`), or undefined. */
export function installedMemberName(fn: ts.FunctionLikeDeclaration): string | undefined {
  if (!(ts.isArrowFunction(fn) || ts.isFunctionExpression(fn))) return undefined;
  const node = outermost(fn);
  // The assignment that gives the function its place (syntax/writes.ts).
  const write = node.parent ? writtenTargets(node.parent).find((each) => each.kind === 'assign' && each.value === node) : undefined;
  if (!write) return undefined;
  const target = write.target;
  // `exports.x = function` is a module export (read through the module), not a member installed on a value.
  if (!ts.isPropertyAccessExpression(target) || isModuleExports(target.expression)) return undefined;
  return target.name.text;
}

function isModuleExports(expr: ts.Expression): boolean {
  if (ts.isIdentifier(expr)) return expr.text === 'exports' || expr.text === 'module';
  return ts.isPropertyAccessExpression(expr) && ts.isIdentifier(expr.expression) && expr.expression.text === 'module' && expr.name.text === 'exports';
}

/** The `x.name(…)` calls of a file, other than the assignment's own file's `skip`. */
export function memberCallsIn(sf: ts.SourceFile, name: string): ts.CallExpression[] {
  return callsIn(sf)
    .filter((c) => !c.byIdentifier && c.name === name)
    .map((c) => c.call);
}
