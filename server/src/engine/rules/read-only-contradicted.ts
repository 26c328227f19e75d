import { checkContradiction, evidencePhrase } from './contradiction';
import type { Rule } from './rule';

export const readOnlyContradicted: Rule = {
  id: 'read-only-contradicted',
  defaultSeverity: 'warning',
  docs: {
    what: '`readOnlyHint: true` on a tool whose handler, inputs or (when the handler cannot be seen through) name show a write.',
    why:
      'readOnlyHint: true removes the human gate in VS Code, Claude, Claude Code, Cursor and ChatGPT: the call runs without ' +
      'confirmation. A tool that writes, deletes, sends or runs a process must not claim it. Calls are followed into helpers ' +
      'across modules (compiled `dist/` included) and the message shows the chain: tool → helper → effect. The handler and ' +
      'inputs are strong evidence; the name alone counts only when no handler can be seen. Running a process, a POST, or ' +
      'changing a module-level cache is not reported on its own (it may only read). Incidental writes never count: a log or ' +
      'telemetry record, a temp file, a cache, code that runs only in development; the hover lists them, marked incidental. ' +
      'In-process state that other code reads later is a store, and writing it counts.\n\n' +
      '**Profiles.** `spec` and `claude` follow the spec ("does not modify its environment"). `chatgpt` follows OpenAI\'s ' +
      'review definitions: writing logs or temp files and saving artifacts is not read-only, so a log file the tool writes ' +
      'is reported there (caches and telemetry pings are not). A tool whose input switches it between reading and writing ' +
      'is as dangerous as its worst branch in every profile.',
    examples: [
      {
        bad: `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nimport { writeFile } from "node:fs/promises";\nimport { z } from "zod";\n\nconst server = new McpServer({ name: "notes", version: "1.0.0" });\n\nserver.registerTool(\n  "save_note",\n  { inputSchema: { text: z.string() }, annotations: { readOnlyHint: true } },\n  async ({ text }) => {\n    await writeFile("notes.txt", text);\n    return { content: [{ type: "text", text: "saved" }] };\n  },\n);\n`,
        good: `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nimport { writeFile } from "node:fs/promises";\nimport { z } from "zod";\n\nconst server = new McpServer({ name: "notes", version: "1.0.0" });\n\nserver.registerTool(\n  "save_note",\n  { inputSchema: { text: z.string() }, annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false } },\n  async ({ text }) => {\n    await writeFile("notes.txt", text);\n    return { content: [{ type: "text", text: "saved" }] };\n  },\n);\n`,
      },
    ],
  },
  check(context) {
    return checkContradiction(context, 'readOnlyHint', true, evidencePhrase);
  },
};
