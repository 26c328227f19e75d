// Findings -> LSP diagnostics, delivered by push (publishDiagnostics, debounced per document) or pull
// (textDocument/diagnostic). A client that pulls gets no pushed copies: vscode-languageclient would show both.

import {
  DiagnosticSeverity,
  DiagnosticTag,
  type Connection,
  type Diagnostic,
  type DiagnosticRelatedInformation,
} from 'vscode-languageserver/node';
import type { FileAnalysis, Finding, Loc, Severity, Tool } from '../engine';
import { findingDocUrl } from '../engine';
import { effectiveSeverity, type Settings } from './settings';
import type { Workspace } from './workspace';

export const SOURCE = 'mcp-hints';
const DEBOUNCE_MS = 150;


const SEVERITY: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  info: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

/** Findings of one analysis that are enabled by the settings, with their configured severity. */
export function enabledFindings(analysis: FileAnalysis, settings: Settings): { finding: Finding; severity: Severity }[] {
  if (!settings.enable) return [];
  const out: { finding: Finding; severity: Severity }[] = [];
  for (const finding of analysis.findings) {
    const severity = effectiveSeverity(settings, finding.rule, finding.severity);
    if (severity) out.push({ finding, severity });
  }
  return out;
}

/**
 * Where a finding shows in `file`: its own location, or, when that is in another file (an imported
 * annotations constant), the tool's registration here.
 */
function anchorIn(finding: Finding, file: string, tools: readonly Tool[]): Loc | null {
  if (finding.loc.file === file) return finding.loc;
  const tool = tools.find((t) => t.id === finding.toolId);
  if (tool?.nameLoc.file === file) return tool.nameLoc;
  if (tool?.loc.file === file) return tool.loc;
  return null;
}

export function toDiagnostic(finding: Finding, severity: Severity, workspace: Workspace, file: string, tools: readonly Tool[] = []): Diagnostic {
  const anchor = anchorIn(finding, file, tools);
  const range = anchor ? workspace.locToRange(anchor) : { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
  const diagnostic: Diagnostic = {
    range,
    severity: SEVERITY[severity],
    code: finding.rule,
    codeDescription: { href: findingDocUrl(finding.rule) },
    source: SOURCE,
    message: finding.message,
  };
  const related = [...(finding.related ?? [])];
  if (anchor !== finding.loc) related.unshift({ loc: finding.loc, message: 'The problem is here.' });
  if (related.length) {
    diagnostic.relatedInformation = related.map(
      (r): DiagnosticRelatedInformation => ({
        location: { uri: workspace.uriOf(r.loc.file), range: workspace.locToRange(r.loc) },
        message: r.message,
      }),
    );
  }
  const tags: DiagnosticTag[] = [];
  if (finding.tags?.includes('unnecessary')) tags.push(DiagnosticTag.Unnecessary);
  if (finding.tags?.includes('deprecated')) tags.push(DiagnosticTag.Deprecated);
  if (tags.length) diagnostic.tags = tags;
  return diagnostic;
}

export function diagnosticsFor(analysis: FileAnalysis, settings: Settings, workspace: Workspace): Diagnostic[] {
  return enabledFindings(analysis, settings).map(({ finding, severity }) => toDiagnostic(finding, severity, workspace, analysis.file, analysis.tools));
}

/** Schedules diagnostics: debounced pushes for push clients, refresh requests for pull clients. */
export class DiagnosticsScheduler {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  /** How long the last analysis of each document took (ms). */
  private readonly lastDuration = new Map<string, number>();
  private refreshTimer: NodeJS.Timeout | undefined;
  pullMode = false;
  refreshSupported = false;

  constructor(
    private readonly connection: Connection,
    private readonly compute: (uri: string) => Promise<{ version: number; diagnostics: Diagnostic[] } | undefined>,
    private readonly currentVersion: (uri: string) => number | undefined,
    private readonly log: (message: string) => void,
  ) {}

  /** A document opened or changed. */
  schedule(uri: string, delay?: number): void {
    if (this.pullMode) return; // the client pulls after each change
    // A file whose analysis is slow waits longer for typing to pause, so keystrokes are not queued behind it.
    delay ??= Math.min(1000, Math.max(DEBOUNCE_MS, this.lastDuration.get(uri) ?? 0));
    const existing = this.timers.get(uri);
    if (existing) clearTimeout(existing);
    this.timers.set(
      uri,
      setTimeout(() => {
        this.timers.delete(uri);
        void this.publish(uri);
      }, delay),
    );
  }

  /** Other documents went stale (a file they import changed, or the settings changed). */
  refresh(uris: string[]): void {
    if (!this.pullMode) {
      for (const uri of uris) this.schedule(uri);
      return;
    }
    if (!this.refreshSupported) return;
    if (this.refreshTimer) clearTimeout(this.refreshTimer);
    this.refreshTimer = setTimeout(() => {
      this.refreshTimer = undefined;
      this.connection.languages.diagnostics.refresh().catch((e: unknown) => this.log(`diagnostic refresh failed: ${String(e)}`));
    }, DEBOUNCE_MS);
  }

  closed(uri: string): void {
    this.lastDuration.delete(uri);
    const timer = this.timers.get(uri);
    if (timer) clearTimeout(timer);
    this.timers.delete(uri);
    if (!this.pullMode) void this.connection.sendDiagnostics({ uri, diagnostics: [] });
  }

  private async publish(uri: string): Promise<void> {
    try {
      const started = performance.now();
      const result = await this.compute(uri);
      this.lastDuration.set(uri, performance.now() - started);
      // Dropped when the document closed or changed meanwhile: a newer run is already scheduled.
      if (!result || this.currentVersion(uri) !== result.version) return;
      await this.connection.sendDiagnostics({ uri, version: result.version, diagnostics: result.diagnostics });
    } catch (e) {
      this.log(`diagnostics for ${uri} failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
    }
  }
}
