import type { Tool } from '../model';
import type { Rule } from './rule';
import { toolLoc } from './helpers';
import { exampleFile } from './example';

/** `tool()` and `registerTool()` fill the same registry on an McpServer; other forms keep their own. */
const registry = (form: Tool['form']) => (form === 'tool' || form === 'registerTool' ? 'sdk' : form);

export const duplicateToolName: Rule = {
  id: 'duplicate-tool-name',
  readsOtherTools: true,
  defaultSeverity: 'error',
  docs: {
    what: 'Two registrations of the same tool name on one server.',
    why: 'The SDK throws "Tool X is already registered" at start-up; other servers silently keep one definition, so the annotations a host sees depend on order.',
    examples: [
      {
        bad: exampleFile([], `server.registerTool("search", { description: "Search notes" }, async () => ({ content: [] }));\nserver.registerTool("search", { description: "Search docs" }, async () => ({ content: [] }));`),
        good: exampleFile([], `server.registerTool("search", { description: "Search notes" }, async () => ({ content: [] }));\nserver.registerTool("search_docs", { description: "Search docs" }, async () => ({ content: [] }));`),
      },
    ],
  },
  check(context) {
    const { tool, tools } = context;
    if (tool.name === null) return [];
    const index = tools.indexOf(tool);
    const first = tools.find((other, i) => i < index && other.name === tool.name && other.receiver === tool.receiver && registry(other.form) === registry(tool.form) && other.loc.file === tool.loc.file);
    if (!first) return [];
    return [
      {
        message: `Tool "${tool.name}" is already registered on ${tool.receiver || 'this server'}: the SDK throws at start-up.`,
        loc: toolLoc(tool, context),
        related: [{ loc: first.nameLoc, message: `first registration of "${tool.name}"` }],
      },
    ];
  },
};
