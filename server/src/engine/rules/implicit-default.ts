import { HINT_DEFAULTS, HINT_KEYS, type HintKey } from '../model';
import { didYouMean } from './unknown-annotation-key';
import { hintPhrase } from './describe';
import { inferHints } from '../evidence';
import { fixTitleFor } from './contradiction';
import type { SuggestedHint } from './suggest';
import { annotationsLoc, insertIntoAnnotations, meaningfulHints } from './helpers';
import { PROFILE_REQUIREMENTS } from './profile-requirement';
import type { Rule } from './rule';
import { exampleFile } from './example';

const HINT_SET = new Set<string>(HINT_KEYS);

export const implicitDefault: Rule = {
  id: 'implicit-default',
  defaultSeverity: 'hint',
  docs: {
    what: 'An annotations object leaves out a hint whose default looks wrong for this tool, or holds no hint at all.',
    why:
      'An omitted hint is not "unknown" to hosts: it reads as the default (not read-only, destructive, not idempotent, ' +
      'open-world). Where the code shows the tool does better (it only reads, stays on this machine, only adds, or is ' +
      'safe to retry), the omission makes it look more dangerous than it is, and hosts ask before calls they could allow. ' +
      'Annotations that hold only a title declare nothing at all.\n\n' +
      '**Quiet by default.** An omitted hint whose default is right for the tool (`openWorldHint` left out on a tool that ' +
      'calls a cloud API) is not reported: hosts already read it correctly. Set `"implicitDefaults": "all"` in ' +
      '`.mcp-hints.json` (or `mcp-hints.implicitDefaults` in VS Code) to report every omitted hint a host reads; the hover on ' +
      'an annotations object always lists them. Hints that the chosen profile requires are reported by profile-requirement, ' +
      'and an omitted `destructiveHint` on a tool that deletes by destructive-omitted.\n\n' +
      'The fix writes the value the code suggests where there is evidence, and the pessimistic default elsewhere.',
    examples: [
      {
        bad: `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nimport { readFile } from "node:fs/promises";\n\nconst server = new McpServer({ name: "notes", version: "1.0.0" });\n\nserver.registerTool("show_note", { description: "Shows the note", annotations: { readOnlyHint: true } }, async () => ({ content: [{ type: "text", text: await readFile("note.txt", "utf8") }] }));\n`,
        good: `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nimport { readFile } from "node:fs/promises";\n\nconst server = new McpServer({ name: "notes", version: "1.0.0" });\n\nserver.registerTool("show_note", { description: "Shows the note", annotations: { readOnlyHint: true, openWorldHint: false } }, async () => ({ content: [{ type: "text", text: await readFile("note.txt", "utf8") }] }));\n`,
      },
      {
        bad: exampleFile([], `server.registerTool("rename_note", { description: "Renames a note", annotations: { title: "Rename note" } }, async () => ({ content: [] }));`),
        good: exampleFile([], `server.registerTool("rename_note", { description: "Renames a note", annotations: { title: "Rename note", readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true } }, async () => ({ content: [] }));`),
      },
    ],
  },
  check(context) {
    const { tool, options } = context;
    const declared = tool.declared;
    if (!declared || declared.unresolved.length > 0) return [];
    // A misspelled or misplaced hint is reported (and fixed) by its own rule; writing the default here as well
    // would give fix-all two values for one key. What is omitted is clear once those are fixed.
    if (tool.misplaced.length > 0 || declared.properties.some((p) => !HINT_SET.has(p.key) && HINT_SET.has(didYouMean(p.key) ?? ''))) return [];
    const isOmitted = (key: HintKey) => !declared.properties.some((p) => p.key === key);
    const { hints } = inferHints(tool, context);
    const defaultLooksWrong = (key: HintKey) => hints[key].confidence !== 'unknown' && hints[key].value !== HINT_DEFAULTS[key];
    // A tool the code shows to be read-only needs only readOnlyHint and openWorldHint once readOnlyHint is written.
    const meaningful = isOmitted('readOnlyHint') && defaultLooksWrong('readOnlyHint') ? (['readOnlyHint', 'openWorldHint'] as HintKey[]) : meaningfulHints(tool);
    // What the chosen profile requires, profile-requirement reports (as a warning): not twice.
    const profile = options.profile ?? 'spec';
    const required = options.rules?.['profile-requirement'] === 'off' ? [] : PROFILE_REQUIREMENTS[profile].hints(tool.effective.readOnlyHint === true);
    const omitted = meaningful.filter((key) => isOmitted(key) && !required.includes(key));
    if (omitted.length === 0) return [];
    const noHint = !declared.properties.some((p) => HINT_SET.has(p.key));
    const wrong = omitted.filter(defaultLooksWrong);
    const reported = noHint || options.implicitDefaults === 'all' ? omitted : wrong;
    if (reported.length === 0) return [];

    const suggested: SuggestedHint[] = reported.map((key) =>
      defaultLooksWrong(key)
        ? { key, value: hints[key].value, basis: 'evidence', reason: hints[key].reason }
        : { key, value: HINT_DEFAULTS[key], basis: 'default', reason: hints[key].reason },
    );
    const fix = insertIntoAnnotations(tool, context, suggested.map((s) => `${s.key}: ${s.value}`), fixTitleFor(suggested, `Write the omitted hint${suggested.length > 1 ? 's' : ''}:`), false);
    const wrongReported = reported.filter(defaultLooksWrong);
    const detail = [
      ...reported.map((key) => {
        const said = `\`${key}\` defaults to ${HINT_DEFAULTS[key]} (${hintPhrase(key, HINT_DEFAULTS[key])})`;
        return defaultLooksWrong(key) ? `${said}, but the code suggests ${hints[key].value}: ${hints[key].reason}.` : `${said}.`;
      }),
      ...quietNote(omitted.filter((key) => !reported.includes(key))),
    ].join(' ');
    return [{ message: message(reported, wrongReported, noHint, declared.properties.length === 0, hints), detail, loc: annotationsLoc(tool, context), fixes: fix ? [fix] : [] }];
  },
};

function message(reported: HintKey[], wrong: HintKey[], noHint: boolean, empty: boolean, hints: ReturnType<typeof inferHints>['hints']): string {
  if (noHint) return `${empty ? 'The annotations object is empty' : 'The annotations hold only a title'}: every hint takes its pessimistic default.`;
  if (wrong.length > 0) {
    const values = wrong.map((key) => `\`${key}: ${hints[key].value}\``).join(', ');
    return `${list(wrong)} ${wrong.length > 1 ? 'are' : 'is'} omitted, but the code suggests ${values}.`;
  }
  return `${list(reported)} ${reported.length > 1 ? 'are' : 'is'} omitted and take${reported.length > 1 ? '' : 's'} the default${reported.length > 1 ? 's' : ''} (${reported.map((key) => HINT_DEFAULTS[key]).join(', ')}).`;
}

/** The omitted hints not reported (their defaults fit the tool), and how to have them reported. */
function quietNote(quiet: HintKey[]): string[] {
  if (quiet.length === 0) return [];
  return [`Also omitted, with defaults nothing in the code contradicts: ${quiet.map((key) => `\`${key}\` (${HINT_DEFAULTS[key]})`).join(', ')}; \`"implicitDefaults": "all"\` reports them too.`];
}

function list(keys: HintKey[]): string {
  const named = keys.map((key) => `\`${key}\``);
  return named.length <= 1 ? named.join('') : `${named.slice(0, -1).join(', ')} and ${named.at(-1)}`;
}
