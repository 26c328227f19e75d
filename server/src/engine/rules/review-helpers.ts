// Shared by the review rules (annotation-drift, safety-weakened): one report listing the changes of one class.
import type { Loc } from '../model';
import type { ContractChange } from '../review';
import { declaredProperty, propertyLoc, toolLoc } from './helpers';
import type { Report, RuleContext } from './rule';

export function changesReport(context: RuleContext, changes: ContractChange[], lead: string, tail: string): Report[] {
  if (changes.length === 0) return [];
  const tool = context.tool;
  const hint = changes.find((c) => c.hint)?.hint;
  const property = hint ? declaredProperty(tool, hint) : undefined;
  const loc: Loc = property ? propertyLoc(tool, property, context) : toolLoc(tool, context);
  return [
    {
      message: `"${tool.name}" ${lead}: ${changes.map((c) => c.text).join('; ')}${changes.some((c) => c.stillReadOnly) ? '; still declared read-only' : ''}.${tail}`,
      loc,
      related: changes.filter((c) => c.loc).slice(0, 8).map((c) => ({ loc: c.loc!, message: c.text })),
    },
  ];
}
