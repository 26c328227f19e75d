import { checkContradiction, evidencePhrase } from './contradiction';
import type { Rule } from './rule';

export const destructiveUnderstated: Rule = {
  id: 'destructive-understated',
  defaultSeverity: 'warning',
  docs: {
    what: '`destructiveHint: false` on a tool whose handler (or, when it cannot be seen through, inputs or name) deletes or overwrites.',
    why:
      'Hosts such as Claude always prompt before destructive tools and let additive ones through more easily. A tool that ' +
      'deletes files, drops rows, overwrites a file, sends an HTTP `DELETE` or `PUT`, or revokes access must say ' +
      'destructiveHint: true (the default). Request methods are read where the request is built, also a few calls away ' +
      '(`api(path, { method: "DELETE" })` into a helper that calls `fetch`). A tool whose input switches between reading and ' +
      'deleting (`action: "list" | "delete"`) is as destructive as its worst branch: split such catch-all tools.\n\n' +
      '**Profiles.** The same in every profile: OpenAI\'s review also counts a tool destructive "in only select modes" as ' +
      'destructive, and says undo does not make a deletion non-destructive; the analysis never credits an undo.',
    examples: [
      {
        bad: `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nimport { rm } from "node:fs/promises";\nimport { z } from "zod";\n\nconst server = new McpServer({ name: "files", version: "1.0.0" });\n\nserver.registerTool(\n  "cleanup",\n  { inputSchema: { path: z.string() }, annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false } },\n  async ({ path }) => {\n    await rm(path, { recursive: true });\n    return { content: [{ type: "text", text: "removed" }] };\n  },\n);\n`,
        good: `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nimport { rm } from "node:fs/promises";\nimport { z } from "zod";\n\nconst server = new McpServer({ name: "files", version: "1.0.0" });\n\nserver.registerTool(\n  "cleanup",\n  { inputSchema: { path: z.string() }, annotations: { readOnlyHint: false, destructiveHint: true, openWorldHint: false } },\n  async ({ path }) => {\n    await rm(path, { recursive: true });\n    return { content: [{ type: "text", text: "removed" }] };\n  },\n);\n`,
      },
    ],
  },
  check(context) {
    return checkContradiction(context, 'destructiveHint', false, evidencePhrase);
  },
};
