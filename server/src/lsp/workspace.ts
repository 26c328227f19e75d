// The server's view of files: open documents (TextDocuments) over the disk, one engine Project,
// URI <-> path mapping and offset <-> position conversion.

import { fileURLToPath, pathToFileURL } from 'node:url';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Range, TextDocuments } from 'vscode-languageserver/node';
import type { FileAnalysis, Loc } from '../engine/model';
import type { EngineOptions } from '../engine/options';
import { diskHost, Project, type FileHost } from '../engine/project';
import type { ReviewRecords } from './review';

const EXTENSION_BY_LANGUAGE: Record<string, string> = {
  typescript: '.ts',
  typescriptreact: '.tsx',
  javascript: '.js',
  javascriptreact: '.jsx',
};

/** Versions of a document re-parsed incrementally before a full parse (see Workspace.sync); 32 keeps p95 of edits incremental. */
export const FULL_PARSE_EVERY = 32;

export class Workspace {
  readonly project: Project;
  private readonly uriByPath = new Map<string, string>();
  private readonly pathByUri = new Map<string, string>();
  /** Document version last given to the project, per URI. */
  private readonly syncedVersion = new Map<string, number>();
  /** Texts given to the project since its last full parse of the document, per URI (see sync). */
  private readonly reparsesSinceFullParse = new Map<string, number>();
  /** TextDocuments for files that are not open, to convert offsets (keyed by path, rebuilt when the text changes). */
  private readonly closedDocs = new Map<string, TextDocument>();

  constructor(
    readonly documents: TextDocuments<TextDocument>,
    /** Called with open-document URIs whose analysis went stale because a file they read changed. */
    private readonly onDependentsStale: (uris: string[]) => void,
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
    this.syncedVersion.set(uri, doc.version);
    if (this.project.getText(path) === text) {
      // Opened with the text on disk (already read as someone's import): nothing changed.
      this.project.setFileText(path, text);
      return;
    }
    // Ask before setFileText: it drops the dependents' analyses, after which they cannot be found.
    const dependents = this.project.dependentsOf(path);
    // An incremental re-parse keeps the old tree's nodes outside the edit, and their token strings are
    // V8 slices of the text they were parsed from: every version's whole text stays alive while one
    // of its nodes does (memory grew ~0.5 MB per edit of a 550 kB file). A full parse every
    // FULL_PARSE_EVERY versions lets the old texts go, at the cost of one slower edit in that many.
    const reparses = (this.reparsesSinceFullParse.get(uri) ?? 0) + 1;
    if (reparses >= FULL_PARSE_EVERY) this.project.forget(path);
    this.reparsesSinceFullParse.set(uri, reparses >= FULL_PARSE_EVERY ? 0 : reparses);
    this.project.setFileText(path, text);
    this.notifyStale(dependents);
  }

  /** A document was closed: go back to the disk's text and refresh whatever depended on the buffer. */
  closed(uri: string): void {
    this.syncedVersion.delete(uri);
    this.reparsesSinceFullParse.delete(uri);
    const path = this.pathByUri.get(uri);
    if (!path) return;
    this.notifyStale(this.project.forget(path).filter((p) => p !== path));
  }

  /** A file changed on disk (watched files): re-read it unless it is open. */
  changedOnDisk(uri: string): void {
    const path = this.pathOf(uri);
    this.closedDocs.delete(path);
    if (this.isOpen(path)) return;
    this.notifyStale(this.project.forget(path));
  }

  private notifyStale(paths: string[]): void {
    const uris = paths.filter((p) => this.isOpen(p)).map((p) => this.uriOf(p));
    if (uris.length > 0) this.onDependentsStale(uris);
  }

  /** Give the project every open document's current text (an analysis may read any of them). */
  syncAll(): void {
    for (const doc of this.documents.all()) this.sync(doc.uri);
  }

  /** Analysis of an open document at its current version. */
  analyze(uri: string): FileAnalysis | undefined {
    const doc = this.documents.get(uri);
    if (!doc) return undefined;
    this.syncAll();
    const path = this.pathOf(uri, doc.languageId);
    if (this.review?.ensure(path)) this.applyOptions();
    return this.project.analyzeFile(path);
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
