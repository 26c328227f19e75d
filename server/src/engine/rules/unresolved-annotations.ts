import { HINT_KEYS } from '../model';
import { annotationsLoc, oneLine } from './helpers';
import type { Report, Rule } from './rule';
import { exampleFile } from './example';

const HINTS = new Set<string>(HINT_KEYS);

export const unresolvedAnnotations: Rule = {
  id: 'unresolved-annotations',
  aboutCode: true,
  defaultSeverity: 'info',
  docs: {
    what: 'Annotations, or a hint, whose value cannot be known without running the server (an environment variable, a function result).',
    why: 'mcp-hints never guesses: what it cannot resolve it cannot check. Prefer literal hints, or constants, so that reviewers and tools can see the claim.',
    examples: [
      {
        bad: exampleFile([], `server.registerTool("list_notes", { description: "Lists notes", annotations: { readOnlyHint: process.env.READ_ONLY === "1" } }, async () => ({ content: [] }));`),
        good: exampleFile([], `server.registerTool("list_notes", { description: "Lists notes", annotations: { readOnlyHint: false } }, async () => ({ content: [] }));`),
      },
    ],
  },
  check(context) {
    const { tool } = context;
    if (!tool.declared) return [];
    // An expression over several lines (a call with an object argument) is reported at its annotations key.
    const reports: Report[] = tool.declared.unresolved.map((u) => {
      const loc = oneLine(u.loc, context) ? u.loc : annotationsLoc(tool, context);
      return {
        message: `Annotations cannot be resolved statically: ${u.reason}.`,
        detail: 'The hints that come from here are known only at run time: they are shown as unresolved, and no rule checks them. `mcp-hints verify` compares with what the running server lists.',
        loc,
        ...(loc === u.loc ? {} : { related: [{ loc: u.loc, message: 'The value computed at run time' }] }),
      };
    });
    for (const property of tool.declared.properties) {
      if (HINTS.has(property.key) && property.value === 'unresolved') {
        const loc = oneLine(property.valueLoc, context) ? property.valueLoc : property.keyLoc;
        reports.push({
          message: `${property.key} cannot be resolved statically: it is ${property.reason ?? 'computed at run time'}.`,
          detail: 'It is shown as unresolved, and no rule checks it. `mcp-hints verify` compares with what the running server lists.',
          loc,
        });
      }
    }
    return reports;
  },
};
