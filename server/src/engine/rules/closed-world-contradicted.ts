import { checkContradiction, evidencePhrase } from '../contradiction';
import type { Rule } from './rule';

export const closedWorldContradicted: Rule = {
  id: 'closed-world-contradicted',
  defaultSeverity: 'warning',
  docs: {
    what: '`openWorldHint: false` on a tool whose handler reaches the network (a URL or host from its arguments, a third-party API).',
    why:
      'openWorldHint tells hosts whether results come from an open set of outside sources; VS Code asks the user to confirm ' +
      'open-world results before they reach the model, because web pages and third-party data can carry prompt injections.',
    examples: [
      {
        bad: `server.registerTool("fetch_page", { annotations: { readOnlyHint: true, openWorldHint: false } }, async ({ url }) => {\n  const res = await fetch(url);\n  return { content: [{ type: "text", text: await res.text() }] };\n});`,
        good: `server.registerTool("fetch_page", { annotations: { readOnlyHint: true, openWorldHint: true } }, async ({ url }) => {\n  const res = await fetch(url);\n  return { content: [{ type: "text", text: await res.text() }] };\n});`,
      },
    ],
  },
  check(context) {
    return checkContradiction(context, 'openWorldHint', false, evidencePhrase);
  },
};
