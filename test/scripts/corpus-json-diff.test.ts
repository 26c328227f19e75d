// The comparison behind `npm run corpus:diff` on small outputs shaped like `check --format json` (no worktrees, no builds).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeDiff, diffOutputs, firstDifferingLines, normaliseOutput } from '../../scripts/corpus-json-diff';

const tool = (name: string, file = 'dist/index.js', readOnlyHint = false) => ({ name, file, line: 1, column: 1, form: 'registerTool', annotations: { readOnlyHint } });
const finding = (code: string, line: number, message: string, toolName = 'a') => ({ file: 'dist/index.js', line, column: 1, endLine: line, endColumn: 9, severity: 'warning', code, message, tool: toolName });
const output = (tools: unknown[], diagnostics: unknown[], files = 1) => `${JSON.stringify({ version: 1, files, tools, diagnostics }, null, 2)}\n`;

test('the same bytes are identical and say nothing', () => {
  const text = output([tool('a')], [finding('missing-annotations', 3, 'no annotations')]);
  const diff = diffOutputs(text, text);
  assert.equal(diff.identical, true);
  assert.deepEqual(diff.lines, []);
  assert.equal(describeDiff(diff), '');
});

test('a changed message is a changed finding of its rule, and its lines are shown from both sides', () => {
  const before = output([tool('a')], [finding('missing-annotations', 3, 'ask before every call'), finding('implicit-default', 4, 'x')]);
  const after = output([tool('a')], [finding('missing-annotations', 3, 'ask before each call'), finding('implicit-default', 4, 'x')]);
  const diff = diffOutputs(before, after);
  assert.equal(diff.identical, false);
  assert.deepEqual(diff.findings, { 'missing-annotations': { added: 0, removed: 0, changed: 1 } });
  assert.deepEqual(diff.tools, { added: [], removed: [], changed: [] });
  const lineNumber = before.split('\n').findIndex((l) => l.includes('every call')) + 1;
  assert.equal(diff.lines.length, 2);
  assert.match(diff.lines[0], new RegExp(`^-\\s+${lineNumber} .*every call`));
  assert.match(diff.lines[1], new RegExp(`^\\+\\s+${lineNumber} .*each call`));
  assert.equal(describeDiff(diff), 'findings missing-annotations +0 -0 ~1');
});

test('tools and findings only one side has are added or removed; a changed hint is a changed tool', () => {
  const before = output([tool('a'), tool('b'), tool('c')], [finding('missing-annotations', 3, 'm', 'b')]);
  const after = output([tool('a', 'dist/index.js', true), tool('c'), tool('d')], [finding('read-only-contradicted', 5, 'r'), finding('read-only-contradicted', 6, 'r')], 2);
  const diff = diffOutputs(before, after);
  assert.deepEqual(diff.tools, { added: ['dist/index.js d'], removed: ['dist/index.js b'], changed: ['dist/index.js a'] });
  assert.deepEqual(diff.findings, {
    'missing-annotations': { added: 0, removed: 1, changed: 0 },
    'read-only-contradicted': { added: 2, removed: 0, changed: 0 },
  });
  assert.deepEqual(diff.fields, ['files: 1 → 2']);
  assert.equal(describeDiff(diff), 'files: 1 → 2; tools +1 -1 ~1 (+dist/index.js d, -dist/index.js b); findings missing-annotations +0 -1 ~0, read-only-contradicted +2 -0 ~0');
});

test('a name registered twice in one file loses one registration, not a change to both', () => {
  const diff = diffOutputs(output([tool('a'), tool('a')], []), output([tool('a')], []));
  assert.deepEqual(diff.tools, { added: [], removed: ['dist/index.js a'], changed: [] });
});

test('bytes that differ with equal JSON still differ, and output that is not JSON says so', () => {
  const text = output([tool('a')], []);
  const spacing = diffOutputs(text, text.trimEnd());
  assert.equal(spacing.identical, false);
  assert.equal(describeDiff(spacing), '');
  assert.notDeepEqual(spacing.lines, []);
  assert.deepEqual(diffOutputs(text, 'TypeError: boom\n').fields, ['second output is not JSON']);
});

test('the line diff shows an insertion as only the inserted lines, at their line numbers', () => {
  const lines = Array.from({ length: 100 }, (_, i) => `line ${i}`);
  const inserted = [...lines.slice(0, 40), 'new 1', 'new 2', ...lines.slice(40, 70), 'new 3', ...lines.slice(70)];
  assert.deepEqual(firstDifferingLines(lines.join('\n'), inserted.join('\n'), 6), ['+    41 new 1', '+    42 new 2', '+    73 new 3']);
  assert.deepEqual(firstDifferingLines(inserted.join('\n'), lines.join('\n'), 2), ['-    41 new 1', '-    42 new 2']);
  // Past the edit limit, the start of each side's differing middle stands in.
  assert.deepEqual(firstDifferingLines(lines.join('\n'), inserted.join('\n'), 2, 1), ['-    41 line 40', '-    42 line 41', '+    41 new 1', '+    42 new 2']);
});

test('only the checkout path is normalised, the longer spelling first', () => {
  const text = 'at /repo/.cache/corpus-diff/abc/dist/cli.js and /real/abc/dist/cli.js, /repo/.cache/other';
  const { text: normalised, replaced } = normaliseOutput(text, ['/repo/.cache/corpus-diff/abc', '/real/abc']);
  assert.equal(normalised, 'at <checkout>/dist/cli.js and <checkout>/dist/cli.js, /repo/.cache/other');
  assert.equal(replaced, 2);
});
