// `--format github`: GitHub Actions workflow commands, one per finding, shown as annotations on the PR.
import type { DiagnosticRecord } from '../analyze';
import type { Report } from '../report';

/** Escaping for a command's message (data). */
export function escapeData(value: string): string {
  return value.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** Escaping for a command's property values: data escaping plus `:` and `,`. */
export function escapeProperty(value: string): string {
  return escapeData(value).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

const COMMAND: Record<DiagnosticRecord['severity'], string> = { error: 'error', warning: 'warning', info: 'notice', hint: 'notice' };

export function formatGithub(report: Report): string {
  return report.diagnostics
    .map((d) => {
      const properties = [
        `file=${escapeProperty(d.file)}`,
        `line=${d.line}`,
        `col=${d.column}`,
        `endLine=${d.endLine}`,
        `endColumn=${d.endColumn}`,
        `title=${escapeProperty(`mcp-hints(${d.code})`)}`,
      ].join(',');
      return `::${COMMAND[d.severity]} ${properties}::${escapeData(d.message)}\n`;
    })
    .join('');
}
