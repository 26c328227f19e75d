import type { Severity } from './model';
import type { ApprovedEntry } from './review/record';

export type RuleSetting = Severity | 'off';
export type Profile = 'spec' | 'chatgpt' | 'claude';

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
}

/** One record: the folder it governs and its entries (plain data, so it crosses to worker threads). */
export interface LoadedRecord {
  /** The folder that holds the record; tool files are matched relative to it. */
  root: string;
  entries: ApprovedEntry[];
}

export interface ReviewOptions {
  records: LoadedRecord[];
}
