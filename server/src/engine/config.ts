// The `.mcp-hints.json` / `.mcp-hints.jsonc` project config: parsed as JSON with comments, never executed.
// Pure: the caller reads the file (see files.ts) and hands over its text.
// The ESM build is imported by path: esbuild cannot bundle the UMD build's dynamic requires.
import { parse, printParseErrorCode, type ParseError } from 'jsonc-parser/lib/esm/main.js';
import type { EngineOptions, Profile, RuleSetting } from './options';

/** Looked up in this order in each folder. */
export const CONFIG_FILE_NAMES = ['.mcp-hints.json', '.mcp-hints.jsonc'] as const;

export const PROFILES: readonly Profile[] = ['spec', 'chatgpt', 'claude'];
export const RULE_SETTINGS: readonly RuleSetting[] = ['error', 'warning', 'info', 'hint', 'off'];

export interface McpHintsConfig {
  profile?: Profile;
  /** Severity per rule id, or 'off'. */
  rules?: Record<string, RuleSetting>;
  /** Extra gitignore-style patterns, relative to the config file's folder. */
  ignore?: string[];
  explainDefaults?: boolean;
}

export interface ConfigError {
  message: string;
  /** 1-based, when the problem has a place in the text. */
  line?: number;
  column?: number;
}

export type ConfigResult = { ok: true; config: McpHintsConfig } | { ok: false; error: ConfigError };

const KNOWN_KEYS = new Set(['$schema', 'profile', 'rules', 'ignore', 'explainDefaults']);

/** 1-based line and column of `offset` (any line ending). */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 10 || (ch === 13 && text.charCodeAt(i + 1) !== 10)) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

/**
 * Parses and validates a config text. `knownRules`, when given, rejects rule ids that do not exist
 * (a typo in a rule id would otherwise silently do nothing).
 */
export function parseConfig(text: string, knownRules?: ReadonlySet<string>): ConfigResult {
  const errors: ParseError[] = [];
  const value: unknown = parse(text, errors, { allowTrailingComma: true, disallowComments: false, allowEmptyContent: true });
  if (errors.length > 0) {
    const first = errors[0];
    return { ok: false, error: { message: `invalid JSON: ${printParseErrorCode(first.error)}`, ...lineColumn(text, first.offset) } };
  }
  if (value === undefined) return { ok: true, config: {} };
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, error: { message: 'the config must be a JSON object' } };
  }
  const raw = value as Record<string, unknown>;
  const fail = (message: string): ConfigResult => ({ ok: false, error: { message } });
  for (const key of Object.keys(raw)) {
    if (!KNOWN_KEYS.has(key)) return fail(`unknown key "${key}" (known: ${[...KNOWN_KEYS].filter((k) => k !== '$schema').join(', ')})`);
  }
  const config: McpHintsConfig = {};
  if (raw.profile !== undefined) {
    if (!PROFILES.includes(raw.profile as Profile)) return fail(`"profile" must be one of ${PROFILES.join(', ')}`);
    config.profile = raw.profile as Profile;
  }
  if (raw.rules !== undefined) {
    if (typeof raw.rules !== 'object' || raw.rules === null || Array.isArray(raw.rules)) return fail('"rules" must be an object of rule id to severity');
    config.rules = {};
    for (const [id, setting] of Object.entries(raw.rules as Record<string, unknown>)) {
      if (knownRules && !knownRules.has(id)) return fail(`unknown rule "${id}" in "rules"`);
      if (!RULE_SETTINGS.includes(setting as RuleSetting)) return fail(`rule "${id}": severity must be one of ${RULE_SETTINGS.join(', ')}`);
      config.rules[id] = setting as RuleSetting;
    }
  }
  if (raw.ignore !== undefined) {
    if (!Array.isArray(raw.ignore) || !raw.ignore.every((p) => typeof p === 'string')) return fail('"ignore" must be an array of strings');
    config.ignore = raw.ignore as string[];
  }
  if (raw.explainDefaults !== undefined) {
    if (typeof raw.explainDefaults !== 'boolean') return fail('"explainDefaults" must be true or false');
    config.explainDefaults = raw.explainDefaults;
  }
  return { ok: true, config };
}

/** The engine's options from a config, with later settings (e.g. CLI flags) overriding. */
export function toEngineOptions(config: McpHintsConfig, overrides: EngineOptions = {}): EngineOptions {
  const options: EngineOptions = {};
  const profile = overrides.profile ?? config.profile;
  if (profile) options.profile = profile;
  const rules = { ...config.rules, ...overrides.rules };
  if (Object.keys(rules).length > 0) options.rules = rules;
  const explainDefaults = overrides.explainDefaults ?? config.explainDefaults;
  if (explainDefaults !== undefined) options.explainDefaults = explainDefaults;
  return options;
}
