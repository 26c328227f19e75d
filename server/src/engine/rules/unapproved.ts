import { reviewTool } from '../review';
import { RECORD_FILE_NAME } from '../review';
import { toolLoc } from './helpers';
import type { Rule } from './rule';
import { REVIEW_EXAMPLE_SERVER as server } from './review-examples';

export const unapproved: Rule = {
  id: 'unapproved',
  defaultSeverity: 'info',
  docs: {
    what: 'A tool with no entry in `mcp-hints.lock.json`, when the project has one.',
    why:
      'Once a project keeps a review record, every tool should have an approved contract, or later changes to it go unnoticed. ' +
      'Approve it with `mcp-hints approve --tool <name>` or the quick fix "Approve current contract".',
    examples: [
      {
        record: server.record('list_notes', { readOnlyHint: true, destructiveHint: true, idempotentHint: false, openWorldHint: false }, []),
        bad: server.file('count_notes', '{ readOnlyHint: true, openWorldHint: false }', '  await readdir("notes");'),
        good: server.file('list_notes', '{ readOnlyHint: true, openWorldHint: false }', '  await readdir("notes");'),
      },
    ],
  },
  check(context) {
    const review = reviewTool(context);
    if (!review || review.entry) return [];
    return [
      {
        message: `"${context.tool.name}" has no entry in ${RECORD_FILE_NAME}: approve its contract.`,
        detail: `Approving records its hints, inputs and evidence, so that later changes are reviewed: \`mcp-hints approve --tool ${context.tool.name}\` or the quick action "Approve current contract".`,
        loc: toolLoc(context.tool, context),
      },
    ];
  },
};
