import ts from 'typescript';
import { nodeAt } from '../syntax';
import { ANNOTATION_KEYS, type AnnotationProperty, type Fix, type Tool } from '../model';
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

/** Keys that are not annotations, minus those another rule reports (permissions, a nested `annotations` of hints). */
function otherKeys(tool: Tool): AnnotationProperty[] {
  if (!tool.declared) return [];
  return tool.declared.properties.filter(
    (p) => !KNOWN.has(p.key) && !AUTHORIZATION_KEY.test(p.key) && !(p.key === 'annotations' && tool.misplaced.some((m) => m.kind === 'nested-annotations')),
  );
}

/**
 * Whether an unknown key reads as an attempt at a hint (a near miss of a hint's name, a name ending in "Hint", a
 * boolean value), rather than the server's own data (`category: "debugging"`, `conditions: [...]`, a value computed
 * at run time under a name that is no hint's).
 */
export function looksLikeHint(property: AnnotationProperty): boolean {
  return didYouMean(property.key) !== undefined || /hint$/i.test(property.key) || typeof property.value === 'boolean';
}

export const unknownAnnotationKey: Rule = {
  id: 'unknown-annotation-key',
  aboutCode: true,
  defaultSeverity: 'error',
  docs: {
    what: 'An annotations key that is not one of readOnlyHint, destructiveHint, idempotentHint, openWorldHint or title, and reads as a hint (a near miss, a name ending in "Hint", a boolean value).',
    why:
      'ToolAnnotations strips unknown keys: a misspelled hint (`readonlyHint`, `openWorldHnt`) or an invented one ' +
      '(`confirmationHint`, `dangerous: true`) never reaches any host, so the tool silently keeps the pessimistic default. ' +
      'A key that holds the server\'s own data (a string, a list) is reported by custom-annotation-key instead.',
    examples: [
      {
        bad: exampleFile([], `server.registerTool("list_notes", { description: "Lists notes", annotations: { readonlyHint: true } }, async () => ({ content: [] }));`),
        good: exampleFile([], `server.registerTool("list_notes", { description: "Lists notes", annotations: { readOnlyHint: true } }, async () => ({ content: [] }));`),
      },
    ],
  },
  check(context) {
    const { tool } = context;
    return otherKeys(tool)
      .filter(looksLikeHint)
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
            (suggestion ? `, and the tool keeps the default of "${suggestion}".` : ". Hosts read only the four hints and the title; the server's own data belongs in the tool's `_meta`."),
          loc: property.keyLoc,
          fixes,
        };
      });
  },
};

export const customAnnotationKey: Rule = {
  id: 'custom-annotation-key',
  aboutCode: true,
  defaultSeverity: 'hint',
  docs: {
    what: 'The server\'s own data (a string, a number, a list) kept under a key of the annotations that is not a tool annotation.',
    why:
      'Hosts never see it: the SDK\'s client drops every key ToolAnnotations does not define. A server that reads the key ' +
      'back itself (a category, the conditions a tool needs) works, but the data travels in every `tools/list` answer for ' +
      'nothing, and a future annotation of the same name would change its meaning. The tool\'s `_meta` is the place for it. ' +
      'One finding per annotations object, listing its keys; keys that read as hints are errors of unknown-annotation-key.',
    examples: [
      {
        bad: exampleFile([], `server.registerTool("list_notes", { description: "Lists notes", annotations: { readOnlyHint: true, category: "notes" } }, async () => ({ content: [] }));`),
        good: exampleFile([], `server.registerTool("list_notes", { description: "Lists notes", annotations: { readOnlyHint: true }, _meta: { category: "notes" } }, async () => ({ content: [] }));`),
      },
    ],
  },
  check(context) {
    const custom = otherKeys(context.tool).filter((p) => !looksLikeHint(p));
    if (custom.length === 0) return [];
    const keys = custom.map((p) => `"${p.key}"`);
    const named = keys.length === 1 ? keys[0] : `${keys.slice(0, -1).join(', ')} and ${keys.at(-1)}`;
    return [
      {
        message: `${named} ${custom.length > 1 ? 'are' : 'is'} server data, not ${custom.length > 1 ? 'annotations' : 'an annotation'}: no host sees ${custom.length > 1 ? 'them' : 'it'}.`,
        detail: "The SDK's client drops every key ToolAnnotations does not define. Keep the server's own data in the tool's `_meta`.",
        loc: custom[0].keyLoc,
      },
    ];
  },
};
