// A registration site whose tools cannot be listed without running the server (registrations/sites.ts): reported
// once per site, with where the unknown comes from, instead of as a tool with a made-up name and default hints.
import type { Finding, RegistrationSite, SiteCauseKind } from '../model';
import type { EngineOptions } from '../options';
import { exampleFile } from './example';
import type { FindingKind } from './finding-kind';

export const UNENUMERATED_TOOLS = 'unenumerated-tools';

export const unenumeratedTools: FindingKind = {
  id: UNENUMERATED_TOOLS,
  defaultSeverity: 'info',
  docs: {
    what: 'A registration whose tools cannot be listed without running the server: their names or definitions come from a parameter no caller in the project supplies, or from data read at run time.',
    why:
      'mcp-hints checks the tools it can list, and says which registrations it could not: such a site is not reported as a tool with a made-up name and default hints. ' +
      'Pass the definitions from code the project holds (constants, imported modules), or compare with the running server: `mcp-hints verify -- <command>` lists what it registers.',
    examples: [
      {
        bad: exampleFile(
          [],
          [
            'const definitions = JSON.parse(process.env.TOOL_DEFINITIONS ?? "[]");',
            'for (const definition of definitions) {',
            '  server.registerTool(definition.name, { description: definition.description, annotations: definition.annotations }, async () => ({ content: [] }));',
            '}',
          ].join('\n'),
        ),
        good: exampleFile(
          [],
          [
            'const definitions = [',
            '  { name: "list_notes", description: "Lists notes", annotations: { readOnlyHint: true, openWorldHint: false } },',
            '];',
            'for (const definition of definitions) {',
            '  server.registerTool(definition.name, { description: definition.description, annotations: definition.annotations }, async () => ({ content: [] }));',
            '}',
          ].join('\n'),
        ),
      },
    ],
  },
};

/** The cause in a few words, for the message; the detail says it in full, built from the code. */
const IN_SHORT: Record<SiteCauseKind, string> = {
  parameter: 'they come from callers outside the project',
  runtime: 'they are known only at run time',
  receiver: 'what it is called on cannot be read',
  unsupported: 'they come from code mcp-hints does not evaluate',
};

/** One finding per site that could not be enumerated, at the expression it could not read (else the call). */
export function unenumeratedFindings(sites: readonly RegistrationSite[], options: EngineOptions): Finding[] {
  const severity = options.rules?.[UNENUMERATED_TOOLS] ?? unenumeratedTools.defaultSeverity;
  if (severity === 'off') return [];
  const findings: Finding[] = [];
  for (const site of sites) {
    if (site.status !== 'unenumerated' || !site.cause) continue;
    const { cause } = site;
    const some = site.tools > 0 ? `Besides the ${site.tools === 1 ? 'tool' : `${site.tools} tools`} listed, tools registered here` : 'The tools registered here';
    const finding: Finding = {
      rule: UNENUMERATED_TOOLS,
      severity,
      message: `${some} cannot be listed without running the server: ${IN_SHORT[cause.kind]}.`,
      detail: `${cause.message[0].toUpperCase()}${cause.message.slice(1)}. \`mcp-hints verify -- <command>\` lists them from the running server.`,
      loc: cause.at.file === site.loc.file ? cause.at : site.loc,
      tool: null,
      fixes: [],
    };
    if (cause.origin) finding.related = [{ loc: cause.origin, message: 'The value comes from here.' }];
    findings.push(finding);
  }
  return findings;
}
