// Renders the tool annotations report, and the result of verify, as one HTML page for a webview. Pure: no vscode import,
// so tests can check the escaping. Every workspace-derived string goes through `escapeHtml`.

import type { ReportResult, ReportSite, ReportTool, VerifyKey, VerifyResult, VerifyTool } from '../../server/src/lsp/protocol';

const HINTS = ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const;

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"'`]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;', '`': '&#96;' })[c]!);
}

function relativeLocation(tool: Pick<ReportTool, 'uri' | 'range'>, roots: string[]): string {
  let shown = tool.uri;
  for (const root of roots) {
    const prefix = root.endsWith('/') ? root : root + '/';
    if (shown.startsWith(prefix)) {
      shown = shown.slice(prefix.length);
      break;
    }
  }
  try {
    shown = decodeURIComponent(shown);
  } catch {
    // keep the encoded form
  }
  return `${shown}:${tool.range.start.line + 1}`;
}

function hintCell(value: boolean | 'unresolved'): string {
  if (value === 'unresolved') return '<td class="unknown" title="computed at run time">?</td>';
  return `<td class="${value ? 'yes' : 'no'}">${value ? 'true' : 'false'}</td>`;
}

export interface ReportPageOptions {
  /** webview.cspSource */
  cspSource: string;
  /** A fresh random string per render, for the inline script. */
  nonce: string;
  /** Workspace folder URIs, to show short locations. */
  roots: string[];
}

export function renderReportHtml(report: ReportResult, options: ReportPageOptions): string {
  const rows = report.tools
    .map((tool, index) => {
      const findings = tool.findings.length
        ? `<ul>${tool.findings.map((f) => `<li class="sev-${escapeHtml(f.severity)}"><code>${escapeHtml(f.rule)}</code> ${escapeHtml(f.message)}</li>`).join('')}</ul>`
        : '<span class="ok">none</span>';
      return (
        `<tr data-index="${index}" tabindex="0">` +
        `<td class="name">${escapeHtml(tool.name ?? '(unnamed)')}${tool.title ? `<div class="title">${escapeHtml(tool.title)}</div>` : ''}</td>` +
        HINTS.map((h) => hintCell(tool.effective[h])).join('') +
        `<td>${escapeHtml(tool.profile)}${tool.annotated ? '' : ' <em>(no annotations)</em>'}</td>` +
        `<td>${findings}</td>` +
        `<td class="loc">${escapeHtml(relativeLocation(tool, options.roots))}</td>` +
        '</tr>'
      );
    })
    .join('\n');
  const findingCount = report.tools.reduce((n, t) => n + t.findings.length, 0);
  const sites = report.sites ?? [];
  // Rows after the tools: data-index continues, so a click opens `rows[index]` of tools then sites (reportRows).
  const siteRows = sites
    .map(
      (site, index) =>
        `<tr data-index="${report.tools.length + index}" tabindex="0">` +
        `<td class="loc">${escapeHtml(relativeLocation(site, options.roots))}</td>` +
        `<td><code>${escapeHtml(site.text)}</code>${site.tools > 0 ? ` (${site.tools} tool(s) listed above)` : ''}</td>` +
        `<td>${escapeHtml(site.why ?? 'its tools cannot be listed without running the server')}</td>` +
        '</tr>',
    )
    .join('\n');
  const unlisted = sites.length
    ? `<h3>${sites.length} registration(s) whose tools cannot be listed without running the server</h3>
<p>Run <strong>MCP Hints: Verify Against Running Server</strong> (or <code>mcp-hints verify -- &lt;command&gt;</code>) to see the tools they register.</p>
<table class="sites">
<thead><tr><th>location</th><th>registration</th><th>why</th></tr></thead>
<tbody>
${siteRows}
</tbody>
</table>`
    : '';
  const errors = report.errors.length
    ? `<details><summary>${report.errors.length} file(s) could not be analysed</summary><ul>${report.errors
        .map((e) => `<li>${escapeHtml(e.uri)}: ${escapeHtml(e.message)}</li>`)
        .join('')}</ul></details>`
    : '';
  const body = `<h2>MCP tool annotations</h2>
<p>${report.tools.length} tool(s), ${findingCount} finding(s)${sites.length ? `, ${sites.length} registration(s) not enumerated` : ''}, ${report.filesScanned} file(s) scanned${report.truncated ? ' (file limit reached)' : ''}.
<button id="refresh">Refresh</button></p>
${errors}
<table>
<thead><tr><th>tool</th>${HINTS.map((h) => `<th>${h}</th>`).join('')}<th>profile</th><th>findings</th><th>location</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
${unlisted}`;
  return page('MCP Tool Annotations', body, options);
}

/** What each `data-index` of the report page opens: the tools, then the registrations not enumerated. */
export function reportRows(report: ReportResult): Pick<ReportSite, 'uri' | 'range'>[] {
  return [...report.tools, ...(report.sites ?? [])];
}

/** The page around a view: strict CSP, theme colours, rows that open their location, a refresh button. */
function page(title: string, body: string, options: ReportPageOptions): string {
  const csp = `default-src 'none'; style-src ${options.cspSource} 'unsafe-inline'; script-src 'nonce-${escapeHtml(options.nonce)}';`;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<title>${escapeHtml(title)}</title>
<style>
  body { font-family: var(--vscode-font-family); color: var(--vscode-foreground); }
  table { border-collapse: collapse; width: 100%; }
  th, td { text-align: left; padding: 4px 8px; border-bottom: 1px solid var(--vscode-panel-border); vertical-align: top; }
  tbody tr { cursor: pointer; }
  tbody tr:hover, tbody tr:focus { background: var(--vscode-list-hoverBackground); }
  td.yes { color: var(--vscode-charts-green); } td.no { color: var(--vscode-descriptionForeground); }
  td.unknown { color: var(--vscode-charts-yellow); } td.differs { color: var(--vscode-errorForeground); }
  .title { color: var(--vscode-descriptionForeground); font-size: 90%; }
  .sev-error { color: var(--vscode-errorForeground); } .sev-warning { color: var(--vscode-editorWarning-foreground); }
  ul { margin: 0; padding-left: 16px; } .loc { white-space: nowrap; font-family: var(--vscode-editor-font-family); }
</style>
</head>
<body>
${body}
<script nonce="${escapeHtml(options.nonce)}">
  const vscode = acquireVsCodeApi();
  const open = (row) => vscode.postMessage({ type: 'open', index: Number(row.dataset.index) });
  for (const row of document.querySelectorAll('tbody tr')) {
    row.addEventListener('click', () => open(row));
    row.addEventListener('keydown', (e) => { if (e.key === 'Enter') open(row); });
  }
  document.getElementById('refresh').addEventListener('click', () => vscode.postMessage({ type: 'refresh' }));
</script>
</body>
</html>`;
}

const VERIFY_KEYS: VerifyKey[] = [...HINTS, 'title'];

function shown(value: unknown): string {
  if (value === undefined || value === null) return '—';
  return escapeHtml(typeof value === 'string' && value !== 'unresolved' ? JSON.stringify(value) : String(value));
}

/** One key of a verified tool: the code's value, the server's, or both when they are not the same thing. */
function verifyCell(tool: VerifyTool, key: VerifyKey): string {
  const code = tool.static?.[key];
  const sent = tool.runtime?.[key];
  if (tool.static === null) return `<td title="sent by the server">${shown(sent)}</td>`;
  if (tool.runtime === null) return `<td title="in the code">${shown(code)}</td>`;
  if (code === 'unresolved') {
    const source = tool.sources[key];
    return `<td class="unknown" title="source, and its value at run time"><code>${source === undefined ? '?' : escapeHtml(source)}</code> → ${shown(sent)}</td>`;
  }
  if (tool.differences.some((d) => d.key === key)) return `<td class="differs" title="in the code → sent by the server">${shown(code)} → ${shown(sent)}</td>`;
  return `<td>${shown(code)}</td>`;
}

function verifyLocation(tool: VerifyTool, roots: string[]): string {
  if (!tool.uri || !tool.range) return '<td class="loc">—</td>';
  return `<td class="loc">${escapeHtml(relativeLocation({ uri: tool.uri, range: tool.range }, roots))}</td>`;
}

/** The result of `MCP Hints: Verify Against Running Server` in the report view: one row per tool and its status. */
export function renderVerifyHtml(result: VerifyResult, options: ReportPageOptions): string {
  const command = result.command ? `<p>Command: <code>${escapeHtml(result.command.join(' '))}</code></p>` : '';
  let body: string;
  if (!result.ok) {
    const tail = result.stderrTail.length
      ? `<p>Last lines of its stderr:</p><pre>${escapeHtml(result.stderrTail.join('\n'))}</pre>`
      : '';
    body = `<p class="sev-error">${escapeHtml(result.kind)}: ${escapeHtml(result.message)}</p>${command}${tail}`;
  } else {
    const server = result.server.name ? `${result.server.name}${result.server.version ? ` ${result.server.version}` : ''}` : 'the server';
    const counts = (Object.entries(result.counts) as [string, number][]).filter(([, n]) => n > 0).map(([status, n]) => `${n} ${status}`);
    const notes = [
      result.unnamed ? `${result.unnamed} registration(s) have a name computed at run time.` : '',
      result.skippedLines ? `Skipped ${result.skippedLines} non-JSON line(s) on the server's stdout.` : '',
    ].filter(Boolean);
    const rows = result.tools
      .map((tool, index) =>
        `<tr data-index="${index}" tabindex="0" class="status-${escapeHtml(tool.status)}">` +
        `<td class="status">${escapeHtml(tool.status)}</td><td class="name">${escapeHtml(tool.name)}</td>` +
        VERIFY_KEYS.map((key) => verifyCell(tool, key)).join('') +
        verifyLocation(tool, options.roots) +
        '</tr>',
      )
      .join('\n');
    body =
      `<p>${escapeHtml(server)}: ${result.tools.length} tool(s)${counts.length ? `: ${escapeHtml(counts.join(', '))}` : ''}.</p>${command}` +
      notes.map((n) => `<p>${escapeHtml(n)}</p>`).join('') +
      `<table><thead><tr><th>status</th><th>tool</th>${VERIFY_KEYS.map((k) => `<th>${k}</th>`).join('')}<th>location</th></tr></thead>` +
      `<tbody>\n${rows}\n</tbody></table>`;
  }
  return page('MCP Tools: Static Reading vs Running Server', `<h2>Static reading vs running server</h2>\n${body}\n<p><button id="refresh">Run again</button></p>`, options);
}
