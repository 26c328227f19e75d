// The source group (test/corpus/data/src): per repository, the tools read statically from its source against the
// tools recorded by reading its code. Floors (data/src/floors.json) only go up; a tool read that the record says
// the code never lists fails at once, as does a repository whose archive is missing (it is never skipped).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { ensureSources, formatSourceTable, measureSource, SRC_DATA, sourceRepos } from './src';

type Floors = Record<string, { found: number; hintsEqual: number }>;

test('source group: every repository finds at least its floor of recorded tools and correct hints, and nothing else', { timeout: 10 * 60_000 }, async (t) => {
  ensureSources();
  const floors: Floors = JSON.parse(readFileSync(join(SRC_DATA, 'floors.json'), 'utf8'));
  const repos = sourceRepos();
  assert.deepEqual(Object.keys(floors).sort(), repos.map((r) => r.repo).sort(), 'every recorded repository has a floor');
  const results = [];
  for (const r of repos) results.push(await measureSource(r));
  t.diagnostic(`\n${formatSourceTable(results)}`);
  const problems = results.flatMap((r) => {
    const floor = floors[r.repo];
    const out: string[] = [];
    if (r.found < floor.found) out.push(`${r.repo}: found ${r.found} < floor ${floor.found} (missing: ${r.missing.join(', ')})`);
    if (r.hintsEqual < floor.hintsEqual) out.push(`${r.repo}: hints equal ${r.hintsEqual} < floor ${floor.hintsEqual}`);
    if (r.notInTruth.length > 0) out.push(`${r.repo}: read tools the code never lists: ${r.notInTruth.join(', ')}`);
    return out;
  });
  assert.deepEqual(problems, []);
});
