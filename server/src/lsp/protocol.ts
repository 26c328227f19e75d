// Custom requests and notifications between the mcp-hints client (or a test/bench) and the server.
// Plain method names and shapes only: imported by both sides, so no runtime dependencies here.

import type { HintKey, HintValue, Severity } from '../engine/model';

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

export interface ReportResult {
  tools: ReportTool[];
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
  /** The worst severity among enabled findings, or null. */
  worst: Severity | null;
  findingCount: number;
}

export interface StatsResult {
  rss: number;
  heapUsed: number;
  openDocuments: number;
  /** Server-side milliseconds of recent operations, newest last (at most 1000 each). */
  timings: Record<'diagnostics' | 'hover' | 'codeAction', number[]>;
}
