// Modules, CommonJS and data files: what an import gives (ESM exports, re-exports, `exports.x =`, tsc's
// `Object.defineProperty(exports, …)` and star re-exports, JSON and YAML data), every file read becoming a dependency.
import { dirname, relative } from 'node:path';
import ts from 'typescript';
import { callMutation, findDeclaration, skipOuterExpressions, writtenTargets, type WrittenTarget } from '../syntax';
import type { EvaluatorCore } from './evaluator-core';
import { compiledStarReExport, resolveModulePath } from './modules';
import { hasExportModifier, returnExpression } from './nodes';
import { EMPTY_ENV, RUNTIME_VALUE, unknown, type Value } from './values';
import { isYamlSource } from './yaml-data';

export class ModuleValues {
  constructor(private readonly evaluator: EvaluatorCore) {}

  /** The root value of a JSON or YAML data file, located in it (builtins.ts reads `JSON.parse(readFileSync(…))` with it). */
  dataFileValue(path: string): Value | undefined {
    const dataSf = this.evaluator.sources.getSourceFile(path);
    if (!dataSf) return undefined;
    this.evaluator.dependencies.add(path);
    return jsonRoot(dataSf, this.evaluator);
  }

  /** A folder's listing (a dependency: adding or removing a file changes it). */
  listDirectory(dir: string): string[] | undefined {
    const names = this.evaluator.sources.listDirectory?.(dir);
    if (names) this.evaluator.dependencies.add(dir);
    return names;
  }

  /** The module at an absolute path, as `import()` gives it. */
  importAbsolute(path: string, use: ts.Node, sf: ts.SourceFile): Value {
    let specifier = relative(dirname(sf.fileName), path);
    if (!specifier.startsWith('.')) specifier = `./${specifier}`;
    return this.importValue(specifier, '*', use, sf);
  }

  /** The value a module exports under a name. */
  exportOf(module: Value, exportName: string, use: ts.Node, sf: ts.SourceFile): Value {
    return this.evaluator.member(module, exportName, use, sf);
  }

  /** What `import … from specifier` gives under `exportName` (`*` for the module itself). */
  importValue(specifier: string, exportName: string, use: ts.Node, sf: ts.SourceFile): Value {
    const target = this.evaluator.sources.resolveModule
      ? this.evaluator.sources.resolveModule(sf.fileName, specifier)
      : resolveModulePath(sf.fileName, specifier, (path) => this.evaluator.sources.getSourceFile(path) !== undefined);
    if (!target) {
      return specifier.startsWith('.')
        ? unknown(use, sf, `an import from ${specifier}, which cannot be read`, { kind: 'unsupported', construct: 'import' })
        : unknown(use, sf, `an import from the package ${specifier}`, { kind: 'unsupported', construct: 'package' });
    }
    this.evaluator.dependencies.add(target);
    const targetSf = this.evaluator.sources.getSourceFile(target)!;
    if (isJsonFile(targetSf)) {
      // `import defs from "./tools.json"`, `require("./x.json")`: the data, located in the JSON file.
      const root = jsonRoot(targetSf, this.evaluator) ?? unknown(use, sf, `${specifier}, which is not JSON data`, { kind: 'unsupported', construct: 'data-file' });
      return exportName === '*' || exportName === 'default' ? root : this.evaluator.member(root, exportName, use, sf);
    }
    if (exportName === '*') return { kind: 'module', node: targetSf, sf: targetSf };
    return this.exportValue(targetSf, exportName, use, sf);
  }

  /** The value a module exports under `name` (ESM `export`, re-exports, CommonJS `exports.x =`). */
  exportValue(moduleSf: ts.SourceFile, name: string, use: ts.Node, useSf: ts.SourceFile): Value {
    const key = `${moduleSf.fileName}#${name}`;
    if (this.visitingExports.has(key)) return unknown(use, useSf, 'a circular re-export', { kind: 'unsupported', construct: 'recursion' });
    this.visitingExports.add(key);
    try {
      return this.findExport(moduleSf, name) ?? unknown(use, useSf, `\`${name}\`, which ${baseName(moduleSf.fileName)} does not export statically`, RUNTIME_VALUE);
    } finally {
      this.visitingExports.delete(key);
    }
  }

  private readonly visitingExports = new Set<string>();

  private findExport(sf: ts.SourceFile, name: string): Value | undefined {
    for (const statement of sf.statements) {
      const exported = hasExportModifier(statement);
      if (ts.isVariableStatement(statement) && exported) {
        for (const decl of statement.declarationList.declarations) {
          if (ts.isIdentifier(decl.name) && decl.name.text === name) {
            return this.evaluator.declarationValue({ kind: 'variable', declaration: decl, path: [] }, decl.name, sf, EMPTY_ENV);
          }
        }
      } else if ((ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) && exported) {
        const isDefault = statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.DefaultKeyword);
        if ((isDefault && name === 'default') || statement.name?.text === name) {
          return ts.isFunctionDeclaration(statement) ? { kind: 'function', node: statement, sf, env: EMPTY_ENV } : { kind: 'class', node: statement, sf };
        }
      } else if (ts.isEnumDeclaration(statement) && exported && statement.name.text === name) {
        return this.evaluator.enumValue(statement, sf, EMPTY_ENV);
      } else if (ts.isExportAssignment(statement) && name === 'default') {
        return this.evaluator.evaluate(statement.expression, sf);
      } else if (ts.isExportDeclaration(statement) && !statement.isTypeOnly) {
        const from = statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier) ? statement.moduleSpecifier.text : undefined;
        if (statement.exportClause && ts.isNamedExports(statement.exportClause)) {
          for (const element of statement.exportClause.elements) {
            if (element.name.text !== name) continue;
            const local = (element.propertyName ?? element.name).text;
            if (from) return this.importValue(from, local, element, sf);
            const decl = findDeclaration(local, element);
            return decl ? this.evaluator.declarationValue(decl, element, sf, EMPTY_ENV) : undefined;
          }
        } else if (statement.exportClause && ts.isNamespaceExport(statement.exportClause) && statement.exportClause.name.text === name && from) {
          return this.importValue(from, '*', statement, sf);
        } else if (!statement.exportClause && from) {
          const value = this.importValue(from, name, statement, sf);
          if (value.kind !== 'unknown') return value;
        }
      } else if (ts.isExpressionStatement(statement)) {
        const starFrom = compiledStarReExport(statement.expression);
        if (starFrom) {
          if (name === 'default') continue;
          const value = this.importValue(starFrom, name, statement, sf);
          if (value.kind !== 'unknown') return value;
          continue;
        }
        const merged = mergedExports(statement.expression);
        if (merged) {
          // `Object.assign(exports, require("./a"), { b })`: the last source that has the name gives it.
          for (const source of [...merged].reverse()) {
            const value = this.sourceExport(this.evaluator.evaluate(source, sf), name, source, sf);
            if (value) return value;
          }
          continue;
        }
        const value = this.commonJsExport(statement.expression, name, sf);
        // tsc declares every export first (`exports.a = exports.b = void 0;`) and gives its value later.
        if (value && !(value.kind === 'literal' && value.value === undefined)) return value;
      }
    }
    return undefined;
  }

  /** `exports.name = …`, `module.exports.name = …`, `module.exports = { name }`. */
  private commonJsExport(expr: ts.Expression, name: string, sf: ts.SourceFile): Value | undefined {
    const defined = definedExport(expr);
    if (defined) return defined.name === name ? this.definedExportValue(defined.descriptor, sf) : undefined;
    const [write] = writtenTargets(expr);
    if (write?.kind !== 'assign' || !write.value) return undefined;
    const exported = exportTarget(write);
    if (exported?.kind === 'named' && exported.name === name) return this.evaluator.evaluate(write.value, sf);
    if (exported?.kind === 'whole') {
      const whole = this.evaluator.evaluate(write.value, sf);
      if (name === 'default') return whole;
      return this.sourceExport(whole, name, write.target, sf);
    }
    return undefined;
  }

  /**
   * `name` of what a module's exports are taken from: an object's own key, or the export of a module required whole
   * (`module.exports = require("./values.js")`); undefined when it has none.
   */
  private sourceExport(source: Value, name: string, use: ts.Node, sf: ts.SourceFile): Value | undefined {
    if (source.kind === 'object') return source.properties.has(name) ? this.evaluator.member(source, name, use, sf) : undefined;
    if (source.kind !== 'module') return undefined;
    const value = this.exportValue(source.node, name, use, sf);
    return value.kind === 'unknown' ? undefined : value;
  }

  /** `Object.defineProperty(exports, "x", { get: function () { return y; } })` (tsc's re-exports) or `{ value: y }`. */
  private definedExportValue(descriptor: ts.ObjectLiteralExpression, sf: ts.SourceFile): Value {
    const descriptorValue = this.evaluator.objectLiteral(descriptor, sf, EMPTY_ENV);
    const getter = descriptorValue.properties.get('get')?.value;
    if (getter?.kind === 'function') return this.evaluator.callFunction(getter, [], descriptor, sf);
    return descriptorValue.properties.get('value')?.value ?? unknown(descriptor, sf, 'an export defined without a value', RUNTIME_VALUE);
  }

  /** Every statically visible export of a module (for `Object.values(ns)`), in source order. */
  moduleExports(sf: ts.SourceFile): [string, Value, ts.Node][] {
    const out: [string, Value, ts.Node][] = [];
    const commonJs = new Set<string>();
    const addCommonJs = (name: string, node: ts.Node) => {
      // tsc first writes `exports.a = exports.b = void 0;`: the name counts where its value is given.
      if (name === '__esModule' || commonJs.has(name)) return;
      const value = this.exportValue(sf, name, node, sf);
      if (value.kind === 'literal' && value.value === undefined) return;
      commonJs.add(name);
      out.push([name, value, node]);
    };
    for (const statement of sf.statements) {
      if (ts.isExpressionStatement(statement)) {
        const starFrom = compiledStarReExport(statement.expression);
        if (starFrom) {
          for (const [name, , node] of this.reExportedNames(starFrom, sf)) addCommonJs(name, node);
          continue;
        }
        const defined = definedExport(statement.expression);
        if (defined) addCommonJs(defined.name, defined.nameNode);
        // `Object.assign(exports, require("./a"))`, `module.exports = require("./a")`: the names of what is required.
        const [whole] = writtenTargets(skipOuterExpressions(statement.expression));
        const sources = mergedExports(statement.expression) ?? (whole?.kind === 'assign' && whole.value && exportTarget(whole)?.kind === 'whole' ? [whole.value] : []);
        for (const source of sources) {
          const value = this.evaluator.evaluate(source, sf);
          const names = value.kind === 'module' ? this.moduleExports(value.node).map(([name]) => name).filter((name) => name !== 'default') : value.kind === 'object' ? [...value.properties.keys()] : [];
          for (const name of names) addCommonJs(name, source);
        }
        // `exports.a = exports.b = …`: each assignment of the chain names an export.
        for (let [write] = writtenTargets(skipOuterExpressions(statement.expression)); write?.kind === 'assign' && write.value; [write] = writtenTargets(skipOuterExpressions(write.value))) {
          const exported = exportTarget(write);
          if (exported?.kind === 'named') addCommonJs(exported.name, memberNameNode(write.target));
        }
        continue;
      }
      if (ts.isVariableStatement(statement) && hasExportModifier(statement)) {
        for (const decl of statement.declarationList.declarations) {
          if (ts.isIdentifier(decl.name)) out.push([decl.name.text, this.exportValue(sf, decl.name.text, decl, sf), decl.name]);
        }
      } else if (ts.isFunctionDeclaration(statement) && hasExportModifier(statement) && statement.name) {
        out.push([statement.name.text, { kind: 'function', node: statement, sf, env: EMPTY_ENV }, statement.name]);
      } else if (ts.isExportDeclaration(statement) && statement.exportClause && ts.isNamedExports(statement.exportClause) && !statement.isTypeOnly) {
        for (const element of statement.exportClause.elements) {
          if (!element.isTypeOnly) out.push([element.name.text, this.exportValue(sf, element.name.text, element, sf), element.name]);
        }
      }
    }
    return out;
  }

  /** The exports a star re-export brings (never `default`), or none when the module cannot be read. */
  private reExportedNames(specifier: string, sf: ts.SourceFile): [string, Value, ts.Node][] {
    const target = resolveModulePath(sf.fileName, specifier, (path) => this.evaluator.sources.getSourceFile(path) !== undefined);
    const targetSf = target && this.evaluator.sources.getSourceFile(target);
    if (!targetSf || isJsonFile(targetSf) || this.visitingExports.has(`${target}#*`)) return [];
    this.evaluator.dependencies.add(target);
    this.visitingExports.add(`${target}#*`);
    try {
      return this.moduleExports(targetSf).filter(([name]) => name !== 'default');
    } finally {
      this.visitingExports.delete(`${target}#*`);
    }
  }
}

/**
 * The names a CommonJS module exports `local` (a top-level function or variable) under, read from its top-level
 * writes: `exports.f = f`, `module.exports.f = f`, `exports.a = exports.f = f`, `module.exports = { f, g: f }`, and
 * tsc's `Object.defineProperty(exports, "f", { get: function () { return f; } })`. For a function written in the
 * export itself (`exports.f = function () {…}`), `local` is the function node.
 */
export function commonJsExportNames(sf: ts.SourceFile, local: string | ts.Node): string[] {
  const names: string[] = [];
  const isLocal = (expr: ts.Expression | undefined): boolean => {
    if (!expr) return false;
    const inner = skipOuterExpressions(expr);
    return typeof local === 'string' ? ts.isIdentifier(inner) && inner.text === local : inner === local;
  };
  for (const statement of sf.statements) {
    if (!ts.isExpressionStatement(statement)) continue;
    const defined = definedExport(statement.expression);
    if (defined) {
      const getter = defined.descriptor.properties.find((p) => p.name && ts.isIdentifier(p.name) && (p.name.text === 'get' || p.name.text === 'value'));
      const given = getter && ts.isPropertyAssignment(getter) ? getter.initializer : getter && ts.isMethodDeclaration(getter) ? getter : undefined;
      const returned = given && (ts.isFunctionExpression(given) || ts.isArrowFunction(given) || ts.isMethodDeclaration(given)) ? returnExpression(given) : given;
      if (isLocal(returned)) names.push(defined.name);
      continue;
    }
    // `exports.a = exports.b = f`: every assignment of the chain exports the value at its end.
    const chain: WrittenTarget[] = [];
    let value: ts.Expression | undefined;
    for (let [write] = writtenTargets(skipOuterExpressions(statement.expression)); write?.kind === 'assign' && write.value; [write] = writtenTargets(skipOuterExpressions(write.value))) {
      chain.push(write);
      value = write.value;
    }
    if (!isLocal(value) && !(value && ts.isObjectLiteralExpression(skipOuterExpressions(value)))) continue;
    for (const write of chain) {
      const exported = exportTarget(write);
      if (exported?.kind === 'named' && isLocal(value)) names.push(exported.name);
      const whole = skipOuterExpressions(write.value!);
      if (exported?.kind === 'whole' && ts.isObjectLiteralExpression(whole)) {
        for (const property of whole.properties) {
          const key = property.name && ts.isIdentifier(property.name) ? property.name.text : undefined;
          if (key && ((ts.isShorthandPropertyAssignment(property) && isLocal(property.name)) || (ts.isPropertyAssignment(property) && isLocal(property.initializer)))) names.push(key);
        }
      }
    }
  }
  return names;
}

/** The sources of `Object.assign(exports, …sources)` (or `module.exports`), else undefined. */
function mergedExports(expr: ts.Expression): readonly ts.Expression[] | undefined {
  const call = skipOuterExpressions(expr);
  const write = ts.isCallExpression(call) ? callMutation(call) : undefined;
  if (write?.mutation !== 'merge' || exportsPath(write)?.length !== 0 || !ts.isCallExpression(call)) return undefined;
  const sources = call.arguments.slice(1);
  return sources.some(ts.isSpreadElement) ? undefined : sources;
}

/** `Object.defineProperty(exports, "name", descriptor)`: the name and the descriptor literal. */
function definedExport(expr: ts.Expression): { name: string; nameNode: ts.Node; descriptor: ts.ObjectLiteralExpression } | undefined {
  const call = skipOuterExpressions(expr);
  const write = ts.isCallExpression(call) ? callMutation(call) : undefined;
  if (write?.mutation !== 'define' || exportsPath(write)?.length !== 0) return undefined;
  const { key, descriptor } = write;
  if (!key || !ts.isStringLiteralLike(key) || !descriptor || !ts.isObjectLiteralExpression(descriptor)) return undefined;
  return { name: key.text, nameNode: key, descriptor };
}

/** What a write into the module's exports (syntax/writes.ts) sets: `exports.x` / `module.exports.x`, or `module.exports` itself. */
type ExportTarget = { kind: 'named'; name: string } | { kind: 'whole' };

function exportTarget(write: WrittenTarget): ExportTarget | undefined {
  const path = exportsPath(write);
  if (!path) return undefined;
  if (path.length === 1) return { kind: 'named', name: path[0] };
  // `exports = …` only rebinds the local name; `module.exports = …` replaces the module's exports.
  return path.length === 0 && write.path?.length === 1 ? { kind: 'whole' } : undefined;
}

/** The keys a write goes through below the exports object (`exports` or `module.exports`); undefined when it is not under it. */
function exportsPath(write: WrittenTarget): readonly string[] | undefined {
  const { root, path } = write;
  if (!root || !ts.isIdentifier(root) || !path) return undefined;
  if (root.text === 'exports') return path;
  return root.text === 'module' && path[0] === 'exports' ? path.slice(1) : undefined;
}

/** The node naming the member a target writes: `x` in `exports.x`, `"x"` in `exports["x"]`. */
function memberNameNode(target: ts.Expression): ts.Node {
  if (ts.isPropertyAccessExpression(target)) return target.name;
  return ts.isElementAccessExpression(target) ? target.argumentExpression : target;
}

function isJsonFile(sf: ts.SourceFile): boolean {
  return sf.fileName.endsWith('.json') || isYamlSource(sf);
}

/** The value a JSON file holds (parsed as TypeScript's JSON source file: its nodes locate each key and value). */
function jsonRoot(sf: ts.SourceFile, evaluator: EvaluatorCore): Value | undefined {
  const statement = sf.statements[0];
  if (!isJsonFile(sf) || !statement || !ts.isExpressionStatement(statement)) return undefined;
  return evaluator.evaluate(statement.expression, sf);
}

function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}
