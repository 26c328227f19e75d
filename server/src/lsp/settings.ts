// mcp-hints.* settings: pulled per resource with workspace/configuration, cached until
// didChangeConfiguration. Clients without workspace/configuration get the defaults.

import { parse as parseShellWords } from 'shell-quote';
import type { Connection } from 'vscode-languageserver/node';
import { PROFILES, RULE_SETTINGS, toEngineOptions, type McpHintsConfig } from '../engine';
import type { Severity } from '../engine';
import { IMPLICIT_DEFAULTS, type EngineOptions, type ImplicitDefaults, type Profile, type RuleSetting } from '../engine';

/**
 * What the user set in the editor. `profile` and `rules` hold only values the user wrote: they override
 * the project's `.mcp-hints.json` key by key, and what is not set comes from that file, then the defaults.
 * (The VS Code client sends only explicitly set values; other clients send what their config holds.)
 */
export interface UserSettings {
  enable: boolean;
  rules: Record<string, RuleSetting>;
  profile?: Profile;
  /** Which omitted hints implicit-default reports; only when the user set it (else the config's, else `relevant`). */
  implicitDefaults?: ImplicitDefaults;
  inlayHints: { enable: boolean };
  codeLens: { enable: boolean };
  trace: { server: 'off' | 'messages' | 'verbose' };
  /** The server command `Verify Against Running Server` starts (words), or null when none is set. */
  verify: { command: string[] | null };
}

/** The settings in force for a document: the user's over the config file's over the defaults. */
export interface Settings extends UserSettings {
  profile: Profile;
}

export const DEFAULT_SETTINGS: UserSettings = {
  enable: true,
  rules: {},
  inlayHints: { enable: true },
  codeLens: { enable: true },
  trace: { server: 'off' },
  verify: { command: null },
};

/** The user's settings over a config file's (the config's `rules` and `profile` fill what the user did not set). */
export function withConfig(user: UserSettings, config: McpHintsConfig): Settings {
  return { ...user, profile: user.profile ?? config.profile ?? 'spec', rules: { ...config.rules, ...user.rules } };
}

/** The engine's options for a document: the same merge as the CLI's flags over its config. */
export function engineOptionsFor(user: UserSettings, config: McpHintsConfig, roots: string[] = []): EngineOptions {
  return toEngineOptions(config, { profile: user.profile, rules: user.rules, implicitDefaults: user.implicitDefaults, roots });
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * `mcp-hints.verify.command`: an array of words as is, or one string split into words like a shell would (quotes
 * kept together, `$VAR` left as written). No shell runs it, so a string with pipes or redirections is refused (null).
 */
export function verifyCommand(raw: unknown): string[] | null {
  let words: unknown[] = [];
  if (Array.isArray(raw)) words = raw;
  else if (typeof raw === 'string') words = parseShellWords(raw, (name) => `$${name}`);
  if (!words.every((w): w is string => typeof w === 'string')) return null;
  return words.length > 0 && words[0] !== '' ? words : null;
}

/** Accepts what a client sends (possibly partial or wrong) and fills the rest from the defaults. */
export function normalizeSettings(raw: unknown): UserSettings {
  if (!isObject(raw)) return DEFAULT_SETTINGS;
  const rules: Record<string, RuleSetting> = {};
  if (isObject(raw.rules)) {
    for (const [id, value] of Object.entries(raw.rules)) {
      if (typeof value === 'string' && RULE_SETTINGS.includes(value as RuleSetting)) rules[id] = value as RuleSetting;
    }
  }
  const flag = (section: unknown, fallback: boolean) =>
    isObject(section) && typeof section.enable === 'boolean' ? section.enable : fallback;
  const trace = isObject(raw.trace) && typeof raw.trace.server === 'string' && ['off', 'messages', 'verbose'].includes(raw.trace.server)
    ? (raw.trace.server as Settings['trace']['server'])
    : 'off';
  const settings: UserSettings = {
    enable: typeof raw.enable === 'boolean' ? raw.enable : true,
    rules,
    inlayHints: { enable: flag(raw.inlayHints, true) },
    codeLens: { enable: flag(raw.codeLens, true) },
    trace: { server: trace },
    verify: { command: isObject(raw.verify) ? verifyCommand(raw.verify.command) : null },
  };
  if (typeof raw.profile === 'string' && PROFILES.includes(raw.profile as Profile)) settings.profile = raw.profile as Profile;
  if (IMPLICIT_DEFAULTS.includes(raw.implicitDefaults as ImplicitDefaults)) settings.implicitDefaults = raw.implicitDefaults as ImplicitDefaults;
  return settings;
}

/** The severity a finding gets under these settings, or null when its rule is off. */
export function effectiveSeverity(settings: UserSettings, rule: string, engineSeverity: Severity): Severity | null {
  const setting = settings.rules[rule];
  if (setting === undefined) return engineSeverity;
  return setting === 'off' ? null : setting;
}

export class SettingsStore {
  private supported = false;
  private readonly cache = new Map<string, Promise<UserSettings>>();
  /** Settings sent in didChangeConfiguration by clients that cannot answer workspace/configuration. */
  private pushed: UserSettings | null = null;

  constructor(private readonly connection: Connection) {}

  setSupported(supported: boolean): void {
    this.supported = supported;
  }

  isSupported(): boolean {
    return this.supported;
  }

  /** Settings for a document (cached per URI until the configuration changes). */
  get(uri: string): Promise<UserSettings> {
    if (!this.supported) return Promise.resolve(this.pushed ?? DEFAULT_SETTINGS);
    let pending = this.cache.get(uri);
    if (!pending) {
      pending = this.connection.workspace
        .getConfiguration({ scopeUri: uri, section: 'mcp-hints' })
        .then((raw) => normalizeSettings(raw))
        .catch(() => DEFAULT_SETTINGS);
      this.cache.set(uri, pending);
    }
    return pending;
  }

  /** didChangeConfiguration: forget everything (push-style settings in the notification are used when there is no pull). */
  reset(pushed?: unknown): void {
    this.cache.clear();
    if (!this.supported && isObject(pushed) && 'mcp-hints' in pushed) {
      this.pushed = normalizeSettings(pushed['mcp-hints']);
    }
  }

  forget(uri: string): void {
    this.cache.delete(uri);
  }
}
