// Infers each hint from the evidence, with a confidence and the reasons, and finds the evidence that contradicts
// a claim. Optimistic values (read-only, not destructive, idempotent, closed world) need positive evidence and no
// contrary evidence; anything the analyser cannot see through leaves the hint unknown = the pessimistic default.
import type ts from 'typescript';
import { collectEvidence, type Effect, type Evidence, type IncidentalKind, type ToolEvidence } from './collect';
import { describe, suggestsWriteText, unfollowedCallText } from './render';
import { FILE_READS, withoutSync } from './tables/fs';
import { HINT_DEFAULTS, type HintKey, type Loc, type Tool } from '../model';
import type { EngineOptions, EvidenceConfig, Profile } from '../options';
import { fileIndexOf, fileLineMention, fileMention, lineMention, table } from '../syntax';

export type Confidence = 'proven' | 'likely' | 'unknown';

export interface InferredHint {
  key: HintKey;
  /** The inferred value; the pessimistic default when `confidence` is 'unknown'. */
  value: boolean;
  confidence: Confidence;
  /** One short phrase: "reads local files only", "calls `fs.unlink`", "no evidence it only reads". */
  reason: string;
  /** The evidence behind the value (empty for defaults). */
  evidence: Evidence[];
}

export interface Inference {
  hints: Record<HintKey, InferredHint>;
  evidence: ToolEvidence;
  /** Things worth a hover note: weak evidence the handler outweighs ("name suggests a write, but …"). */
  notes: string[];
}

/** What inference needs: the registration's file and a way to read others (RuleContext provides both). */
export interface InferenceContext {
  sourceFile: ts.SourceFile;
  sourceFileOf(file: string): ts.SourceFile | undefined;
  /** The engine's options: `evidence` from .mcp-hints.json is taken as facts. */
  options?: EngineOptions;
}

const WRITES: readonly Effect[] = ['write', 'destroy', 'append', 'process'];
/** Per tool and per evidence config, in the registration file's index. */
const INFERENCE = table<Tool, { config: EvidenceConfig | undefined; result: Inference }>('infer:inference', 'analysis', 'a tool’s inferred hints, with the evidence config they were inferred under');

/** The evidence and the inferred hints for a tool: pure, cached per Tool object. The hover shows this. */
export function evidenceFor(tool: Tool, context: InferenceContext): Inference {
  return inferHints(tool, context);
}

export function inferHints(tool: Tool, context: InferenceContext): Inference {
  const config = context.options?.evidence;
  const index = fileIndexOf(context.sourceFile);
  const cached = index.get(INFERENCE, tool);
  if (cached && cached.config === config) return cached.result;
  const evidence = collectEvidence(tool, context.sourceFile, context.sourceFileOf, config);
  const result = inferFromEvidence(evidence);
  index.set(INFERENCE, tool, { config, result });
  return result;
}

export function inferFromEvidence(evidence: ToolEvidence): Inference {
  // Incidental effects (logs, temp files, caches, telemetry pings) are shown, never weighed.
  const items = evidence.items.filter((e) => !e.incidental);
  const complete = evidence.handler === 'complete';
  const handlerItems = items.filter((e) => e.source === 'handler' && e.effect !== 'opaque');
  const handlerStrong = handlerItems.filter((e) => e.strength === 'strong');
  // Running a process can do anything: it is neither a proven write nor a read.
  const processes = handlerItems.filter((e) => e.effect === 'process');
  const writesStrong = handlerStrong.filter((e) => WRITES.includes(e.effect) && e.effect !== 'process');
  const writesAll = handlerItems.filter((e) => WRITES.includes(e.effect) && e.effect !== 'process');
  const summary = effectSummary(handlerStrong);
  const summaryText = SUMMARY_TEXT[summary];
  const unknownReason = evidence.handler === 'none' ? 'the handler is not visible' : processes.length > 0 ? `it ${processes[0].text}` : undefined;

  // readOnlyHint
  let readOnly: InferredHint;
  if (writesStrong.length > 0) readOnly = hint('readOnlyHint', false, 'proven', describe(writesStrong[0]), writesStrong);
  else if (writesAll.length > 0) readOnly = hint('readOnlyHint', false, 'likely', describe(writesAll[0]), writesAll);
  else if (processes.length > 0) readOnly = hint('readOnlyHint', false, 'likely', describe(processes[0]), processes);
  else if (complete) readOnly = hint('readOnlyHint', true, 'proven', summaryText(handlerStrong), handlerStrong);
  else {
    const signs = items.filter((e) => WRITES.includes(e.effect) && (e.source !== 'name' || e.strength === 'strong'));
    readOnly = signs.length > 0 ? hint('readOnlyHint', false, 'likely', describe(signs[0]), signs) : defaultHint('readOnlyHint', unknownReason ?? 'no evidence it only reads');
  }

  // destructiveHint (meaningful only when the tool writes)
  let destructive: InferredHint;
  const destroys = handlerStrong.filter((e) => e.effect === 'destroy');
  const overwrites = writesAll.filter((e) => e.effect === 'write' && !e.createOnly);
  if (readOnly.value) destructive = hint('destructiveHint', false, readOnly.confidence, readOnly.reason, readOnly.evidence);
  else if (destroys.length > 0) destructive = hint('destructiveHint', true, 'proven', describe(destroys[0]), destroys);
  else if (overwrites.length > 0) destructive = hint('destructiveHint', true, 'likely', `${describe(overwrites[0])} (may overwrite)`, overwrites);
  else if (complete && processes.length === 0 && writesAll.length > 0 && writesAll.every((e) => e.effect === 'append' || e.createOnly)) {
    destructive = hint('destructiveHint', false, writesAll.every((e) => e.strength === 'strong') ? 'proven' : 'likely', `only adds: ${describe(writesAll[0])}`, writesAll);
  } else destructive = defaultHint('destructiveHint', unknownReason ?? 'no evidence it only adds');

  // idempotentHint
  let idempotent: InferredHint;
  // A creation made only when a lookup found nothing is not repeated by a second identical call.
  const appends = writesAll.filter((e) => (e.effect === 'append' && !e.ifAbsent) || e.notRepeatable);
  const key = items.find((e) => e.effect === 'idempotency-key');
  if (readOnly.value) idempotent = hint('idempotentHint', true, readOnly.confidence, readOnly.reason, readOnly.evidence);
  else if (appends.length > 0 && !key) idempotent = hint('idempotentHint', false, appends.some((e) => e.strength === 'strong' && e.effect === 'append') ? 'proven' : 'likely', describe(appends[0]), appends);
  else if (complete && processes.length === 0 && writesAll.length > 0 && writesAll.every((e) => e.strength === 'strong') && !mixesKinds(writesAll)) {
    idempotent = hint('idempotentHint', true, 'likely', key && appends.length > 0 ? `takes an idempotency key (${key.text})` : `repeating ${describe(writesAll[0])} changes nothing more`, key ? [key] : writesAll);
  } else idempotent = defaultHint('idempotentHint', unknownReason ?? 'no evidence it is safe to retry');

  // openWorldHint
  let openWorld: InferredHint;
  const open = handlerItems.filter((e) => e.world === 'open');
  const openStrong = open.filter((e) => e.strength === 'strong' && !e.worldWeak);
  if (openStrong.length > 0) openWorld = hint('openWorldHint', true, 'proven', describe(openStrong[0]), openStrong);
  else if (open.length > 0) openWorld = hint('openWorldHint', true, 'likely', describe(open[0]), open);
  // A handler that writes is closed-world for what it writes, not because it "only computes".
  else if (complete && processes.length === 0) openWorld = hint('openWorldHint', false, 'proven', writesAll.length > 0 ? `its effects stay local (${describe(writesAll[0])})` : summaryText(handlerStrong), handlerStrong);
  else {
    const signs = items.filter((e) => e.world === 'open');
    openWorld = signs.length > 0 ? hint('openWorldHint', true, 'likely', describe(signs[0]), signs) : defaultHint('openWorldHint', unknownReason ?? 'no evidence it stays closed-world');
  }

  return { hints: { readOnlyHint: readOnly, destructiveHint: destructive, idempotentHint: idempotent, openWorldHint: openWorld }, evidence, notes: notesFor(evidence, readOnly, summary) };
}

/** Adding and removing in one handler (a toggle, a one-shot marker): repeating it flips the state back. */
function mixesKinds(writes: Evidence[]): boolean {
  return writes.some((e) => e.effect === 'destroy') && writes.some((e) => e.effect !== 'destroy');
}

function hint(key: HintKey, value: boolean, confidence: Confidence, reason: string, evidence: Evidence[]): InferredHint {
  return { key, value, confidence, reason, evidence };
}

function defaultHint(key: HintKey, reason: string): InferredHint {
  return { key, value: HINT_DEFAULTS[key], confidence: 'unknown', reason, evidence: [] };
}

export { describe };

/** What a handler whose every effect is known, and none writes, does. */
type Summary = 'computes' | 'reads-files' | 'reads-state' | 'reads-local' | 'reads';

const SUMMARY_TEXT: Record<Summary, (effects: Evidence[]) => string> = {
  computes: () => 'its handler only computes its result',
  'reads-files': () => 'reads local files only',
  'reads-state': () => 'reads in-process state only',
  'reads-local': () => 'reads local data only',
  reads: (effects) => `reads only (${effects.filter((e) => e.effect === 'read')[0].text})`,
};

function effectSummary(effects: Evidence[]): Summary {
  const reads = effects.filter((e) => e.effect === 'read');
  if (reads.length === 0) return 'computes';
  // Reading a file's content or its entry; `open`, `read`, `watch` and the like count as local data.
  const isFile = (e: Evidence) => e.fact.kind === 'file' && FILE_READS.includes(withoutSync(e.fact.method));
  const isState = (e: Evidence) => e.target === 'module-state';
  if (reads.some(isFile) && reads.every((e) => isFile(e) || isState(e))) return 'reads-files';
  if (reads.every(isState)) return 'reads-state';
  if (reads.every((e) => e.world === 'closed')) return 'reads-local';
  return 'reads';
}

function notesFor(evidence: ToolEvidence, readOnly: InferredHint, summary: Summary): string[] {
  const notes: string[] = [];
  const name = evidence.items.filter((e) => e.source === 'name' && WRITES.includes(e.effect));
  if (readOnly.value && name.length > 0) notes.push(`The ${suggestsWriteText(name[0])}, but the visible handler ${summary === 'computes' ? 'only computes its result' : 'only reads'}.`);
  else if (name.length > 0 && evidence.handler === 'complete') {
    // The name's verb next to a handler whose only writes are flags or fields it sets: said here, never raised.
    const weighed = evidence.items.filter((e) => e.source === 'handler' && !e.incidental && e.effect !== 'read' && e.effect !== 'opaque');
    if (weighed.length > 0 && weighed.every((e) => e.strength === 'weak' && isFlagWrite(e))) notes.push(`The ${suggestsWriteText(name[0])}; the visible handler only sets its own flags or fields (${weighed[0].text}), which no contradiction counts.`);
  }
  const inputs = evidence.items.filter((e) => e.source === 'input' && WRITES.includes(e.effect));
  if (readOnly.value && inputs.length > 0) notes.push(`${capitalize(inputs[0].text)} suggests a write (${inputs[0].detail}), but the visible handler writes nothing.`);
  if (evidence.handler === 'partial') {
    const opaque = evidence.items.filter((e) => e.effect === 'opaque').slice(0, 3);
    notes.push(`Not every call could be followed: ${opaque.map(unfollowedCallText).join('; ')}. Hints it cannot prove stay at their pessimistic defaults.`);
  }
  return notes;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// ---- contradictions ----

/** Incidental writes OpenAI's review still counts against a read-only claim: logs and saved artifacts. */
const CHATGPT_NOT_READ_ONLY: readonly IncidentalKind[] = ['log-file', 'temp-file', 'generated-file', 'scratch-file'];

/** The claims the contradiction rules check, and what contradicts each. */
const CONTRADICTING: Record<HintKey, { claimed: boolean; matches: (e: Evidence) => boolean }> = {
  readOnlyHint: { claimed: true, matches: (e) => WRITES.includes(e.effect) },
  destructiveHint: { claimed: false, matches: (e) => e.effect === 'destroy' },
  idempotentHint: { claimed: true, matches: (e) => e.effect === 'append' && !e.ifAbsent },
  openWorldHint: { claimed: false, matches: (e) => e.world === 'open' && e.effect !== 'idempotency-key' },
};

/** Name evidence that says the same as a claim's contradiction (for corroborating weak handler evidence). */
const NAME_AGREES: Record<HintKey, (e: Evidence) => boolean> = {
  readOnlyHint: (e) => WRITES.includes(e.effect),
  destructiveHint: (e) => e.effect === 'destroy',
  idempotentHint: (e) => e.effect === 'append',
  // `web_search`, `crawl_site`: the name says the web, the handler sends a request.
  openWorldHint: (e) => e.world === 'open',
};

/**
 * The evidence that contradicts claiming the optimistic value of `key`.
 * - Handler evidence from known APIs (strong) always counts.
 * - Telling inputs (strong: `markAsRead`, `delete*`, `dryRun`, a `mode` with write values) count when the handler
 *   cannot be fully seen through.
 * - The name, weak inputs (a URL field) count only when no handler can be seen at all.
 * - Guesses from method names, POST requests and module flags (weak handler evidence) never raise: they go to notes.
 * Running a process is not a contradiction by itself: it may only read.
 */
export function contradictingEvidence(inference: Inference, key: HintKey, profile?: Profile): { evidence: Evidence[]; outweighed: Evidence[] } {
  const { matches } = CONTRADICTING[key];
  // OpenAI's review: "writing logs, saving artifacts … is not read-only". Under the chatgpt profile a log or temp
  // file the tool writes counts against readOnlyHint: true; caches, telemetry pings and debug-only code still do not.
  const counts = (e: Evidence) => !e.incidental || (profile === 'chatgpt' && key === 'readOnlyHint' && CHATGPT_NOT_READ_ONLY.includes(e.incidental.kind));
  const weighed = inference.evidence.items.filter(counts);
  const items = weighed.filter((e) => matches(e) && e.effect !== 'process');
  if (key === 'idempotentHint' && weighed.some((e) => e.effect === 'idempotency-key')) return { evidence: [], outweighed: items };
  const isStrong = (e: Evidence) => e.strength === 'strong' && !(key === 'openWorldHint' && e.worldWeak);
  const strongHandler = items.filter((e) => e.source === 'handler' && isStrong(e));
  if (strongHandler.length > 0) return { evidence: strongHandler, outweighed: items.filter((e) => !strongHandler.includes(e)) };
  // Weak handler evidence that the name agrees with (`save_note` calling `notes.set`, `send_message` POSTing). A flag
  // or field the handler sets (`active = true`, `this.running = false`) is no effect beyond the server's own
  // bookkeeping: a name verb ("start", "stop") next to it is a note in the hover, never a contradiction.
  const weakHandler = items.filter((e) => e.source === 'handler' && !isStrong(e) && !isFlagWrite(e));
  const name = weighed.filter((e) => e.source === 'name' && NAME_AGREES[key](e));
  if (weakHandler.length > 0 && name.length > 0) return { evidence: [...weakHandler, name[0]], outweighed: [] };
  const visibility = inference.evidence.handler;
  if (visibility === 'complete') return { evidence: [], outweighed: items };
  const strongInputs = items.filter((e) => e.source === 'input' && e.strength === 'strong');
  if (strongInputs.length > 0) return { evidence: strongInputs, outweighed: [] };
  if (visibility === 'none') {
    const weak = items.filter((e) => e.source !== 'handler');
    const order = (e: Evidence) => (e.source === 'input' ? 1 : 0);
    return { evidence: [...weak].sort((a, b) => order(a) - order(b)), outweighed: [] };
  }
  return { evidence: [], outweighed: items };
}

/** A module variable or instance field the handler assigns: a flag, a lazily made client, a field of its own. */
export function isFlagWrite(e: Evidence): boolean {
  return e.fact.kind === 'assignment' && (e.target === 'module-state' || e.target === 'instance-state');
}

/** The honest value to offer instead of a contradicted claim. */
export function honestValue(key: HintKey): boolean {
  return !CONTRADICTING[key].claimed;
}

/** Is this claim one of the optimistic values the contradiction rules check? */
export function isOptimisticClaim(key: HintKey, value: unknown): boolean {
  return value === CONTRADICTING[key].claimed;
}

/**
 * Where `loc` is, for a message shown in `shownIn` (the registration's file unless given): "at line 18" there,
 * "at src/api.ts:18" in another file (relative to the project's folder), "in src/api.ts" when its line is unknown.
 */
export function whereIs(loc: Loc, context: InferenceContext, shownIn: string = context.sourceFile.fileName): string {
  const sf = loc.file === context.sourceFile.fileName ? context.sourceFile : context.sourceFileOf(loc.file);
  const line = sf ? sf.getLineAndCharacterOfPosition(loc.start).line + 1 : undefined;
  if (loc.file === shownIn) return line && sf ? `at ${lineMention(line, sf)}` : '';
  const path = fileMention(loc.file, context.sourceFile.fileName, context.options?.roots);
  return line ? `at ${fileLineMention(path, line)}` : `in ${path}`;
}

/**
 * Markdown for a hover: each inferred hint with its confidence and reason, the notes, and the evidence with
 * where it was seen. Pure; the language server renders it under the tool's other facts.
 */
export function evidenceMarkdown(inference: Inference, context: InferenceContext, shownIn?: string): string {
  const lines: string[] = ['**Inferred from the code**', ''];
  for (const hint of Object.values(inference.hints)) {
    const confidence = hint.confidence === 'unknown' ? 'default, no evidence' : hint.confidence;
    lines.push(`- \`${hint.key}: ${hint.value}\` (${confidence}): ${hint.reason}`);
  }
  if (inference.notes.length > 0) lines.push('', ...inference.notes.map((note) => `> ${note}`));
  const shown = inference.evidence.items.filter((e) => e.effect !== 'opaque' && !e.incidental).slice(0, 8);
  if (shown.length > 0) {
    lines.push('', '**Evidence**', '');
    for (const e of shown) lines.push(`- ${e.source}${e.strength === 'weak' ? ' (weak)' : ''}: ${describe(e)} ${whereIs(e.loc, context, shownIn)}${chainText(e, context, ' via ', shownIn)}`.trimEnd());
  }
  const incidental = inference.evidence.items.filter((e) => e.incidental).slice(0, 5);
  if (incidental.length > 0) {
    lines.push('', '**Incidental** (not the tool\'s effect: never raises a contradiction)', '');
    for (const e of incidental) lines.push(`- ${describe(e)} ${whereIs(e.loc, context, shownIn)}: ${e.incidental!.text}${chainText(e, context, ' via ', shownIn)}`.trimEnd());
  }
  return lines.join('\n');
}

/** "tool → `githubRequest` (issues.js:59) → here": the calls followed to reach the evidence, with file:line. */
export function chainText(e: Evidence, context: InferenceContext, prefix = '', shownIn?: string): string {
  if (!e.chain || e.chain.length === 0) return '';
  return `${prefix}${e.chain.map((hop) => `\`${hop.text}\` ${whereIs(hop.loc, context, shownIn)}`.trimEnd()).join(' → ')}`;
}
