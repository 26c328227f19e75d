// `npm run metamorphic`: every transformation over the pinned corpus, the wild corpus and the discovery tables;
// prints the table and the changed variants, and writes docs/metamorphic.md. `-- tables pinned` runs only those.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CorpusName } from './corpora';
import { checkGaps, formatChanges, formatTable, formatGaps, GAPS_FILE, loadGaps, runCorpus, updatedGaps, type CorpusRun } from './report';
import { TRANSFORMS } from './transforms';

async function main() {
  const asked = process.argv.slice(2).filter((a) => !a.startsWith('-')) as CorpusName[];
  const corpora: CorpusName[] = asked.length ? asked : ['pinned', 'wild', 'tables'];
  const started = Date.now();
  const runs: CorpusRun[] = [];
  for (const corpus of corpora) runs.push(await runCorpus(corpus, { log: (line) => process.stderr.write(`${line}\n`) }));
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
  if (!asked.length) writeFileSync(join(__dirname, '../../docs/metamorphic.md'), doc(runs, table, changes, formatGaps(gaps)));
  process.stderr.write(`${((Date.now() - started) / 1000).toFixed(0)} s\n`);
}

function doc(runs: CorpusRun[], table: string, changes: string, gaps: string): string {
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

Figures of ${date}, from \`npm run metamorphic\` (${runs.map((r) => `${r.corpus}: ${r.workspaces} workspaces`).join(', ')}).
Each cell: the share of variants that keep every tool, kept / variants, and (in brackets) the workspaces where the
transformation was not applicable.

${table}

## Transformations

${TRANSFORMS.map((t) => `- \`${t.name}\`: ${t.description}`).join('\n')}

## Known gaps, and why

${gaps || 'None.'}

## Variants that change the tools

Each is listed in test/metamorphic/gaps.json with its reason; test/metamorphic/metamorphic.test.ts fails on a change
that is not listed and on a listed gap that closed.

${changes || 'None.'}
`;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
