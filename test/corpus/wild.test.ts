// The wild corpus (test/corpus/data/wild: published servers with what each answered to `tools/list`): every package
// is read statically and compared with its recorded list, as `mcp-hints verify` would. The floors in
// data/wild/floors.json only ever go up: a change that loses a tool or a correct hint on any package fails here.
// Raise them with `npm run corpus -- --raise-floors` after an improvement (it never lowers one).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { CORPORA } from './location';
import { formatTable, measureWild, totals } from './wild';

type Floors = Record<string, { found: number; hintsEqual: number }>;

test('wild corpus: no package finds fewer tools or fewer correct hints than its floor', { timeout: 20 * 60_000 }, async (t) => {
  const floors: Floors = JSON.parse(readFileSync(join(CORPORA.wild.dataDir, 'floors.json'), 'utf8'));
  const results = await measureWild();
  t.diagnostic(`\n${formatTable(results)}`);
  assert.deepEqual(results.filter((r) => r.error).map((r) => `${r.package}: ${r.error}`), [], 'every package is read without a crash');
  assert.deepEqual(Object.keys(floors).sort(), results.map((r) => r.package).sort(), 'every package has a floor');
  const below = results.flatMap((r) => {
    const floor = floors[r.package];
    const lost: string[] = [];
    if (r.found < floor.found) lost.push(`${r.package}: found ${r.found} < floor ${floor.found}`);
    if (r.hintsEqual < floor.hintsEqual) lost.push(`${r.package}: hints equal ${r.hintsEqual} < floor ${floor.hintsEqual}`);
    return lost;
  });
  assert.deepEqual(below, [], 'no regression on any package');
  const all = totals(results);
  // A tool found statically must read as the server sends it: wrong hints are worse than a missed tool.
  assert.ok(all.hintAccuracy >= 0.9, `hints equal on ${all.hintAccuracy} of found tools`);
});
