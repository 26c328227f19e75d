// The pure config parser (engine/config.ts) and the file walker (engine/files.ts), without a child process.
import assert from 'node:assert/strict';
import { mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { parseConfig, toEngineOptions } from '../../server/src/engine';
import { discoverFiles, findConfigFile } from '../../server/src/engine';
import { removeWorkspace, workspace } from './helpers';

describe('parseConfig', () => {
  test('accepts JSON with comments and trailing commas', () => {
    const result = parseConfig('{\n  // host\n  "profile": "chatgpt",\n  "rules": { "missing-annotations": "error", },\n  "ignore": ["gen/**"],\n  "explainDefaults": true,\n}');
    assert.deepEqual(result, { ok: true, config: { profile: 'chatgpt', rules: { 'missing-annotations': 'error' }, ignore: ['gen/**'], explainDefaults: true } });
  });

  test('an empty file is an empty config', () => {
    assert.deepEqual(parseConfig(''), { ok: true, config: {} });
  });

  test('syntax errors carry a 1-based line and column', () => {
    const result = parseConfig('{\n  "profile": "spec"\n  "rules": {}\n}');
    assert.equal(result.ok, false);
    if (!result.ok) {
      assert.match(result.error.message, /CommaExpected/);
      assert.equal(result.error.line, 3);
      assert.equal(result.error.column, 3);
    }
  });

  const invalid: [string, RegExp][] = [
    ['[]', /must be a JSON object/],
    ['{ "profile": "gemini" }', /"profile" must be one of spec, chatgpt, claude/],
    ['{ "rules": [] }', /"rules" must be an object/],
    ['{ "rules": { "missing-annotations": "loud" } }', /severity must be one of/],
    ['{ "rules": { "no-such-rule": "off" } }', /unknown rule "no-such-rule"/],
    ['{ "ignore": "gen" }', /"ignore" must be an array of strings/],
    ['{ "explainDefaults": "yes" }', /"explainDefaults" must be true or false/],
    ['{ "extends": "x" }', /unknown key "extends"/],
    ['{ "evidence": [] }', /"evidence" must be an object with any of pure, writes, deletes, network/],
    ['{ "evidence": { "reads": ["x"] } }', /unknown key "reads" in "evidence"/],
    ['{ "evidence": { "pure": "cache.*" } }', /"evidence.pure" must be an array of function names or patterns/],
    ['{ "evidence": { "writes": ["db exec"] } }', /"evidence.writes" must be an array/],
    ['{ "evidence": { "deletes": ["*"] } }', /"evidence.deletes" must be an array/],
  ];
  for (const [text, message] of invalid) {
    test(`rejects ${text}`, () => {
      const result = parseConfig(text, new Set(['missing-annotations']));
      assert.equal(result.ok, false);
      if (!result.ok) assert.match(result.error.message, message);
    });
  }

  // Every error points at the text at fault (line, column, and the span an editor underlines).
  const placed: [string, string, number, number, string][] = [
    ['unknown key', '{\n  "profile": "spec",\n  "rulez": {}\n}', 3, 3, '"rulez"'],
    ['bad profile', '{\n  "profile": "gemini"\n}', 2, 14, '"gemini"'],
    ['unknown rule', '{ "rules": {\n    "missing-annotations": "off",\n    "no-such-rule": "off"\n} }', 3, 5, '"no-such-rule"'],
    ['bad severity', '{ "rules": {\n\t"missing-annotations": "loud" } }', 2, 25, '"loud"'],
    ['not an object', '\n\n  [1]', 3, 3, '[1]'],
  ];
  for (const [what, text, line, column, span] of placed) {
    test(`${what}: reported at line ${line}, column ${column}`, () => {
      const result = parseConfig(text, new Set(['missing-annotations']));
      assert.equal(result.ok, false);
      if (result.ok) return;
      assert.deepEqual([result.error.line, result.error.column], [line, column]);
      assert.equal(text.slice(result.error.offset, result.error.offset + result.error.length), span);
    });
  }

  test('the evidence section: names and patterns of the project\'s own functions', () => {
    const text = '{ "evidence": { "pure": ["cache.*", "log"], "writes": ["db.exec"], "deletes": ["purge*"], "network": ["api.call"] } }';
    const result = parseConfig(text);
    assert.deepEqual(result, { ok: true, config: { evidence: { pure: ['cache.*', 'log'], writes: ['db.exec'], deletes: ['purge*'], network: ['api.call'] } } });
    if (result.ok) assert.deepEqual(toEngineOptions(result.config).evidence, result.config.evidence);
  });

  test('flags override the config', () => {
    const options = toEngineOptions({ profile: 'spec', rules: { a: 'off', b: 'error' } }, { profile: 'claude', rules: { a: 'warning' } });
    assert.deepEqual(options, { profile: 'claude', rules: { a: 'warning', b: 'error' } });
    assert.deepEqual(toEngineOptions({}), {});
  });
});

describe('discoverFiles and findConfigFile', () => {
  const dirs: string[] = [];
  after(() => dirs.forEach(removeWorkspace));

  test('walks sorted, skips what it must, does not follow folder links, reports missing arguments', () => {
    const dir = workspace({
      'b.ts': '',
      'a.mts': '',
      'notes.txt': '',
      'lib/c.jsx': '',
      'lib/c.d.ts': '',
      'lib/c.test.ts': '',
      'node_modules/x/i.js': '',
    });
    dirs.push(dir);
    symlinkSync('..', join(dir, 'lib/up'));
    symlinkSync(join(dir, 'b.ts'), join(dir, 'lib/link-to-b.ts'));
    const result = discoverFiles(['.', 'missing.ts'], dir);
    assert.deepEqual(result.files, [join(dir, 'a.mts'), join(dir, 'b.ts'), join(dir, 'lib/c.jsx'), join(dir, 'lib/link-to-b.ts')]);
    assert.deepEqual(result.missing, ['missing.ts']);
    const withTests = discoverFiles(['lib'], dir, { includeTests: true });
    assert.ok(withTests.files.includes(join(dir, 'lib/c.test.ts')));
  });

  test('finds the nearest config up to the repository root', () => {
    const dir = workspace({ '.git/HEAD': '', '.mcp-hints.jsonc': '{}', 'pkg/src/a.ts': '', 'pkg/.mcp-hints.json': '{}' });
    dirs.push(dir);
    mkdirSync(join(dir, 'other'));
    assert.equal(findConfigFile(join(dir, 'pkg/src')), join(dir, 'pkg/.mcp-hints.json'));
    assert.equal(findConfigFile(join(dir, 'other')), join(dir, '.mcp-hints.jsonc'));
  });
});
