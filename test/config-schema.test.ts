// The config file's JSON schema (VS Code completes and validates .mcp-hints.json with it) is generated from
// the finding-kind list: the committed copy must match, and it must accept and reject what the CLI does.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import Ajv from 'ajv';
import { parseConfig } from '../server/src/engine/project/config';
import { knownFindingIds } from '../server/src/engine/rules/kinds';
import { configSchemaText, SCHEMA_PATH } from '../scripts/gen-docs';

const root = join(__dirname, '..');
const schema = JSON.parse(readFileSync(join(root, SCHEMA_PATH), 'utf8'));
const validate = new Ajv({ strict: false }).compile(schema);

describe('config JSON schema', () => {
  test('the committed schema is the generated one (run npm run docs)', () => {
    assert.equal(readFileSync(join(root, SCHEMA_PATH), 'utf8'), configSchemaText());
  });

  test('package.json contributes it for .mcp-hints.json and .mcp-hints.jsonc', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    const entry = pkg.contributes.jsonValidation.find((v: { url: string }) => v.url === `./${SCHEMA_PATH}`);
    assert.ok(entry, JSON.stringify(pkg.contributes.jsonValidation));
    assert.deepEqual([...entry.fileMatch].sort(), ['.mcp-hints.json', '.mcp-hints.jsonc']);
  });

  test('every rule page has a severity entry under "rules"', () => {
    const pages = readFileSync(join(root, 'README.md'), 'utf8').match(/\(docs\/rules\/([\w-]+)\.md\)/g)!.map((m) => m.slice('(docs/rules/'.length, -4));
    assert.ok(pages.length >= 19);
    assert.deepEqual(Object.keys(schema.properties.rules.properties).sort(), [...new Set(pages)].sort());
  });

  // Each case: a config text, and whether the CLI accepts it. The schema must agree.
  const cases: [string, boolean][] = [
    ['{}', true],
    ['{ "$schema": "./node_modules/mcp-hints/schemas/mcp-hints.schema.json", "profile": "chatgpt" }', true],
    ['{ "rules": { "missing-annotations": "error", "unused-disable-directive": "off", "analysis-failed": "hint" } }', true],
    ['{ "ignore": ["gen/**"], "explainDefaults": true }', true],
    ['{ "profile": "gemini" }', false],
    ['{ "rules": { "missing-anotations": "off" } }', false],
    ['{ "rules": { "missing-annotations": "loud" } }', false],
    ['{ "rules": [] }', false],
    ['{ "ignore": "gen" }', false],
    ['{ "explainDefaults": "yes" }', false],
    ['{ "extends": "x" }', false],
  ];
  for (const [text, ok] of cases) {
    test(`${ok ? 'accepts' : 'rejects'} ${text}`, () => {
      assert.equal(parseConfig(text, knownFindingIds()).ok, ok, 'parseConfig');
      assert.equal(validate(JSON.parse(text)), ok, `schema: ${JSON.stringify(validate.errors)}`);
    });
  }
});
