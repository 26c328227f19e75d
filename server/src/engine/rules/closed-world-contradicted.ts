import { checkContradiction, evidencePhrase } from '../contradiction';
import type { Rule } from './rule';
import { exampleFile, ZOD } from './example';

export const closedWorldContradicted: Rule = {
  id: 'closed-world-contradicted',
  defaultSeverity: 'warning',
  docs: {
    what: '`openWorldHint: false` on a tool whose handler fetches a URL taken from its arguments or calls a third-party API (Slack, GitHub, Stripe, AWS, …).',
    why:
      'openWorldHint tells hosts whether results come from an open set of outside sources; VS Code asks the user to confirm ' +
      'open-world results before they reach the model, because web pages and third-party data can carry prompt injections. ' +
      'A request to a fixed or configured host (the server\'s own backend) is only a hint and is not reported.',
    examples: [
      {
        bad: exampleFile([ZOD], `server.registerTool("fetch_page", { inputSchema: { url: z.string().url() }, annotations: { readOnlyHint: true, openWorldHint: false } }, async ({ url }) => {\n  const res = await fetch(url);\n  return { content: [{ type: "text", text: await res.text() }] };\n});`),
        good: exampleFile([ZOD], `server.registerTool("fetch_page", { inputSchema: { url: z.string().url() }, annotations: { readOnlyHint: true, openWorldHint: true } }, async ({ url }) => {\n  const res = await fetch(url);\n  return { content: [{ type: "text", text: await res.text() }] };\n});`),
      },
    ],
  },
  check(context) {
    return checkContradiction(context, 'openWorldHint', false, evidencePhrase);
  },
};
