// Renders the tool annotations report as one HTML page for a webview. Pure: no vscode import,
// so tests can check the escaping. Every workspace-derived string goes through `escapeHtml`.

import type { ReportResult, ReportTool } from '../../server/src/lsp/protocol';

const HINTS = ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const;

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"'`]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;', '`': '&#96;' })[c]!);
}

function relativeLocation(tool: ReportTool, roots: string[]): string {
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
  const errors = report.errors.length
    ? `<details><summary>${report.errors.length} file(s) could not be analysed</summary><ul>${report.errors
        .map((e) => `<li>${escapeHtml(e.uri)}: ${escapeHtml(e.message)}</li>`)
        .join('')}</ul></details>`
    : '';
  const csp = `default-src 'none'; style-src ${options.cspSource} 'unsafe-inline'; script-src 'nonce-${escapeHtml(options.nonce)}';`;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<title>MCP Tool Annotations</title>
<style>
  body { font-family: var(--vscode-font-family); color: var(--vscode-foreground); }
  table { border-collapse: collapse; width: 100%; }
  th, td { text-align: left; padding: 4px 8px; border-bottom: 1px solid var(--vscode-panel-border); vertical-align: top; }
  tbody tr { cursor: pointer; }
  tbody tr:hover, tbody tr:focus { background: var(--vscode-list-hoverBackground); }
  td.yes { color: var(--vscode-charts-green); } td.no { color: var(--vscode-descriptionForeground); }
  td.unknown { color: var(--vscode-charts-yellow); }
  .title { color: var(--vscode-descriptionForeground); font-size: 90%; }
  .sev-error { color: var(--vscode-errorForeground); } .sev-warning { color: var(--vscode-editorWarning-foreground); }
  ul { margin: 0; padding-left: 16px; } .loc { white-space: nowrap; font-family: var(--vscode-editor-font-family); }
</style>
</head>
<body>
<h2>MCP tool annotations</h2>
<p>${report.tools.length} tool(s), ${findingCount} finding(s), ${report.filesScanned} file(s) scanned${report.truncated ? ' (file limit reached)' : ''}.
<button id="refresh">Refresh</button></p>
${errors}
<table>
<thead><tr><th>tool</th>${HINTS.map((h) => `<th>${h}</th>`).join('')}<th>profile</th><th>findings</th><th>location</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
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
