import { HINT_KEYS, type Fix } from '../model';
import type { Rule } from './rule';
import { exampleFile } from './example';

const HINTS = new Set<string>(HINT_KEYS);

export const nonBooleanHint: Rule = {
  id: 'non-boolean-hint',
  aboutCode: true,
  defaultSeverity: 'error',
  docs: {
    what: 'A hint whose value is a literal that is not a boolean, such as `"true"`, `"false"` or `1`.',
    why:
      'Hints are booleans. Hosts written in JavaScript test them for truthiness, so `"false"` reads as true, ' +
      'and strict clients reject or drop the whole annotations object.',
    examples: [
      {
        bad: exampleFile([], `server.registerTool("list_notes", { description: "Lists notes", annotations: { readOnlyHint: "false" } }, async () => ({ content: [] }));`),
        good: exampleFile([], `server.registerTool("list_notes", { description: "Lists notes", annotations: { readOnlyHint: false } }, async () => ({ content: [] }));`),
      },
    ],
  },
  check(context) {
    const { tool } = context;
    if (!tool.declared) return [];
    return tool.declared.properties
      .filter((p) => HINTS.has(p.key) && p.value !== 'unresolved' && typeof p.value !== 'boolean')
      .map((property) => {
        const intended = property.value === 'true' || property.value === 1 ? true : property.value === 'false' || property.value === 0 || property.value === null ? false : undefined;
        const fixes: Fix[] =
          intended === undefined
            ? []
            : [{ title: `Write ${property.key}: ${intended}`, edits: [{ file: property.valueLoc.file, start: property.valueLoc.start, end: property.valueLoc.end, newText: String(intended) }], safe: false, preferred: true }];
        return {
          message: `${property.key} must be a boolean, not ${JSON.stringify(property.value)}: JavaScript hosts read ${JSON.stringify(property.value)} as ${Boolean(property.value)}.`,
          loc: property.valueLoc,
          fixes,
        };
      });
  },
};
