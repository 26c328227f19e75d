// Runs the harness over the corpora and writes what it found: the table (transformation × corpus), the gaps.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { corpusWorkspaces, tableWorkspaces, type CorpusName, type NamedWorkspace } from './corpora';
import { runWorkspace, type VariantResult } from './harness';
import { TRANSFORMS, type Transform } from './transforms';

export interface CorpusRun {
  corpus: CorpusName;
  workspaces: number;
  results: VariantResult[];
}

export async function workspacesOf(corpus: CorpusName): Promise<NamedWorkspace[]> {
  return corpus === 'tables' ? tableWorkspaces() : corpusWorkspaces(corpus);
}

export async function runCorpus(corpus: CorpusName, options: { transforms?: readonly Transform[]; only?: (name: string) => boolean; log?: (line: string) => void } = {}): Promise<CorpusRun> {
  const all = (await workspacesOf(corpus)).filter((w) => options.only?.(w.name) ?? true);
  const results: VariantResult[] = [];
  for (const named of all) {
    const started = Date.now();
    const { results: mine } = await runWorkspace(named.name, named.workspace(), options.transforms ?? TRANSFORMS);
    results.push(...mine);
    if (corpus !== 'tables') options.log?.(`${corpus} ${named.name}: ${mine.filter((r) => r.status === 'changed').length} changed, ${Date.now() - started} ms`);
  }
  return { corpus, workspaces: all.length, results };
}

/**
 * A known gap: a transformation that changes the tools on some workspaces of a corpus, why (the engine's cause), and
 * exactly which workspaces. `npm run metamorphic -- --write-gaps` rewrites the workspace lists from a run and keeps
 * every reason; a new (transformation, corpus) pair gets the reason "TODO", which the test refuses.
 */
export interface Gap {
  transform: string;
  corpus: CorpusName;
  reason: string;
  workspaces: string[];
}

export const GAPS_FILE = join(__dirname, 'gaps.json');
export const loadGaps = (): Gap[] => JSON.parse(readFileSync(GAPS_FILE, 'utf8')).gaps;
const gapOf = (gaps: readonly Gap[], transform: string, corpus: CorpusName) => gaps.find((g) => g.transform === transform && g.corpus === corpus);
const listedIn = (gaps: readonly Gap[], transform: string, corpus: CorpusName, workspace: string) => gapOf(gaps, transform, corpus)?.workspaces.includes(workspace) ?? false;

/** The gaps as a run finds them: the runs' corpora rewritten, the others' entries kept; reasons kept. */
export function updatedGaps(runs: readonly CorpusRun[], gaps: readonly Gap[]): Gap[] {
  const ran = new Set(runs.map((r) => r.corpus));
  const out: Gap[] = gaps.filter((g) => !ran.has(g.corpus));
  for (const run of runs) {
    for (const transform of TRANSFORMS) {
      const workspaces = run.results.filter((r) => r.transform === transform.name && (r.status === 'changed' || r.status === 'error')).map((r) => r.workspace).sort();
      if (workspaces.length) out.push({ transform: transform.name, corpus: run.corpus, reason: gapOf(gaps, transform.name, run.corpus)?.reason ?? 'TODO', workspaces });
    }
  }
  const order = (g: Gap) => `${TRANSFORMS.findIndex((t) => t.name === g.transform).toString().padStart(3, '0')} ${g.corpus}`;
  return out.sort((a, b) => (order(a) < order(b) ? -1 : 1));
}

export interface Cell {
  variants: number;
  kept: number;
  notApplicable: number;
  errors: number;
}

export function cells(runs: readonly CorpusRun[]): Map<string, Map<CorpusName, Cell>> {
  const table = new Map<string, Map<CorpusName, Cell>>();
  for (const transform of TRANSFORMS) table.set(transform.name, new Map());
  for (const run of runs) {
    for (const r of run.results) {
      const row = table.get(r.transform)!;
      const cell = row.get(run.corpus) ?? { variants: 0, kept: 0, notApplicable: 0, errors: 0 };
      if (r.status === 'not-applicable') cell.notApplicable++;
      else if (r.status === 'error') cell.errors++;
      else {
        cell.variants++;
        if (r.status === 'kept') cell.kept++;
      }
      row.set(run.corpus, cell);
    }
  }
  return table;
}

const pct = (cell: Cell) => (cell.variants ? `${((100 * cell.kept) / cell.variants).toFixed(cell.kept === cell.variants ? 0 : 1)}%` : '–');

export function formatTable(runs: readonly CorpusRun[]): string {
  const table = cells(runs);
  const corpora = runs.map((r) => r.corpus);
  const head = `| transformation | ${corpora.map((c) => `${c}: kept / variants (n/a)`).join(' | ')} |`;
  const rule = `|---|${corpora.map(() => '---|').join('')}`;
  const rows = TRANSFORMS.map((t) => {
    const row = table.get(t.name)!;
    return `| \`${t.name}\` | ${corpora.map((c) => {
      const cell = row.get(c) ?? { variants: 0, kept: 0, notApplicable: 0, errors: 0 };
      return `${pct(cell)} ${cell.kept}/${cell.variants} (${cell.notApplicable})${cell.errors ? ` ${cell.errors} error(s)` : ''}`;
    }).join(' | ')} |`;
  });
  return [head, rule, ...rows].join('\n');
}

/** Every variant that changed the tools, with what it lost and added. */
export function formatChanges(runs: readonly CorpusRun[], gaps: readonly Gap[], limit = 6): string {
  const lines: string[] = [];
  for (const run of runs) {
    for (const r of run.results.filter((x) => x.status === 'changed' || x.status === 'error')) {
      const listed = listedIn(gaps, r.transform, run.corpus, r.workspace);
      lines.push(`- \`${r.transform}\` on ${run.corpus} \`${r.workspace}\`: ${r.status === 'error' ? r.note : `loses ${r.lost.length}, adds ${r.extra.length}`}${listed ? '' : ' — NOT LISTED in gaps.json'}`);
      for (const key of r.lost.slice(0, limit)) lines.push(`  - lost ${key}`);
      if (r.lost.length > limit) lines.push(`  - … ${r.lost.length - limit} more lost`);
      for (const key of r.extra.slice(0, limit)) lines.push(`  - added ${key}`);
      if (r.extra.length > limit) lines.push(`  - … ${r.extra.length - limit} more added`);
    }
  }
  return lines.join('\n');
}

/** What disagrees with gaps.json: variants that changed tools without a listed gap, and listed gaps that no longer change. */
export function checkGaps(runs: readonly CorpusRun[], gaps: readonly Gap[]): { unlisted: string[]; closed: string[] } {
  const unlisted: string[] = [];
  const closed: string[] = [];
  for (const run of runs) {
    const workspaces = new Set(run.results.map((r) => r.workspace));
    for (const r of run.results) {
      const listed = listedIn(gaps, r.transform, run.corpus, r.workspace);
      if ((r.status === 'changed' || r.status === 'error') && !listed) unlisted.push(`${r.transform} on ${run.corpus} ${r.workspace}: lost ${r.lost.slice(0, 3).join('; ')}${r.extra.length ? ` added ${r.extra.slice(0, 3).join('; ')}` : ''}${r.note ? ` ${r.note}` : ''}`);
      if (r.status === 'kept' && listed) closed.push(`${r.transform} on ${run.corpus} ${r.workspace}: keeps every tool now; remove it from gaps.json`);
    }
    for (const g of gaps.filter((x) => x.corpus === run.corpus)) {
      if (/^TODO/.test(g.reason)) unlisted.push(`${g.transform} on ${run.corpus}: the gap has no reason yet`);
      for (const workspace of g.workspaces.filter((w) => workspaces.has(w))) {
        const r = run.results.find((x) => x.transform === g.transform && x.workspace === workspace);
        if (!r || r.status === 'not-applicable') closed.push(`${g.transform} on ${run.corpus} ${workspace}: listed, but ${r ? 'not applicable' : 'not run'}`);
      }
    }
  }
  return { unlisted, closed };
}
