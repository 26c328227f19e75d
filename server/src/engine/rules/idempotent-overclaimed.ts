import { checkContradiction, evidencePhrase } from './contradiction';
import type { Rule } from './rule';

export const idempotentOverclaimed: Rule = {
  id: 'idempotent-overclaimed',
  defaultSeverity: 'warning',
  docs: {
    what: '`idempotentHint: true` on a tool that sends, creates, appends, posts, increments or charges.',
    why:
      'Since MCP 2026-07-28 a broken response stream is not resumed: the client re-issues the call, and only idempotentHint ' +
      'tells it whether that is safe. A tool that sends an email or inserts a row twice on retry must not claim it, unless ' +
      'it takes an idempotency key. A `PUT` overwrites with the same result each time (idempotent); a `POST` creates anew. ' +
      'A creation the handler makes only after a lookup of what exists found nothing (`const existing = list.find(…); ' +
      'if (existing) return …;`, or `.some(…)`, `.has(…)`, `.includes(…)` and a `throw`) is safe to retry: a second call ' +
      'finds the first one\'s result.\n\n' +
      '**Profiles.** The same in every profile.',
    examples: [
      {
        bad: `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nimport nodemailer from "nodemailer";\nimport { z } from "zod";\n\nconst server = new McpServer({ name: "mail", version: "1.0.0" });\n\nconst transporter = nodemailer.createTransport({ host: "smtp.example.com" });\n\nserver.registerTool(\n  "send_email",\n  { inputSchema: { to: z.string(), text: z.string() }, annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true } },\n  async ({ to, text }) => {\n    await transporter.sendMail({ to, text });\n    return { content: [{ type: "text", text: "sent" }] };\n  },\n);\n`,
        good: `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nimport nodemailer from "nodemailer";\nimport { z } from "zod";\n\nconst server = new McpServer({ name: "mail", version: "1.0.0" });\n\nconst transporter = nodemailer.createTransport({ host: "smtp.example.com" });\n\nserver.registerTool(\n  "send_email",\n  { inputSchema: { to: z.string(), text: z.string() }, annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true } },\n  async ({ to, text }) => {\n    await transporter.sendMail({ to, text });\n    return { content: [{ type: "text", text: "sent" }] };\n  },\n);\n`,
      },
    ],
  },
  check(context) {
    return checkContradiction(context, 'idempotentHint', true, evidencePhrase);
  },
};
