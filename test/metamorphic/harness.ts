// The metamorphic harness: for each workspace (a corpus package, a table case), the original analysis, then each
// transformation's variant analysed the same way and compared tool by tool (names, effective hints, titles,
// conditions) with the original. Engine gaps on the original do not count: only what a transformation changes.
import { isSourceFile, mayRegisterTools, type FileAnalysis, type FileHost, guardedAnalyze, Project, RULES, type RuleSetting } from '../../server/src/engine';
import { difference, overlaid, toolsOf, type Overlay, type Workspace } from './workspace';
import type { Transform } from './transforms';

export interface VariantResult {
  transform: string;
  workspace: string;
  status: 'kept' | 'changed' | 'not-applicable' | 'error';
  lost: string[];
  extra: string[];
  /** Why not applicable, or the error. */
  note?: string;
}

const RULES_OFF: Record<string, RuleSetting> = Object.fromEntries(RULES.map((rule) => [rule.id, 'off']));

/**
 * One project per workspace, as an editor keeps one: each variant is put in place (changed files forgotten so the
 * host is asked again) and every analysis dropped (setProjectFiles) before the files are analysed, so only parsed
 * trees of unchanged files carry over, never a result.
 */
export class Analyser {
  private overlay: Overlay = { changed: new Map(), removed: new Set() };
  private readonly project: Project;
  constructor(private readonly base: Workspace) {
    const host: FileHost = { readFile: (path) => this.current().read(path), listDirectory: (path) => this.current().list(path) };
    // Tools are what is compared: rules (evidence, contradictions) are set off, which changes no tool.
    this.project = new Project(host, { ...base.options, rules: { ...base.options.rules, ...RULES_OFF } });
  }

  private current(): Workspace {
    return overlaid(this.base, this.overlay);
  }

  /** Files of the original whose analysis found neither a tool nor a site. */
  private idle: ReadonlySet<string> | undefined;

  analyse(overlay?: Overlay): FileAnalysis[] {
    const next = overlay ?? { changed: new Map(), removed: new Set() };
    const touched = new Set([...this.overlay.changed.keys(), ...this.overlay.removed, ...next.changed.keys(), ...next.removed]);
    this.overlay = next;
    for (const path of touched) this.project.forget(path);
    const ws = this.current();
    this.project.setProjectFiles(ws.sources);
    // A file the pre-filter rejects finds no tool (findTools returns at once); its tree is only parsed when read.
    // A variant re-reads every file that found a tool or a site, or that it changed: a file that found nothing in
    // the original and is left as it was could only add tools (vendored bundles that mention a method name).
    const files = ws.sources.filter((file) => isSourceFile(file) && !(overlay && this.idle?.has(file) && !next.changed.has(file)) && mayRegisterTools(ws.read(file) ?? ''));
    const analyses = files.map((file) => guardedAnalyze(this.project, file));
    if (!overlay && !this.idle) this.idle = new Set(analyses.filter((a) => a.tools.length === 0 && a.sites.length === 0).map((a) => a.file));
    return analyses;
  }
}

export async function runWorkspace(name: string, ws: Workspace, transforms: readonly Transform[]): Promise<{ tools: number; results: VariantResult[] }> {
  const analyser = new Analyser(ws);
  const analyses = analyser.analyse();
  const original = toolsOf(analyses);
  const results: VariantResult[] = [];
  for (const transform of transforms) {
    let variant;
    try {
      variant = await transform.apply({ ws, analyses });
    } catch (error) {
      results.push({ transform: transform.name, workspace: name, status: 'error', lost: [], extra: [], note: `transform failed: ${(error as Error).message.split('\n')[0]}` });
      continue;
    }
    if ('notApplicable' in variant) {
      results.push({ transform: transform.name, workspace: name, status: 'not-applicable', lost: [], extra: [], note: variant.notApplicable });
      continue;
    }
    const { lost, extra } = difference(original, toolsOf(analyser.analyse(variant)));
    results.push({ transform: transform.name, workspace: name, status: lost.length || extra.length ? 'changed' : 'kept', lost, extra });
  }
  analyser.analyse();
  return { tools: original.length, results };
}
