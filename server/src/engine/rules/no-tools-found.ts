// A project that constructs an MCP server and yields no tool is never a silent pass: a finding at each server
// construction says so, names the registration sites seen, and points to `verify`. It is about a set of files (a
// run, or a file with the files around it), so it is made from their analyses, not by a check on one tool.
import type { FileAnalysis, Finding, Loc } from '../model';
import type { EngineOptions } from '../options';
import { exampleFile } from './example';
import type { FindingKind } from './finding-kind';

export const NO_TOOLS_FOUND = 'no-tools-found';

export const noToolsFound: FindingKind = {
  id: NO_TOOLS_FOUND,
  defaultSeverity: 'warning',
  docs: {
    what: 'A project that creates an MCP server, in which mcp-hints finds no tool: reported at the server, with the registrations it saw and could not enumerate.',
    why:
      '"No problems" on a server whose tools were not read would say they are fine when nothing was checked. ' +
      '`mcp-hints verify -- <command>` starts the server and compares the tools it really lists with what the code shows.',
    examples: [
      {
        bad: exampleFile(
          [],
          [
            'export function addTool(definition) {',
            '  server.registerTool(definition.name, { description: definition.description, annotations: definition.annotations }, definition.handler);',
            '}',
          ].join('\n'),
        ),
        good: exampleFile(
          [],
          [
            'export function addTool(definition) {',
            '  server.registerTool(definition.name, { description: definition.description, annotations: definition.annotations }, definition.handler);',
            '}',
            '',
            'addTool({ name: "list_notes", description: "Lists notes", annotations: { readOnlyHint: true, openWorldHint: false }, handler: async () => ({ content: [] }) });',
          ].join('\n'),
        ),
      },
    ],
  },
};

/** A registration site as the message names it. */
export interface SeenSite {
  /** Where, as the reader finds it: `src/mcp.ts:6`. */
  where: string;
  text: string;
  /** Why it lists no tool, when it could not be enumerated. */
  cause?: string;
}

const SHOWN = 3;

/** The message (one sentence, naming the sites' places) and the detail (each site and why, and what to do). */
export function noToolsMessage(sites: readonly SeenSite[]): { message: string; detail: string } {
  const verify = 'Run `mcp-hints verify -- <command>` with the command that starts the server to see the tools it lists.';
  if (sites.length === 0) return { message: 'An MCP server is created here, but mcp-hints found no tool and no registration it could read.', detail: verify };
  const places = sites.slice(0, SHOWN).map((site) => site.where).join(', ') + (sites.length > SHOWN ? `, and ${sites.length - SHOWN} more` : '');
  const count = sites.length === 1 ? '1 registration' : `${sites.length} registrations`;
  const listed = sites.map((site) => `${site.where} \`${site.text}\`${site.cause ? `: ${site.cause}` : ''}.`).join('\n');
  return { message: `An MCP server is created here, but mcp-hints found no tool: ${count} it could not list (${places}).`, detail: `${listed}\n${verify}` };
}

/**
 * The findings of a set of files seen as one project: when none of them lists a tool and one constructs a server,
 * one finding at each construction. `where` names a location for the message.
 */
export function projectFindings(analyses: readonly FileAnalysis[], where: (loc: Loc) => string, options: EngineOptions): Finding[] {
  const severity = options.rules?.[NO_TOOLS_FOUND] ?? noToolsFound.defaultSeverity;
  if (severity === 'off' || analyses.some((analysis) => analysis.tools.length > 0)) return [];
  const servers = analyses.flatMap((analysis) => analysis.servers);
  if (servers.length === 0) return [];
  const seen = new Set<string>();
  const sites: SeenSite[] = [];
  const related: NonNullable<Finding['related']> = [];
  for (const site of analyses.flatMap((analysis) => analysis.sites)) {
    const key = `${site.loc.file}:${site.loc.start}`;
    if (seen.has(key)) continue;
    seen.add(key);
    sites.push({ where: where(site.loc), text: site.text, cause: site.cause?.message });
    // The editor links each registration under the problem.
    related.push({ loc: site.loc, message: site.cause ? `Cannot be listed: ${site.cause.message}.` : `\`${site.text}\`` });
  }
  const { message, detail } = noToolsMessage(sites);
  return servers.map((server) => ({ rule: NO_TOOLS_FOUND, severity, message, detail, loc: server.loc, tool: null, fixes: [], ...(related.length > 0 ? { related } : {}) }));
}
