// The engine against hand-written labels (test/honesty/labels/*.json, see LABELLING.md): false alarms (a
// contradiction finding on a hint the labels call honest), caught (a clearly dishonest hint that raises its rule),
// and every disagreement between what the engine infers and what the labels say.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CORPORA } from '../corpus/location';
import { ensureSources, labelledRepos, SRC_CACHE, SRC_DATA } from '../corpus/src';
import { discoverFiles, safeDiskHost } from '../../server/src/engine/project/files';
import { inferHints } from '../../server/src/engine/evidence/infer';
import { HINT_KEYS, type HintKey } from '../../server/src/engine/model';
import type { EngineOptions } from '../../server/src/engine/options';
import { Project } from '../../server/src/engine/project/project';

export const LABELS_DIR = join(__dirname, 'labels');

/** The rule that reports each hint as too optimistic. */
export const RULE_OF_HINT: Record<HintKey, string[]> = {
  readOnlyHint: ['read-only-contradicted'],
  destructiveHint: ['destructive-understated', 'destructive-omitted'],
  idempotentHint: ['idempotent-overclaimed'],
  openWorldHint: ['closed-world-contradicted'],
};
const HINT_OF_RULE = new Map(Object.entries(RULE_OF_HINT).flatMap(([hint, rules]) => rules.map((rule) => [rule, hint as HintKey] as const)));

type LabelledHint = [value: boolean, evidence: string];
export interface LabelledTool {
  name: string;
  readOnlyHint: LabelledHint;
  destructiveHint: LabelledHint;
  idempotentHint: LabelledHint;
  openWorldHint: LabelledHint;
  dishonest?: HintKey[];
  debatable?: HintKey[];
  /** Sources without a recorded tools/list answer (corpus "src"): the hints the code declares, as read. */
  declared?: Partial<Record<HintKey, boolean>>;
}
export interface LabelFile {
  package: string;
  /** The corpus the package comes from (default wild); "src": server sources pinned by commit (test/corpus/data/src). */
  corpus?: 'wild' | 'wild2' | 'src';
  dir: string;
  setAside: boolean;
  tools: LabelledTool[];
}

export interface Outcome {
  package: string;
  setAside: boolean;
  tool: string;
  hint: HintKey | string;
  rule?: string;
  line: string;
}

export interface LabelReport {
  tools: number;
  packages: number;
  /** Labelled dishonest hints (the denominator of caught). */
  dishonest: Outcome[];
  caught: Outcome[];
  missed: Outcome[];
  falseAlarms: Outcome[];
  /** Findings on debatable hints, inferred values that differ from the labels, tools the engine did not find. */
  disagreements: Outcome[];
}

export function readLabels(dir = LABELS_DIR): LabelFile[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as LabelFile);
}

/** Where a label file's package lives: an npm corpus (fetched into .cache) or a committed source archive (unpacked into .cache). */
export function corpusOf(file: LabelFile): { dataDir: string; cacheDir: string; packages(): { package: string; version: string }[]; ensure(): void } {
  if (file.corpus === 'src') {
    return { dataDir: SRC_DATA, cacheDir: SRC_CACHE, packages: () => labelledRepos().map((r) => ({ package: r.repo, version: r.commit.slice(0, 12) })), ensure: () => ensureSources() };
  }
  return CORPORA[file.corpus ?? 'wild'];
}

/** Fetches the packages of every corpus the labels use. */
export function ensureLabelledCorpora(labels = readLabels()): void {
  for (const name of new Set(labels.map((f) => f.corpus ?? 'wild'))) (name === 'src' ? ensureSources() : CORPORA[name].ensure());
}

/** What the server declared, from the recorded tools/list answer. */
function declaredHints(file: LabelFile): Map<string, Partial<Record<HintKey, boolean>>> {
  if (file.corpus === 'src') return new Map(file.tools.map((t) => [t.name, t.declared ?? {}]));
  const runtime = join(corpusOf(file).dataDir, 'runtime', `${file.dir}.json`);
  const answer = JSON.parse(readFileSync(runtime, 'utf8')) as { tools: { name: string; annotations?: Record<string, unknown> | null }[] };
  return new Map(answer.tools.map((t) => [t.name, Object.fromEntries(HINT_KEYS.filter((k) => typeof t.annotations?.[k] === 'boolean').map((k) => [k, t.annotations![k] as boolean]))]));
}

export function labelReport(options: EngineOptions = {}, labels = readLabels()): LabelReport {
  const report: LabelReport = { tools: 0, packages: labels.length, dishonest: [], caught: [], missed: [], falseAlarms: [], disagreements: [] };
  for (const file of labels) {
    const dir = join(corpusOf(file).cacheDir, file.dir);
    const project = new Project(safeDiskHost, options);
    const { files } = discoverFiles([dir], dir);
    // As `mcp-hints check` and an editor with the folder open run it: the project knows its files, so a module that
    // defines tools registered elsewhere (a tools folder read by a loader) is read with its registrations.
    project.setProjectFiles(files);
    const found = new Map<string, { findings: { rule: string; message: string }[]; inferred: Record<HintKey, { value: boolean; known: boolean; reason: string }> }>();
    for (const path of files) {
      const analysis = project.analyzeFile(path);
      const sourceFile = project.getSourceFile(path);
      if (!sourceFile) continue;
      for (const tool of analysis.tools) {
        if (!tool.name || found.has(tool.name)) continue;
        const { hints } = inferHints(tool, { sourceFile, sourceFileOf: (f) => project.getSourceFile(f) });
        found.set(tool.name, {
          findings: analysis.findings.filter((f) => f.toolId === tool.id && HINT_OF_RULE.has(f.rule)).map((f) => ({ rule: f.rule, message: f.message })),
          inferred: Object.fromEntries(HINT_KEYS.map((k) => [k, { value: hints[k].value, known: hints[k].confidence !== 'unknown', reason: hints[k].reason }])) as never,
        });
      }
    }
    const declared = declaredHints(file);
    for (const label of file.tools) {
      report.tools++;
      const at = (hint: string, line: string, rule?: string): Outcome => ({ package: file.package, setAside: file.setAside, tool: label.name, hint, line, ...(rule ? { rule } : {}) });
      const seen = found.get(label.name);
      if (!seen) {
        report.disagreements.push(at('-', 'the engine did not find this tool'));
        for (const hint of label.dishonest ?? []) report.missed.push(at(hint, 'tool not found'));
        report.dishonest.push(...(label.dishonest ?? []).map((h) => at(h, label[h][1])));
        continue;
      }
      const claims = declared.get(label.name) ?? {};
      for (const hint of HINT_KEYS) {
        const [truth, evidence] = label[hint];
        const debatable = label.debatable?.includes(hint) ?? false;
        const dishonest = label.dishonest?.includes(hint) ?? false;
        const findings = seen.findings.filter((f) => HINT_OF_RULE.get(f.rule) === hint);
        if (dishonest) {
          report.dishonest.push(at(hint, evidence));
          const hit = findings[0];
          if (hit) report.caught.push(at(hint, hit.message, hit.rule));
          else report.missed.push(at(hint, `declared ${claims[hint]}, label ${truth}: ${evidence}`));
        }
        for (const finding of findings) {
          if (dishonest) continue;
          // An omitted destructiveHint on a tool that does destroy: the finding is right (hosts read it as false).
          if (finding.rule === 'destructive-omitted' && truth) continue;
          const outcome = at(hint, `${finding.message} [label ${truth}${debatable ? ', debatable' : ''}: ${evidence}]`, finding.rule);
          if (debatable) report.disagreements.push(outcome);
          else report.falseAlarms.push(outcome);
        }
        // A known inference that differs from the label (a hint the rules could act on wrongly).
        const inferred = seen.inferred[hint];
        const meaningful = hint === 'readOnlyHint' || hint === 'openWorldHint' || !label.readOnlyHint[0];
        if (inferred.known && meaningful && inferred.value !== truth && !debatable) {
          report.disagreements.push(at(hint, `inferred ${inferred.value} (${inferred.reason}), label ${truth}: ${evidence}`));
        }
      }
    }
  }
  return report;
}

export function printLabelReport(report: LabelReport, log: (line: string) => void = console.log): void {
  const part = (setAside: boolean, list: Outcome[]) => list.filter((o) => o.setAside === setAside).length;
  log(`Honesty over ${report.tools} labelled tools in ${report.packages} packages (test/honesty/labels)\n`);
  log('                      tuned  set aside');
  log(`false alarms        ${String(part(false, report.falseAlarms)).padStart(7)}${String(part(true, report.falseAlarms)).padStart(11)}`);
  log(`caught / dishonest  ${`${part(false, report.caught)}/${part(false, report.dishonest)}`.padStart(7)}${`${part(true, report.caught)}/${part(true, report.dishonest)}`.padStart(11)}`);
  const show = (title: string, list: Outcome[]) => {
    log(`\n${title}: ${list.length}`);
    for (const o of list) log(`  ${o.setAside ? '[set aside] ' : ''}${o.package} ${o.tool} ${o.hint}${o.rule ? ` (${o.rule})` : ''}: ${o.line}`);
  };
  show('False alarms', report.falseAlarms);
  show('Caught', report.caught);
  show('Missed', report.missed);
  show('Disagreements', report.disagreements);
}
