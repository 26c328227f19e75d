// mcp-hints.* settings: pulled per resource with workspace/configuration, cached until
// didChangeConfiguration. Clients without workspace/configuration get the defaults.

import { parse as parseShellWords } from 'shell-quote';
import type { Connection } from 'vscode-languageserver/node';
import type { Severity } from '../engine/model';
import type { Profile, RuleSetting } from '../engine/options';

export interface Settings {
  enable: boolean;
  rules: Record<string, RuleSetting>;
  profile: Profile;
  inlayHints: { enable: boolean };
  codeLens: { enable: boolean };
  trace: { server: 'off' | 'messages' | 'verbose' };
  /** The server command `Verify Against Running Server` starts (words), or null when none is set. */
  verify: { command: string[] | null };
}

export const DEFAULT_SETTINGS: Settings = {
  enable: true,
  rules: {},
  profile: 'spec',
  inlayHints: { enable: true },
  codeLens: { enable: true },
  trace: { server: 'off' },
  verify: { command: null },
};

const RULE_SETTINGS = new Set<string>(['error', 'warning', 'info', 'hint', 'off']);
const PROFILES = new Set<string>(['spec', 'chatgpt', 'claude']);

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
export function normalizeSettings(raw: unknown): Settings {
  if (!isObject(raw)) return DEFAULT_SETTINGS;
  const rules: Record<string, RuleSetting> = {};
  if (isObject(raw.rules)) {
    for (const [id, value] of Object.entries(raw.rules)) {
      if (typeof value === 'string' && RULE_SETTINGS.has(value)) rules[id] = value as RuleSetting;
    }
  }
  const flag = (section: unknown, fallback: boolean) =>
    isObject(section) && typeof section.enable === 'boolean' ? section.enable : fallback;
  const trace = isObject(raw.trace) && typeof raw.trace.server === 'string' && ['off', 'messages', 'verbose'].includes(raw.trace.server)
    ? (raw.trace.server as Settings['trace']['server'])
    : 'off';
  return {
    enable: typeof raw.enable === 'boolean' ? raw.enable : true,
    rules,
    profile: typeof raw.profile === 'string' && PROFILES.has(raw.profile) ? (raw.profile as Profile) : 'spec',
    inlayHints: { enable: flag(raw.inlayHints, true) },
    codeLens: { enable: flag(raw.codeLens, true) },
    trace: { server: trace },
    verify: { command: isObject(raw.verify) ? verifyCommand(raw.verify.command) : null },
  };
}

/** The severity a finding gets under these settings, or null when its rule is off. */
export function effectiveSeverity(settings: Settings, rule: string, engineSeverity: Severity): Severity | null {
  const setting = settings.rules[rule];
  if (setting === undefined) return engineSeverity;
  return setting === 'off' ? null : setting;
}

export class SettingsStore {
  private supported = false;
  private readonly cache = new Map<string, Promise<Settings>>();
  /** Settings sent in didChangeConfiguration by clients that cannot answer workspace/configuration. */
  private pushed: Settings | null = null;

  constructor(private readonly connection: Connection) {}

  setSupported(supported: boolean): void {
    this.supported = supported;
  }

  isSupported(): boolean {
    return this.supported;
  }

  /** Settings for a document (cached per URI until the configuration changes). */
  get(uri: string): Promise<Settings> {
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
