import { posix } from 'node:path';
import ts from 'typescript';
import { fileIndexOf, fileIndexOfNode, findDeclaration, importOf, skipOuterExpressions, table } from '../syntax';
import { RUNTIME_VALUE, unknown, type ObjectValue, type UnknownCause, type Value } from './values';

/**
 * What the engine knows of Node's built-ins, to follow a project to its data files and tool folders without running
 * it: `join(__dirname, "tools.json")`, `JSON.parse(readFileSync(path))`, `readdirSync(dir)` + `import(file)`.
 * Paths and listings are computed from the file's own location; file texts and listings come from the host (never
 * executed), and each file or folder read becomes a dependency of the analysis.
 */
export interface BuiltinHost {
  /** The root value of a JSON data file (located in that file), or undefined when it cannot be read. */
  dataFileValue(path: string): Value | undefined;
  /** File and folder names in `dir`, or undefined when it cannot be listed. */
  listDirectory(dir: string): string[] | undefined;
  /** The module at an absolute path, as `import()` gives it. */
  importAbsolute(path: string, use: ts.Node, sf: ts.SourceFile): Value;
  /** The value a module exports under a name. */
  exportOf?(module: Value, exportName: string, use: ts.Node, sf: ts.SourceFile): Value;
}

/** Values that stand for a file's text (`readFileSync(p)`), so `JSON.parse` can read the file as data. */
const FILE_TEXT = table<Value, string>('builtins:file-text', 'analysis', 'the file a value read by `readFileSync(path)` stands for the text of (an evaluator\'s value)');

const RUNTIME_FILE: UnknownCause = { kind: 'runtime', source: 'file' };
const RUNTIME_MODULE: UnknownCause = { kind: 'runtime', source: 'module' };

const literal = (value: string | number | boolean | undefined, node: ts.Node, sf: ts.SourceFile): Value => ({ kind: 'literal', value, node, sf });
const text = (value: Value): string | undefined => (value.kind === 'literal' && typeof value.value === 'string' ? value.value : undefined);

/** `__dirname` and `__filename` of CommonJS, when the file does not declare them itself. */
export function builtinIdentifier(expr: ts.Identifier, sf: ts.SourceFile): Value | undefined {
  if (expr.text === '__dirname') return literal(posix.dirname(sf.fileName), expr, sf);
  if (expr.text === '__filename') return literal(sf.fileName, expr, sf);
  // A CommonJS module reading its own exports (`Object.values(exports.toolSchemas)`, `module.exports.list`).
  if (expr.text === 'exports') return { kind: 'module', node: sf, sf };
  if (expr.text === 'module') {
    // Only `exports` is known: any other member (`module.parent`, `module.hot`) is run time's.
    const module: ObjectValue = { kind: 'object', properties: new Map(), unresolved: [{ node: expr, sf, reason: 'the module object of run time', cause: RUNTIME_VALUE }], node: expr, sf };
    module.properties.set('exports', { key: 'exports', value: { kind: 'module', node: sf, sf }, node: expr, keyNode: expr, sf });
    return module;
  }
  return undefined;
}

/** `import.meta` of an ES module: its `url`, `dirname` and `filename`. */
export function importMeta(expr: ts.MetaProperty, sf: ts.SourceFile): Value | undefined {
  if (expr.keywordToken !== ts.SyntaxKind.ImportKeyword) return undefined;
  const object: ObjectValue = { kind: 'object', properties: new Map(), unresolved: [], node: expr, sf };
  const set = (key: string, value: string) => object.properties.set(key, { key, value: literal(value, expr, sf), node: expr, keyNode: expr, sf });
  set('url', `file://${sf.fileName}`);
  set('dirname', posix.dirname(sf.fileName));
  set('filename', sf.fileName);
  return object;
}

/** The built-in a callee names: `join` imported from 'node:path' → `path.join`; `JSON.parse`; `fs.readFileSync`. */
function builtinName(callee: ts.Expression): string | undefined {
  const expr = skipOuterExpressions(callee);
  if (ts.isIdentifier(expr)) {
    const binding = moduleBinding(expr);
    return binding && binding.exportName !== '*' ? `${binding.module}.${binding.exportName}` : undefined;
  }
  if (ts.isPropertyAccessExpression(expr)) {
    let owner = skipOuterExpressions(expr.expression);
    // `node_path_1.default.resolve`: the default export of a required Node module (`__importDefault`) is the module.
    const namespace = ts.isPropertyAccessExpression(owner) && owner.name.text === 'default' ? skipOuterExpressions(owner.expression) : undefined;
    if (namespace && ts.isIdentifier(namespace) && moduleBinding(namespace)?.exportName === '*') owner = namespace;
    if (!ts.isIdentifier(owner)) return undefined;
    if ((owner.text === 'JSON' || owner.text === 'Promise') && !findDeclaration(owner.text, owner)) return `${owner.text}.${expr.name.text}`;
    const binding = moduleBinding(owner);
    if (binding && (binding.exportName === '*' || binding.exportName === 'default')) return `${binding.module}.${expr.name.text}`;
  }
  return undefined;
}

/** The Node module (without `node:`, `/promises`, `/posix`) and export an identifier is bound to, by import or require. */
function moduleBinding(identifier: ts.Identifier): { module: string; exportName: string } | undefined {
  // The same call is evaluated once per expanded tool: look each identifier up once.
  return fileIndexOfNode(identifier).cached(MODULE_BINDING, identifier, () => findModuleBinding(identifier));
}

/** Found through the identifier's scopes, anywhere above it in its file: a new version of the tree drops it. */
const MODULE_BINDING = table<ts.Identifier, { module: string; exportName: string } | undefined>('builtins:module-binding', 'tree', 'the Node module and export an identifier is bound to, by import or require');

function findModuleBinding(identifier: ts.Identifier): { module: string; exportName: string } | undefined {
  const declaration = findDeclaration(identifier.text, identifier);
  if (!declaration) return undefined;
  let module: string | undefined;
  let exportName: string | undefined;
  if (declaration.kind === 'import') {
    module = declaration.module;
    exportName = declaration.exportName;
  } else if (declaration.kind === 'variable') {
    // `require("m")`, also through the interop helpers of compiled code (`__importDefault(require("node:fs"))`).
    const required = importOf(identifier);
    if (!required) return undefined;
    ({ module, exportName } = required);
  }
  if (!module || !exportName) return undefined;
  const bare = module.replace(/^node:/, '').replace(/\/(promises|posix)$/, '');
  // js-yaml's `load` is `yaml`'s `parse`.
  if (bare === 'js-yaml') return { module: 'yaml', exportName };
  return ['path', 'url', 'fs', 'yaml'].includes(bare) ? { module: bare, exportName } : undefined;
}

/** A call to a Node built-in the engine can follow statically, or undefined for every other call. */
export function builtinCall(expr: ts.CallExpression, sf: ts.SourceFile, evaluate: (expr: ts.Expression) => Value, host: BuiltinHost): Value | undefined {
  if (expr.expression.kind === ts.SyntaxKind.ImportKeyword || isComputedRequire(expr)) return dynamicImport(expr, sf, evaluate, host);
  if (isImportMetaGlob(expr.expression)) return importMetaGlob(expr, sf, evaluate, host);
  const name = builtinName(expr.expression);
  if (!name) return undefined;
  const args = () => expr.arguments.map((arg) => evaluate(arg));
  switch (name) {
    case 'path.join':
    case 'path.resolve': {
      let values = args();
      // `resolve(process.cwd(), absolute)`: parts before the last absolute one never reach the result.
      if (name === 'path.resolve') values = values.slice(Math.max(0, lastAbsoluteIndex(values)));
      const parts = values.map(text);
      if (parts.some((p) => p === undefined)) return unknown(expr, sf, 'a path built from values known only at run time', RUNTIME_VALUE, binderOf(values));
      const joined = name === 'path.join' ? posix.join(...(parts as string[])) : posix.resolve('/', ...(parts as string[]));
      // `resolve` of relative parts depends on the working directory.
      if (name === 'path.resolve' && !(parts as string[]).some((p) => p.startsWith('/'))) return unknown(expr, sf, 'a path relative to the working directory', { kind: 'runtime', source: 'environment' });
      return literal(joined, expr, sf);
    }
    case 'path.dirname':
    case 'path.basename':
    case 'path.extname': {
      const [path, ext] = args().map(text);
      if (path === undefined) return undefined;
      const result = name === 'path.dirname' ? posix.dirname(path) : name === 'path.basename' ? posix.basename(path, ext) : posix.extname(path);
      return literal(result, expr, sf);
    }
    case 'url.fileURLToPath': {
      const url = text(args()[0] ?? literal(undefined, expr, sf));
      return url?.startsWith('file://') ? literal(decodeURIComponent(url.slice('file://'.length)), expr, sf) : undefined;
    }
    case 'url.pathToFileURL': {
      const [value] = args();
      const path = value && text(value);
      if (path === undefined) return value?.kind === 'unknown' && value.binder ? unknown(expr, sf, value.reason, value.cause, value.binder) : undefined;
      const object: ObjectValue = { kind: 'object', properties: new Map(), unresolved: [], node: expr, sf };
      object.properties.set('href', { key: 'href', value: literal(`file://${path}`, expr, sf), node: expr, keyNode: expr, sf });
      return object;
    }
    case 'fs.readFileSync':
    case 'fs.readFile': {
      const path = text(args()[0] ?? literal(undefined, expr, sf));
      if (path === undefined || !path.startsWith('/')) return undefined;
      const value = unknown(expr, sf, `the text of ${posix.basename(path)}`, RUNTIME_FILE);
      fileIndexOf(sf).set(FILE_TEXT, value, path);
      return value;
    }
    case 'fs.readdirSync':
    case 'fs.readdir': {
      const [dir, options] = args();
      const path = text(dir);
      // With `withFileTypes` the entries are objects, not names.
      if (path === undefined || !path.startsWith('/') || (options && options.kind !== 'literal')) return undefined;
      const names = host.listDirectory(path);
      if (!names) return unknown(expr, sf, `the files of ${path}, which cannot be listed`, RUNTIME_FILE);
      return { kind: 'array', elements: names.map((n) => literal(n, expr, sf)), node: expr, sf };
    }
    case 'JSON.parse':
    case 'yaml.parse':
    case 'yaml.load': {
      // `yaml`'s parse and js-yaml's load read the file as YAML, JSON.parse as JSON: the file's extension decides.
      const source = args()[0];
      const path = source && fileIndexOf(source.sf).get(FILE_TEXT, source);
      const format = name === 'JSON.parse' ? 'JSON' : 'YAML';
      return path ? (host.dataFileValue(path) ?? unknown(expr, sf, `${posix.basename(path)}, which cannot be read as ${format}`, { kind: 'unsupported', construct: 'data-file' })) : undefined;
    }
    case 'Promise.all':
    case 'Promise.resolve':
      return args()[0];
    case 'Promise.allSettled': {
      const list = args()[0];
      if (list?.kind !== 'array') return undefined;
      const settled = list.elements.map((element): Value => {
        const object: ObjectValue = { kind: 'object', properties: new Map(), unresolved: [], node: element.node, sf: element.sf };
        object.properties.set('status', { key: 'status', value: literal('fulfilled', element.node, element.sf), node: element.node, keyNode: element.node, sf: element.sf });
        object.properties.set('value', { key: 'value', value: element, node: element.node, keyNode: element.node, sf: element.sf });
        return object;
      });
      return { ...list, elements: settled };
    }
  }
  return undefined;
}

/** The index of the last part that is a known absolute path, or -1. */
function lastAbsoluteIndex(values: Value[]): number {
  for (let i = values.length - 1; i >= 0; i--) if (text(values[i])?.startsWith('/')) return i;
  return -1;
}

function binderOf(values: Value[]) {
  for (const value of values) if (value.kind === 'unknown' && value.binder) return value.binder;
  return undefined;
}

function isImportMetaGlob(callee: ts.Expression): boolean {
  return ts.isPropertyAccessExpression(callee) && callee.name.text === 'glob' && ts.isMetaProperty(callee.expression) && callee.expression.keywordToken === ts.SyntaxKind.ImportKeyword;
}

/**
 * Vite's `import.meta.glob("./tools/*.ts", { eager: true })`: an object from each matching path (as written, relative
 * to the file) to its module, or to its `import` export (`{ import: "default" }`). Lazy globs give loader functions
 * that run at run time: they stay unresolved.
 */
function importMetaGlob(expr: ts.CallExpression, sf: ts.SourceFile, evaluate: (expr: ts.Expression) => Value, host: BuiltinHost): Value {
  const [patternValue, optionsValue] = expr.arguments.map((arg) => evaluate(arg));
  const patterns = patternValue?.kind === 'array' ? patternValue.elements.map(text) : [patternValue && text(patternValue)];
  const options = optionsValue?.kind === 'object' ? optionsValue : undefined;
  const eager = options?.properties.get('eager')?.value;
  if (!(eager?.kind === 'literal' && eager.value === true)) return unknown(expr, sf, 'modules loaded lazily by import.meta.glob', RUNTIME_MODULE);
  const importName = options?.properties.get('import')?.value;
  const exportName = importName && text(importName);
  const object: ObjectValue = { kind: 'object', properties: new Map(), unresolved: [], node: expr, sf };
  const base = posix.dirname(sf.fileName);
  for (const pattern of patterns) {
    if (pattern === undefined || !pattern.startsWith('./') || pattern.startsWith('!')) {
      object.unresolved.push({ node: expr, sf, reason: 'a glob pattern the engine does not follow', cause: { kind: 'unsupported', construct: 'glob' } });
      continue;
    }
    for (const path of globFiles(posix.join(base, pattern), host)) {
      const module = host.importAbsolute(path, expr, sf);
      const key = `./${posix.relative(base, path)}`;
      const value = exportName && module.kind === 'module' ? memberOfModule(module, exportName, host, expr, sf) : module;
      object.properties.set(key, { key, value, node: expr, keyNode: expr, sf });
    }
  }
  return object;
}

function memberOfModule(module: Value, exportName: string, host: BuiltinHost, use: ts.Node, sf: ts.SourceFile): Value {
  return host.exportOf ? host.exportOf(module, exportName, use, sf) : module;
}

/** Files matching a pattern with `*` within a segment and `**` across folders, listed through the host. */
function globFiles(pattern: string, host: BuiltinHost): string[] {
  const segments = pattern.split('/');
  const firstWild = segments.findIndex((segment) => segment.includes('*'));
  if (firstWild < 0) return [pattern];
  const root = segments.slice(0, firstWild).join('/') || '/';
  const matcher = globMatcher(segments.slice(firstWild));
  const out: string[] = [];
  const walk = (dir: string, relative: string, depth: number) => {
    const names = depth > 8 ? undefined : host.listDirectory(dir);
    for (const name of names ?? []) {
      if (name === 'node_modules' || name.startsWith('.')) continue;
      const rel = relative ? `${relative}/${name}` : name;
      if (matcher.test(rel)) out.push(`${dir}/${name}`);
      else walk(`${dir}/${name}`, rel, depth + 1);
    }
  };
  walk(root, '', 0);
  return out;
}

/** `["**", "*.ts"]` → a RegExp over paths relative to the pattern's fixed root. */
function globMatcher(segments: string[]): RegExp {
  const escape = (text: string) => text.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
  const parts = segments.map((segment) => (segment === '**' ? '(?:[^/]+/)*' : `${segment.split('*').map(escape).join('[^/]*')}/`));
  return new RegExp(`^${parts.join('').replace(/\/$/, '')}$`);
}

/** `require(join(dir, file))`: a require of a path that must be computed (a literal one is an ordinary import). */
function isComputedRequire(expr: ts.CallExpression): boolean {
  const callee = expr.expression;
  return ts.isIdentifier(callee) && callee.text === 'require' && expr.arguments.length === 1 && !ts.isStringLiteralLike(expr.arguments[0]) && !findDeclaration('require', callee);
}

/** `import(path)` or `require(path)` of a statically known file (`import(pathToFileURL(join(dir, file)).href)`). */
function dynamicImport(expr: ts.CallExpression, sf: ts.SourceFile, evaluate: (expr: ts.Expression) => Value, host: BuiltinHost): Value | undefined {
  const value = expr.arguments[0] && evaluate(expr.arguments[0]);
  const specifier = value && text(value);
  // A loop over a folder listing supplies the file: the finder expands the binder.
  if (specifier === undefined) return unknown(expr, sf, 'a module chosen at run time', RUNTIME_MODULE, value && binderOf([value]));
  const path = specifier.startsWith('file://') ? decodeURIComponent(specifier.slice('file://'.length)) : specifier;
  if (path.startsWith('/')) return host.importAbsolute(path, expr, sf);
  return undefined;
}

/**
 * String methods of a known string (`file.endsWith(".js")`, `id.replace(/([a-z])([A-Z])/g, "$1 $2")`), for filters
 * over folder listings and names or titles computed from known text. A pattern is a string or a regular-expression
 * literal written in the code (`argNodes`), run with JavaScript's own RegExp on the known string.
 */
export function stringMethod(receiver: Value, method: string, args: Value[], node: ts.Node, sf: ts.SourceFile, argNodes: readonly ts.Expression[] = []): Value | undefined {
  const value = text(receiver);
  if (value === undefined) return undefined;
  const first = args[0] && text(args[0]);
  const index = (i: number) => (args[i] === undefined ? undefined : numberOf(args[i]));
  switch (method) {
    case 'replace':
    case 'replaceAll': {
      const pattern = patternOf(args[0], argNodes[0]);
      const replacement = args[1] && text(args[1]);
      if (pattern === undefined || replacement === undefined || value.length > MAX_PATTERN_INPUT) return undefined;
      // replaceAll throws on a regex without the g flag: leave that to run time.
      if (method === 'replaceAll' && pattern instanceof RegExp && !pattern.global) return undefined;
      return literal(method === 'replace' ? value.replace(pattern, replacement) : value.replaceAll(pattern, replacement), node, sf);
    }
    case 'split': {
      const separator = patternOf(args[0], argNodes[0]);
      if (separator === undefined || args.length > 1 || value.length > MAX_PATTERN_INPUT) return undefined;
      return { kind: 'array', elements: value.split(separator).map((part) => literal(part, node, sf)), node, sf };
    }
    case 'charAt': {
      const at = args.length === 0 ? 0 : index(0);
      return at === undefined ? undefined : literal(value.charAt(at), node, sf);
    }
    case 'slice':
    case 'substring': {
      const start = args.length === 0 ? 0 : index(0);
      const end = args.length < 2 ? value.length : index(1);
      if (start === undefined || end === undefined) return undefined;
      return literal(method === 'slice' ? value.slice(start, end) : value.substring(start, end), node, sf);
    }
    case 'trim':
      return literal(value.trim(), node, sf);
    case 'endsWith':
      return first === undefined ? undefined : literal(value.endsWith(first), node, sf);
    case 'startsWith':
      return first === undefined ? undefined : literal(value.startsWith(first), node, sf);
    case 'includes':
      return first === undefined ? undefined : literal(value.includes(first), node, sf);
    case 'toLowerCase':
      return literal(value.toLowerCase(), node, sf);
    case 'toUpperCase':
      return literal(value.toUpperCase(), node, sf);
  }
  return undefined;
}

/** Known strings longer than this are not matched against patterns (a pattern's cost grows with its input). */
const MAX_PATTERN_INPUT = 10_000;

function numberOf(value: Value): number | undefined {
  return value.kind === 'literal' && typeof value.value === 'number' ? value.value : undefined;
}

/** A string, or a RegExp built from a regular-expression literal written in the code; undefined otherwise. */
function patternOf(value: Value | undefined, node: ts.Expression | undefined): string | RegExp | undefined {
  const written = node && skipOuterExpressions(node);
  if (written && ts.isRegularExpressionLiteral(written)) {
    const source = written.text;
    const slash = source.lastIndexOf('/');
    try {
      return new RegExp(source.slice(1, slash), source.slice(slash + 1));
    } catch {
      return undefined;
    }
  }
  return value && text(value);
}
