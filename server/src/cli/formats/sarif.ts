// `--format sarif`: SARIF 2.1.0 for code-scanning uploads.
import type * as Sarif from 'sarif';
import { pathToFileURL } from 'node:url';
import type { DiagnosticRecord } from '../analyze';
import type { Report } from '../report';
import { allRules } from '../rules-meta';

const LEVEL: Record<DiagnosticRecord['severity'], Sarif.ReportingConfiguration.level> = {
  error: 'error',
  warning: 'warning',
  info: 'note',
  hint: 'note',
};

export const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';

export function buildSarif(report: Report, version: string): Sarif.Log {
  const rules = allRules();
  const ruleIndex = new Map(rules.map((rule, index) => [rule.id, index]));
  const descriptors: Sarif.ReportingDescriptor[] = rules.map((rule) => ({
    id: rule.id,
    shortDescription: { text: rule.what },
    fullDescription: { text: `${rule.what} ${rule.why}`.trim() },
    helpUri: rule.helpUri,
    defaultConfiguration: { level: LEVEL[rule.defaultSeverity] },
  }));
  const results: Sarif.Result[] = report.diagnostics.map((d) => {
    const result: Sarif.Result = {
      ruleId: d.code,
      level: LEVEL[d.severity],
      message: { text: d.message },
      locations: [
        {
          physicalLocation: {
            artifactLocation: { uri: encodeURI(d.file), uriBaseId: '%SRCROOT%' },
            region: { startLine: d.line, startColumn: d.column, endLine: d.endLine, endColumn: d.endColumn },
          },
        },
      ],
    };
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
