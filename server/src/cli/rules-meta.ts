// Rule metadata the CLI prints (SARIF rules, --rule validation): the engine's registry plus the two
// findings made before the engine sees a file.
import { ANALYSIS_FAILED, UNREADABLE_FILE } from '../engine/files';
import type { Severity } from '../engine/model';
import { RULES, ruleDocUrl } from '../engine/rules';

export interface RuleMeta {
  id: string;
  defaultSeverity: Severity;
  what: string;
  why: string;
  helpUri: string;
}

const FILE_RULES: RuleMeta[] = [
  {
    id: UNREADABLE_FILE,
    defaultSeverity: 'error',
    what: 'A file could not be read (missing, a dangling link, not a regular file, too large).',
    why: 'Tools registered in it were not checked.',
    helpUri: ruleDocUrl(UNREADABLE_FILE),
  },
  {
    id: ANALYSIS_FAILED,
    defaultSeverity: 'error',
    what: 'The analyser could not process a file (for example code nested too deeply to parse).',
    why: 'Tools registered in it were not checked.',
    helpUri: ruleDocUrl(ANALYSIS_FAILED),
  },
];

export function allRules(): RuleMeta[] {
  const engineRules: RuleMeta[] = [...RULES].map((rule) => ({
    id: rule.id,
    defaultSeverity: rule.defaultSeverity,
    what: rule.docs.what,
    why: rule.docs.why,
    helpUri: ruleDocUrl(rule.id),
  }));
  return [...engineRules, ...FILE_RULES];
}

export function knownRuleIds(): Set<string> {
  return new Set(allRules().map((rule) => rule.id));
}
