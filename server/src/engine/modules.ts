import { dirname, resolve } from 'node:path';

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
