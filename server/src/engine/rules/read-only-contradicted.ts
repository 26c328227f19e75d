import { checkContradiction, evidencePhrase } from '../contradiction';
import type { Rule } from './rule';

export const readOnlyContradicted: Rule = {
  id: 'read-only-contradicted',
  defaultSeverity: 'warning',
  docs: {
    what: '`readOnlyHint: true` on a tool whose handler, inputs or (when the handler cannot be seen through) name show a write.',
    why:
      'readOnlyHint: true removes the human gate in VS Code, Claude, Claude Code, Cursor and ChatGPT: the call runs without ' +
      'confirmation. A tool that writes, deletes, sends or runs a process must not claim it. The handler and inputs are ' +
      'strong evidence; the name alone counts only when no handler can be seen. Running a process, a POST, or changing a ' +
      'module-level cache is not reported on its own (it may only read); it still keeps the inferred value pessimistic.',
    examples: [
      {
        bad: `server.registerTool("save_note", { annotations: { readOnlyHint: true } }, async ({ text }) => {\n  await fs.writeFile("notes.txt", text);\n  return { content: [] };\n});`,
        good: `server.registerTool("save_note", { annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false } }, async ({ text }) => {\n  await fs.writeFile("notes.txt", text);\n  return { content: [] };\n});`,
      },
      {
        bad: `server.registerTool("get_messages", { inputSchema: { markAsRead: z.boolean() }, annotations: { readOnlyHint: true } }, handler);`,
        good: `server.registerTool("get_messages", { inputSchema: { markAsRead: z.boolean() }, annotations: { readOnlyHint: false, destructiveHint: false } }, handler);`,
      },
    ],
  },
  check(context) {
    return checkContradiction(context, 'readOnlyHint', true, evidencePhrase);
  },
};
