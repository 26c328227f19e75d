import type { ApprovedEntry, Severity } from './model';

export type RuleSetting = Severity | 'off';
export type Profile = 'spec' | 'chatgpt' | 'claude';

/**
 * Facts about the project's own functions, from `.mcp-hints.json`: names or patterns (`*` matches any run of
 * characters) of callees, matched against the call as written (`cache.set`) or its last segments.
 */
export interface EvidenceConfig {
  /** Calls that change nothing the tool's user sees (caches, logging): no evidence, not followed. */
  pure?: string[];
  /** Calls that write. */
  writes?: string[];
  /** Calls that delete or overwrite. */
  deletes?: string[];
  /** Calls that reach the open world (a third-party service, the web). */
  network?: string[];
}

export const EVIDENCE_KINDS = ['pure', 'writes', 'deletes', 'network'] as const;

/** Settings the engine reads; the LSP reads them from the client, the CLI from flags and `.mcp-hints.json`. */
export interface EngineOptions {
  /** Severity per rule id; 'off' disables it. Missing ids keep their default. */
  rules?: Record<string, RuleSetting>;
  /** Host profile for `profile-requirement` and related behaviour. */
  profile?: Profile;
  /** Add a trailing comment to pessimistic values written for lack of evidence. */
  explainDefaults?: boolean;
  /** Review records (`mcp-hints.lock.json`) in force, loaded by the adapters through review/disk.ts. */
  review?: ReviewOptions;
  /** The project's own functions, taken as facts by the evidence. */
  evidence?: EvidenceConfig;
  /**
   * The project's folders (the editor's workspace folders, the CLI's current folder): a message names a line of
   * another file by its path relative to the nearest of them (`src/index.ts:560`).
   */
  roots?: string[];
  /**
   * Which omitted hints implicit-default reports: `relevant` (the default) where the default is likely wrong for
   * the tool or the annotations hold no hint at all; `all` every omitted hint that a host reads.
   */
  implicitDefaults?: ImplicitDefaults;
}

export const IMPLICIT_DEFAULTS = ['relevant', 'all'] as const;
export type ImplicitDefaults = (typeof IMPLICIT_DEFAULTS)[number];

/** One record: the folder it governs and its entries (plain data, so it crosses to worker threads). */
export interface LoadedRecord {
  /** The folder that holds the record; tool files are matched relative to it. */
  root: string;
  entries: ApprovedEntry[];
}

export interface ReviewOptions {
  records: LoadedRecord[];
}
