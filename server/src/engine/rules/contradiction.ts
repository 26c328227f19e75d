// Shared by the four contradiction rules: find the explicit optimistic claim, the evidence against it, and build
// the report (message naming the evidence, related locations, an unsafe fix offering the honest value).
import { insertIntoAnnotations, propertyLoc, writtenHere } from './helpers';
import { chainText, contradictingEvidence, describe, honestValue, inferHints, whereIs, type Inference } from '../evidence';
import type { Evidence } from '../evidence';
import { type AnnotationProperty, type Fix, HINT_DEFAULTS, type HintKey, type TextEdit } from '../model';
import type { Report, RuleContext } from './rule';

/** The claim as written, when it is the optimistic value this rule checks. */
export function explicitClaim(context: RuleContext, key: HintKey, claimed: boolean): AnnotationProperty | undefined {
  return context.tool.declared?.properties.find((p) => p.key === key && p.value === claimed);
}

export function checkContradiction(context: RuleContext, key: HintKey, claimed: boolean, phrase: (evidence: Evidence, where: string) => string): Report[] {
  const property = explicitClaim(context, key, claimed);
  if (!property) return [];
  // destructive and idempotent claims mean nothing on a read-only tool unless the read-only claim is itself wrong.
  const inference = inferHints(context.tool, context);
  const { evidence } = contradictingEvidence(inference, key, context.options.profile);
  if (evidence.length === 0) return [];
  const first = evidence[0];
  const loc = propertyLoc(context.tool, property, context);
  return [
    {
      message: `\`${key}: ${claimed}\`, but ${phrase(first, whereIs(first.loc, context, loc.file))}.`,
      detail: evidenceDetail(evidence, context, loc.file, key, phrase),
      loc,
      related: [...writtenHere(property, loc), ...(first.chain ?? []).map((hop) => ({ loc: hop.loc, message: `Calls \`${hop.text}\`` })), ...evidence.slice(0, 8).map((e) => ({ loc: e.loc, message: capitalize(describe(e)) }))],
      fixes: honestFix(context, property, key, inference),
    },
  ];
}

/**
 * What a contradiction's message leaves out: the calls followed to the evidence, the other evidence, and what the
 * finding rests on (a tool switched by an input, a handler the analyser cannot see through, a guess the user can correct).
 */
export function evidenceDetail(evidence: Evidence[], context: RuleContext, shownIn: string, key: HintKey, phrase: (evidence: Evidence, where: string) => string = evidencePhrase): string | undefined {
  const [first, ...others] = evidence;
  const parts: string[] = [];
  const chain = chainText(first, context, '', shownIn);
  if (chain) parts.push(`Reached through ${chain}.`);
  if (others.length > 0) {
    const shown = others.slice(0, 3).map((e) => phrase(e, whereIs(e.loc, context, shownIn)));
    parts.push(`Also: ${shown.join('; ')}${others.length > 3 ? `; and ${others.length - 3} more` : ''}.`);
  }
  const notes = [catchAllNote(evidence), restrictionNote(evidence), nameOnlyNote(evidence), guessNote(evidence, key)].map((n) => n.trim()).filter(Boolean);
  const text = [...parts, ...notes].join(' ');
  return text || undefined;
}

/** A tool that reads or writes depending on one input is as dangerous as its worst branch. */
function catchAllNote(evidence: Evidence[]): string {
  const input = evidence.find((e) => e.catchAll)?.catchAll;
  return input
    ? ` The input \`${input}\` switches the tool between reading and writing: its hints must describe the worst branch, and hosts' directories reject such catch-all tools. Consider splitting it into a read tool and a write tool.`
    : '';
}

/** An input run as given (a statement, a pipeline, a command line): which restriction would make a read-only claim honest. */
function restrictionNote(evidence: Evidence[]): string {
  const fact = evidence.find((e) => e.fact.kind === 'operation-input')?.fact;
  return fact?.kind === 'operation-input' ? ` What the tool does depends on the \`${fact.input}\` it is given; \`readOnlyHint: true\` is honest only with ${fact.restriction}, visible on the way.` : '';
}

/** Evidence read from names, verbs or a host that may be the server's own: a guess the user can correct. */
export function restsOnGuess(evidence: Evidence[], key: HintKey): boolean {
  return evidence.some((e) => e.guess || e.strength === 'weak' || e.source !== 'handler' || (key === 'openWorldHint' && e.worldWeak));
}

export function guessNote(evidence: Evidence[], key: HintKey): string {
  return restsOnGuess(evidence, key)
    ? ' This rests on a guess (a name, a verb or a host). If it is wrong, tell the engine what the functions involved do in the `evidence` section of .mcp-hints.json, e.g. `"evidence": { "pure": ["cache.*"] }` (pure, writes, deletes, network).'
    : '';
}

/** What "cannot be seen through" means, said where it applies. */
function nameOnlyNote(evidence: Evidence[]): string {
  if (evidence.every((e) => e.source === 'name')) return ' The handler cannot be seen through (its code is not found, or it calls code the analyser cannot read), so the name is the only evidence: check what the tool does.';
  if (evidence.every((e) => e.source !== 'handler' || e.strength === 'weak')) return ' Part of the handler cannot be seen through (it calls code the analyser cannot read, or a function chosen at run time): check what the tool does.';
  return '';
}

/**
 * Offer the values the evidence supports: the honest value of the contradicted hint, and the hints its change
 * brings into play (`readOnlyHint: false` makes `destructiveHint` and `idempotentHint` mean something; a destroying
 * or non-repeatable write on a tool declared read-only makes `readOnlyHint: false`). Each is edited where it is
 * written for this tool only, else written into the tool's own annotations (overriding a shared value).
 */
function honestFix(context: RuleContext, property: AnnotationProperty, key: HintKey, inference: Inference): Fix[] {
  const changes = supportedValues(context, key, inference);
  const what = changes.map((c) => `${c.key}: ${c.value}`).join(', ');
  const title = `Change to ${what} (what the evidence shows)`;
  const declared = context.tool.declared!;
  if (!declared.inline || context.tool.expanded) return [];
  const objectLoc = declared.objectLoc;
  const own = (p: AnnotationProperty) => !!objectLoc && p.valueLoc.file === objectLoc.file && p.valueLoc.start >= objectLoc.start && p.valueLoc.end <= objectLoc.end;
  const edits: TextEdit[] = [];
  const inserts: string[] = [];
  for (const change of changes) {
    // The claim as written: the contradicted property itself, or the last one written for that key.
    const written = change.key === key ? property : declared.properties.filter((p) => p.key === change.key).at(-1);
    if (written && own(written)) edits.push({ ...written.valueLoc, newText: String(change.value) });
    else inserts.push(`${change.key}: ${change.value}`);
  }
  if (inserts.length > 0) {
    // The claim comes from a shared constant or a spread: changing it there changes other tools.
    const fix = insertIntoAnnotations(context.tool, context, inserts, title, false);
    if (!fix) return [];
    edits.push(...fix.edits);
  }
  const shared = !own(property);
  return [{ title: shared ? `${title}, overriding the shared value for this tool` : title, safe: false, edits }];
}

/** The contradicted hint's honest value first, then the values its change calls for, when they differ from what is written. */
function supportedValues(context: RuleContext, key: HintKey, inference: Inference): { key: HintKey; value: boolean }[] {
  const out: { key: HintKey; value: boolean }[] = [{ key, value: honestValue(key) }];
  const written = (k: HintKey) => context.tool.declared?.properties.filter((p) => p.key === k).at(-1)?.value;
  if (key === 'readOnlyHint' && inference.hints.readOnlyHint.value === false) {
    for (const other of ['destructiveHint', 'idempotentHint'] as const) {
      const inferred = inference.hints[other];
      if (inferred.confidence === 'unknown') continue;
      // The pessimistic value on evidence; an optimistic one only when the evidence proves it.
      const pessimistic = inferred.value === HINT_DEFAULTS[other];
      if (!pessimistic && inferred.confidence !== 'proven') continue;
      if (written(other) !== inferred.value) out.push({ key: other, value: inferred.value });
    }
  }
  // `destructiveHint: false` or `idempotentHint: true` contradicted on a tool that claims to only read: it writes.
  if ((key === 'destructiveHint' || key === 'idempotentHint') && written('readOnlyHint') === true) out.unshift({ key: 'readOnlyHint', value: false });
  return out;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "the handler calls `fs.writeFile` at line 18", "the input `markAsRead` (it changes state when set) at line 4". */
export function evidencePhrase(e: Evidence, where: string): string {
  const at = where ? ` ${where}` : '';
  if (e.source === 'handler') return `the handler ${e.text}${e.detail ? ` ${e.detail}` : ''}${at}`;
  if (e.source === 'input') return `the ${e.text}${e.detail ? ` (${e.detail})` : ''}${at}`;
  return `the ${e.text}${at} suggests otherwise`;
}

/** "Write: readOnlyHint: true, openWorldHint: false (reads local files only)": what a fix writes, and why. */
export function fixTitleFor(hints: { key: HintKey; value: boolean; basis: 'evidence' | 'default'; reason: string }[], verb: string): string {
  const what = hints.map((h) => `${h.key}: ${h.value}`).join(', ');
  const reasons = [...new Set(hints.map((h) => (h.basis === 'default' ? 'default' : h.reason)))];
  return `${verb} ${what} (${reasons.join('; ')})`;
}
