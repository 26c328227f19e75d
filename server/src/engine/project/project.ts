import { readdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import ts from 'typescript';
import type { FileAnalysis, Finding, Tool } from '../model';
import type { EngineOptions } from '../options';
import { attachFileIndex, FileIndex, reparse, textChangeRange, type TextSince } from '../syntax';
import { parseSource } from '../syntax';
import { isYamlFile, parseYamlSource } from '../values';
import { findTools, serverConstructions } from '../registrations';
import { markGeneratedFixes } from '../fixes';
import { markSharedFixes } from '../registrations';
import { ANALYSIS_FAILED, UNREADABLE_FILE } from '../rules';
import { knownFindingIds, withSettings } from '../rules';
import { runRules } from '../rules';
import { isResolutionConfig, ModuleResolver } from './module-resolution';
import { ImportGraph } from './import-graph';
import { ToolCache } from './tool-cache';
import { mayRegisterTools } from '../registrations';
import { listedCallNames } from '../syntax';

/** How the engine reads files it was not given: the CLI reads the disk, the LSP prefers open buffers. */
export interface FileHost {
  /** The file's text, or undefined when it does not exist or cannot be read. */
  readFile(path: string): string | undefined;
  /** Names in a folder (projects that load every module of a tools folder); the disk when a host has no view of its own. */
  listDirectory?(path: string): string[] | undefined;
}

export const diskHost: FileHost = {
  readFile(path) {
    try {
      return readFileSync(path, 'utf8');
    } catch {
      return undefined;
    }
  },
  listDirectory: listDiskDirectory,
};

function listDiskDirectory(path: string): string[] | undefined {
  try {
    return readdirSync(path).sort();
  } catch {
    return undefined;
  }
}

/** Identifier characters; anything outside ASCII counts as one, so a non-ASCII identifier stays one word. */
const WORD = /^[\w$\u0080-\uffff]+$/;
/** What separates words: splitting on it is native (a cold `matchAll` loop took 3× as long on 500 files). */
const NON_WORD = /[^\w$\u0080-\uffff]+/;
/**
 * Names searched by scanning every text before the project builds its word index. The index costs about as much as
 * 100-150 scans (corpus, 356 files: 900 ms against ~6 ms a name; dense workspace: 120 against ~1 ms), and a run
 * asks a few dozen names (the corpus 62) or hundreds (the dense workspace 500): past 64 the index pays.
 */
export const WORD_INDEX_AFTER = 64;

/**
 * Parsed files and analyses for one workspace. Each file is parsed once per text; analyses are
 * cached until the file or a file it depends on (an imported constant) changes.
 */
export class Project {
  /** `since`: an edited buffer's text when the tool cache last read it, and the one span changed since (found once per edit). */
  private readonly sources = new Map<string, { text: string; sourceFile: ts.SourceFile | undefined; error?: string; since?: TextSince }>();
  private readonly analyses = new Map<string, FileAnalysis>();
  /**
   * What the engine caches against each file's trees (syntax/file-index.ts): one index per path, carried from each
   * version of its tree to the next, cleared when the tree goes (released, forgotten).
   */
  private readonly indexes = new Map<string, FileIndex>();
  /** Tools and rule reports per statement of the files analysed last, reused after an edit (see tool-cache.ts). */
  private readonly toolCache = new ToolCache();
  /** Files whose text was given (setFileText): editor buffers. */
  private readonly buffers = new Set<string>();

  constructor(
    private readonly host: FileHost = diskHost,
    private options: EngineOptions = {},
  ) {}

  private files: readonly string[] = [];
  private fileSet: ReadonlySet<string> = new Set();

  /** Import specifiers → files: relative paths, tsconfig paths, workspace packages (configs read through the host). */
  private readonly modules = new ModuleResolver({
    readFile: (path) => this.host.readFile(path),
    exists: (path) => this.getSourceFile(path) !== undefined,
    inProject: (path) => this.fileSet.has(path),
  });

  resolveModule(fromFile: string, specifier: string): string | undefined {
    return this.modules.resolve(fromFile, specifier);
  }

  /** Which project files import which (texts scanned, never parsed: a file counts as existing when it can be read). */
  private readonly graph = new ImportGraph({
    readText: (path) => this.projectText(path),
    parsed: (path) => this.sources.get(path)?.sourceFile,
    resolve: (fromFile, specifier) => this.modules.resolve(fromFile, specifier, (path) => this.fileSet.has(path) || this.projectText(path) !== undefined),
    files: () => this.files,
  });

  /**
   * Files whose analysis may find tools located in `path` although `path` registers none: the files that may
   * register tools (the text test) among those it imports and those importing it, transitively (a definition
   * module gathered by an index that a server registers, a subclass whose base class registers).
   */
  registeringFilesAround(path: string, limit = 200): string[] {
    const cached = this.around.get(path);
    if (cached && cached.version === this.graph.version) return cached.files;
    const around = [...this.graph.reachable(path, 'backward', limit), ...this.graph.reachable(path, 'forward', limit)];
    const files = [...new Set(around)].filter((file) => this.mayRegister(file));
    this.around.set(path, { version: this.graph.version, files });
    return files;
  }

  private readonly around = new Map<string, { version: number; files: string[] }>();
  private readonly registers = new Map<string, { text: string; may: boolean }>();

  /** The text test of registration, once per text of a file. */
  private mayRegister(path: string): boolean {
    const text = this.projectText(path);
    if (text === undefined) return false;
    const known = this.registers.get(path);
    if (known && known.text === text) return known.may;
    const may = mayRegisterTools(text);
    this.registers.set(path, { text, may });
    return may;
  }


  /**
   * The workspace's source files. Whole-program questions (which classes extend a base class whose method
   * registers tools) search them; without them, only the files imports reach are known.
   */
  setProjectFiles(files: readonly string[]): void {
    this.files = files;
    this.fileSet = new Set(files);
    this.extendsIndex = undefined;
    this.wordIndex = undefined;
    this.mentions.clear();
    this.graph.clear();
    this.dropAnalyses();
  }

  projectFiles(): readonly string[] {
    return this.files;
  }

  /** Base class name → files that write `extends Name` (or `extends ns.Name`), from the text alone, built once. */
  private extendsIndex: Map<string, string[]> | undefined;

  private readonly texts = new Map<string, string | undefined>();

  /** Word → project files whose text has it as a whole word, in project order; built once searches add up. */
  private wordIndex: Map<string, string[]> | undefined;
  /**
   * Answers since the project files last changed, by name: every file that declares a wrapper of the same name asks
   * for it (the sparse bench workspace asked one name 22 times). Past WORD_INDEX_AFTER names, one index answers the rest.
   */
  private readonly mentions = new Map<string, readonly string[]>();

  /** Project files whose text has `name` as a whole word (read once each, never parsed here). */
  filesMentioning(name: string): readonly string[] {
    let files = this.mentions.get(name);
    if (!files) {
      files = this.searchMentions(name);
      this.mentions.set(name, files);
    }
    return files;
  }

  private searchMentions(name: string): readonly string[] {
    // A run asks once per exported wrapper (hundreds on a large project): scanning every text each time was
    // quadratic. An edit in the editor drops the index; the few searches after it scan.
    if (!WORD.test(name)) return this.files.filter((file) => this.projectText(file)?.includes(name));
    if (this.wordIndex || this.mentions.size >= WORD_INDEX_AFTER) return (this.wordIndex ??= this.buildWordIndex()).get(name) ?? [];
    // The same answer as the index gives (a whole word), whichever thread or edit asks.
    const whole = new RegExp(`(?<![\\w$\\u0080-\\uffff])${name.replace(/\$/g, '\\$')}(?![\\w$\\u0080-\\uffff])`);
    return this.files.filter((file) => {
      const text = this.projectText(file);
      return text !== undefined && text.includes(name) && whole.test(text);
    });
  }

  private projectText(file: string): string | undefined {
    const text = this.sources.get(file)?.text;
    if (text !== undefined) return text;
    if (!this.texts.has(file)) this.texts.set(file, this.host.readFile(file));
    return this.texts.get(file);
  }

  /** Callers are found by their identifiers, so a name inside a longer word (`fooBar` for `foo`) is no mention. */
  private buildWordIndex(): Map<string, string[]> {
    const index = new Map<string, string[]>();
    for (const file of this.files) {
      const text = this.projectText(file);
      if (text === undefined) continue;
      for (const word of text.split(NON_WORD)) {
        if (word === '') continue;
        const list = index.get(word);
        if (!list) index.set(word, [file]);
        else if (list[list.length - 1] !== file) list.push(file);
      }
    }
    return index;
  }

  /**
   * Project files that may import `name` under a local name of their own (`import { name as x }`, `const { name: x }
   * = require(…)`): a text test over the files that mention it (no file is parsed).
   */
  filesAliasing(name: string): readonly string[] {
    if (!WORD.test(name)) return [];
    const alias = new RegExp(`(?<![\\w$])${name.replace(/\$/g, '\\$')}\\s*(?:\\bas\\s|:)\\s*[\\w$]`);
    return this.filesMentioning(name).filter((file) => alias.test(this.projectText(file) ?? ''));
  }

  /** Project files that may declare a subclass of a class named `name` (a cheap text index; no file is parsed). */
  filesExtending(name: string): readonly string[] {
    if (!this.extendsIndex) {
      this.extendsIndex = new Map();
      for (const file of this.files) {
        const text = this.projectText(file);
        if (text === undefined || !text.includes('extends')) continue;
        // A base class imported under a name of its own (`import { Base as B }`, `const { Base: B } = require(…)`) is
        // extended under that name: the file is listed under the imported name too.
        const imported = new Map<string, string[]>();
        for (const alias of text.matchAll(/\b([\w$]+)\s*(?:\bas\b|:)\s*([\w$]+)\s*[,}]/g)) imported.set(alias[2], [...(imported.get(alias[2]) ?? []), alias[1]]);
        for (const match of text.matchAll(/\bextends\s+(?:[\w$]+\.)*([\w$]+)/g)) {
          for (const name of [match[1], ...(imported.get(match[1]) ?? [])]) {
            const list = this.extendsIndex.get(name) ?? [];
            if (!list.includes(file)) list.push(file);
            this.extendsIndex.set(name, list);
          }
        }
      }
    }
    return this.extendsIndex.get(name) ?? [];
  }

  setOptions(options: EngineOptions): void {
    this.options = options;
    this.dropAnalyses();
  }

  /** Every analysis is stale (settings, the file list, what imports name): so is what any of them cached. */
  private dropAnalyses(): void {
    this.analyses.clear();
    this.toolCache.clear();
    for (const index of this.indexes.values()) index.newAnalysis();
  }

  /** The file index of `path`'s trees, made when its first tree is. */
  private fileIndex(path: string): FileIndex {
    let index = this.indexes.get(path);
    if (!index) this.indexes.set(path, (index = new FileIndex()));
    return index;
  }

  /** A tree of `path` parsed from its whole text: the next version of the file, carrying its index. */
  private parsed(path: string, parsed: { sourceFile: ts.SourceFile | undefined; error?: string }): { sourceFile: ts.SourceFile | undefined; error?: string } {
    if (parsed.sourceFile) {
      const index = this.fileIndex(path);
      index.newVersion();
      attachFileIndex(parsed.sourceFile, index);
    }
    return parsed;
  }

  /** The tree for `text` made from `previous`: re-parsed (which carries the file's index to it, incremental.ts), else parsed whole. */
  private reparsed(path: string, previous: ts.SourceFile, previousText: string, text: string, change: ts.TextChangeRange): { sourceFile: ts.SourceFile | undefined; error?: string } {
    if (!isYamlFile(path)) {
      try {
        return { sourceFile: reparse(previous, previousText, text, change) };
      } catch {
        // parsed whole below
      }
    }
    return this.parsed(path, safeParse(path, text));
  }

  /** `path`'s tree is gone: so is what was cached against it (a tree still held elsewhere keeps an empty index). */
  private dropFileIndex(path: string): void {
    this.indexes.get(path)?.clear();
    this.indexes.delete(path);
  }

  getOptions(): EngineOptions {
    return this.options;
  }

  /** Use this text for `path` (an open editor buffer) instead of asking the host; `edit`: the span changed, when the editor said. */
  setFileText(path: string, text: string, edit?: TextSince): void {
    const cached = this.sources.get(path);
    if (cached && cached.text === text) return;
    this.buffers.add(path);
    // Small edits of a large buffer reuse the unchanged parts of the previous tree (whose new nodes copy the
    // strings they cut from the text, so no version's text outlives the next: incremental.ts).
    // The editor's span holds when it starts from this text (the same string: one pointer comparison).
    const change = !cached ? undefined : edit && edit.text === cached.text ? edit.change : textChangeRange(cached.text, text);
    const since: TextSince | undefined = cached && change ? (cached.since ? { text: cached.since.text, change: ts.collapseTextChangeRangesAcrossMultipleVersions([cached.since.change, change]) } : { text: cached.text, change }) : undefined;
    if (cached?.sourceFile && change) this.sources.set(path, { text, ...this.reparsed(path, cached.sourceFile, cached.text, text, change), since });
    else this.sources.set(path, { text, ...this.parsed(path, safeParse(path, text)), since });
    this.invalidate(path);
  }

  /** Forget what is known about `path` (changed or deleted on disk); returns the files whose analysis is now stale. */
  invalidate(path: string): string[] {
    // A changed file may add or remove a subclass anywhere.
    if (this.fileSet.has(path)) {
      this.extendsIndex = undefined;
      this.wordIndex = undefined;
      this.mentions.clear();
    }
    this.texts.delete(path);
    this.releasedCalls.delete(path);
    if (isResolutionConfig(path)) {
      // A package.json, tsconfig or workspace file may change what any import names: every analysis is stale.
      this.modules.clear();
      this.graph.clear();
      const stale = [...this.analyses.keys()];
      this.dropAnalyses();
      return stale;
    }
    // What any analysis cached may have read this file: every file index starts its analysis facts again (its node
    // and tree facts read only its own tree, which stays).
    for (const index of this.indexes.values()) index.newAnalysis();
    this.graph.invalidate(path);
    const dependents = this.dependentsOf(path);
    // A file's own edit is what the tool cache reuses around; a file it read changing is not.
    for (const file of dependents) this.toolCache.drop(file);
    const stale = [path, ...dependents];
    for (const file of stale) this.analyses.delete(file);
    return stale;
  }

  /** Drop the cached text of `path` so the host is asked again. */
  forget(path: string): string[] {
    this.sources.delete(path);
    this.dropFileIndex(path);
    this.buffers.delete(path);
    this.toolCache.drop(path);
    return this.invalidate(path);
  }

  /** Files whose last analysis read `path`. */
  dependentsOf(path: string): string[] {
    const out: string[] = [];
    for (const analysis of this.analyses.values()) {
      // A listed folder is a dependency too: a file added to or removed from it changes the listing.
      if (analysis.file !== path && (analysis.dependencies.includes(path) || analysis.dependencies.includes(dirname(path)))) out.push(analysis.file);
    }
    return out;
  }

  /** The parsed file, or undefined when it cannot be read. */
  getSourceFile(path: string): ts.SourceFile | undefined {
    const cached = this.sources.get(path);
    if (cached) return cached.sourceFile;
    // A project file's text read for a text search is not read again (a run reads each file once).
    const text = this.texts.get(path) ?? this.host.readFile(path);
    if (text === undefined) return undefined;
    const parsed = this.parsed(path, safeParse(path, text));
    this.sources.set(path, { text, ...parsed });
    this.texts.delete(path);
    return parsed.sourceFile;
  }

  listDirectory(path: string): string[] | undefined {
    return (this.host.listDirectory ?? listDiskDirectory)(path);
  }

  getText(path: string): string | undefined {
    // A released file's text is kept: reading it needs no tree.
    const released = this.sources.has(path) ? undefined : this.texts.get(path);
    if (released !== undefined) return released;
    if (!this.sources.has(path)) this.getSourceFile(path);
    return this.sources.get(path)?.text;
  }

  /**
   * A run that has reported `path` keeps only its text: its tree, its analysis and what evidence and evaluation
   * cached on them (weakly, per tree) can go, so they do not pile up in the old generation over a large run. A
   * later question about the file parses it again. Never for an editor's buffer.
   */
  release(path: string): void {
    const cached = this.sources.get(path);
    if (!cached || this.buffers.has(path)) return;
    this.analyses.delete(path);
    this.sources.delete(path);
    this.texts.set(path, cached.text);
    // Another file's wrapper search asks which names it calls (the sparse bench workspace parsed 10 files twice).
    const names = cached.sourceFile && listedCallNames(cached.sourceFile);
    if (names) this.releasedCalls.set(path, names);
    this.dropFileIndex(path);
  }

  /** Names called by released files whose calls were listed: reading them needs no tree. */
  private readonly releasedCalls = new Map<string, ReadonlySet<string>>();

  mayCallName(path: string, name: string): boolean {
    return this.releasedCalls.get(path)?.has(name) ?? true;
  }

  analyzeFile(path: string): FileAnalysis {
    const cached = this.analyses.get(path);
    if (cached) return cached;
    const analysis = this.computeAnalysis(path);
    this.analyses.set(path, analysis);
    return analysis;
  }

  private computeAnalysis(path: string): FileAnalysis {
    const sourceFile = this.getSourceFile(path);
    if (!sourceFile) {
      const parseError = this.sources.get(path)?.error;
      const error = parseError ?? 'cannot read file';
      const text = this.sources.get(path)?.text ?? '';
      const loc = { file: path, start: 0, end: Math.min(text.indexOf('\n') === -1 ? text.length : text.indexOf('\n'), 200) };
      const finding: Finding = { rule: parseError ? ANALYSIS_FAILED : UNREADABLE_FILE, severity: 'error', message: `File not analysed: ${error}.`, loc, tool: null, fixes: [] };
      return { file: path, tools: [], sites: [], servers: [], findings: withSettings([finding], this.options), dependencies: [], error };
    }
    // What the last analysis of the file cached (its tools' contracts, facts read from other files) starts again.
    this.fileIndex(path).newAnalysis();
    const dependencies = new Set<string>();
    // Only an editor's buffers are re-analysed after small edits; a file read from the host is analysed once.
    const source = this.sources.get(path);
    const reuse = this.buffers.has(path) ? this.toolCache.begin(sourceFile, (file) => this.getSourceFile(file), source?.since) : undefined;
    if (source) source.since = undefined;
    const { tools, sites } = findTools(this, sourceFile, dependencies, reuse);
    const servers = serverConstructions(sourceFile);
    // Rules read other files too (handlers and helpers for evidence): they are dependencies as much as imports are.
    const ruleFindings = runRules(
      tools,
      sourceFile,
      this.options,
      knownFindingIds(),
      (file) => {
        dependencies.add(file);
        return this.getSourceFile(file);
      },
      reuse,
      sites,
    );
    // What the reused results read the last time is still read.
    for (const file of reuse?.reusedDependencies ?? []) dependencies.add(file);
    dependencies.delete(path);
    if (reuse) this.toolCache.finish(reuse, [...dependencies]);
    const findings: Finding[] = withSettings(ruleFindings, this.options);
    markSharedFixes(findings, tools);
    markGeneratedFixes(findings, (file) => this.getText(file));
    dependencies.delete(path);
    return { file: path, tools, sites, servers, findings, dependencies: [...dependencies] };
  }
}

export { ANALYSIS_FAILED, UNREADABLE_FILE };

/** TypeScript's recursive-descent parser overflows the stack on absurd nesting: report it, never throw. */
function safeParse(path: string, text: string): { sourceFile: ts.SourceFile | undefined; error?: string } {
  try {
    // A YAML data file a project reads (never analysed itself): its values, located in its text.
    if (isYamlFile(path)) {
      const sourceFile = parseYamlSource(path, text);
      return sourceFile ? { sourceFile } : { sourceFile: undefined, error: 'the YAML does not parse' };
    }
    return { sourceFile: parseSource(path, text) };
  } catch (error) {
    const why = error instanceof RangeError ? 'the code is nested too deeply to parse' : `the parser failed (${error instanceof Error ? error.message : String(error)})`;
    return { sourceFile: undefined, error: why };
  }
}

/** Analyse one text on its own (tests, the LSP for unsaved buffers). Imports are read from disk. */
export function analyzeText(text: string, path = '/virtual/server.ts', options: EngineOptions = {}, host: FileHost = diskHost): FileAnalysis {
  const project = new Project(host, options);
  project.setFileText(path, text);
  return project.analyzeFile(path);
}
