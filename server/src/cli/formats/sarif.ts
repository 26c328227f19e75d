// `--format sarif`: SARIF 2.1.0 for code-scanning uploads.
import type * as Sarif from 'sarif';
import { pathToFileURL } from 'node:url';
import type { DiagnosticRecord } from '../analyze';
import type { Report } from '../report';
import { findingDocUrl } from '../../engine';
import { FINDING_KINDS } from '../../engine';

const LEVEL: Record<DiagnosticRecord['severity'], Sarif.ReportingConfiguration.level> = {
  error: 'error',
  warning: 'warning',
  info: 'note',
  hint: 'note',
};

export const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';

export function buildSarif(report: Report, version: string): Sarif.Log {
  const ruleIndex = new Map(FINDING_KINDS.map((kind, index) => [kind.id, index]));
  const descriptors: Sarif.ReportingDescriptor[] = FINDING_KINDS.map((kind) => ({
    id: kind.id,
    shortDescription: { text: kind.docs.what },
    fullDescription: { text: `${kind.docs.what} ${kind.docs.why}`.trim() },
    helpUri: findingDocUrl(kind.id),
    defaultConfiguration: { level: LEVEL[kind.defaultSeverity] },
  }));
  const results: Sarif.Result[] = report.diagnostics.map((d) => {
    const result: Sarif.Result = {
      ruleId: d.code,
      level: LEVEL[d.severity],
      // Code scanning has no hover: the alert shows the whole explanation, first sentence first.
      message: { text: d.detail ? `${d.message}\n\n${d.detail}` : d.message },
      locations: [
        {
          physicalLocation: {
            artifactLocation: { uri: encodeURI(d.file), uriBaseId: '%SRCROOT%' },
            region: { startLine: d.line, startColumn: d.column, endLine: d.endLine, endColumn: d.endColumn },
          },
        },
      ],
    };
    // A tool registered only under a run-time condition: code scanning shows it with the result.
    if (d.condition) result.properties = { condition: d.condition };
    const index = ruleIndex.get(d.code);
    if (index !== undefined) result.ruleIndex = index;
    return result;
  });
  const root = pathToFileURL(report.cwd).href;
  return {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'mcp-hints',
            version,
            informationUri: 'https://github.com/mcp-hints/mcp-hints',
            rules: descriptors,
          },
        },
        originalUriBaseIds: { '%SRCROOT%': { uri: root.endsWith('/') ? root : `${root}/` } },
        results,
      },
    ],
  };
}

export function formatSarif(report: Report, version: string): string {
  return `${JSON.stringify(buildSarif(report, version), null, 2)}\n`;
}
