import { checkContradiction, evidencePhrase } from './contradiction';
import type { Rule } from './rule';

export const closedWorldContradicted: Rule = {
  id: 'closed-world-contradicted',
  defaultSeverity: 'warning',
  docs: {
    what: '`openWorldHint: false` on a tool that reaches an open world: a URL taken from its arguments, the web, a third-party API (Slack, GitHub, Stripe, AWS, …).',
    why:
      'openWorldHint tells hosts whether results come from an open set of outside sources; VS Code asks the user to confirm ' +
      'open-world results before they reach the model, because web pages and third-party data can carry prompt injections. ' +
      'Open: a URL whose host comes from the arguments, web search and crawling (a name that says `web` or `crawl` together ' +
      'with a request), content third parties wrote. Not open: the server\'s own store, or a bounded private account on a ' +
      'vendor\'s API; so a request to a fixed or configured host, with arguments only in its path, is a hint and is not ' +
      'reported on its own.\n\n' +
      '**Profiles.** The same in every profile: OpenAI\'s review says "a bounded private account or workspace isn\'t ' +
      'open-world solely because it is externally hosted", which is how the analysis treats a fixed host.',
    examples: [
      {
        bad: `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nimport { z } from "zod";\n\nconst server = new McpServer({ name: "pages", version: "1.0.0" });\n\nserver.registerTool(\n  "fetch_page",\n  { inputSchema: { url: z.string().url() }, annotations: { readOnlyHint: true, openWorldHint: false } },\n  async ({ url }) => {\n    const res = await fetch(url);\n    return { content: [{ type: "text", text: await res.text() }] };\n  },\n);\n`,
        good: `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nimport { z } from "zod";\n\nconst server = new McpServer({ name: "pages", version: "1.0.0" });\n\nserver.registerTool(\n  "fetch_page",\n  { inputSchema: { url: z.string().url() }, annotations: { readOnlyHint: true, openWorldHint: true } },\n  async ({ url }) => {\n    const res = await fetch(url);\n    return { content: [{ type: "text", text: await res.text() }] };\n  },\n);\n`,
      },
    ],
  },
  check(context) {
    return checkContradiction(context, 'openWorldHint', false, evidencePhrase);
  },
};
