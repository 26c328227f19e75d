import { HINT_DEFAULTS, HINT_KEYS, type HintKey } from '../model';
import { didYouMean } from './unknown-annotation-key';
import { hintPhrase } from './describe';
import { annotationsLoc, insertIntoAnnotations, meaningfulHints } from './helpers';
import type { Rule } from './rule';
import { exampleFile } from './example';

const HINT_SET = new Set<string>(HINT_KEYS);

export const implicitDefault: Rule = {
  id: 'implicit-default',
  defaultSeverity: 'hint',
  docs: {
    what: 'An annotations object leaves out a hint that matters for this tool, so it silently takes its pessimistic default.',
    why:
      'An omitted hint is not "unknown" to hosts: it reads as the default (not read-only, destructive, not idempotent, ' +
      'open-world). Writing it out makes the claim visible to reviewers and to hosts that require explicit hints.',
    examples: [
      {
        bad: exampleFile([], `server.registerTool("rename_note", { description: "Renames a note", annotations: { readOnlyHint: false } }, async () => ({ content: [] }));`),
        good: exampleFile([], `server.registerTool("rename_note", { description: "Renames a note", annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true } }, async () => ({ content: [] }));`),
      },
    ],
  },
  check(context) {
    const { tool } = context;
    const declared = tool.declared;
    if (!declared || declared.unresolved.length > 0) return [];
    // A misspelled or misplaced hint is reported (and fixed) by its own rule; writing the default here as well
    // would give fix-all two values for one key. What is omitted is clear once those are fixed.
    if (tool.misplaced.length > 0 || declared.properties.some((p) => !HINT_SET.has(p.key) && HINT_SET.has(didYouMean(p.key) ?? ''))) return [];
    const omitted = meaningfulHints(tool).filter((key) => !declared.properties.some((p) => p.key === key));
    if (omitted.length === 0) return [];
    const said = omitted.map((key: HintKey) => `${key} defaults to ${HINT_DEFAULTS[key]} (${hintPhrase(key, HINT_DEFAULTS[key])})`).join('; ');
    const fix = insertIntoAnnotations(tool, context, omitted.map((key) => `${key}: ${HINT_DEFAULTS[key]}`), `Write the omitted hint${omitted.length > 1 ? 's' : ''} explicitly (${omitted.join(', ')})`, false);
    return [{ message: `Omitted: ${said}.`, loc: annotationsLoc(tool, context), fixes: fix ? [fix] : [] }];
  },
};
