// The review record in the editor: records loaded per project root (the same engine functions as the CLI), a
// record that does not parse shown as a diagnostic on the record itself, "Approve current contract" quick fixes and
// the approve commands (explicit user actions: the only way the server writes the record).
import { basename, dirname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CodeActionKind, DiagnosticSeverity, type CodeAction, type Diagnostic, type Range } from 'vscode-languageserver/node';
import { discoverFiles, guardedAnalyze } from '../engine';
import type { Finding, Severity } from '../engine';
import type { LoadedRecord, ReviewOptions } from '../engine';
import type { Project } from '../engine';
import { toolContract, type Contract } from '../engine';
import { approveInRecord, loadRecord, projectRootOf, recordOf, type ApproveResult, type RecordLoad } from '../engine';
import { RECORD_FILE_NAME } from '../engine';
import { relativeTo } from '../engine';

export const APPROVE_TOOL_COMMAND = 'mcp-hints.approveTool';
export const APPROVE_ALL_COMMAND = 'mcp-hints.approveAll';
export const REVIEW_RULES = new Set(['annotation-drift', 'safety-weakened', 'unapproved']);

export interface ApproveToolArgs {
  uri: string;
  /** The tool's name as registered. */
  name: string;
}

export class ReviewRecords {
  private readonly loads = new Map<string, RecordLoad>();
  private options: ReviewOptions = { records: [] };

  constructor(
    private readonly folders: () => string[],
    /** Shows (or clears, with null) the problem of a record that does not parse. */
    private readonly reportProblem: (recordUri: string, diagnostic: Diagnostic | null) => void,
  ) {}

  /** The folder whose record governs `path`: the workspace folder holding it is the fallback. */
  rootOf(path: string): string {
    const folder = this.folderOf(path);
    return projectRootOf(path, folder ?? dirname(path), folder);
  }

  private folderOf(path: string): string | undefined {
    return this.folders().filter((f) => relativeTo(f, path) !== undefined).sort((a, b) => b.length - a.length)[0];
  }

  /** Loads the record governing `path` if it was not read yet; true when the records in force changed. */
  ensure(path: string): boolean {
    const folder = this.folderOf(path);
    const { root, load } = recordOf(path, folder ?? dirname(path), folder, this.loads);
    if (this.loads.has(root)) return false;
    this.loads.set(root, load);
    this.publish(load);
    // Only a record that parses changes what is compared; keeping the same options object otherwise keeps every
    // analysis (and the dependencies the server refreshes by).
    if (load.status !== 'ok') return false;
    this.rebuild();
    return true;
  }

  /** Reads the record of `root` again (it changed on disk, or the server wrote it); true when the records changed. */
  reload(root: string): boolean {
    const before = JSON.stringify(this.loads.get(root) ?? null);
    const load = loadRecord(root);
    this.loads.set(root, load);
    this.publish(load, true);
    const changed = JSON.stringify(load) !== before;
    if (changed) this.rebuild();
    return changed;
  }

  /** Shows a record's problem, or clears it (`always`: also for a record that is gone, e.g. deleted after a conflict). */
  private publish(load: RecordLoad, always = false): void {
    if (always || load.status !== 'absent') this.reportProblem(pathToFileURL(load.path).href, load.status === 'error' ? problemDiagnostic(load) : null);
  }

  private rebuild(): void {
    const records: LoadedRecord[] = [];
    for (const [recordRoot, loaded] of this.loads) if (loaded.status === 'ok') records.push({ root: recordRoot, entries: loaded.record.entries });
    this.options = { records: records.sort((a, b) => (a.root < b.root ? -1 : 1)) };
  }

  /** A watched file changed: true when it is a record this server reads (it was reloaded). */
  changed(path: string): boolean {
    if (basename(path) !== RECORD_FILE_NAME) return false;
    const root = dirname(path);
    // A new record may take over folders that fell back to another root: forget every root and read again lazily.
    if (!this.loads.has(root)) {
      this.loads.clear();
      this.options = { records: [] };
      return true;
    }
    return this.reload(root);
  }

  current(): ReviewOptions {
    return this.options;
  }

  /** Approves the contracts; groups them by root and writes each record atomically. */
  approve(contracts: Contract[], analysedFiles: string[]): ApproveResult[] {
    const byRoot = new Map<string, { contracts: Contract[]; files: string[] }>();
    const group = (root: string) => byRoot.get(root) ?? byRoot.set(root, { contracts: [], files: [] }).get(root)!;
    for (const contract of contracts) group(this.rootOf(contract.file)).contracts.push(contract);
    for (const file of analysedFiles) group(this.rootOf(file)).files.push(file);
    const results: ApproveResult[] = [];
    for (const [root, { contracts: approved, files }] of byRoot) {
      results.push(approveInRecord(root, approved, files, approved.length === 0));
      this.reload(root);
    }
    return results;
  }
}

function problemDiagnostic(load: Extract<RecordLoad, { status: 'error' }>): Diagnostic {
  const position = { line: load.error.line - 1, character: load.error.column - 1 };
  return {
    range: { start: position, end: { line: position.line, character: Number.MAX_SAFE_INTEGER } },
    severity: DiagnosticSeverity.Error,
    source: 'mcp-hints',
    message: `${RECORD_FILE_NAME} cannot be read: ${load.error.message}. Until it is fixed the tools are not compared with it, and it is never rewritten.`,
  };
}

/** "Approve current contract" for each review finding under the cursor. */
export function approveActions(uri: string, range: Range, findings: { finding: Finding; severity: Severity; diagnostic: Diagnostic }[]): CodeAction[] {
  const before = (p: Range['start'], q: Range['start']) => p.line < q.line || (p.line === q.line && p.character < q.character);
  const actions: CodeAction[] = [];
  const seen = new Set<string>();
  for (const { finding, diagnostic } of findings) {
    if (!REVIEW_RULES.has(finding.rule) || finding.tool === null) continue;
    if (before(diagnostic.range.end, range.start) || before(range.end, diagnostic.range.start)) continue;
    if (seen.has(finding.tool)) continue;
    seen.add(finding.tool);
    const args: ApproveToolArgs = { uri, name: finding.tool };
    actions.push({
      title: `Approve current contract of "${finding.tool}"`,
      kind: CodeActionKind.QuickFix,
      diagnostics: [diagnostic],
      command: { title: 'Approve current contract', command: APPROVE_TOOL_COMMAND, arguments: [args] },
    });
  }
  return actions;
}

/** Contracts of the named tools in `files` (analysed through the project: open buffers win over the disk). */
export function contractsIn(project: Project, files: string[], name?: string): Contract[] {
  const contracts: Contract[] = [];
  for (const file of files) {
    const analysis = guardedAnalyze(project, file);
    const sf = project.getSourceFile(file);
    if (!sf) continue;
    for (const tool of analysis.tools) {
      if (tool.name === null || (name !== undefined && tool.name !== name)) continue;
      const detail = toolContract(tool, { registrationSf: sf, sourceFileOf: (path) => project.getSourceFile(path) });
      if (detail) contracts.push(detail.contract);
    }
  }
  return contracts;
}

/** Every file of the workspace folders that approve-all reads. */
export function workspaceFiles(folders: string[]): string[] {
  const out = new Set<string>();
  for (const folder of folders) for (const file of discoverFiles([folder], folder).files) out.add(resolve(file));
  return [...out].sort();
}
