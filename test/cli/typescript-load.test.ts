// scripts/typescript-load.cjs: the bundles load dist/typescript.js through a V8 code cache kept beside it.
// The cache is only an acceleration: a first start writes it, a later start uses it, and a cache that is
// corrupt, or a folder where it cannot be written, still loads the same module.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, describe, test } from 'node:test';

const LOADER = resolve(__dirname, '../../scripts/typescript-load.cjs');
const dirs: string[] = [];
after(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A dist folder with the loader and a stand-in typescript.js that requires a built-in, as TypeScript does. */
function dist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-hints-tsload-'));
  dirs.push(dir);
  copyFileSync(LOADER, join(dir, 'loader.cjs'));
  writeFileSync(join(dir, 'typescript.js'), "const path = require('node:path');\nmodule.exports = { version: '9.9.9', base: path.basename(__filename), dir: __dirname };\n");
  return dir;
}

/** Loads the module through the loader in a fresh process and prints what it exported. */
function load(dir: string): { version: string; base: string; dir: string } {
  const run = spawnSync(process.execPath, ['-e', `process.stdout.write(JSON.stringify(require(${JSON.stringify(join(dir, 'loader.cjs'))})))`], { encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  return JSON.parse(run.stdout);
}

const caches = (dir: string) => readdirSync(dir).filter((name) => name.endsWith('.cache'));

describe('the TypeScript loader', () => {
  test('loads the module as require would (exports, require, __filename, __dirname) and writes its cache at exit', () => {
    const dir = dist();
    assert.deepEqual(load(dir), { version: '9.9.9', base: 'typescript.js', dir });
    assert.equal(caches(dir).length, 1, 'one cache, keyed by the V8 version');
    assert.deepEqual(load(dir), { version: '9.9.9', base: 'typescript.js', dir }, 'a start that reads the cache');
    assert.deepEqual(readdirSync(dir).sort(), ['loader.cjs', caches(dir)[0], 'typescript.js'].sort(), 'no temporary file is left');
  });

  test('reads the module as UTF-8 text: ASCII and non-ASCII sources load the same characters', () => {
    const dir = dist();
    writeFileSync(join(dir, 'typescript.js'), "module.exports = { version: 'café ✓ 9.9.9', base: '', dir: '' };\n");
    assert.equal(load(dir).version, 'café ✓ 9.9.9', 'a first start');
    assert.equal(load(dir).version, 'café ✓ 9.9.9', 'a start that reads the cache');
    writeFileSync(join(dir, 'typescript.js'), "module.exports = { version: 'cafe \\u00e9 9.9.9', base: '', dir: '' };\n");
    assert.equal(load(dir).version, 'cafe \u00e9 9.9.9', 'an escaped character in an ASCII source');
  });

  test('a corrupt cache is replaced, and the module still loads', () => {
    const dir = dist();
    load(dir);
    const [cache] = caches(dir);
    writeFileSync(join(dir, cache), 'not a code cache');
    assert.equal(load(dir).version, '9.9.9');
    assert.notEqual(readFileSync(join(dir, cache), 'latin1'), 'not a code cache', 'the rejected cache was written anew');
    assert.equal(load(dir).version, '9.9.9');
    assert.equal(caches(dir).length, 1);
  });

  test('a cache that cannot be written (here a folder in its place) still loads, and leaves nothing behind', () => {
    const dir = dist();
    load(dir);
    const [cache] = caches(dir);
    rmSync(join(dir, cache));
    mkdirSync(join(join(dir, cache), 'taken'), { recursive: true });
    assert.equal(load(dir).version, '9.9.9');
    assert.deepEqual(readdirSync(dir).sort(), ['loader.cjs', cache, 'typescript.js'].sort());
  });
});
