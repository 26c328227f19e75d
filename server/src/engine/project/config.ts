// The `.mcp-hints.json` / `.mcp-hints.jsonc` project config: parsed as JSON with comments, never executed.
// Found and read through a ConfigHost, so the CLI (disk) and the language server (disk, watched) share it.
// The ESM build is imported by path: esbuild cannot bundle the UMD build's dynamic requires.
import { dirname, join, resolve } from 'node:path';
import { parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser/lib/esm/main.js';
import { findingDocUrl, type FindingKind } from '../rules';
import { lineColumn } from '../syntax';
import { EVIDENCE_KINDS, IMPLICIT_DEFAULTS, type EngineOptions, type EvidenceConfig, type ImplicitDefaults, type Profile, type RuleSetting } from '../options';

/** Looked up in this order in each folder. */
export const CONFIG_FILE_NAMES = ['.mcp-hints.json', '.mcp-hints.jsonc'] as const;

export const PROFILES: readonly Profile[] = ['spec', 'chatgpt', 'claude'];
export const RULE_SETTINGS: readonly RuleSetting[] = ['error', 'warning', 'info', 'hint', 'off'];

export interface McpHintsConfig {
  profile?: Profile;
  /** Severity per finding kind id, or 'off'. */
  rules?: Record<string, RuleSetting>;
  /** Extra gitignore-style patterns, relative to the config file's folder. */
  ignore?: string[];
  explainDefaults?: boolean;
  /** Which omitted hints implicit-default reports (options.ts). */
  implicitDefaults?: ImplicitDefaults;
  /** The project's own functions: `{ "pure": ["cache.*"], "writes": ["db.exec"], "deletes": ["purge*"], "network": ["api.call"] }`. */
  evidence?: EvidenceConfig;
}

export interface ConfigError {
  message: string;
  /** 1-based, where the problem is in the text; absent when the file could not be read at all. */
  line?: number;
  column?: number;
  /** 0-based offset and length of the text at fault, for an editor range. */
  offset: number;
  length: number;
}

export type ConfigResult = { ok: true; config: McpHintsConfig } | { ok: false; error: ConfigError };

type JsonSchema = Record<string, unknown>;

/** A function name or pattern in the evidence section: `db.exec`, `cache.*`, `purge*`. */
const EVIDENCE_PATTERN = /^(?=.*[\w$])[\w$.*]+$/;
const EVIDENCE_DESCRIPTIONS: Record<(typeof EVIDENCE_KINDS)[number], string> = {
  pure: 'Calls that change nothing the tool\'s user sees (caches, logging): no evidence, not followed.',
  writes: 'Calls that write.',
  deletes: 'Calls that delete or overwrite.',
  network: 'Calls that reach the open world (a third-party service, the web).',
};

/**
 * The JSON schema of the config file (contributed to VS Code through `jsonValidation`). Its top-level
 * properties are the keys parseConfig accepts; a new section adds a property here and its check below.
 */
export function configSchema(kinds: readonly FindingKind[]): JsonSchema {
  const severity = { type: 'string', enum: [...RULE_SETTINGS] };
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    title: 'mcp-hints configuration (.mcp-hints.json)',
    type: 'object',
    additionalProperties: false,
    properties: {
      $schema: { type: 'string' },
      profile: {
        type: 'string',
        enum: [...PROFILES],
        default: 'spec',
        description: 'Host profile the rules check for: spec, chatgpt (every hint written explicitly) or claude (title and applicable hints).',
      },
      rules: {
        type: 'object',
        description: 'Severity per rule id (error, warning, info, hint or off). Rules not listed keep their default severity.',
        additionalProperties: false,
        properties: Object.fromEntries(
          kinds.map((kind) => [
            kind.id,
            { ...severity, description: `${kind.docs.what} (default: ${kind.defaultSeverity})`, markdownDescription: `[\`${kind.id}\`](${findingDocUrl(kind.id)}) (default: ${kind.defaultSeverity}). ${kind.docs.what}` },
          ]),
        ),
      },
      ignore: {
        type: 'array',
        items: { type: 'string' },
        description: 'Extra gitignore-style patterns of files not to check, relative to this file\'s folder.',
      },
      explainDefaults: {
        type: 'boolean',
        description: 'Fixes add a trailing comment to pessimistic values written for lack of evidence.',
      },
      implicitDefaults: {
        type: 'string',
        enum: [...IMPLICIT_DEFAULTS],
        default: 'relevant',
        description: 'Which omitted hints implicit-default reports: relevant (where the evidence suggests the default is wrong for the tool, or the annotations hold no hint) or all (every omitted hint a host reads).',
      },
      evidence: {
        type: 'object',
        description: 'The project\'s own functions, taken as facts: names or patterns (* = any run of name characters) of calls that are pure, write, delete or reach the network.',
        additionalProperties: false,
        properties: Object.fromEntries(
          EVIDENCE_KINDS.map((kind) => [kind, { type: 'array', items: { type: 'string', pattern: EVIDENCE_PATTERN.source }, description: EVIDENCE_DESCRIPTIONS[kind] }]),
        ),
      },
    },
  };
}

function stringProperties(node: Node): { key: string; keyNode: Node; value: Node }[] {
  return (node.children ?? [])
    .filter((p) => p.type === 'property' && p.children?.length === 2)
    .map((p) => ({ key: String(p.children![0].value), keyNode: p.children![0], value: p.children![1] }));
}

/**
 * Parses and validates a config text. `knownRules`, when given, rejects rule ids that do not exist
 * (a typo in a rule id would otherwise silently do nothing). Every error has a line and column.
 */
export function parseConfig(text: string, knownRules?: ReadonlySet<string>): ConfigResult {
  const at = (message: string, node?: { offset: number; length: number }): ConfigResult => {
    const offset = node?.offset ?? 0;
    return { ok: false, error: { message, ...lineColumn(text, offset), offset, length: node?.length ?? 0 } };
  };
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { allowTrailingComma: true, disallowComments: false, allowEmptyContent: true });
  if (errors.length > 0) {
    const first = errors[0];
    return at(`invalid JSON: ${printParseErrorCode(first.error)}`, { offset: first.offset, length: first.length });
  }
  if (root === undefined) return { ok: true, config: {} };
  if (root.type !== 'object') return at('the config must be a JSON object', root);
  const known = Object.keys((configSchema([]) as { properties: object }).properties);
  const config: McpHintsConfig = {};
  for (const { key, keyNode, value } of stringProperties(root)) {
    switch (key) {
      case '$schema':
        break;
      case 'profile':
        if (!PROFILES.includes(value.value as Profile)) return at(`"profile" must be one of ${PROFILES.join(', ')}`, value);
        config.profile = value.value as Profile;
        break;
      case 'rules':
        if (value.type !== 'object') return at('"rules" must be an object of rule id to severity', value);
        config.rules = {};
        for (const rule of stringProperties(value)) {
          if (knownRules && !knownRules.has(rule.key)) return at(`unknown rule "${rule.key}" in "rules"`, rule.keyNode);
          if (!RULE_SETTINGS.includes(rule.value.value as RuleSetting)) return at(`rule "${rule.key}": severity must be one of ${RULE_SETTINGS.join(', ')}`, rule.value);
          config.rules[rule.key] = rule.value.value as RuleSetting;
        }
        break;
      case 'ignore':
        if (value.type !== 'array' || !(value.children ?? []).every((item) => item.type === 'string')) return at('"ignore" must be an array of strings', value);
        config.ignore = (value.children ?? []).map((item) => item.value as string);
        break;
      case 'explainDefaults':
        if (value.type !== 'boolean') return at('"explainDefaults" must be true or false', value);
        config.explainDefaults = value.value as boolean;
        break;
      case 'implicitDefaults':
        if (!IMPLICIT_DEFAULTS.includes(value.value as ImplicitDefaults)) return at(`"implicitDefaults" must be one of ${IMPLICIT_DEFAULTS.join(', ')}`, value);
        config.implicitDefaults = value.value as ImplicitDefaults;
        break;
      case 'evidence':
        if (value.type !== 'object') return at(`"evidence" must be an object with any of ${EVIDENCE_KINDS.join(', ')}`, value);
        config.evidence = {};
        for (const entry of stringProperties(value)) {
          if (!(EVIDENCE_KINDS as readonly string[]).includes(entry.key)) return at(`unknown key "${entry.key}" in "evidence" (known: ${EVIDENCE_KINDS.join(', ')})`, entry.keyNode);
          const items = entry.value.children ?? [];
          if (entry.value.type !== 'array' || !items.every((item) => item.type === 'string' && EVIDENCE_PATTERN.test(item.value as string))) {
            return at(`"evidence.${entry.key}" must be an array of function names or patterns (letters, digits, _, $, dots and *), e.g. ["db.exec", "cache.*"]`, entry.value);
          }
          config.evidence[entry.key as keyof EvidenceConfig] = items.map((item) => item.value as string);
        }
        break;
      default:
        return at(`unknown key "${key}" (known: ${known.filter((k) => k !== '$schema').join(', ')})`, keyNode);
    }
  }
  return { ok: true, config };
}

/** The engine's options from a config, with later settings (CLI flags, editor settings) overriding. */
export function toEngineOptions(config: McpHintsConfig, overrides: EngineOptions = {}): EngineOptions {
  const options: EngineOptions = {};
  const profile = overrides.profile ?? config.profile;
  if (profile) options.profile = profile;
  const rules = { ...config.rules, ...overrides.rules };
  if (Object.keys(rules).length > 0) options.rules = rules;
  const explainDefaults = overrides.explainDefaults ?? config.explainDefaults;
  if (explainDefaults !== undefined) options.explainDefaults = explainDefaults;
  const evidence = overrides.evidence ?? config.evidence;
  if (evidence) options.evidence = evidence;
  const implicitDefaults = overrides.implicitDefaults ?? config.implicitDefaults;
  if (implicitDefaults) options.implicitDefaults = implicitDefaults;
  if (overrides.roots && overrides.roots.length > 0) options.roots = overrides.roots;
  return options;
}

/** How config discovery sees the file system: the disk for the CLI, the disk under a watcher for the server. */
export interface ConfigHost {
  /** The text, or undefined when it cannot be read. */
  readFile(path: string): string | undefined;
  isFile(path: string): boolean;
  /** Any entry (file, folder or link), for `.git`. */
  exists(path: string): boolean;
}

/** The nearest `.mcp-hints.json` / `.mcp-hints.jsonc` from `startDir` up to the repository root (the folder holding `.git`). */
export function findConfigFile(startDir: string, host: ConfigHost): string | undefined {
  let current = resolve(startDir);
  for (;;) {
    for (const name of CONFIG_FILE_NAMES) {
      const candidate = join(current, name);
      if (host.isFile(candidate)) return candidate;
    }
    const parent = dirname(current);
    if (host.exists(join(current, '.git')) || parent === current) return undefined;
    current = parent;
  }
}

/** The config in force for a folder: where it came from, what it says, and what is wrong with it. */
export interface LoadedConfig {
  /** The config file, when there is one. */
  path?: string;
  /** What the run uses: the file's config, or the defaults ({}) when there is none or it is bad. */
  config: McpHintsConfig;
  /** Folder that `ignore` patterns are relative to. */
  base: string;
  /** Why the file could not be used (unreadable, invalid JSON, unknown key, rule or value). */
  error?: ConfigError;
}

/**
 * The config for `startDir` (the nearest file) or the `explicit` file. A bad file gives the defaults
 * and its error: the CLI stops on it, the language server shows it on the file and goes on.
 */
export function loadConfig(startDir: string, host: ConfigHost, knownRules: ReadonlySet<string>, explicit?: string): LoadedConfig {
  const path = explicit ? resolve(startDir, explicit) : findConfigFile(startDir, host);
  if (!path) return { config: {}, base: resolve(startDir) };
  const base = dirname(path);
  const text = host.readFile(path);
  if (text === undefined) return { path, config: {}, base, error: { message: 'cannot read the file', offset: 0, length: 0 } };
  const parsed = parseConfig(text, knownRules);
  return parsed.ok ? { path, config: parsed.config, base } : { path, config: {}, base, error: parsed.error };
}
