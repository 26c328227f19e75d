// What a name is imported from: ES imports and CommonJS `require`s, read from the tree (no module is resolved).
import ts from 'typescript';
import { compilerHelperName } from './lowered';
import { findDeclaration, skipOuterExpressions } from './scope';

/** The package and export an identifier is imported from (`import { x as y } from "m"`, `const { x } = require("m")`). */
export function importOf(identifier: ts.Identifier): { module: string; exportName: string } | undefined {
  const declaration = findDeclaration(identifier.text, identifier);
  if (declaration?.kind === 'import') return { module: declaration.module, exportName: declaration.exportName };
  // CommonJS builds: `var utils = require("m")` (the namespace) or `const { x } = require("m")`.
  if (declaration?.kind !== 'variable' || !declaration.declaration.initializer) return undefined;
  const init = unwrapInterop(skipOuterExpressions(declaration.declaration.initializer));
  if (!ts.isCallExpression(init) || !ts.isIdentifier(init.expression) || init.expression.text !== 'require' || init.arguments.length !== 1) return undefined;
  const [specifier] = init.arguments;
  if (!ts.isStringLiteralLike(specifier) || findDeclaration('require', init.expression)) return undefined;
  const path = declaration.path;
  if (path.length === 0) return { module: specifier.text, exportName: '*' };
  return path.length === 1 && 'property' in path[0] ? { module: specifier.text, exportName: path[0].property } : undefined;
}

/**
 * The package and export an expression names: an imported identifier, or `ns.x` of a namespace (an ES namespace
 * import, `require("m")`, an interop-wrapped one: `yargs_1.default` of `__importDefault(require("yargs"))`).
 */
export function importedExpression(written: ts.Expression): { module: string; exportName: string } | undefined {
  const expr = skipOuterExpressions(written);
  if (ts.isIdentifier(expr)) return importOf(expr);
  const owner = ts.isPropertyAccessExpression(expr) ? skipOuterExpressions(expr.expression) : undefined;
  const namespace = owner && ts.isIdentifier(owner) ? importOf(owner) : undefined;
  return namespace?.exportName === '*' ? { module: namespace.module, exportName: (expr as ts.PropertyAccessExpression).name.text } : undefined;
}

/**
 * Compiled CommonJS interop helpers around `require("x")` (`__importDefault`, `__importStar`, `tslib_1.__importStar`,
 * esbuild's `__toESM`, Babel's): each gives an object whose members are the module's exports (`x_1.default` the
 * default one), read as the module's namespace.
 */
const INTEROP_HELPERS = /^(?:__importDefault|__importStar|__toESM|_interopRequireDefault|_interopRequireWildcard)$/;

function unwrapInterop(expr: ts.Expression): ts.Expression {
  if (!ts.isCallExpression(expr) || expr.arguments.length < 1) return expr;
  const name = compilerHelperName(expr.expression);
  return name && INTEROP_HELPERS.test(name) ? unwrapInterop(skipOuterExpressions(expr.arguments[0])) : expr;
}

/** True when `expr` names `exportName` of one of `modules`: `X` imported from it, or `ns.X` of a namespace import. */
export function isImportedFrom(written: ts.Expression, modules: readonly string[], exportName: string): boolean {
  const expr = skipOuterExpressions(written);
  if (ts.isIdentifier(expr)) {
    const found = importOf(expr);
    return !!found && found.exportName === exportName && modules.includes(found.module);
  }
  if (ts.isPropertyAccessExpression(expr) && expr.name.text === exportName && ts.isIdentifier(expr.expression)) {
    const namespace = importOf(expr.expression);
    return !!namespace && (namespace.exportName === '*' || namespace.exportName === 'default') && modules.includes(namespace.module);
  }
  return false;
}

/** True when the file imports anything from one of `modules` (type-only imports count: they name the framework). */
export function importsFrom(sf: ts.SourceFile, modules: readonly string[]): boolean {
  return sf.statements.some((s) => ts.isImportDeclaration(s) && ts.isStringLiteral(s.moduleSpecifier) && modules.includes(s.moduleSpecifier.text));
}
