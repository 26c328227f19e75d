import type { Tool, ToolCondition } from '../model';
import type { Rule } from './rule';
import { toolLoc } from './helpers';
import { exampleFile } from './example';

/** `tool()` and `registerTool()` fill the same registry on an McpServer; other forms keep their own. */
const registry = (form: Tool['form']) => (form === 'tool' || form === 'registerTool' ? 'sdk' : form);

/**
 * Two registrations that no run can both make: one is guarded by a condition and the other by its negation, the same
 * expression at the same place (`if (pro) { add(t); return; } … add(t)` reached by one definition per path).
 */
function exclusive(a: Tool, b: Tool): boolean {
  const same = (x: ToolCondition, y: ToolCondition) => x.text === y.text && x.loc.file === y.loc.file && x.loc.start === y.loc.start;
  return (a.conditions ?? []).some((x) => (b.conditions ?? []).some((y) => same(x, y) && x.negated !== y.negated));
}

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
    const first = tools.find(
      (other, i) =>
        i < index && other.name === tool.name && other.receiver === tool.receiver && registry(other.form) === registry(tool.form) && other.loc.file === tool.loc.file && !exclusive(other, tool),
    );
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
