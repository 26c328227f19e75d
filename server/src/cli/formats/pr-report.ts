// `mcp-hints report`: one row per tool (effective hints, what the code shows, approval, findings), as a Markdown
// table ready to paste as a pull request comment, or the same rows as JSON.
import { NO_TOOLS_FOUND, profileLine } from '../../engine';
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
  const unenumerated = report.sites.filter((site) => site.status === 'unenumerated');
  if (unenumerated.length > 0) summary.push(`${unenumerated.length} registration${unenumerated.length === 1 ? '' : 's'} not enumerated`);
  if (tools.length === 0 && report.servers.length > 0) summary.push(`${report.servers.length} MCP server${report.servers.length === 1 ? '' : 's'} created, no tool found`);
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
  // What the table cannot show: a server with no tool found, and registrations whose tools could not be listed.
  const notices = noticesOf(report).map((d) => `> **${d.severity}** \`${d.file}:${d.line}\`: ${d.message.replace(/\r?\n/g, ' ')}`);
  const sites = unenumerated.map((site) => `- \`${site.file}:${site.line}\` \`${site.text.replace(/`/g, "'")}\`: ${site.cause?.message ?? ''}`);
  return [
    '### MCP tools',
    '',
    `${summary.join(' · ')}`,
    '',
    ...(notices.length > 0 ? [...notices, ''] : []),
    '| tool | file | hints | evidence | approval | findings |',
    '|---|---|---|---|---|---|',
    ...rows.map((row) => `| ${row} |`),
    '',
    ...(sites.length > 0 ? ['Registrations whose tools cannot be listed without running the server (`mcp-hints verify -- <command>` lists them):', '', ...sites, ''] : []),
  ].join('\n');
}

/** Findings about the whole run rather than a tool: a server created with no tool found. */
function noticesOf(report: Report) {
  return report.diagnostics.filter((d) => d.code === NO_TOOLS_FOUND);
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
    sites: report.sites.map((site) => ({ file: site.file, line: site.line, form: site.form, status: site.status, text: site.text, tools: site.tools, cause: site.cause })),
    servers: report.servers.map((server) => ({ file: server.file, line: server.line, text: server.text, library: server.library })),
    notices: noticesOf(report).map((d) => ({ code: d.code, severity: d.severity, file: d.file, line: d.line, message: d.message })),
  };
  return `${JSON.stringify(output, null, 2)}\n`;
}
