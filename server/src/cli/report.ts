// What a `check` run produced, ready for any output format.
import type { DiagnosticRecord, ServerRecord, SiteRecord, ToolRecord } from './analyze';

export interface Report {
  /** Paths in records are relative to this folder. */
  cwd: string;
  /** Number of files analysed. */
  files: number;
  tools: ToolRecord[];
  /** Every registration site, enumerated or not. */
  sites: SiteRecord[];
  /** MCP server constructions. */
  servers: ServerRecord[];
  diagnostics: DiagnosticRecord[];
  fixed: { file: string; fixes: number }[];
  /** With --fix: safe fixes left alone because they would edit a generated file. */
  leftAlone?: { file: string; key: string }[];
  /** Absolute paths of the files checked (approve drops entries of their tools that are gone). */
  analysed?: string[];
}

const SEVERITY_ORDER = { error: 0, warning: 1, info: 2, hint: 3 } as const;

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Stable order: by file, then position (then rule and message, so equal positions are stable too). */
export function sortRecords(report: Report): Report {
  const tools = [...report.tools].sort(
    (a, b) => compareText(a.file, b.file) || a.line - b.line || a.column - b.column || compareText(a.name ?? '', b.name ?? ''),
  );
  const seen = new Set<string>();
  const diagnostics = report.diagnostics
    .filter((d) => {
      // A finding placed in a shared file (an imported constant) can come from several analyses.
      const key = `${d.file}\0${d.line}:${d.column}-${d.endLine}:${d.endColumn}\0${d.code}\0${d.message}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .sort(
      (a, b) =>
        compareText(a.file, b.file) ||
        a.line - b.line ||
        a.column - b.column ||
        SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] ||
        compareText(a.code, b.code) ||
        compareText(a.message, b.message),
    );
  const fixed = [...report.fixed].sort((a, b) => compareText(a.file, b.file));
  const byPosition = (a: { file: string; line: number; column: number }, b: { file: string; line: number; column: number }) => compareText(a.file, b.file) || a.line - b.line || a.column - b.column;
  const sites = [...report.sites].sort(byPosition);
  const servers = [...report.servers].sort(byPosition);
  return { ...report, tools, sites, servers, diagnostics, fixed };
}

export function countBySeverity(diagnostics: DiagnosticRecord[]): Record<DiagnosticRecord['severity'], number> {
  const counts = { error: 0, warning: 0, info: 0, hint: 0 };
  for (const d of diagnostics) counts[d.severity]++;
  return counts;
}
