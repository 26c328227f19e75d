import { checkContradiction, evidencePhrase } from '../contradiction';
import type { Rule } from './rule';
import { exampleFile, FS, ZOD } from './example';

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
        bad: exampleFile([ZOD, FS], `server.registerTool("save_note", { inputSchema: { text: z.string() }, annotations: { readOnlyHint: true } }, async ({ text }) => {\n  await fs.writeFile("notes.txt", text);\n  return { content: [] };\n});`),
        good: exampleFile([ZOD, FS], `server.registerTool("save_note", { inputSchema: { text: z.string() }, annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false } }, async ({ text }) => {\n  await fs.writeFile("notes.txt", text);\n  return { content: [] };\n});`),
      },
      {
        bad: exampleFile([ZOD, 'import { mailbox } from "./mailbox.js";'], `server.registerTool("get_messages", { inputSchema: { markAsRead: z.boolean() }, annotations: { readOnlyHint: true } }, async ({ markAsRead }) => ({\n  content: [{ type: "text", text: await mailbox.fetchUnread({ markAsRead }) }],\n}));`),
        good: exampleFile([ZOD, 'import { mailbox } from "./mailbox.js";'], `server.registerTool("get_messages", { inputSchema: { markAsRead: z.boolean() }, annotations: { readOnlyHint: false, destructiveHint: false } }, async ({ markAsRead }) => ({\n  content: [{ type: "text", text: await mailbox.fetchUnread({ markAsRead }) }],\n}));`),
      },
    ],
  },
  check(context) {
    return checkContradiction(context, 'readOnlyHint', true, evidencePhrase);
  },
};
