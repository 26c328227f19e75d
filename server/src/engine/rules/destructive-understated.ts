import { checkContradiction, evidencePhrase } from '../contradiction';
import type { Rule } from './rule';

export const destructiveUnderstated: Rule = {
  id: 'destructive-understated',
  defaultSeverity: 'warning',
  docs: {
    what: '`destructiveHint: false` on a tool whose handler (or, when it cannot be seen through, inputs or name) deletes or overwrites.',
    why:
      'Hosts such as Claude always prompt before destructive tools and let additive ones through more easily. A tool that ' +
      'deletes files, drops rows, overwrites a file or revokes access must say destructiveHint: true (the default).',
    examples: [
      {
        bad: `server.registerTool("cleanup", { annotations: { destructiveHint: false } }, async ({ path }) => {\n  await fs.rm(path, { recursive: true });\n  return { content: [] };\n});`,
        good: `server.registerTool("cleanup", { annotations: { destructiveHint: true } }, async ({ path }) => {\n  await fs.rm(path, { recursive: true });\n  return { content: [] };\n});`,
      },
    ],
  },
  check(context) {
    return checkContradiction(context, 'destructiveHint', false, evidencePhrase);
  },
};
