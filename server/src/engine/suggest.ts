import { HINT_DEFAULTS, type HintKey, type Tool } from './model';
import type { RuleContext } from './rules/rule';

/** One hint the fixes will write, and why (shown in the action title and, for defaults, a trailing comment). */
export interface SuggestedHint {
  key: HintKey;
  value: boolean;
  /** 'evidence' when inferred from the code; 'default' when it is the pessimistic default for lack of evidence. */
  basis: 'evidence' | 'default';
  reason: string;
}

/**
 * The annotations "Add annotations" writes for a tool that has none. Until inference lands, the
 * pessimistic spec defaults, which claim nothing the code does not show.
 */
export function suggestAnnotations(_tool: Tool, _context: RuleContext): SuggestedHint[] {
  return (Object.keys(HINT_DEFAULTS) as HintKey[]).map((key) => ({ key, value: HINT_DEFAULTS[key], basis: 'default', reason: 'no evidence yet' }));
}
