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

/** A finding as shown in one file: at its own location, or at `at` when that is elsewhere and shown nowhere else. */
export interface ShownFinding {
  finding: Finding;
  severity: Severity;
  at?: Loc;
}

/**
 * The findings shown in the analysed file: those located in it, each once. A finding located in another file of the
 * workspace (the definition module of a tool this file registers) is shown there, by that file's analysis; one in a
 * file the workspace does not list (a package's, or with no folder open) is shown here, at the registration. A
 * finding several tools share (a typo in one constant they all read) is one problem.
 */
export function shownFindings(analysis: FileAnalysis, settings: Settings, workspace: Workspace): ShownFinding[] {
  const seen = new Set<string>();
  const out: ShownFinding[] = [];
  for (const shown of enabledFindings(analysis, settings)) {
    const { finding } = shown;
    let at: Loc | undefined;
    if (finding.loc.file !== analysis.file) {
      if (workspace.isListed(finding.loc.file)) continue;
      const tool = analysis.tools.find((t) => t.id === finding.toolId);
      at = tool && registrationAnchor(tool, analysis.file, workspace.textDocument(analysis.file)?.getText() ?? '');
      if (!at) continue;
    }
    const where = at ?? finding.loc;
    const key = `${finding.rule}:${where.start}:${where.end}:${finding.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(at ? { ...shown, at } : shown);
  }
  return out;
}

/** One line of `file` that names the tool: its name, its first argument, else the first line of the registration. */
function registrationAnchor(tool: Tool, file: string, text: string): Loc | undefined {
  const oneLine = (loc: Loc | undefined) => loc && loc.file === file && !text.slice(loc.start, loc.end).includes('\n');
  for (const loc of [tool.nameLoc, tool.callArgs?.[0]]) if (loc && oneLine(loc)) return loc;
  if (tool.loc.file !== file) return undefined;
  const newline = text.indexOf('\n', tool.loc.start);
  return { file, start: tool.loc.start, end: newline < 0 || newline > tool.loc.end ? tool.loc.end : newline };
}

export function toDiagnostic({ finding, severity, at }: ShownFinding, workspace: Workspace): Diagnostic {
  const diagnostic: Diagnostic = {
    range: workspace.locToRange(at ?? finding.loc),
    severity: SEVERITY[severity],
    code: finding.rule,
    codeDescription: { href: findingDocUrl(finding.rule) },
    source: SOURCE,
    message: finding.message,
  };
  // The evidence (a call that contradicts the claim, the constant that writes it), shown as links under the problem.
  const related = [...(at ? [{ loc: finding.loc, message: 'The problem is here.' }] : []), ...(finding.related ?? [])];
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
  return shownFindings(analysis, settings, workspace).map((shown) => toDiagnostic(shown, workspace));
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
