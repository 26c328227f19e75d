import { objectLiteralAt, removeProperty, nodeAt } from '../fixes';
import ts from 'typescript';
import type { Fix } from '../model';
import type { Rule } from './rule';
import { exampleFile } from './example';

export const destructiveOnReadOnly: Rule = {
  id: 'destructive-on-read-only',
  defaultSeverity: 'warning',
  docs: {
    what: '`destructiveHint` or `idempotentHint` given on a tool that declares `readOnlyHint: true`.',
    why:
      'The spec reads both only when a tool is not read-only, so the value means nothing and suggests a misunderstanding ' +
      '(a "read-only" tool that destroys?). The chatgpt profile turns this rule off: ChatGPT wants destructiveHint: false written on reads.',
    examples: [
      {
        bad: exampleFile([], `server.registerTool("list_notes", { description: "Lists notes", annotations: { readOnlyHint: true, destructiveHint: false } }, async () => ({ content: [] }));`),
        good: exampleFile([], `server.registerTool("list_notes", { description: "Lists notes", annotations: { readOnlyHint: true } }, async () => ({ content: [] }));`),
      },
    ],
  },
  check(context) {
    const { tool } = context;
    if (tool.effective.readOnlyHint !== true || !tool.declared) return [];
    return tool.declared.properties
      .filter((p) => p.key === 'destructiveHint' || p.key === 'idempotentHint')
      .map((property) => {
        const sf = context.sourceFileOf(property.loc.file);
        const node = sf && nodeAt(sf, property.loc);
        const element = node && (ts.isPropertyAssignment(node) || ts.isShorthandPropertyAssignment(node)) ? node : undefined;
        // A property written in a constant may be shared with tools that are not read-only (where it means something):
        // removing it there is offered, not applied by fix-all.
        const declaredLoc = tool.declared!.loc;
        const atRegistration = property.loc.file === declaredLoc.file && property.loc.start >= declaredLoc.start && property.loc.end <= declaredLoc.end;
        const fixes: Fix[] = sf && element && objectLiteralAt(sf, property.loc)
          ? [{ title: `Remove the meaningless ${property.key}${atRegistration ? '' : ' (from a constant other tools may share)'}`, edits: [removeProperty(sf, element)], safe: false }]
          : [];
        const danger = property.key === 'destructiveHint' && property.value === true ? ' A read-only tool that may destroy is a contradiction: check which claim is true.' : '';
        return {
          message: `${property.key} is meaningless on a read-only tool: hosts ignore it when readOnlyHint is true.${danger}`,
          loc: property.loc,
          tags: ['unnecessary' as const],
          fixes,
        };
      });
  },
};
