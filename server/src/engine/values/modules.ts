import { dirname, resolve } from 'node:path';
import ts from 'typescript';
import { skipOuterExpressions } from '../syntax';

const EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];
/** TypeScript ESM imports name the emitted file: `./x.js` is written for `./x.ts`. */
const EMITTED_TO_SOURCE: Record<string, string[]> = {
  '.js': ['.ts', '.tsx'],
  '.mjs': ['.mts'],
  '.cjs': ['.cts'],
  '.jsx': ['.tsx'],
};

/** Whether a specifier names a file relative to the importing one (anything else is a package or a path alias). */
export function isRelativeSpecifier(specifier: string): boolean {
  return specifier.startsWith('./') || specifier.startsWith('../') || specifier === '.' || specifier === '..';
}

/**
 * The file a relative import names, or undefined for packages and files that cannot be found.
 * Package imports are resolved by the ModuleResolver (module-resolution.ts), which knows the workspace.
 */
export function resolveModulePath(fromFile: string, specifier: string, exists: (path: string) => boolean): string | undefined {
  if (!isRelativeSpecifier(specifier)) return undefined;
  return resolveFilePath(resolve(dirname(fromFile), specifier), exists);
}

/** The source file an absolute module path names: itself, its `.ts` for a `.js`, with an extension added, or its folder's index. */
export function resolveFilePath(base: string, exists: (path: string) => boolean): string | undefined {
  const candidates: string[] = [base];
  const dot = base.lastIndexOf('.');
  const ext = dot > base.lastIndexOf('/') ? base.slice(dot) : '';
  for (const replacement of EMITTED_TO_SOURCE[ext] ?? []) candidates.push(base.slice(0, -ext.length) + replacement);
  for (const extension of EXTENSIONS) candidates.push(base + extension);
  for (const extension of EXTENSIONS) candidates.push(`${base}/index${extension}`);
  // Data imports name their file: `import defs from "./tools.json"`.
  if (ext === '.json') return exists(base) ? base : undefined;
  return candidates.find((candidate) => EXTENSIONS.some((e) => candidate.endsWith(e)) && exists(candidate));
}

const STAR_RE_EXPORT_HELPERS = new Set(['__exportStar', '__export', '__reExport']);

/**
 * The specifier of a compiled `export * from "x"`: tsc's `__exportStar(require("x"), exports)` (also through
 * tslib), older tsc's `__export(require("x"))` and esbuild's `__reExport(target, require("x"), module.exports)`.
 */
export function compiledStarReExport(expr: ts.Expression): string | undefined {
  const call = skipOuterExpressions(expr);
  if (!ts.isCallExpression(call)) return undefined;
  const callee = skipOuterExpressions(call.expression);
  const helper = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : undefined;
  if (!helper || !STAR_RE_EXPORT_HELPERS.has(helper)) return undefined;
  for (const argument of call.arguments) {
    const required = skipOuterExpressions(argument);
    if (!ts.isCallExpression(required) || !ts.isIdentifier(required.expression) || required.expression.text !== 'require') continue;
    const [specifier] = required.arguments;
    if (specifier && ts.isStringLiteralLike(specifier)) return specifier.text;
  }
  return undefined;
}
