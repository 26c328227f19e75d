// scripts/code-cache.cjs: the bundles of dist/ (typescript.js, cli-bundle.js, worker-bundle.js) are loaded through
// a V8 code cache kept beside them. The cache is only an acceleration: a first start writes it, a later start
// uses it, and a cache that is corrupt or older than its bundle, or a folder where it cannot be written, still
// loads the same module.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, describe, test } from 'node:test';

const SCRIPTS = resolve(__dirname, '../../scripts');
const dirs: string[] = [];
after(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const FILES = ['loader.cjs', 'code-cache.cjs', 'typescript.js', 'main.cjs'];

/**
 * A dist folder with the TypeScript loader, a stand-in typescript.js that requires built-ins as TypeScript does,
 * and main.cjs, which prints what the loader exported (a script file: `node -e` loads crypto before any code).
 */
function dist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-hints-code-cache-'));
  dirs.push(dir);
  copyFileSync(join(SCRIPTS, 'typescript-load.cjs'), join(dir, 'loader.cjs'));
  copyFileSync(join(SCRIPTS, 'code-cache.cjs'), join(dir, 'code-cache.cjs'));
  writeFileSync(
    join(dir, 'typescript.js'),
    [
      "const path = require('node:path');",
      "const crypto = require('crypto');",
      "const loaded = () => process.moduleLoadList.includes('NativeModule crypto');",
      'const cryptoAtStart = loaded();',
      'module.exports = {',
      "  version: '9.9.9', base: path.basename(__filename), dir: __dirname, cryptoAtStart,",
      "  hash: () => [crypto.createHash('sha256').update('x').digest('hex').slice(0, 8), loaded()],",
      '};',
    ].join('\n'),
  );
  writeFileSync(join(dir, 'main.cjs'), "const ts = require('./loader.cjs');\nprocess.stdout.write(JSON.stringify({ ...ts, hash: ts.hash?.() }));\n");
  return dir;
}

interface Loaded {
  version: string;
  base: string;
  dir: string;
  cryptoAtStart: boolean;
  hash: [string, boolean];
}

/** Loads the module through the loader in a fresh process and returns what it exported. */
function load(dir: string): Loaded {
  const run = spawnSync(process.execPath, [join(dir, 'main.cjs')], { encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  return JSON.parse(run.stdout);
}

const caches = (dir: string) => readdirSync(dir).filter((name) => name.endsWith('.cache'));
const SHA256_OF_X = '2d711642';

describe('the code-cache loader', () => {
  test('loads the module as require would (exports, require, __filename, __dirname) and writes its cache at exit', () => {
    const dir = dist();
    const expected = { version: '9.9.9', base: 'typescript.js', dir, cryptoAtStart: false, hash: [SHA256_OF_X, true] };
    assert.deepEqual(load(dir), expected);
    assert.deepEqual(caches(dir), [`typescript.${process.versions.v8}.cache`], 'one cache, keyed by the V8 version');
    const written = statSync(join(dir, caches(dir)[0])).mtimeMs;
    assert.deepEqual(load(dir), expected, 'a start that reads the cache');
    assert.equal(statSync(join(dir, caches(dir)[0])).mtimeMs, written, 'a start that used the cache does not write it again');
    assert.deepEqual(readdirSync(dir).sort(), [...FILES, caches(dir)[0]].sort(), 'no temporary file is left');
  });

  test("TypeScript's crypto is loaded at its first use, not at the require", () => {
    const { cryptoAtStart, hash } = load(dist());
    assert.equal(cryptoAtStart, false, 'not loaded by the require');
    assert.deepEqual(hash, [SHA256_OF_X, true], 'loaded, and the real one, when used');
  });

  test('reads the module as UTF-8 text: ASCII and non-ASCII sources load the same characters', () => {
    const dir = dist();
    writeFileSync(join(dir, 'typescript.js'), "module.exports = { version: 'café ✓ 9.9.9' };\n");
    assert.equal(load(dir).version, 'café ✓ 9.9.9', 'a first start');
    assert.equal(load(dir).version, 'café ✓ 9.9.9', 'a start that reads the cache');
    writeFileSync(join(dir, 'typescript.js'), "module.exports = { version: 'cafe \\u00e9 9.9.9' };\n");
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

  test('a cache older than its module (a rebuild of the same length) is not used, and is written anew', () => {
    const dir = dist();
    writeFileSync(join(dir, 'typescript.js'), "module.exports = { version: '1.0.0' };\n");
    load(dir);
    const [cache] = caches(dir);
    // V8 accepts a cache for any source of the same length: only the dates tell this one is stale.
    writeFileSync(join(dir, 'typescript.js'), "module.exports = { version: '2.0.0' };\n");
    const past = new Date(Date.now() - 60_000);
    utimesSync(join(dir, cache), past, past);
    assert.equal(load(dir).version, '2.0.0');
    assert.ok(statSync(join(dir, cache)).mtimeMs > past.getTime(), 'the stale cache was replaced');
    assert.equal(load(dir).version, '2.0.0', 'a start that reads the new cache');
  });

  test('a worker thread that ends on its own writes the cache too (the CLI ends its workers so, not by terminate)', () => {
    const dir = dist();
    writeFileSync(join(dir, 'in-worker.cjs'), "new (require('node:worker_threads').Worker)(require('node:path').join(__dirname, 'main.cjs'));\n");
    const run = spawnSync(process.execPath, [join(dir, 'in-worker.cjs')], { encoding: 'utf8' });
    assert.equal(run.status, 0, run.stderr);
    assert.equal(JSON.parse(run.stdout).version, '9.9.9');
    assert.deepEqual(caches(dir), [`typescript.${process.versions.v8}.cache`]);
  });

  test('a cache that cannot be written (here a folder in its place) still loads, and leaves nothing behind', () => {
    const dir = dist();
    load(dir);
    const [cache] = caches(dir);
    rmSync(join(dir, cache));
    mkdirSync(join(join(dir, cache), 'taken'), { recursive: true });
    assert.equal(load(dir).version, '9.9.9');
    assert.deepEqual(readdirSync(dir).sort(), [...FILES, cache].sort());
  });

});
