// Human text about a tool's hints: shared by the LSP hover, the report and the CLI.
// Pure functions over the engine's model; markdown where a function says so, plain text otherwise.
// Host behaviour comes from shared/reference/annotations.md §3.

import { HINT_DEFAULTS, HINT_KEYS, type ConditionDependency, type HintKey, type HintValue, type StaticValue, type Tool } from '../model';
import type { Profile } from '../options';

/** What one hint means, its default, when it means nothing, and what hosts do with it. */
export interface HintDescription {
  key: HintKey;
  meaning: string;
  /** When the value is ignored by the spec (null: always meaningful). */
  meaninglessWhen: string | null;
  hosts: string[];
}

export const HINT_DESCRIPTIONS: Readonly<Record<HintKey, HintDescription>> = {
  readOnlyHint: {
    key: 'readOnlyHint',
    meaning: 'The tool does not modify its environment (no writes, no state changes anywhere).',
    meaninglessWhen: null,
    hosts: [
      'VS Code: `true` runs the tool without asking for confirmation first.',
      'Claude: read-only tools may run without per-call confirmation; Claude Code plan mode auto-allows them.',
      'ChatGPT: read tools run automatically, write tools ask the user to confirm.',
      'Cursor: Ask mode runs only read-only tools.',
      'A false `true` removes a human gate: it is the costliest mistake.',
    ],
  },
  destructiveHint: {
    key: 'destructiveHint',
    meaning: 'The tool may delete, overwrite, revoke or replace things (not only add).',
    meaninglessWhen: 'readOnlyHint is true (a read-only tool cannot destroy anything)',
    hosts: [
      'Claude: destructive tools always prompt.',
      'Claude Desktop, Claude Code, Gemini CLI policies, Docker\'s agent: test `=== true`, so an omitted value reads as not destructive.',
      'ChatGPT: must be written on every tool; an omitted value reads as destructive.',
      'VS Code: not read.',
    ],
  },
  idempotentHint: {
    key: 'idempotentHint',
    meaning: 'Calling the tool again with the same arguments has no further effect.',
    meaninglessWhen: 'readOnlyHint is true',
    hosts: [
      'Since spec 2026-07-28 broken response streams are not resumed: a client re-issues the call as a new request, ' +
        'and only `idempotentHint: true` tells it that retrying is safe.',
    ],
  },
  openWorldHint: {
    key: 'openWorldHint',
    meaning: 'The tool reaches an open set of outside entities (the web, third-party APIs, email), not a closed local domain.',
    meaninglessWhen: null,
    hosts: [
      'VS Code: `true` makes the user confirm the results before they reach the model.',
      'ChatGPT: must be written explicitly.',
    ],
  },
};

/** Whether the spec gives `key` a meaning for a tool with these effective hints. */
export function isMeaningful(key: HintKey, effective: Record<HintKey, HintValue>): boolean {
  if (key === 'destructiveHint' || key === 'idempotentHint') return effective.readOnlyHint !== true;
  return true;
}

/** The declared value of `key` at the registration, or undefined when the key is not written. */
export function declaredValue(tool: Tool, key: string): StaticValue | undefined {
  const property = tool.declared?.properties.find((p) => p.key === key);
  return property?.value;
}

export function isDeclared(tool: Tool, key: string): boolean {
  return declaredValue(tool, key) !== undefined;
}

/**
 * Hints that are omitted and that a host will read (their pessimistic default applies).
 * The ChatGPT profile wants `destructiveHint` written even on read-only tools.
 */
export function omittedMeaningfulHints(tool: Tool, profile: Profile = 'spec'): HintKey[] {
  // An unresolved spread may supply any key: do not call a hint omitted when we cannot know.
  if (tool.declared && tool.declared.unresolved.length > 0) return [];
  return HINT_KEYS.filter(
    (key) =>
      !isDeclared(tool, key) &&
      (isMeaningful(key, tool.effective) || (profile === 'chatgpt' && key === 'destructiveHint')),
  );
}

function formatValue(value: StaticValue | HintValue): string {
  if (value === 'unresolved') return 'unknown (computed at run time)';
  return JSON.stringify(value);
}

/** One phrase per hint, e.g. "not read-only", "may destroy", "unsafe to retry", "reaches the outside world". */
export function hintPhrase(key: HintKey, value: HintValue): string {
  if (value === 'unresolved') {
    return { readOnlyHint: 'read-only unknown', destructiveHint: 'destructiveness unknown', idempotentHint: 'retry safety unknown', openWorldHint: 'reach unknown' }[key];
  }
  switch (key) {
    case 'readOnlyHint':
      return value ? 'read-only' : 'not read-only';
    case 'destructiveHint':
      return value ? 'may destroy' : 'does not destroy';
    case 'idempotentHint':
      return value ? 'safe to retry' : 'unsafe to retry';
    case 'openWorldHint':
      return value ? 'reaches the outside world' : 'stays in a closed world';
  }
}

/** The effective hints read out as one sentence, skipping hints that mean nothing for this tool. */
export function readOut(effective: Record<HintKey, HintValue>): string {
  const parts = HINT_KEYS.filter((key) => isMeaningful(key, effective)).map((key) => hintPhrase(key, effective[key]));
  const sentence = parts.join(', ');
  return sentence.charAt(0).toUpperCase() + sentence.slice(1) + '.';
}

/** A short profile for code lenses and the report: "read-only · closed-world", "writes · may destroy · unsafe to retry · open-world". */
export function profileLine(effective: Record<HintKey, HintValue>): string {
  const parts: string[] = [];
  const ro = effective.readOnlyHint;
  parts.push(ro === 'unresolved' ? 'read-only?' : ro ? 'read-only' : 'writes');
  if (ro !== true) {
    const d = effective.destructiveHint;
    parts.push(d === 'unresolved' ? 'destructive?' : d ? 'may destroy' : 'non-destructive');
    const i = effective.idempotentHint;
    parts.push(i === 'unresolved' ? 'retry?' : i ? 'idempotent' : 'unsafe to retry');
  }
  const o = effective.openWorldHint;
  parts.push(o === 'unresolved' ? 'world?' : o ? 'open-world' : 'closed-world');
  return parts.join(' · ');
}

/** What the main hosts do with this combination of effective hints. */
export function hostBehaviour(effective: Record<HintKey, HintValue>, tool?: Tool): string[] {
  const ro = effective.readOnlyHint;
  const open = effective.openWorldHint;
  const destructive = effective.destructiveHint;
  const lines: string[] = [];
  if (ro === 'unresolved') {
    lines.push('Hosts cannot be predicted: `readOnlyHint` is computed at run time.');
    return lines;
  }
  const vscode = [ro ? 'runs it without asking first' : 'asks for confirmation before each call'];
  if (open === true) vscode.push('asks the user to confirm results before they reach the model');
  lines.push(`VS Code: ${vscode.join('; ')}.`);
  const destructiveOmitted = tool ? !isDeclared(tool, 'destructiveHint') : false;
  lines.push(
    `Claude: ${ro ? 'may run it without per-call confirmation' : destructive === false || destructiveOmitted ? 'asks for permission (a write)' : 'always prompts (destructive)'}.`,
  );
  const chatgptDestructiveOmitted = tool ? !isDeclared(tool, 'destructiveHint') : false;
  lines.push(
    `ChatGPT: ${ro ? 'runs it automatically' : 'asks the user to confirm (a write)'}` +
      (chatgptDestructiveOmitted ? '; `destructiveHint` is omitted, so it reads as destructive' : '') +
      '.',
  );
  lines.push(`Cursor: ${ro ? 'available in Ask mode' : 'not available in Ask mode (only read-only tools run there)'}.`);
  if (ro === false && tool && !isDeclared(tool, 'destructiveHint')) {
    lines.push('Claude Desktop, Claude Code, Gemini CLI policies, Docker\'s agent: `destructiveHint` is omitted and they test `=== true`, so they treat the tool as not destructive (the spec default is true).');
  }
  return lines;
}

function escapeMarkdownCell(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/`/g, "'").replace(/\r?\n/g, ' ');
}

/** Markdown table: hint, declared, effective (defaults marked). */
export function hintsTable(tool: Tool): string {
  const rows = ['| hint | declared | effective |', '|---|---|---|'];
  for (const key of HINT_KEYS) {
    const declared = declaredValue(tool, key);
    const effective = tool.effective[key];
    const declaredCell = declared === undefined ? '—' : escapeMarkdownCell(formatValue(declared));
    let effectiveCell = escapeMarkdownCell(formatValue(effective));
    if (declared === undefined && effective === HINT_DEFAULTS[key]) effectiveCell += ' (default)';
    if (!isMeaningful(key, tool.effective)) effectiveCell += ' (ignored: read-only)';
    rows.push(`| \`${key}\` | ${declaredCell} | ${effectiveCell} |`);
  }
  return rows.join('\n');
}

export function toolDisplayName(tool: Tool): string {
  return tool.name ?? `(unnamed tool${tool.nameReason ? `: ${tool.nameReason}` : ''})`;
}

/** The hover on a registration: table, read-out and host behaviour. */
export function describeToolMarkdown(tool: Tool): string {
  const title = tool.title ? ` — "${escapeMarkdownCell(tool.title)}"` : '';
  const parts = [
    `**MCP tool \`${escapeMarkdownCell(toolDisplayName(tool))}\`**${title} (${tool.form})`,
    hintsTable(tool),
    readOut(tool.effective),
    hostBehaviour(tool.effective, tool).map((line) => `- ${line}`).join('\n'),
  ];
  if (tool.nameDependsOn) parts.push(`_The name is the one the code gives when ${tool.nameDependsOn.map((v) => `\`${v}\``).join(', ')} ${tool.nameDependsOn.length > 1 ? 'are' : 'is'} unset; another environment may name it otherwise._`);
  if (!tool.declared) parts.push('_No annotations: every hint takes its pessimistic default._');
  else if (tool.declared.unresolved.length > 0) {
    parts.push(`_Partly unknown: ${tool.declared.unresolved.map((u) => escapeMarkdownCell(u.reason)).join('; ')}._`);
  }
  const derived = describeDerivations(tool);
  if (derived) parts.push(derived);
  const condition = describeConditions(tool);
  if (condition) parts.push(condition);
  return parts.join('\n\n');
}

/** How derived hints are decided for this tool: "`readOnlyHint: true` ← `this.access === "read"` ← `access = "read";`". */
export function describeDerivations(tool: Tool): string | null {
  const lines = (tool.declared?.properties ?? [])
    .filter((p) => p.decidedBy && p.decidedBy.length > 0)
    .map((p) => `- \`${p.key}: ${JSON.stringify(p.value)}\` is decided by ${p.decidedBy!.map((d) => `\`${escapeMarkdownCell(d.text)}\``).join(', ')}`);
  const shared = tool.declared?.sharedLoc ? ['_These annotations are shared with other tools: an edit there changes them all; edit what decides the value instead._'] : [];
  if (lines.length === 0 && shared.length === 0) return null;
  return [lines.length > 0 ? `**Derived hints**\n${lines.join('\n')}` : '', ...shared].filter(Boolean).join('\n\n');
}

/** "Registered only when `process.env.X` is true (the environment variable X)." — null for an unconditional tool. */
export function describeConditions(tool: Tool): string | null {
  const conditions = tool.conditions ?? [];
  if (conditions.length === 0) return null;
  const clauses = conditions.map((c) => {
    const reads = c.dependsOn.map(describeDependency);
    const how = c.via === 'filter' ? 'a filter keeps it: ' : '';
    return `${how}\`${c.text}\` is ${c.negated ? 'false' : 'true'}${reads.length > 0 ? ` (reads ${reads.join(', ')})` : ''}`;
  });
  return `Registered only when ${clauses.join(', and ')}.`;
}

function describeDependency(dependency: ConditionDependency): string {
  switch (dependency.kind) {
    case 'env':
      return `the environment variable \`${dependency.name}\``;
    case 'argument':
      return dependency.name === 'process.argv' ? 'the command line' : `the argument \`${dependency.name}\``;
    case 'config':
      return `the setting \`${dependency.name}\``;
    case 'unknown':
      return `\`${dependency.name}\``;
  }
}

/** The hover on one hint key inside an annotations object. */
export function describeHintKeyMarkdown(key: HintKey, tool?: Tool): string {
  const d = HINT_DESCRIPTIONS[key];
  const parts = [`**\`${key}\`** — ${d.meaning}`, `Default when omitted: \`${HINT_DEFAULTS[key]}\` (the pessimistic value).`];
  if (d.meaninglessWhen) {
    const now = tool && !isMeaningful(key, tool.effective) ? ' This tool is read-only, so this value is ignored by the spec.' : '';
    parts.push(`Meaningless when ${d.meaninglessWhen}.${now}`);
  }
  parts.push(d.hosts.map((line) => `- ${line}`).join('\n'));
  return parts.join('\n\n');
}

/** Markdown for a key that is not a hint (title, or something the SDK drops). */
export function describeOtherKeyMarkdown(key: string): string {
  if (key === 'title') return '**`title`** — display name (not a hint). Hosts show `title`, then `annotations.title`, then the tool name.';
  return `**\`${escapeMarkdownCell(key)}\`** is not a ToolAnnotations key: the SDK strips it, so no host ever sees it.`;
}

/** The hover on an annotations object: which hints are omitted and what they default to. */
export function describeOmittedMarkdown(tool: Tool, profile: Profile = 'spec'): string {
  const omitted = HINT_KEYS.filter((key) => !isDeclared(tool, key));
  if (omitted.length === 0) return `All four hints are written. ${readOut(tool.effective)}`;
  const lines = omitted.map((key) => {
    const note = isMeaningful(key, tool.effective) ? '' : ' (meaningless here: read-only)';
    return `- \`${key}\`: \`${HINT_DEFAULTS[key]}\` (default)${note}`;
  });
  const meaningful = omittedMeaningfulHints(tool, profile);
  const head = `**Omitted hints** for \`${escapeMarkdownCell(toolDisplayName(tool))}\`` + (meaningful.length ? ` — ${meaningful.length} a host will read as the default:` : ':');
  return [head, lines.join('\n'), readOut(tool.effective)].join('\n\n');
}
