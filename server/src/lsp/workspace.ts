// The server's view of files: open documents (TextDocuments) over the disk, one engine Project,
// URI <-> path mapping and offset <-> position conversion.

import { dirname, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Range, TextDocumentContentChangeEvent, TextDocuments, TextDocumentsConfiguration } from 'vscode-languageserver/node';
import type { TextSince } from '../engine';
import type { FileAnalysis, Finding, Loc, Tool } from '../engine';
import type { EngineOptions } from '../engine';
import { diskHost, fileLineMention, fileMention, Project, projectFindings, type FileHost } from '../engine';
import type { ReviewRecords } from './review';

const EXTENSION_BY_LANGUAGE: Record<string, string> = {
  typescript: '.ts',
  typescriptreact: '.tsx',
  javascript: '.js',
  javascriptreact: '.jsx',
};

/**
 * TextDocument's create and update for TextDocuments, noting the span each edit changed (the client sends it):
 * the project then need not compare two versions of a large file to find it. Edits since the project last took
 * a document's text collapse into one span.
 */
export class EditSpans implements TextDocumentsConfiguration<TextDocument> {
  private readonly spans = new Map<string, TextSince & { to: string }>();

  create(uri: string, languageId: string, version: number, content: string): TextDocument {
    this.spans.delete(uri);
    return TextDocument.create(uri, languageId, version, content);
  }

  update(document: TextDocument, changes: TextDocumentContentChangeEvent[], version: number): TextDocument {
    const before = document.getText();
    // One ranged change is the common case; anything else is left to a comparison of the texts.
    const change = changes.length === 1 ? (changes[0] as { range?: Range; text: string }) : undefined;
    const start = change?.range && document.offsetAt(change.range.start);
    const span = change?.range && start !== undefined ? ts.createTextChangeRange(ts.createTextSpan(start, document.offsetAt(change.range.end) - start), change.text.length) : undefined;
    const updated = TextDocument.update(document, changes, version);
    const after = updated.getText();
    const pending = this.spans.get(document.uri);
    // A range the document read otherwise (reversed, past the end) is left to the comparison too.
    if (!span || span.span.length < 0 || after.length !== before.length - span.span.length + span.newLength) this.spans.delete(document.uri);
    else if (pending && pending.to === before) this.spans.set(document.uri, { text: pending.text, change: ts.collapseTextChangeRangesAcrossMultipleVersions([pending.change, span]), to: after });
    else this.spans.set(document.uri, { text: before, change: span, to: after });
    return updated;
  }

  /** A document closed: its texts are not kept. */
  forget(uri: string): void {
    this.spans.delete(uri);
  }

  /** The span changed since the project last took `uri`'s text, when it leads to `text`; forgotten once asked. */
  take(uri: string, text: string): TextSince | undefined {
    const pending = this.spans.get(uri);
    this.spans.delete(uri);
    return pending && pending.to === text ? { text: pending.text, change: pending.change } : undefined;
  }
}

export class Workspace {
  readonly project: Project;
  private readonly uriByPath = new Map<string, string>();
  private readonly pathByUri = new Map<string, string>();
  /** Document version last given to the project, per URI. */
  private readonly syncedVersion = new Map<string, number>();
  /** TextDocuments for files that are not open, to convert offsets (keyed by path, rebuilt when the text changes). */
  private readonly closedDocs = new Map<string, TextDocument>();
  /** The workspace's source files once listed (see setProjectFiles); undefined until then. */
  private listed: Set<string> | undefined;
  /** Per open file: its own analysis, the analyses of the files around it that register its tools, and the merge. */
  private readonly merged = new Map<string, { own: FileAnalysis; parts: FileAnalysis[]; result: FileAnalysis }>();
  /** The file whose analysis found a tool (its registration), for tools merged from other files. */
  private readonly registrationFiles = new WeakMap<Tool, string>();

  constructor(
    readonly documents: TextDocuments<TextDocument>,
    /** Called with open-document URIs whose analysis went stale because a file they read changed. */
    private readonly onDependentsStale: (uris: string[]) => void,
    private readonly editSpans?: EditSpans,
  ) {
    const host: FileHost = {
      readFile: (path) => {
        const uri = this.uriByPath.get(path);
        const open = uri ? this.documents.get(uri) : undefined;
        return open ? open.getText() : diskHost.readFile(path);
      },
    };
    this.project = new Project(host, {});
  }

  /** Options from the settings; the review records in force are added to them. */
  private baseOptions: EngineOptions = {};
  private review: ReviewRecords | undefined;

  setOptions(options: EngineOptions): void {
    this.baseOptions = options;
    this.applyOptions();
  }

  /** Compare tools with the review records (loaded lazily, per project root, as documents are analysed). */
  useReview(review: ReviewRecords): void {
    this.review = review;
    this.applyOptions();
  }

  /** The records changed (read again, or written by an approve command): every analysis is stale. */
  reviewChanged(): void {
    this.applyOptions();
  }

  private applyOptions(): void {
    const options: EngineOptions = this.review ? { ...this.baseOptions, review: this.review.current() } : this.baseOptions;
    const current = this.project.getOptions();
    // Records are compared by identity: ReviewRecords makes a new object whenever one changes.
    const { review: currentReview, ...currentBase } = current;
    const { review: nextReview, ...nextBase } = options;
    if (currentReview === nextReview && JSON.stringify(currentBase) === JSON.stringify(nextBase)) return;
    this.project.setOptions(options);
  }

  /** The absolute path the engine uses for a URI. Non-file documents get a stable virtual path with a fitting extension. */
  pathOf(uri: string, languageId?: string): string {
    const known = this.pathByUri.get(uri);
    if (known) return known;
    let path: string;
    if (uri.startsWith('file:')) {
      try {
        path = fileURLToPath(uri);
      } catch {
        path = '/' + encodeURIComponent(uri);
      }
    } else {
      const ext = EXTENSION_BY_LANGUAGE[languageId ?? ''] ?? '.ts';
      const name = uri.replace(/[^A-Za-z0-9._-]+/g, '_');
      path = `/__mcp_hints_virtual__/${name}${/\.[cm]?[jt]sx?$/.test(name) ? '' : ext}`;
    }
    this.pathByUri.set(uri, path);
    this.uriByPath.set(path, uri);
    return path;
  }

  uriOf(path: string): string {
    return this.uriByPath.get(path) ?? pathToFileURL(path).href;
  }

  isOpen(path: string): boolean {
    const uri = this.uriByPath.get(path);
    return uri !== undefined && this.documents.get(uri) !== undefined;
  }

  /** Give the project the document's current text (once per version). */
  sync(uri: string): void {
    const doc = this.documents.get(uri);
    if (!doc) return;
    if (this.syncedVersion.get(uri) === doc.version) return;
    const path = this.pathOf(uri, doc.languageId);
    const text = doc.getText();
    const since = this.editSpans?.take(uri, text);
    this.syncedVersion.set(uri, doc.version);
    if (this.project.getText(path) === text) {
      // Opened with the text on disk (already read as someone's import): nothing changed.
      this.project.setFileText(path, text);
      return;
    }
    // Ask before setFileText: it drops the dependents' analyses, after which they cannot be found.
    const dependents = this.project.dependentsOf(path);
    this.project.setFileText(path, text, since);
    this.notifyStale(dependents, path);
  }

  /** A document was closed: go back to the disk's text and refresh whatever depended on the buffer. */
  closed(uri: string): void {
    this.syncedVersion.delete(uri);
    this.editSpans?.forget(uri);
    const path = this.pathByUri.get(uri);
    if (!path) return;
    this.merged.delete(path);
    this.notifyStale(this.project.forget(path).filter((p) => p !== path));
  }

  /** A file changed on disk (watched files): re-read it unless it is open. */
  changedOnDisk(uri: string): void {
    const path = this.pathOf(uri);
    this.closedDocs.delete(path);
    if (this.isOpen(path)) return;
    this.notifyStale(this.project.forget(path));
  }

  /** Tell the client which open files to check again; `edited` (the document being typed in) is checked anyway. */
  private notifyStale(paths: string[], edited?: string): void {
    // An open file showing tools registered in a stale file is stale too (an edit to a server re-checks its catalogue).
    const changed = new Set(edited ? [...paths, edited] : paths);
    const stale = new Set(paths);
    for (const [path, { parts }] of this.merged) if (path !== edited && parts.some((part) => changed.has(part.file))) stale.add(path);
    const uris = [...stale].filter((p) => this.isOpen(p)).map((p) => this.uriOf(p));
    if (uris.length > 0) this.onDependentsStale(uris);
  }

  /**
   * The workspace's source files (listed at start-up, then kept current by file watching): whole-program questions
   * (subclasses, wrapper call sites, files that register an open file's tools) search them. Every analysis is redone.
   */
  setProjectFiles(files: readonly string[]): void {
    this.listed = new Set(files);
    this.merged.clear();
    this.project.setProjectFiles([...this.listed].sort());
  }

  isListed(path: string): boolean {
    return this.listed?.has(path) ?? false;
  }

  /** A source file was created or deleted on disk: the list changes (returns whether it did). */
  fileListChanged(path: string, present: boolean): boolean {
    if (!this.listed || this.listed.has(path) === present) return false;
    const next = new Set(this.listed);
    if (present) next.add(path);
    else next.delete(path);
    this.setProjectFiles([...next]);
    return true;
  }

  /** The file whose analysis found `tool` (its registration): `file` itself unless the tool was merged from elsewhere. */
  registrationFileOf(tool: Tool, file: string): string {
    return this.registrationFiles.get(tool) ?? file;
  }

  /** Give the project every open document's current text (an analysis may read any of them). */
  syncAll(): void {
    for (const doc of this.documents.all()) this.sync(doc.uri);
  }

  /** The document's own analysis (its own registrations only): the workspace report, which lists every file. */
  analyzeOwn(uri: string): FileAnalysis | undefined {
    const doc = this.documents.get(uri);
    if (!doc) return undefined;
    this.syncAll();
    const path = this.pathOf(uri, doc.languageId);
    if (this.review?.ensure(path)) this.applyOptions();
    return this.project.analyzeFile(path);
  }

  /** Analysis of an open document at its current version, with the tools other files register here. */
  analyze(uri: string): FileAnalysis | undefined {
    const doc = this.documents.get(uri);
    if (!doc) return undefined;
    this.syncAll();
    const path = this.pathOf(uri, doc.languageId);
    if (this.review?.ensure(path)) this.applyOptions();
    return this.withToolsFromAround(path, this.project.analyzeFile(path));
  }

  /**
   * A file may hold tools that other files register (a definition module an index gathers, a subclass whose base
   * class registers): the analyses of the registering files around it (imports and importers, once the workspace
   * is listed) add the tools located here and the findings located here.
   */
  private withToolsFromAround(path: string, own: FileAnalysis): FileAnalysis {
    if (!this.listed) return own;
    const parts = this.project.registeringFilesAround(path).map((file) => this.project.analyzeFile(file));
    const cached = this.merged.get(path);
    if (cached && cached.own === own && cached.parts.length === parts.length && cached.parts.every((part, i) => part === parts[i])) return cached.result;
    const tools = [...own.tools];
    const findings = [...own.findings];
    const seenTools = new Set(tools.map(toolKey));
    const seenFindings = new Set(findings.map(findingKey));
    const dependencies = new Set(own.dependencies);
    for (const part of parts) {
      dependencies.add(part.file);
      for (const dependency of part.dependencies) if (dependency !== path) dependencies.add(dependency);
      const here = part.tools.filter((tool) => tool.nameLoc.file === path && !seenTools.has(toolKey(tool)));
      for (const tool of here) {
        seenTools.add(toolKey(tool));
        this.registrationFiles.set(tool, part.file);
        tools.push(tool);
      }
      for (const finding of part.findings) {
        // A finding is shown in the file it is located in, never again where its tool is registered or named.
        if (finding.loc.file !== path || seenFindings.has(findingKey(finding))) continue;
        seenFindings.add(findingKey(finding));
        findings.push(finding);
      }
    }
    // A server created here, and no tool in this file nor in the files around it: said at the construction.
    const projectWide = own.servers.length > 0 ? projectFindings([own, ...parts.filter((part) => part.file !== path)], (loc) => this.mention(path, loc), this.project.getOptions()) : [];
    findings.push(...projectWide);
    const result: FileAnalysis = parts.length === 0 && projectWide.length === 0 ? own : { ...own, tools, findings, dependencies: [...dependencies] };
    this.merged.set(path, { own, parts, result });
    return result;
  }

  /** `src/tools.ts:12`, relative to the workspace folder, as `check` and every message name a place. */
  private mention(from: string, loc: Loc): string {
    return fileLineMention(fileMention(loc.file, from, this.project.getOptions().roots), this.locToRange(loc).start.line + 1);
  }

  /** A TextDocument for any file the engine knows (open buffer, or the engine's text of a closed file). */
  textDocument(path: string): TextDocument | undefined {
    const uri = this.uriByPath.get(path);
    const open = uri ? this.documents.get(uri) : undefined;
    if (open) return open;
    const text = this.project.getText(path);
    if (text === undefined) return undefined;
    const cached = this.closedDocs.get(path);
    if (cached && cached.getText() === text) return cached;
    const doc = TextDocument.create(this.uriOf(path), 'typescript', 0, text);
    this.closedDocs.set(path, doc);
    return doc;
  }

  /** Forget the offset-conversion copy of a closed file (the report scans many files once). */
  dropClosedDocument(path: string): void {
    this.closedDocs.delete(path);
  }

  locToRange(loc: Loc): Range {
    const doc = this.textDocument(loc.file);
    if (!doc) return { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
    return { start: doc.positionAt(loc.start), end: doc.positionAt(loc.end) };
  }
}

function toolKey(tool: Tool): string {
  return `${tool.nameLoc.file}:${tool.nameLoc.start}:${tool.name}`;
}

function findingKey(finding: Finding): string {
  return `${finding.rule}:${finding.loc.file}:${finding.loc.start}:${finding.loc.end}:${finding.message}`;
}
