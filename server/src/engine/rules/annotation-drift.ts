import { reviewTool } from '../review';
import { changesReport } from './review-helpers';
import type { Rule } from './rule';
import { REVIEW_EXAMPLE_SERVER as server } from './review-examples';

export const annotationDrift: Rule = {
  id: 'annotation-drift',
  defaultSeverity: 'warning',
  docs: {
    what: "A tool's hints, title, inputs, description or evidence differ from its approved contract in `mcp-hints.lock.json`.",
    why:
      'The record is what a reviewer agreed the tool does. When the code moves on (a new input, a new call, a changed description), ' +
      'the hints may no longer tell the truth; the message says what changed, old → new. Changes that make the tool look safer are ' +
      '`safety-weakened` instead. Approve the new contract once it is reviewed (`mcp-hints approve --tool <name>`).',
    examples: [
      {
        record: server.record('list_notes', { readOnlyHint: true, destructiveHint: true, idempotentHint: false, openWorldHint: false }, [], { folder: 'string' }),
        bad: server.file('list_notes', '{ readOnlyHint: true, openWorldHint: false }', '  await readdir(folder);', '{ folder: z.string(), limit: z.number() }', '{ folder }'),
        good: server.file('list_notes', '{ readOnlyHint: true, openWorldHint: false }', '  await readdir(folder);', '{ folder: z.string() }', '{ folder }'),
      },
    ],
  },
  check(context) {
    const review = reviewTool(context);
    if (!review?.entry) return [];
    return changesReport(context, review.changes.filter((c) => !c.safety), 'differs from its approved contract', '');
  },
};
