// `npm run metamorphic`: every transformation over the pinned corpus, the wild corpus and the discovery tables;
// prints the table and the changed variants, and writes docs/metamorphic.md from the last run of each corpus.
// `-- tables pinned` runs only those; `--write-gaps` rewrites gaps.json's workspace lists (reasons kept).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CorpusName } from './corpora';
import { checkGaps, formatChanges, formatTable, GAPS_FILE, loadGaps, runCorpus, updatedGaps, type CorpusRun } from './report';
import { TRANSFORMS } from './transforms';
import { CORPORA } from '../corpus/location';

/** The last run of each corpus (git-ignored). */
const RUNS = join(__dirname, '../../.cache/metamorphic');

const saved = (corpus: CorpusName): CorpusRun | undefined => (existsSync(join(RUNS, `${corpus}.json`)) ? JSON.parse(readFileSync(join(RUNS, `${corpus}.json`), 'utf8')).run : undefined);

async function main() {
  const asked = process.argv.slice(2).filter((a) => !a.startsWith('-')) as CorpusName[];
  // `--saved`: no run, the document and the gaps from the last saved run of each corpus.
  const corpora: CorpusName[] = process.argv.includes('--saved') ? [] : asked.length ? asked : ['pinned', 'wild', 'tables'];
  const started = Date.now();
  const fresh: CorpusRun[] = [];
  for (const corpus of corpora) {
    const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);
    const run = await runCorpus(corpus, { log: (line) => process.stderr.write(`${line}\n`), only: only === undefined ? undefined : (name) => name.includes(only) });
    // Each corpus's last run is kept, so the document can be written from runs made one corpus at a time; a run
    // of some packages (`--only=<substring>`) replaces theirs in it.
    mkdirSync(RUNS, { recursive: true });
    const previous = only === undefined ? undefined : saved(corpus);
    const names = new Set(run.results.map((r) => r.workspace));
    const merged: CorpusRun = previous
      ? { corpus, workspaces: new Set([...previous.results.map((r) => r.workspace), ...names]).size, results: [...previous.results.filter((r) => !names.has(r.workspace)), ...run.results] }
      : run;
    fresh.push(merged);
    writeFileSync(join(RUNS, `${corpus}.json`), JSON.stringify({ date: new Date().toISOString().slice(0, 10), run: merged }));
  }
  const all = (['pinned', 'wild', 'tables'] as const).map((c) => fresh.find((r) => r.corpus === c) ?? saved(c));
  const complete = all.every((r) => r !== undefined);
  const runs = complete ? (all as CorpusRun[]) : fresh;
  let gaps = loadGaps();
  if (process.argv.includes('--write-gaps')) {
    gaps = updatedGaps(runs, gaps);
    writeFileSync(GAPS_FILE, `${JSON.stringify({ ...JSON.parse(readFileSync(GAPS_FILE, 'utf8')), gaps }, null, 1)}\n`);
  }
  const table = formatTable(runs);
  const changes = formatChanges(runs, gaps);
  const { unlisted, closed } = checkGaps(runs, gaps);
  process.stdout.write(`${table}\n\n${changes || 'No variant changed the tools.'}\n`);
  if (unlisted.length || closed.length) process.stdout.write(`\ngaps.json disagrees:\n${[...unlisted, ...closed].map((l) => `- ${l}`).join('\n')}\n`);
  if (complete) writeFileSync(join(__dirname, '../../docs/metamorphic.md'), doc(runs, table));
  process.stderr.write(`${((Date.now() - started) / 1000).toFixed(0)} s\n`);
}

function doc(runs: CorpusRun[], table: string): string {
  const date = new Date().toISOString().slice(0, 10);
  return `# Metamorphic tests of discovery

Real code varies in ways that do not change what a server registers. The harness (test/metamorphic/) takes every
package of the pinned and wild corpora and every case of the discovery tables (test/engine/*.test.ts), rewrites it
with each transformation below (on the TypeScript tree: ts.transform, the factory and the printer; esbuild for the
bundle), analyses the variant with the engine in memory and requires the same tools as the original: names,
effective hints, titles and conditions (their polarity, kind and what they read). It compares the variant with the
engine's reading of the original, so a tool the engine misses on the original does not count against a
transformation. A transformation applies to every site where it is meaningful (one variant per package or case);
where it has nothing to act on it is counted as not applicable, never as kept.

Figures of ${date}, from \`npm run metamorphic\` (${runs.map((r) => `${r.corpus}: ${r.workspaces}${r.corpus === 'tables' ? ' cases' : ` of ${CORPORA[r.corpus].packages().length} packages`}`).join(', ')}; a corpus
run in part, with \`--only=<name>\`, counts the packages it ran).
Each cell: the share of variants that keep every tool, kept / variants, and (in brackets) the workspaces where the
transformation was not applicable.

${table}

## Transformations

${TRANSFORMS.map((t) => `- \`${t.name}\`: ${t.description}`).join('\n')}

## Known gaps

Every variant that changes the tools is listed, with why, in
[test/metamorphic/gaps.json](../test/metamorphic/gaps.json): one entry per transformation and corpus, its reason and
exactly which workspaces. test/metamorphic/metamorphic.test.ts fails on a change that is not listed and on a listed
gap that closed; \`npm run metamorphic\` prints each changed variant with the tools it lost and added.
`;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
