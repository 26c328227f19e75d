import { suggestAnnotations } from './suggest';
import { hintPhrase } from './describe';
import { addAnnotationsEdit, toolLoc } from './helpers';
import type { Tool } from '../model';
import type { Rule } from './rule';
import { exampleFile, ZOD } from './example';

export const missingAnnotations: Rule = {
  id: 'missing-annotations',
  defaultSeverity: 'warning',
  docs: {
    what: 'A tool registered without annotations.',
    why:
      'Every hint defaults to its pessimistic value, so hosts treat an unannotated tool as one that writes, may destroy, ' +
      'is unsafe to retry and reaches the outside world: VS Code and Claude ask before every call, Cursor will not run ' +
      'it in Ask mode, and ChatGPT rejects servers whose tools leave the hints out.',
    examples: [
      {
        bad: exampleFile([ZOD], `server.registerTool("delete_user", { description: "Delete a user", inputSchema: { id: z.string() } }, async ({ id }) => ({\n  content: [{ type: "text", text: "deleted " + id }],\n}));`),
        good: exampleFile([ZOD], `server.registerTool("delete_user", {\n  description: "Delete a user",\n  inputSchema: { id: z.string() },\n  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },\n}, async ({ id }) => ({\n  content: [{ type: "text", text: "deleted " + id }],\n}));`),
      },
    ],
  },
  check(context) {
    const { tool } = context;
    if (tool.declared) return [];
    const hints = suggestAnnotations(tool, context);
    // Tools expanded from one loop or wrapper share the config literal: what is written there names and
    // annotates all of them, so it gets no per-tool title and is offered, not applied by fix-all.
    const sharedSlot = isSharedSlot(tool, context.tools);
    const edit = addAnnotationsEdit(sharedSlot ? { ...tool, name: null } : tool, context, hints);
    // Misplaced hints get moved into a new annotations object by misplaced-annotations' fix: fix-all must not add a second one.
    const misplacedHints = tool.misplaced.length > 0;
    const inferred = hints.filter((h) => h.basis === 'evidence');
    const summary = inferred.length > 0 ? inferred.map((h) => hintPhrase(h.key, h.value)).join(', ') : 'the spec defaults';
    const why = inferred.length > 0 ? ` (${inferred.map((h) => h.reason).filter((r, i, all) => all.indexOf(r) === i).join('; ')})` : '';
    return [
      {
        message: `${tool.name ? `"${tool.name}"` : 'This tool'} has no annotations: hosts ask before every call.`,
        detail:
          'Every hint takes its pessimistic default, so hosts treat the tool as one that writes, may destroy, is unsafe to retry and reaches the outside world.' +
          (inferred.length > 0 ? ` The code suggests: ${summary}${why}.` : '') +
          (edit ? (inferred.length > 0 ? ' The quick fix writes that.' : ' The quick fix writes the defaults explicitly: correct those that overstate what the tool does.') : tool.slot.kind === 'none' ? ` No quick fix: ${tool.slot.reason}.` : ''),
        loc: toolLoc(tool, context),
        fixes: edit
          ? [{ title: inferred.length > 0 ? `Annotate: ${summary}${why}` : 'Add annotations (the spec defaults, written explicitly)', edits: [edit], safe: !misplacedHints && !sharedSlot, preferred: true }]
          : [],
      },
    ];
  },
};

function isSharedSlot(tool: Tool, tools: readonly Tool[]): boolean {
  const at = slotLoc(tool);
  if (!tool.expanded || !at) return false;
  return tools.some((other) => {
    const there = other !== tool ? slotLoc(other) : undefined;
    return there !== undefined && there.file === at.file && there.start === at.start;
  });
}

function slotLoc(tool: Tool) {
  return tool.slot.kind === 'property' ? tool.slot.object : tool.slot.kind === 'argument' ? tool.slot.before : undefined;
}
