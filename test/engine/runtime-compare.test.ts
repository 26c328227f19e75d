// compareWithRuntime: the static reading of each tool against what its server lists (what `mcp-hints verify`
// and the wild-corpus test report). One row per situation; `found` is the static reading, `listed` the server's.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { compareWithRuntime, type RuntimeTool, type StaticTool, type VerifyStatus } from '../../server/src/engine/review/runtime-compare';

function found(name: string | null, annotations: StaticTool['annotations'], extra: Partial<StaticTool> = {}): StaticTool {
  return { name, file: 'src/server.ts', line: 1, annotations, title: null, ...extra };
}

interface Row {
  situation: string;
  found: StaticTool[];
  listed: RuntimeTool[];
  status: VerifyStatus;
  differences?: { key: string; static: unknown; runtime: unknown }[];
}

const ROWS: Row[] = [
  {
    situation: 'every declared hint is what the server sends',
    found: [found('a', { readOnlyHint: true, openWorldHint: false })],
    listed: [{ name: 'a', annotations: { readOnlyHint: true, openWorldHint: false } }],
    status: 'match',
  },
  {
    situation: 'no annotations in the code, none sent',
    found: [found('a', null)],
    listed: [{ name: 'a' }],
    status: 'match',
  },
  {
    situation: 'a declared hint the server sends with the other value',
    found: [found('a', { readOnlyHint: true })],
    listed: [{ name: 'a', annotations: { readOnlyHint: false } }],
    status: 'differs',
    differences: [{ key: 'readOnlyHint', static: true, runtime: false }],
  },
  {
    situation: 'the server sends a hint the code does not declare',
    found: [found('a', {})],
    listed: [{ name: 'a', annotations: { destructiveHint: true } }],
    status: 'differs',
    differences: [{ key: 'destructiveHint', static: null, runtime: true }],
  },
  {
    situation: 'the code declares a hint the server does not send',
    found: [found('a', { idempotentHint: true })],
    listed: [{ name: 'a', annotations: {} }],
    status: 'differs',
    differences: [{ key: 'idempotentHint', static: true, runtime: null }],
  },
  {
    situation: 'the title, from the config or annotations.title, against what the server sends',
    found: [found('a', null, { title: 'Old title' })],
    listed: [{ name: 'a', title: 'New title' }],
    status: 'differs',
    differences: [{ key: 'title', static: 'Old title', runtime: 'New title' }],
  },
  {
    situation: 'annotations.title sent by the server counts as the title',
    found: [found('a', { title: 'T' }, { title: 'T' })],
    listed: [{ name: 'a', annotations: { title: 'T' } }],
    status: 'match',
  },
  {
    situation: 'a hint only known at run time: the server shows it',
    found: [found('a', { readOnlyHint: 'unresolved', openWorldHint: false })],
    listed: [{ name: 'a', annotations: { readOnlyHint: true, openWorldHint: false } }],
    status: 'unresolved',
  },
  {
    situation: 'unresolved and a resolved value that differs: differs wins',
    found: [found('a', { readOnlyHint: 'unresolved', openWorldHint: false })],
    listed: [{ name: 'a', annotations: { readOnlyHint: true, openWorldHint: true } }],
    status: 'differs',
    differences: [{ key: 'openWorldHint', static: false, runtime: true }],
  },
  {
    situation: 'listed by the server, not in the code',
    found: [],
    listed: [{ name: 'a', annotations: { readOnlyHint: true } }],
    status: 'missing-statically',
  },
  {
    situation: 'in the code, not listed (behind a flag)',
    found: [found('a', { readOnlyHint: true })],
    listed: [],
    status: 'not-listed',
  },
  {
    situation: 'found twice (ESM and CommonJS builds): the record that agrees with the server is used',
    found: [found('a', { readOnlyHint: false }, { file: 'dist/cjs/a.js' }), found('a', { readOnlyHint: true }, { file: 'dist/esm/a.js' })],
    listed: [{ name: 'a', annotations: { readOnlyHint: true } }],
    status: 'match',
  },
  {
    situation: 'listed twice by the server: one row',
    found: [found('a', null)],
    listed: [{ name: 'a' }, { name: 'a' }],
    status: 'match',
  },
];

describe('compareWithRuntime', () => {
  for (const row of ROWS) {
    test(`${row.situation} → ${row.status}`, () => {
      const comparison = compareWithRuntime(row.found, row.listed);
      assert.equal(comparison.tools.length, 1);
      const [tool] = comparison.tools;
      assert.equal(tool.status, row.status);
      assert.deepEqual(tool.differences, row.differences ?? []);
      assert.equal(comparison.counts[row.status], 1);
    });
  }

  test('the chosen record gives the location; missing-statically has none', () => {
    const comparison = compareWithRuntime(
      [found('a', { readOnlyHint: false }, { file: 'cjs.js', line: 3 }), found('a', { readOnlyHint: true }, { file: 'esm.js', line: 7 })],
      [{ name: 'a', annotations: { readOnlyHint: true } }, { name: 'b' }],
    );
    assert.deepEqual(comparison.tools.map((t) => [t.name, t.file, t.line]), [['a', 'esm.js', 7], ['b', null, null]]);
  });

  test('registrations whose name is computed at run time are set apart, not matched', () => {
    const comparison = compareWithRuntime([found(null, { readOnlyHint: true })], [{ name: 'x', annotations: { readOnlyHint: true } }]);
    assert.equal(comparison.unnamed.length, 1);
    assert.deepEqual(comparison.tools.map((t) => t.status), ['missing-statically']);
  });

  test('runtime keeps only the keys the server sent; static has every key, null when undeclared', () => {
    const [tool] = compareWithRuntime([found('a', { readOnlyHint: true })], [{ name: 'a', annotations: { readOnlyHint: true } }]).tools;
    assert.deepEqual(tool.runtime, { readOnlyHint: true });
    assert.deepEqual(tool.static, { readOnlyHint: true, destructiveHint: null, idempotentHint: null, openWorldHint: null, title: null });
  });

  test('the source text of unresolved values travels with the tool, for showing beside the run-time value', () => {
    const sources = { readOnlyHint: "process.env.MODE === 'ro'", openWorldHint: 'false' };
    const [tool] = compareWithRuntime(
      [found('a', { readOnlyHint: 'unresolved', openWorldHint: false }, { sources })],
      [{ name: 'a', annotations: { readOnlyHint: true, openWorldHint: false } }],
    ).tools;
    assert.deepEqual(tool.unresolvedSources, { readOnlyHint: "process.env.MODE === 'ro'" }, 'only keys left unresolved');
  });
});
