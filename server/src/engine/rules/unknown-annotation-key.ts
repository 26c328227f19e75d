import ts from 'typescript';
import { nodeAt } from '../fixes';
import { ANNOTATION_KEYS, type Fix } from '../model';
import { AUTHORIZATION_KEY } from './authorization-in-annotations';
import type { Rule } from './rule';
import { exampleFile } from './example';

const KNOWN = new Set<string>(ANNOTATION_KEYS);

/** Common near-misses that edit distance alone ranks poorly. */
const ALIASES: Record<string, string> = {
  readonly: 'readOnlyHint',
  readOnly: 'readOnlyHint',
  destructive: 'destructiveHint',
  idempotent: 'idempotentHint',
  openWorld: 'openWorldHint',
  openworld: 'openWorldHint',
  name: 'title',
};

export function didYouMean(key: string): string | undefined {
  if (ALIASES[key]) return ALIASES[key];
  const lower = key.toLowerCase();
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of ANNOTATION_KEYS) {
    const distance = editDistance(lower, candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return bestDistance <= Math.max(2, Math.floor(key.length / 5)) ? best : undefined;
}

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const current = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = current;
    }
  }
  return row[b.length];
}

export const unknownAnnotationKey: Rule = {
  id: 'unknown-annotation-key',
  defaultSeverity: 'error',
  docs: {
    what: 'An annotations key that is not one of readOnlyHint, destructiveHint, idempotentHint, openWorldHint or title.',
    why:
      'ToolAnnotations strips unknown keys: a misspelled hint (`readonlyHint`, `openWorldHnt`) never reaches any host, ' +
      'so the tool silently keeps the pessimistic default. Custom data belongs in the tool\'s `_meta`.',
    examples: [
      {
        bad: exampleFile([], `server.registerTool("list_notes", { description: "Lists notes", annotations: { readonlyHint: true } }, async () => ({ content: [] }));`),
        good: exampleFile([], `server.registerTool("list_notes", { description: "Lists notes", annotations: { readOnlyHint: true } }, async () => ({ content: [] }));`),
      },
    ],
  },
  check(context) {
    const { tool } = context;
    if (!tool.declared) return [];
    return tool.declared.properties
      // A nested `annotations` holding hints is reported by misplaced-annotations.
      .filter((p) => !KNOWN.has(p.key) && !AUTHORIZATION_KEY.test(p.key) && !(p.key === 'annotations' && tool.misplaced.some((m) => m.kind === 'nested-annotations')))
      .map((property) => {
        const suggestion = didYouMean(property.key);
        const fixes: Fix[] = [];
        const alreadyThere = suggestion && tool.declared!.properties.some((p) => p.key === suggestion);
        const sf = context.sourceFileOf(property.keyLoc.file);
        const keyNode = sf && nodeAt(sf, property.keyLoc);
        if (suggestion && !alreadyThere && sf && keyNode && (ts.isIdentifier(keyNode) || ts.isStringLiteral(keyNode)) && !ts.isShorthandPropertyAssignment(keyNode.parent)) {
          fixes.push({ title: `Rename "${property.key}" to "${suggestion}"`, edits: [{ file: property.keyLoc.file, start: property.keyLoc.start, end: property.keyLoc.end, newText: suggestion }], safe: true, preferred: true });
        }
        return {
          message: suggestion ? `"${property.key}" is not a tool annotation: did you mean "${suggestion}"?` : `"${property.key}" is not a tool annotation: no host ever sees it.`,
          detail:
            'The SDK\'s client drops every key ToolAnnotations does not define, so no host reads it' +
            (suggestion ? `, and the tool keeps the default of "${suggestion}".` : ". Put the server's own data in the tool's `_meta` instead."),
          loc: property.keyLoc,
          fixes,
        };
      });
  },
};
