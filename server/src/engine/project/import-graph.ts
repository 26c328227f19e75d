// Which project files import which: read from each file's import, export-from, require() and import() specifiers by
// TypeScript's pre-processor (a scan, no parse), resolved like the evaluator resolves them. The project asks it which
// files can reach a registration, or be reached by one, when a file holds tools it does not register itself.
import ts from 'typescript';

export interface ImportGraphHost {
  /** A file's text without parsing it, or undefined. */
  readText(path: string): string | undefined;
  /** The file's syntax tree when it is already parsed (an open buffer): its import statements are read from it. */
  parsed?(path: string): ts.SourceFile | undefined;
  /** The file a specifier names from `fromFile`, or undefined. */
  resolve(fromFile: string, specifier: string): string | undefined;
  /** The files of the project (the reverse index covers them). */
  files(): readonly string[];
}

export class ImportGraph {
  private readonly imports = new Map<string, readonly string[]>();
  /** File → project files importing it; built on first use, kept current by invalidate. */
  private importers: Map<string, Set<string>> | undefined;

  /** Goes up whenever an edge may have changed (answers derived from the graph are cached against it). */
  version = 0;

  constructor(private readonly host: ImportGraphHost) {}

  /** The files `path` imports (those that resolve), in the order written. */
  importsOf(path: string): readonly string[] {
    let found = this.imports.get(path);
    if (!found) {
      found = scanImports(path, this.host.readText(path) ?? '', this.host.parsed?.(path), this.host);
      this.imports.set(path, found);
    }
    return found;
  }

  /** Project files that import `path`. */
  importersOf(path: string): readonly string[] {
    if (!this.importers) {
      this.importers = new Map();
      for (const file of this.host.files()) this.addEdges(file);
    }
    return [...(this.importers.get(path) ?? [])];
  }

  /** `path` changed: its own imports are read again (the files importing it do not change). */
  invalidate(path: string): void {
    this.version++;
    const previous = this.imports.get(path);
    this.imports.delete(path);
    if (!this.importers || !previous) return;
    for (const target of previous) this.importers.get(target)?.delete(path);
    this.addEdges(path);
  }

  /** The project's files or its module resolution changed. */
  clear(): void {
    this.version++;
    this.imports.clear();
    this.importers = undefined;
  }

  /**
   * Files reached from `start` by following imports (`forward`) or importers (backward), breadth first, `start`
   * excluded; at most `limit` files, so a helper imported everywhere does not pull in the whole project.
   */
  reachable(start: string, direction: 'forward' | 'backward', limit: number): string[] {
    const seen = new Set([start]);
    const queue = [start];
    const out: string[] = [];
    while (queue.length > 0 && out.length < limit) {
      const file = queue.shift()!;
      for (const next of direction === 'forward' ? this.importsOf(file) : this.importersOf(file)) {
        if (seen.has(next)) continue;
        seen.add(next);
        out.push(next);
        queue.push(next);
        if (out.length >= limit) break;
      }
    }
    return out;
  }

  private addEdges(file: string): void {
    for (const target of this.importsOf(file)) {
      let set = this.importers!.get(target);
      if (!set) this.importers!.set(target, (set = new Set()));
      set.add(file);
    }
  }
}

function scanImports(path: string, text: string, parsed: ts.SourceFile | undefined, host: ImportGraphHost): string[] {
  if (text === '') return [];
  let specifiers: string[];
  try {
    // A parsed file without require()/import() calls: its top-level statements say it all, without a scan of the
    // whole text on every edit of a large open buffer.
    specifiers = parsed && parsed.text === text && !DYNAMIC_IMPORT.test(text) ? statementImports(parsed) : ts.preProcessFile(text, true, true).importedFiles.map((f) => f.fileName);
  } catch {
    return [];
  }
  const out: string[] = [];
  for (const specifier of specifiers) {
    const target = host.resolve(path, specifier);
    if (target && target !== path && !out.includes(target)) out.push(target);
  }
  return out;
}

const DYNAMIC_IMPORT = /\b(?:require|import)\s*\(/;

function statementImports(sf: ts.SourceFile): string[] {
  const out: string[] = [];
  for (const statement of sf.statements) {
    if ((ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) && statement.moduleSpecifier && ts.isStringLiteralLike(statement.moduleSpecifier)) {
      out.push(statement.moduleSpecifier.text);
    } else if (ts.isImportEqualsDeclaration(statement) && ts.isExternalModuleReference(statement.moduleReference) && ts.isStringLiteralLike(statement.moduleReference.expression)) {
      out.push(statement.moduleReference.expression.text);
    }
  }
  return out;
}
