import { chainText, contradictingEvidence, describe, inferHints, whereIs } from '../evidence';
import { guessNote } from './contradiction';
import { annotationsLoc, insertIntoAnnotations } from './helpers';
import type { Rule } from './rule';

/** Hosts that test `destructiveHint === true`, so an omitted value reads as "not destructive" (annotations.md §3). */
export const HOSTS_READING_MISSING_AS_FALSE = ['Claude Desktop', 'Claude Code', 'Gemini CLI policies', "Docker's agent"];

const FILE_HEAD = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nimport { rm } from "node:fs/promises";\nimport { z } from "zod";\n\nconst server = new McpServer({ name: "files", version: "1.0.0" });\n\n`;

export const destructiveOmitted: Rule = {
  id: 'destructive-omitted',
  defaultSeverity: 'warning',
  docs: {
    what: 'An annotations object leaves out `destructiveHint` on a tool whose handler deletes or overwrites.',
    why:
      `The spec's default is \`true\`, but ${HOSTS_READING_MISSING_AS_FALSE.join(', ')} test \`destructiveHint === true\`: ` +
      'for them an omitted value means "not destructive", and the tool runs without the prompt a destructive tool gets. ' +
      'Write `destructiveHint: true`. Read-only tools are not reported (the hint means nothing there), nor tools whose ' +
      'destruction is only guessed from a name; incidental effects (logs, temp files, caches) never count. ' +
      'Profiles: the same in spec, claude and chatgpt (the chatgpt profile also requires the hint on every tool, see profile-requirement).',
    examples: [
      {
        bad: `${FILE_HEAD}server.registerTool(\n  "clear_folder",\n  { inputSchema: { path: z.string() }, annotations: { readOnlyHint: false, openWorldHint: false } },\n  async ({ path }) => {\n    await rm(path, { recursive: true });\n    return { content: [{ type: "text", text: "cleared" }] };\n  },\n);\n`,
        good: `${FILE_HEAD}server.registerTool(\n  "clear_folder",\n  { inputSchema: { path: z.string() }, annotations: { readOnlyHint: false, destructiveHint: true, openWorldHint: false } },\n  async ({ path }) => {\n    await rm(path, { recursive: true });\n    return { content: [{ type: "text", text: "cleared" }] };\n  },\n);\n`,
      },
    ],
  },
  check(context) {
    const { tool } = context;
    const declared = tool.declared;
    if (!declared || declared.unresolved.length > 0 || tool.effective.readOnlyHint !== false) return [];
    if (declared.properties.some((p) => p.key === 'destructiveHint')) return [];
    const inference = inferHints(tool, context);
    // Only what the handler does counts here: a name or an input alone says too little to warn about an omission.
    const evidence = contradictingEvidence(inference, 'destructiveHint').evidence.filter((e) => e.source === 'handler' && e.strength === 'strong');
    if (evidence.length === 0) return [];
    const first = evidence[0];
    const chain = chainText(first, context);
    const fix = insertIntoAnnotations(tool, context, ['destructiveHint: true'], 'Write destructiveHint: true (the handler destroys)', false);
    return [
      {
        message:
          `destructiveHint is omitted, and the handler ${describe(first)} ${whereIs(first.loc, context)}${chain ? `, reached through ${chain}` : ''}. ` +
          `The spec's default is true, but ${HOSTS_READING_MISSING_AS_FALSE.join(', ')} read a missing destructiveHint as not destructive: write destructiveHint: true.${guessNote(evidence, 'destructiveHint')}`,
        loc: annotationsLoc(tool, context),
        related: [...(first.chain ?? []).map((hop) => ({ loc: hop.loc, message: `Calls \`${hop.text}\`` })), ...evidence.slice(0, 8).map((e) => ({ loc: e.loc, message: describe(e) }))],
        fixes: fix ? [fix] : [],
      },
    ];
  },
};
