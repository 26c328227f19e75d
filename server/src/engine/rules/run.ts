import type ts from 'typescript';
import { insertLineAbove } from '../fixes';
import { isYamlFile } from '../values';
import type { Finding, Loc, RegistrationSite, Tool } from '../model';
import { unenumeratedFindings } from './unenumerated-tools';
import type { EngineOptions, RuleSetting } from '../options';
import { authorizationInAnnotations } from './authorization-in-annotations';
import { deprecatedToolApi } from './deprecated-tool-api';
import { destructiveOnReadOnly } from './destructive-on-read-only';
import { applyDirectives } from './directives';
import { duplicateToolName } from './duplicate-tool-name';
import { implicitDefault } from './implicit-default';
import { misplacedAnnotations } from './misplaced-annotations';
import { missingAnnotations } from './missing-annotations';
import { nonBooleanHint } from './non-boolean-hint';
import type { Report, Rule, RuleContext } from './rule';
import { customAnnotationKey, unknownAnnotationKey } from './unknown-annotation-key';
import { unresolvedAnnotations } from './unresolved-annotations';
import { readOnlyContradicted } from './read-only-contradicted';
import { destructiveUnderstated } from './destructive-understated';
import { destructiveOmitted } from './destructive-omitted';
import { idempotentOverclaimed } from './idempotent-overclaimed';
import { closedWorldContradicted } from './closed-world-contradicted';
import { profileRequirement } from './profile-requirement';
import { annotationDrift } from './annotation-drift';
import { safetyWeakened } from './safety-weakened';
import { unapproved } from './unapproved';

/** Every rule, in the order their findings are listed. */
export const RULES: readonly Rule[] = [
  missingAnnotations,
  implicitDefault,
  destructiveOnReadOnly,
  unknownAnnotationKey,
  customAnnotationKey,
  nonBooleanHint,
  unresolvedAnnotations,
  misplacedAnnotations,
  authorizationInAnnotations,
  duplicateToolName,
  deprecatedToolApi,
  readOnlyContradicted,
  destructiveUnderstated,
  destructiveOmitted,
  idempotentOverclaimed,
  closedWorldContradicted,
  profileRequirement,
  safetyWeakened,
  annotationDrift,
  unapproved,
];

/** The severity in force for a rule: settings first, then the profile, then the rule's default. */
export function ruleSetting(rule: Rule, options: EngineOptions): RuleSetting {
  const configured = options.rules?.[rule.id];
  if (configured) return configured;
  return rule.defaultSeverity;
}

/** What an editor's re-analysis keeps between versions, per tool and rule (the project's tool cache). */
export interface ReportReuse {
  reports(tool: Tool, ruleId: string): Report[] | undefined;
  keepReports(tool: Tool, ruleId: string, reports: Report[]): void;
}

/**
 * Every enabled rule on every tool of the file, the sites whose tools could not be listed, then the file's disable
 * directives; `knownIds` are the ids a directive may name (kinds.ts: every finding kind).
 */
export function runRules(
  tools: Tool[],
  sourceFile: ts.SourceFile,
  options: EngineOptions,
  knownIds: ReadonlySet<string>,
  sourceFileOf: (file: string) => ts.SourceFile | undefined = () => undefined,
  reuse?: ReportReuse,
  sites: readonly RegistrationSite[] = [],
): Finding[] {
  const findings: Finding[] = [];
  const lookup = (file: string) => (file === sourceFile.fileName ? sourceFile : sourceFileOf(file));
  for (const finding of unenumeratedFindings(sites, options)) findings.push({ ...finding, fixes: disableFix(finding, lookup) });
  for (const rule of RULES) {
    const setting = ruleSetting(rule, options);
    if (setting === 'off') continue;
    for (const tool of tools) {
      const context: RuleContext = { tool, tools, sourceFile, options, sourceFileOf: lookup };
      // An editor's re-analysis takes a tool's reports from the last one when neither the tool nor the rule's
      // inputs changed (tool-cache.ts says what invalidates them).
      let reports = rule.readsOtherTools ? undefined : reuse?.reports(tool, rule.id);
      if (!reports) {
        reports = rule.check(context);
        if (!rule.readsOtherTools) reuse?.keepReports(tool, rule.id, reports);
      }
      for (const report of reports) {
        // Text several tools share is reported once, at the text, for the first tool that has it.
        if (rule.aboutCode && findings.some((f) => f.rule === rule.id && sameLoc(f.loc, report.loc))) continue;
        const message = rule.aboutCode ? report.message : namedFor(tool, report.message);
        const finding: Finding = { rule: rule.id, severity: setting, tool: tool.name, toolId: tool.id, fixes: [], ...report, message };
        // A YAML data file is the generator's or the author's input, never edited as code.
        finding.fixes = [...finding.fixes, ...disableFix(finding, lookup)].filter((fix) => !fix.edits.some((edit) => isYamlFile(edit.file)));
        findings.push(finding);
      }
    }
  }
  const codeRules = new Set(RULES.filter((rule) => rule.aboutCode).map((rule) => rule.id));
  nameSharedFindings(findings.filter((finding) => !codeRules.has(finding.rule)));
  const withDirectives = applyDirectives(findings, sourceFile, knownIds);
  return withDirectives.sort((a, b) => (a.loc.file === b.loc.file ? a.loc.start - b.loc.start : a.loc.file < b.loc.file ? -1 : 1));
}

/**
 * The tools of one loop or wrapper share the code their findings point at: each message names its tool
 * (`"update_label": …`), or a list of twenty findings at one place would not say which is which.
 */
function namedFor(tool: Tool, message: string): string {
  return tool.expanded && tool.name && !message.includes(`"${tool.name}"`) ? `"${tool.name}": ${message}` : message;
}

/**
 * Findings of different tools with the same rule, place and message (tools listed by one `tools/list` handler are
 * located at it): each names its tool, or the list would not say which is which, and a list that drops repeats of
 * a place and a message would keep only one of them.
 */
function sameLoc(a: Loc, b: Loc): boolean {
  return a.file === b.file && a.start === b.start && a.end === b.end;
}

function nameSharedFindings(findings: Finding[]): void {
  const groups = new Map<string, Finding[]>();
  for (const finding of findings) {
    if (!finding.tool) continue;
    const key = `${finding.rule}\0${finding.loc.file}\0${finding.loc.start}\0${finding.loc.end}\0${finding.message}`;
    groups.set(key, [...(groups.get(key) ?? []), finding]);
  }
  for (const group of groups.values()) {
    if (new Set(group.map((finding) => finding.toolId ?? finding.tool)).size < 2) continue;
    for (const finding of group) if (!finding.message.includes(`"${finding.tool}"`)) finding.message = `"${finding.tool}": ${finding.message}`;
  }
}

/** "Disable <rule> for this line": the directive needs a reason, typed after `--`. */
function disableFix(finding: Finding, lookup: (file: string) => ts.SourceFile | undefined) {
  const sf = lookup(finding.loc.file);
  if (!sf) return [];
  return [{ title: `Disable ${finding.rule} for this line (with a reason)`, safe: false, edits: [insertLineAbove(sf, finding.loc.start, `// mcp-hints-disable-next-line ${finding.rule} -- `)] }];
}
