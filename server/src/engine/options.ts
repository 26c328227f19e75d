import type { Severity } from './model';

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
}
