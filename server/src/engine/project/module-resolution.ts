// Which file an import specifier names, in a workspace: relative paths, tsconfig `paths`/`baseUrl` (JSONC,
// `extends` chains), and packages of the workspace imported by name (npm/yarn `workspaces`, pnpm-workspace.yaml),
// through their package.json `exports`/`module`/`main`, mapped back from a build output to its source.
// Packages outside the workspace (node_modules) are never followed: the engine analyses the project.
// Configs are read through the project's host and cached until one of them changes (isResolutionConfig).
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { parse as parseJsonc } from 'jsonc-parser/lib/esm/main.js';
import { isRelativeSpecifier, resolveFilePath, resolveModulePath } from '../values';

export interface ResolutionHost {
  /** A config file's text (package.json, tsconfig.json, pnpm-workspace.yaml), or undefined. */
  readFile(path: string): string | undefined;
  /** Whether a module file exists and can be read. */
  exists(path: string): boolean;
  /** Whether the file is one the project analyses (a build output that is not is mapped back to its source). */
  inProject?(path: string): boolean;
}

/** Globs of the files isResolutionConfig accepts (for file watchers). */
export const RESOLUTION_CONFIG_GLOBS = ['**/package.json', '**/pnpm-workspace.yaml', '**/{tsconfig,jsconfig}*.json'];

/** Files whose change can change what a specifier resolves to. */
export function isResolutionConfig(path: string): boolean {
  const name = basename(path);
  return name === 'package.json' || name === 'pnpm-workspace.yaml' || /^[jt]sconfig(?:\..*)?\.json$/.test(name);
}

/** Conditions of `exports` read, in the order the package lists them; the first that leads to a source file wins. */
const CONDITIONS = new Set(['source', 'typescript', 'types', 'import', 'module', 'require', 'node', 'default', 'development', 'production']);

/** Build output folders, mapped back to `src/` (or the package root) when the output is not there but the source is. */
const OUTPUT_FOLDERS = new Set(['dist', 'build', 'lib', 'out', 'esm', 'cjs', 'mjs']);

/** Emitted file → the source extensions it comes from. */
const DECLARATION_OR_OUTPUT = /(\.d)?\.(m|c)?(js|ts)x?$/;

interface CompilerPaths {
  /** Folder `paths` substitutions are relative to (baseUrl, else the config that declares `paths`). */
  pathsBase?: string;
  paths?: Record<string, string[]>;
  baseUrl?: string;
  outDir?: string;
  rootDir?: string;
}

interface PackageInfo {
  dir: string;
  json: Record<string, unknown>;
}

export class ModuleResolver {
  private readonly jsonCache = new Map<string, unknown>();
  private readonly tsconfigByDir = new Map<string, CompilerPaths | undefined>();
  private readonly workspaceByDir = new Map<string, Map<string, string> | undefined>();

  constructor(private readonly host: ResolutionHost) {}

  /** A config changed: forget everything read from configs. */
  clear(): void {
    this.jsonCache.clear();
    this.tsconfigByDir.clear();
    this.workspaceByDir.clear();
  }

  /** The file `specifier` names when imported from `fromFile`, or undefined (a package outside the workspace, a missing file). */
  resolve(fromFile: string, specifier: string, exists: (path: string) => boolean = (path) => this.host.exists(path)): string | undefined {
    if (isRelativeSpecifier(specifier)) return resolveModulePath(fromFile, specifier, exists);
    if (isAbsolute(specifier) || specifier.startsWith('node:')) return undefined;
    return this.viaPaths(fromFile, specifier, exists) ?? this.viaWorkspacePackage(fromFile, specifier, exists);
  }

  // ---- tsconfig paths and baseUrl ----

  private viaPaths(fromFile: string, specifier: string, exists: (path: string) => boolean): string | undefined {
    const options = this.tsconfigFor(dirname(fromFile));
    if (!options) return undefined;
    if (options.paths && options.pathsBase) {
      for (const substitution of matchPaths(options.paths, specifier)) {
        const found = resolveFilePath(resolve(options.pathsBase, substitution), exists);
        if (found) return found;
      }
    }
    return options.baseUrl ? resolveFilePath(resolve(options.baseUrl, specifier), exists) : undefined;
  }

  /** The compiler options of the nearest tsconfig.json (or jsconfig.json) at or above `dir`, `extends` applied. */
  private tsconfigFor(dir: string): CompilerPaths | undefined {
    if (this.tsconfigByDir.has(dir)) return this.tsconfigByDir.get(dir);
    let found: CompilerPaths | undefined;
    for (const name of ['tsconfig.json', 'jsconfig.json']) {
      const path = join(dir, name);
      if (this.readJson(path) !== undefined) {
        found = this.compilerOptions(path, new Set());
        break;
      }
    }
    if (!found) {
      const parent = dirname(dir);
      found = parent === dir ? undefined : this.tsconfigFor(parent);
    }
    this.tsconfigByDir.set(dir, found);
    return found;
  }

  /** One config's options merged over those it extends; paths relative to the config that writes them. */
  private compilerOptions(path: string, seen: Set<string>): CompilerPaths {
    if (seen.has(path)) return {};
    seen.add(path);
    const json = this.readJson(path);
    if (!isObject(json)) return {};
    let merged: CompilerPaths = {};
    const bases = typeof json.extends === 'string' ? [json.extends] : Array.isArray(json.extends) ? json.extends : [];
    for (const base of bases) {
      const basePath = typeof base === 'string' ? this.extendedConfig(dirname(path), base) : undefined;
      if (basePath) merged = { ...merged, ...this.compilerOptions(basePath, seen) };
    }
    const own = isObject(json.compilerOptions) ? json.compilerOptions : {};
    const here = dirname(path);
    const result: CompilerPaths = { ...merged };
    if (typeof own.baseUrl === 'string') result.baseUrl = resolve(here, own.baseUrl);
    if (isObject(own.paths)) {
      result.paths = Object.fromEntries(Object.entries(own.paths).filter((entry): entry is [string, string[]] => Array.isArray(entry[1])));
      result.pathsBase = here;
    }
    if (typeof own.outDir === 'string') result.outDir = resolve(here, own.outDir);
    if (typeof own.rootDir === 'string') result.rootDir = resolve(here, own.rootDir);
    // `paths` without a baseUrl of their own are relative to the config that declares them; with one, to it.
    if (result.paths && result.baseUrl) result.pathsBase = result.baseUrl;
    return result;
  }

  /** The file an `extends` names: a relative path (with or without `.json`) or a package's config in node_modules. */
  private extendedConfig(from: string, spec: string): string | undefined {
    const withJson = (p: string) => (p.endsWith('.json') ? [p] : [p, `${p}.json`, join(p, 'tsconfig.json')]);
    if (isRelativeSpecifier(spec) || isAbsolute(spec)) return withJson(resolve(from, spec)).find((p) => this.readJson(p) !== undefined);
    for (let dir = from; ; dir = dirname(dir)) {
      const found = withJson(join(dir, 'node_modules', spec)).find((p) => this.readJson(p) !== undefined);
      if (found) return found;
      if (dirname(dir) === dir) return undefined;
    }
  }

  // ---- workspace packages ----

  private viaWorkspacePackage(fromFile: string, specifier: string, exists: (path: string) => boolean): string | undefined {
    const { name, subpath } = splitPackageSpecifier(specifier);
    if (!name) return undefined;
    const dir = this.workspacePackages(dirname(fromFile)).get(name) ?? this.selfReference(dirname(fromFile), name);
    if (!dir) return undefined;
    const json = this.readJson(join(dir, 'package.json'));
    return this.packageEntry({ dir, json: isObject(json) ? json : {} }, subpath, exists);
  }

  /** A package importing itself by its own name. */
  private selfReference(dir: string, name: string): string | undefined {
    for (let current = dir; ; current = dirname(current)) {
      const json = this.readJson(join(current, 'package.json'));
      if (isObject(json)) return json.name === name ? current : undefined;
      if (dirname(current) === current) return undefined;
    }
  }

  /** Package name → folder, for the workspace the folder belongs to (the nearest root declaring workspaces above it). */
  private workspacePackages(dir: string): Map<string, string> {
    const known = this.workspaceByDir.get(dir);
    if (known) return known;
    const patterns = this.workspacePatterns(dir);
    let packages: Map<string, string>;
    if (patterns) {
      packages = new Map();
      for (const folder of expandWorkspacePatterns(dir, patterns)) {
        const json = this.readJson(join(folder, 'package.json'));
        if (isObject(json) && typeof json.name === 'string' && !packages.has(json.name)) packages.set(json.name, folder);
      }
    } else {
      const parent = dirname(dir);
      packages = parent === dir ? new Map() : this.workspacePackages(parent);
    }
    this.workspaceByDir.set(dir, packages);
    return packages;
  }

  /** The package folder patterns a workspace root declares (pnpm-workspace.yaml, package.json `workspaces`), if `dir` is one. */
  private workspacePatterns(dir: string): string[] | undefined {
    const yamlText = this.host.readFile(join(dir, 'pnpm-workspace.yaml'));
    if (yamlText !== undefined) {
      try {
        // Required here: most runs read no pnpm workspace file, and the package takes milliseconds to load.
        const doc: unknown = (require('yaml') as typeof import('yaml')).parse(yamlText);
        if (isObject(doc) && Array.isArray(doc.packages)) return doc.packages.filter((p): p is string => typeof p === 'string');
      } catch {
        // A workspace file that does not parse declares nothing; package.json may still.
      }
    }
    const json = this.readJson(join(dir, 'package.json'));
    if (!isObject(json)) return undefined;
    const workspaces = Array.isArray(json.workspaces) ? json.workspaces : isObject(json.workspaces) && Array.isArray(json.workspaces.packages) ? json.workspaces.packages : undefined;
    return workspaces?.filter((p): p is string => typeof p === 'string');
  }

  /** The source file for `subpath` (`.` or `./x`) of a workspace package. */
  private packageEntry(pkg: PackageInfo, subpath: string, exists: (path: string) => boolean): string | undefined {
    let targets: string[];
    if (pkg.json.exports !== undefined && pkg.json.exports !== null) {
      targets = exportTargets(pkg.json.exports, subpath);
      // `exports` is the whole public surface: a subpath it does not list cannot be imported.
      if (targets.length === 0) return undefined;
    } else if (subpath === '.') {
      targets = ['source', 'module', 'main'].map((field) => pkg.json[field]).filter((v): v is string => typeof v === 'string');
      targets.push('./index');
    } else {
      targets = [subpath];
    }
    for (const target of targets) {
      const found = this.sourceOf(pkg, resolve(pkg.dir, target), exists);
      if (found) return found;
    }
    return undefined;
  }

  /**
   * The project file a package target names: the target itself when the project analyses it, else its source when
   * the package's tsconfig maps outDir to rootDir, else the target when it exists, else a source beside a missing
   * build output (`dist/x.js` → `src/x.ts` or `x.ts`).
   */
  private sourceOf(pkg: PackageInfo, target: string, exists: (path: string) => boolean): string | undefined {
    const isDeclaration = /\.d\.[mc]?ts$/.test(target);
    const direct = isDeclaration ? undefined : resolveFilePath(target, exists);
    if (direct && this.host.inProject?.(direct)) return direct;
    const options = this.tsconfigFor(pkg.dir);
    if (options?.outDir && isInside(options.outDir, target)) {
      const rel = relative(options.outDir, target);
      const roots = options.rootDir ? [options.rootDir] : [join(pkg.dir, 'src'), pkg.dir];
      for (const root of roots) {
        const found = sourceFor(join(root, rel), exists);
        if (found) return found;
      }
    }
    if (direct) return direct;
    const segments = relative(pkg.dir, target).split(sep);
    let outputs = 0;
    while (outputs < segments.length - 1 && OUTPUT_FOLDERS.has(segments[outputs])) outputs++;
    if (outputs === 0) return undefined;
    const rest = segments.slice(outputs);
    return sourceFor(join(pkg.dir, 'src', ...rest), exists) ?? sourceFor(join(pkg.dir, ...rest), exists);
  }

  private readJson(path: string): unknown {
    if (this.jsonCache.has(path)) return this.jsonCache.get(path);
    const text = this.host.readFile(path);
    let value: unknown;
    if (text !== undefined) {
      // tsconfig files are JSONC (comments, trailing commas); a broken one reads as far as it parses.
      value = parseJsonc(text, [], { allowTrailingComma: true }) ?? undefined;
    }
    this.jsonCache.set(path, value);
    return value;
  }
}

/** The source of an emitted or declaration file: `x.js`/`x.d.ts` → `x.ts`/`x.tsx` (or the file itself for plain JavaScript). */
function sourceFor(path: string, exists: (path: string) => boolean): string | undefined {
  const match = DECLARATION_OR_OUTPUT.exec(path);
  if (!match) return resolveFilePath(path, exists);
  const stem = path.slice(0, -match[0].length);
  const flavour = match[2] ?? '';
  const candidates = [`${stem}.${flavour}ts`, ...(flavour ? [] : [`${stem}.tsx`]), ...(match[1] ? [] : [path])];
  return candidates.find(exists);
}

function isInside(folder: string, path: string): boolean {
  const rel = relative(folder, path);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
}

/** `@scope/name/sub/path` → name `@scope/name`, subpath `./sub/path`; `name` → subpath `.`. */
export function splitPackageSpecifier(specifier: string): { name: string | undefined; subpath: string } {
  const parts = specifier.split('/');
  const nameParts = specifier.startsWith('@') ? 2 : 1;
  if (parts.length < nameParts || parts.slice(0, nameParts).some((p) => p === '')) return { name: undefined, subpath: '.' };
  const rest = parts.slice(nameParts).join('/');
  return { name: parts.slice(0, nameParts).join('/'), subpath: rest ? `./${rest}` : '.' };
}

/**
 * The targets `exports` gives for a subpath, in the order a source should be tried: an exact key, else the
 * longest `*` pattern; conditions in the package's order (every known one, not only the first).
 */
export function exportTargets(exportsField: unknown, subpath: string): string[] {
  const map = isObject(exportsField) && Object.keys(exportsField).some((k) => k.startsWith('.')) ? exportsField : { '.': exportsField };
  if (Object.prototype.hasOwnProperty.call(map, subpath)) return conditionTargets(map[subpath], undefined);
  let best: { key: string; star: string } | undefined;
  for (const key of Object.keys(map)) {
    const star = key.indexOf('*');
    if (star === -1) continue;
    const prefix = key.slice(0, star);
    const suffix = key.slice(star + 1);
    if (subpath.startsWith(prefix) && subpath.endsWith(suffix) && subpath.length >= key.length - 1 && (!best || prefix.length > best.key.indexOf('*'))) {
      best = { key, star: subpath.slice(prefix.length, subpath.length - suffix.length) };
    }
  }
  return best ? conditionTargets(map[best.key], best.star) : [];
}

function conditionTargets(value: unknown, star: string | undefined): string[] {
  if (typeof value === 'string') return [star === undefined ? value : value.split('*').join(star)];
  if (Array.isArray(value)) return value.flatMap((v) => conditionTargets(v, star));
  if (isObject(value)) return Object.entries(value).flatMap(([condition, v]) => (CONDITIONS.has(condition) ? conditionTargets(v, star) : []));
  return [];
}

/** `{ "@/*": ["src/*"] }` → substitutions for a specifier: an exact pattern first, else the longest matching prefix. */
export function matchPaths(paths: Record<string, string[]>, specifier: string): string[] {
  if (paths[specifier]) return paths[specifier];
  let best: { prefix: string; star: string; targets: string[] } | undefined;
  for (const [pattern, targets] of Object.entries(paths)) {
    const star = pattern.indexOf('*');
    if (star === -1) continue;
    const prefix = pattern.slice(0, star);
    const suffix = pattern.slice(star + 1);
    if (specifier.length >= prefix.length + suffix.length && specifier.startsWith(prefix) && specifier.endsWith(suffix) && (!best || prefix.length > best.prefix.length)) {
      best = { prefix, star: specifier.slice(prefix.length, specifier.length - suffix.length), targets };
    }
  }
  return best ? best.targets.filter((t) => typeof t === 'string').map((t) => t.split('*').join(best.star)) : [];
}

/** Folders a workspace's patterns name (`packages/*`, `apps/**`, `!packages/legacy`), never inside node_modules. */
function expandWorkspacePatterns(root: string, patterns: string[]): string[] {
  try {
    // The CommonJS build (the ESM one calls createRequire(import.meta.url), undefined in our CJS bundle), required
    // here: most runs expand no workspace patterns.
    const found = (require('tinyglobby') as typeof import('tinyglobby')).globSync(
      patterns.map((p) => p.replace(/\/+$/, '')),
      { cwd: root, onlyDirectories: true, absolute: true, ignore: ['**/node_modules/**', '**/.git/**'], followSymbolicLinks: false },
    );
    return found.map((folder) => folder.replace(/[\\/]+$/, '')).sort();
  } catch {
    return [];
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
