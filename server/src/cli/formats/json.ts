// `--format json`: the stable machine contract (version 1). Keys are listed explicitly so internal
// fields never leak into it.
import type { Report } from '../report';

export function formatJson(report: Report): string {
  const output = {
    version: 1,
    files: report.files,
    tools: report.tools.map((t) => ({
      name: t.name,
      // Only on a name computed from environment variables: `name` is the code's default when they are unset.
      ...(t.nameDependsOn ? { nameDependsOn: t.nameDependsOn } : {}),
      file: t.file,
      line: t.line,
      column: t.column,
      form: t.form,
      annotations: t.annotations,
      effective: t.effective,
      title: t.title,
      condition: t.condition,
      conditions: t.conditions,
    })),
    // Every registration site: `unenumerated` ones list tools that cannot be known without running the server.
    sites: report.sites.map((site) => ({
      file: site.file,
      line: site.line,
      column: site.column,
      form: site.form,
      status: site.status,
      text: site.text,
      tools: site.tools,
      cause: site.cause,
    })),
    servers: report.servers.map((server) => ({ file: server.file, line: server.line, column: server.column, text: server.text, library: server.library })),
    diagnostics: report.diagnostics.map((d) => ({
      file: d.file,
      line: d.line,
      column: d.column,
      endLine: d.endLine,
      endColumn: d.endColumn,
      severity: d.severity,
      code: d.code,
      message: d.message,
      detail: d.detail,
      tool: d.tool,
    })),
  };
  return `${JSON.stringify(output, null, 2)}\n`;
}
