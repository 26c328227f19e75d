import { inferHints, type InferredHint } from '../evidence';
import { HINT_DEFAULTS, HINT_KEYS, type HintKey, type Tool } from '../model';
import type { Profile } from '../options';
import type { RuleContext } from './rule';

/** One hint the fixes will write, and why (shown in the action title and, for defaults, a trailing comment). */
export interface SuggestedHint {
  key: HintKey;
  value: boolean;
  /** 'evidence' when inferred from the code; 'default' when it is the pessimistic default for lack of evidence. */
  basis: 'evidence' | 'default';
  reason: string;
}

/**
 * The annotations "Add annotations" writes for a tool: the inferred value where the evidence proves it or makes
 * it likely, the pessimistic default elsewhere. Never more optimistic than the evidence.
 * Only the hints meaningful for the profile: destructive and idempotent mean nothing on a read-only tool,
 * except that ChatGPT wants `destructiveHint: false` written on every read.
 */
export function suggestAnnotations(tool: Tool, context: Pick<RuleContext, 'sourceFile' | 'sourceFileOf' | 'options'>): SuggestedHint[] {
  const { hints } = inferHints(tool, context);
  const readOnly = hints.readOnlyHint.value && hints.readOnlyHint.confidence !== 'unknown';
  return keysFor(readOnly, context.options.profile ?? 'spec').map((key) => fromInferred(hints[key]));
}

function keysFor(readOnly: boolean, profile: Profile): HintKey[] {
  if (!readOnly) return [...HINT_KEYS];
  if (profile === 'chatgpt') return ['readOnlyHint', 'destructiveHint', 'openWorldHint'];
  return ['readOnlyHint', 'openWorldHint'];
}

function fromInferred(hint: InferredHint): SuggestedHint {
  if (hint.confidence === 'unknown') return { key: hint.key, value: HINT_DEFAULTS[hint.key], basis: 'default', reason: hint.reason };
  return { key: hint.key, value: hint.value, basis: 'evidence', reason: hint.reason };
}
