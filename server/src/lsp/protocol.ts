// Custom requests and notifications between the mcp-hints client (or a test/bench) and the server.
// Plain method names and shapes only: imported by both sides, so no runtime dependencies here.

import type { HintKey, HintValue, Severity } from '../engine';

export const ReportRequest = 'mcp-hints/report';
export const FileSummaryRequest = 'mcp-hints/fileSummary';
export const StatsRequest = 'mcp-hints/stats';

export interface LspRange {
  start: { line: number; character: number };
  end: { line: number; character: number };
}

export interface ReportFinding {
  rule: string;
  severity: Severity;
  message: string;
  range: LspRange;
}

export interface ReportTool {
  name: string | null;
  form: string;
  uri: string;
  /** The tool's name (or registration) in its file. */
  range: LspRange;
  effective: Record<HintKey, HintValue>;
  /** e.g. "read-only · closed-world". */
  profile: string;
  title: string | null;
  annotated: boolean;
  findings: ReportFinding[];
}

/** A registration whose tools cannot be listed without running the server (`unenumerated-tools`). */
export interface ReportSite {
  uri: string;
  /** The registration call or handler. */
  range: LspRange;
  /** The call as written, shortened: `server.registerTool(def.name, …)`. */
  text: string;
  /** Tools it does list (some callers could be read). */
  tools: number;
  /** Why the rest cannot be listed, in words built from the code. */
  why: string | null;
}

export interface ReportResult {
  tools: ReportTool[];
  /** Registrations whose tools could not be listed: the report says so rather than showing fewer tools. */
  sites: ReportSite[];
  /** Files looked at (open documents plus workspace files). */
  filesScanned: number;
  /** Files that could not be analysed, with the reason. */
  errors: { uri: string; message: string }[];
  /** True when the workspace had more files than the scan limit. */
  truncated: boolean;
}

export interface FileSummaryParams {
  uri: string;
}

export interface FileSummaryResult {
  toolCount: number;
  /** Registrations in the file whose tools cannot be listed without running the server. */
  unenumerated: number;
  /** The worst severity among enabled findings, or null. */
  worst: Severity | null;
  findingCount: number;
}

export interface StatsResult {
  rss: number;
  heapUsed: number;
  /** The V8 heap's reserved size (heapUsed counts garbage not yet collected too). */
  heapTotal: number;
  /** Garbage collections since the server started: count and main-thread milliseconds, full and young-generation. */
  gc: Record<'major' | 'minor', { count: number; ms: number }>;
  openDocuments: number;
  /** Server-side milliseconds of recent operations, newest last (at most 1000 each). */
  timings: Record<'diagnostics' | 'hover' | 'codeAction', number[]>;
}

export const VerifyRequest = 'mcp-hints/verify';

export interface VerifyParams {
  /** The workspace folder to verify (its `mcp-hints.verify.command` is run there); default: the first folder. */
  folderUri?: string;
}

export type VerifyStatus = 'match' | 'differs' | 'unresolved' | 'missing-statically' | 'not-listed';
export type VerifyKey = 'readOnlyHint' | 'destructiveHint' | 'idempotentHint' | 'openWorldHint' | 'title';

export interface VerifyTool {
  name: string;
  status: VerifyStatus;
  /** Where the static reading found it; null when only the server lists it. */
  uri: string | null;
  range: LspRange | null;
  /** What the code says per key (null: not declared; 'unresolved': known only at run time); null when not found. */
  static: Record<VerifyKey, unknown> | null;
  /** What the server sent (keys it did not send are left out); null when it does not list the tool. */
  runtime: Partial<Record<VerifyKey, unknown>> | null;
  differences: { key: VerifyKey; static: unknown; runtime: unknown }[];
  /** Source text of the values the code leaves unresolved, shown beside the run-time values. */
  sources: Partial<Record<VerifyKey, string>>;
}

export type VerifyResult =
  | {
      ok: true;
      folderUri: string;
      command: string[];
      server: { name: string | null; version: string | null };
      tools: VerifyTool[];
      counts: Record<VerifyStatus, number>;
      /** Registrations whose name is computed at run time (they cannot be matched by name). */
      unnamed: number;
      /** Non-JSON lines the server wrote on stdout, skipped. */
      skippedLines: number;
    }
  | {
      ok: false;
      folderUri: string | null;
      command: string[] | null;
      /** not-configured: no `mcp-hints.verify.command`; usage: a bad config or folder; the rest: the server failed. */
      kind: 'not-configured' | 'usage' | 'cannot-start' | 'exited' | 'timeout' | 'error-response';
      message: string;
      stderrTail: string[];
    };
