// The published servers developed against (test/corpus/data/wild, wild2 and wild3: each with what it answered to
// `tools/list`): every package is read statically and compared with its recorded list, as `mcp-hints verify` would;
// a package shipping TypeScript sources in src/ is read as its build and as its sources. The floors in each group's
// floors.json only ever go up: a change that loses a tool or a correct hint on any package fails here. Raise them
// with `npm run corpus -- --raise-floors` after an improvement (it never lowers one).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { DEVELOPED } from './location';
import { floorsPath, formatTable, measureWild, totals, type Floor, type PackageResult } from './wild';

const lost = (r: PackageResult, floor: Floor): string[] => {
  const out: string[] = [];
  if (r.found < floor.found) out.push(`${r.package}: found ${r.found} < floor ${floor.found}`);
  if (r.hintsEqual < floor.hintsEqual) out.push(`${r.package}: hints equal ${r.hintsEqual} < floor ${floor.hintsEqual}`);
  if (floor.source) {
    if (!r.source) out.push(`${r.package}: its floor has sources, the package no longer reads as shipping them`);
    else {
      if (r.source.found < floor.source.found) out.push(`${r.package} src/: found ${r.source.found} < floor ${floor.source.found}`);
      if (r.source.hintsEqual < floor.source.hintsEqual) out.push(`${r.package} src/: hints equal ${r.source.hintsEqual} < floor ${floor.source.hintsEqual}`);
    }
  } else if (r.source) out.push(`${r.package}: ships sources but has no floor for them`);
  return out;
};

for (const corpus of DEVELOPED) {
  test(`${corpus.name} corpus: no package finds fewer tools or fewer correct hints than its floor`, { timeout: 20 * 60_000 }, async (t) => {
    const floors: Record<string, Floor> = JSON.parse(readFileSync(floorsPath(corpus), 'utf8'));
    const results = await measureWild(corpus);
    t.diagnostic(`\n${formatTable(results)}`);
    const errors = results.flatMap((r) => [r.error && `${r.package}: ${r.error}`, r.source?.error && `${r.package} src/: ${r.source.error}`].filter(Boolean));
    assert.deepEqual(errors, [], 'every package is read without a crash');
    assert.deepEqual(Object.keys(floors).sort(), results.map((r) => r.package).sort(), 'every package has a floor');
    assert.deepEqual(results.flatMap((r) => lost(r, floors[r.package])), [], 'no regression on any package');
    const all = totals(results);
    // A tool found statically must read as the server sends it: wrong hints are worse than a missed tool.
    assert.ok(all.hintAccuracy >= 0.9, `hints equal on ${all.hintAccuracy} of found tools`);
  });
}
