// `mcp-hints report`: one row per tool (effective hints, what the code shows, approval, findings), as a Markdown
// table ready to paste as a pull request comment, or the same rows as JSON.
import { profileLine } from '../../engine';
import type { ToolRecord } from '../analyze';
import type { Report } from '../report';

const STATE_LABELS = {
  approved: 'approved',
  changed: 'changed since approval',
  'safety-weakened': '**safety weakened**',
  unapproved: 'not approved',
  'no-record': 'no record',
} as const;

/** A table cell: one line, pipes escaped, code spans kept. */
export function cell(text: string): string {
  return text.replace(/\r?\n/g, ' ').replace(/\|/g, '\\|').trim() || '—';
}

function approvalCell(tool: ToolRecord): string {
  const approval = tool.review?.approval;
  if (!approval) return STATE_LABELS['no-record'];
  const changes = approval.changes.map((c) => c.text);
  return changes.length > 0 ? `${STATE_LABELS[approval.state]}: ${changes.join('; ')}` : STATE_LABELS[approval.state];
}

function findingsCell(tool: ToolRecord): string {
  const findings = tool.review?.findings ?? [];
  return findings.map((f) => `\`${f.code}\` (${f.severity})`).join(', ');
}

export function formatReportMarkdown(report: Report): string {
  const tools = report.tools;
  const weakened = tools.filter((t) => t.review?.approval.state === 'safety-weakened').length;
  const changed = tools.filter((t) => t.review?.approval.state === 'changed').length;
  const unapproved = tools.filter((t) => t.review?.approval.state === 'unapproved').length;
  const summary = [`${tools.length} tool${tools.length === 1 ? '' : 's'}`];
  if (weakened > 0) summary.push(`${weakened} safety weakened`);
  if (changed > 0) summary.push(`${changed} changed since approval`);
  if (unapproved > 0) summary.push(`${unapproved} not approved`);
  const rows = tools.map((tool) =>
    [
      (tool.name === null ? '(name not known)' : `\`${tool.name}\``) + (tool.condition ? ` (only when \`${tool.condition}\`)` : ''),
      `\`${tool.file}:${tool.line}\``,
      profileLine(tool.effective),
      tool.review?.evidence ?? '',
      approvalCell(tool),
      findingsCell(tool),
    ]
      .map(cell)
      .join(' | '),
  );
  return [
    '### MCP tools',
    '',
    `${summary.join(' · ')}`,
    '',
    '| tool | file | hints | evidence | approval | findings |',
    '|---|---|---|---|---|---|',
    ...rows.map((row) => `| ${row} |`),
    '',
  ].join('\n');
}

export function formatReportJson(report: Report): string {
  const output = {
    version: 1,
    tools: report.tools.map((tool) => ({
      name: tool.name,
      file: tool.file,
      line: tool.line,
      effective: tool.effective,
      title: tool.title,
      condition: tool.condition,
      evidence: { kinds: tool.review?.contract?.evidence ?? [], summary: tool.review?.evidence ?? '' },
      approval: tool.review?.approval ?? { state: 'no-record', changes: [] },
      findings: tool.review?.findings ?? [],
    })),
  };
  return `${JSON.stringify(output, null, 2)}\n`;
}
