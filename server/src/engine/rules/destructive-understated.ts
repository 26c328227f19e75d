import { checkContradiction, evidencePhrase } from '../contradiction';
import type { Rule } from './rule';
import { exampleFile, FS, ZOD } from './example';

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
        bad: exampleFile([ZOD, FS], `server.registerTool("cleanup", { inputSchema: { path: z.string() }, annotations: { destructiveHint: false } }, async ({ path }) => {\n  await fs.rm(path, { recursive: true });\n  return { content: [] };\n});`),
        good: exampleFile([ZOD, FS], `server.registerTool("cleanup", { inputSchema: { path: z.string() }, annotations: { destructiveHint: true } }, async ({ path }) => {\n  await fs.rm(path, { recursive: true });\n  return { content: [] };\n});`),
      },
    ],
  },
  check(context) {
    return checkContradiction(context, 'destructiveHint', false, evidencePhrase);
  },
};
