import { reviewTool } from '../review';
import { changesReport } from './review-helpers';
import type { Rule } from './rule';
import { REVIEW_EXAMPLE_SERVER as server } from './review-examples';

export const safetyWeakened: Rule = {
  id: 'safety-weakened',
  defaultSeverity: 'error',
  docs: {
    what:
      'A tool looks safer than its approved contract in `mcp-hints.lock.json`: `readOnlyHint` false → true, `destructiveHint` true → false, ' +
      '`openWorldHint` true → false, `idempotentHint` false → true, or a new write or delete in a tool approved as read-only.',
    why:
      'Hosts ask before a call that is not read-only, that may destroy, or that reaches the outside world. A change that makes a tool look ' +
      'safer removes that question, so it deserves a reviewer more than any other change. Review the code, then approve the new contract ' +
      '(`mcp-hints approve --tool <name>`, or the quick fix "Approve current contract").',
    examples: [
      {
        record: server.record('wipe_cache', { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false }, ['delete']),
        bad: server.file('wipe_cache', '{ readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false }', '  await rm("cache", { recursive: true, force: true });'),
        good: server.file('wipe_cache', '{ readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false }', '  await rm("cache", { recursive: true, force: true });'),
      },
      {
        record: server.record('cache_size', { readOnlyHint: true, destructiveHint: true, idempotentHint: false, openWorldHint: false }, []),
        bad: server.file('cache_size', '{ readOnlyHint: true, openWorldHint: false }', '  await rm("cache", { recursive: true, force: true });'),
        good: server.file('cache_size', '{ readOnlyHint: true, openWorldHint: false }', '  await readdir("cache");'),
      },
    ],
  },
  check(context) {
    const review = reviewTool(context);
    if (!review?.entry) return [];
    return changesReport(context, review.changes.filter((c) => c.safety), 'looks safer than approved', 'Review the change, then approve the new contract (`mcp-hints approve`, or the quick action in the editor).');
  },
};
