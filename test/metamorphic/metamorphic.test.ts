// The metamorphic test of discovery (docs/metamorphic.md): every transformation over every discovery table case and
// every package of the pinned corpus must keep the tools the engine reads on the original, except the known gaps of
// gaps.json; a listed gap that closes fails too, so the list stays true. The wild corpus is left to
// `npm run metamorphic` (it takes several minutes).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkGaps, formatTable, loadGaps, runCorpus, type CorpusRun } from './report';

const runs: CorpusRun[] = [];

for (const corpus of ['tables', 'pinned'] as const) {
  test(`metamorphic: every transformation keeps the tools on the ${corpus} corpus, but for the listed gaps`, { timeout: 15 * 60_000 }, async (t) => {
    const run = await runCorpus(corpus);
    runs.push(run);
    t.diagnostic(`\n${formatTable([run])}`);
    assert.ok(run.workspaces > 0, 'the corpus has workspaces');
    // Each transformation acts somewhere: one that is never applicable tests nothing.
    const applied = new Set(run.results.filter((r) => r.status !== 'not-applicable').map((r) => r.transform));
    if (corpus === 'tables') assert.deepEqual([...new Set(run.results.map((r) => r.transform))].filter((name) => !applied.has(name)), [], 'transformations applicable to no case');
    const { unlisted, closed } = checkGaps([run], loadGaps());
    assert.deepEqual(unlisted, [], 'variants that change the tools without a gap listed in gaps.json (fix the engine, or list the gap with its reason)');
    assert.deepEqual(closed, [], 'gaps listed in gaps.json that are closed (remove them: `npm run metamorphic -- --write-gaps`)');
  });
}
