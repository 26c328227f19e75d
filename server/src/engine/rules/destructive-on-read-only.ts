import type { Fix } from '../model';
import { declaredProperty, propertyLoc, writtenHere } from './helpers';
import type { Rule } from './rule';
import { exampleFile } from './example';

export const destructiveOnReadOnly: Rule = {
  id: 'destructive-on-read-only',
  aboutCode: true,
  defaultSeverity: 'warning',
  docs: {
    what: '`readOnlyHint: true` together with `destructiveHint: true`: the tool claims to change nothing and to destroy.',
    why:
      'One of the two claims is false. Hosts that trust `readOnlyHint: true` skip the confirmation (Claude Desktop in auto ' +
      'mode, Cursor\'s Ask mode, plan modes), while Codex asks for approval because of `destructiveHint: true`. Consistent ' +
      'explicit values on a read-only tool (`destructiveHint: false`, `idempotentHint: true`) are not reported in any ' +
      'profile: the spec ignores them, and ChatGPT\'s review asks for them.',
    examples: [
      {
        bad: exampleFile(['import { readFile } from "node:fs/promises";'], `server.registerTool(
  "read_note",
  { annotations: { readOnlyHint: true, destructiveHint: true } },
  async ({ path }) => ({ content: [{ type: "text", text: await readFile(path, "utf8") }] }),
);`),
        good: exampleFile(['import { readFile } from "node:fs/promises";'], `server.registerTool(
  "read_note",
  { annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true } },
  async ({ path }) => ({ content: [{ type: "text", text: await readFile(path, "utf8") }] }),
);`),
      },
    ],
  },
  check(context) {
    const { tool } = context;
    if (tool.effective.readOnlyHint !== true || tool.effective.destructiveHint !== true || !tool.declared) return [];
    const destructive = declaredProperty(tool, 'destructiveHint');
    const readOnly = declaredProperty(tool, 'readOnlyHint');
    if (!destructive || destructive.value !== true) return [];
    const fixes: Fix[] = [{ title: 'Change to destructiveHint: false (the tool only reads)', safe: false, edits: [{ ...destructive.valueLoc, newText: 'false' }] }];
    if (readOnly && readOnly.value === true) fixes.push({ title: 'Change to readOnlyHint: false (the tool destroys)', safe: false, edits: [{ ...readOnly.valueLoc, newText: 'false' }] });
    const loc = propertyLoc(tool, destructive, context);
    return [
      {
        message: '`readOnlyHint: true` and `destructiveHint: true` contradict each other.',
        detail: 'A read-only tool destroys nothing: check which claim is true, and change the other (both changes are offered).',
        loc,
        related: writtenHere(destructive, loc),
        fixes,
      },
    ];
  },
};
