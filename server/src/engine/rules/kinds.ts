// The one list of finding kinds. `--rule`, the config file and its JSON schema, the `mcp-hints.rules`
// setting, SARIF's rule metadata, the rule pages and the README table are all made from it.
// Adding a kind: define it (a Rule in rules/, or a FindingKind beside the code that reports it) and add it here.
import { analysisFailed, unreadableFile } from './file-kinds';
import type { FindingKind } from './finding-kind';
import type { Finding } from '../model';
import type { EngineOptions } from '../options';
import { RULES } from './run';
import { invalidDisableDirective, unusedDisableDirective } from './directives';
import { unenumeratedTools } from './unenumerated-tools';
import { noToolsFound } from './no-tools-found';

export const FINDING_KINDS: readonly FindingKind[] = [
  ...RULES,
  unenumeratedTools,
  noToolsFound,
  invalidDisableDirective,
  unusedDisableDirective,
  unreadableFile,
  analysisFailed,
];

const BY_ID = new Map(FINDING_KINDS.map((kind) => [kind.id, kind]));

export function findingKind(id: string): FindingKind | undefined {
  return BY_ID.get(id);
}

export function knownFindingIds(): Set<string> {
  return new Set(BY_ID.keys());
}

/**
 * Findings with the severity the settings give their kind; kinds set to 'off' are dropped. Rules are
 * already skipped or set by runRules; this covers every other kind (directives, files, …).
 */
export function withSettings(findings: Finding[], options: EngineOptions): Finding[] {
  const rules = options.rules;
  if (!rules || Object.keys(rules).length === 0) return findings;
  const out: Finding[] = [];
  for (const finding of findings) {
    const setting = rules[finding.rule];
    if (setting === 'off') continue;
    out.push(setting && setting !== finding.severity ? { ...finding, severity: setting } : finding);
  }
  return out;
}
