// The rule docs are generated from the rule files: committed copies must match (run `npm run docs`).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { packageJsonWithRules, readmeWithTable, ruleDocs } from '../scripts/gen-docs';

const root = join(__dirname, '..');

test('docs/rules pages match the rule files', () => {
  for (const [path, text] of ruleDocs()) {
    assert.equal(readFileSync(join(root, path), 'utf8'), text, `${path} is out of date: run npm run docs`);
  }
});

test('README rule table matches the rule files', () => {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  assert.equal(readmeWithTable(readme), readme, 'README rule table is out of date: run npm run docs');
});

test('package.json lists every rule in the mcp-hints.rules setting', () => {
  const text = readFileSync(join(root, 'package.json'), 'utf8');
  assert.equal(packageJsonWithRules(text), text, 'package.json rule settings are out of date: run npm run docs');
});
