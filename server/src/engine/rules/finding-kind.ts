// What every finding the engine can produce has in common: an id, a default severity and docs.
// Rules add a check; directive and file findings are produced elsewhere. The list of all of them is kinds.ts.
import type { Severity } from '../model';

export interface FindingKindDocs {
  /** One line: what the finding reports. */
  what: string;
  /** Why it matters, for users. */
  why: string;
  /**
   * Complete files (imports, the registration, the handler): `bad` is reported by this kind, `good` is not.
   * The rule pages show them and test/rule-pages.test.ts runs them through the engine. `record`: the
   * `mcp-hints.lock.json` beside the example, for the review rules (the page shows it, the test loads it).
   */
  examples?: { bad: string; good: string; record?: string }[];
}

export interface FindingKind {
  id: string;
  defaultSeverity: Severity;
  docs: FindingKindDocs;
}

export function findingDocUrl(id: string): string {
  return `https://github.com/mcp-hints/mcp-hints/blob/main/docs/rules/${id}.md`;
}
