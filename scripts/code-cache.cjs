// Loads a bundle of dist/ (typescript.js, the CLI's, the worker's) as `require` would, compiled with a V8 code
// cache kept beside it. Compiling megabytes of JavaScript was most of every start, and Node 20's require keeps
// no code cache for user code. The cache is only an acceleration: when it cannot be read, is rejected (another
// Node version), is older than the bundle (a rebuild) or cannot be written (a read-only install), the bundle is
// compiled as usual.
'use strict';
const fs = require('node:fs');
const { isAscii } = require('node:buffer');
const path = require('node:path');
const vm = require('node:vm');
const { createRequire } = require('node:module');

/**
 * Runs `file` as a CommonJS module and returns its exports. `builtins` stands in for some of the module's
 * `require`s (see lazyBuiltin).
 */
function loadWithCodeCache(file, builtins = {}) {
  const bytes = fs.readFileSync(file);
  const source = decode(bytes);
  // Keyed by the V8 version, which decides whether V8 accepts a cache at all.
  const cacheFile = path.join(path.dirname(file), `${path.basename(file, '.js')}.${process.versions.v8}.cache`);
  const cachedData = readCache(cacheFile, file);
  const wrapped = `(function (exports, require, module, __filename, __dirname) {${source}\n})`;
  const script = new vm.Script(wrapped, { filename: file, cachedData });
  const module = { exports: {} };
  const requireFromFile = createRequire(file);
  const requireWithStandIns = Object.assign((id) => (Object.hasOwn(builtins, id) ? builtins[id] : requireFromFile(id)), requireFromFile);
  // Made at exit, the cache also holds the functions this run compiled lazily (the parser's), not only the top
  // level. Only when there is none to use, and where it can be written: making one costs more than it saves once.
  if ((cachedData === undefined || script.cachedDataRejected) && canWrite(path.dirname(file))) {
    process.once('exit', () => writeCache(script, cacheFile));
  }
  script.runInThisContext()(module.exports, requireWithStandIns, module, file, path.dirname(file));
  return module.exports;
}

/** The cache, unless there is none or it is older than the bundle (V8 itself checks only the source's length). */
function readCache(cacheFile, file) {
  try {
    if (fs.statSync(cacheFile).mtimeMs < fs.statSync(file).mtimeMs) return undefined;
    return fs.readFileSync(cacheFile);
  } catch {
    return undefined;
  }
}

function canWrite(dir) {
  try {
    fs.accessSync(dir, fs.constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The bundles are ASCII (esbuild escapes the rest), and decoding megabytes as UTF-8 took longer than the rest
 * of the load: ASCII is read as Latin-1, the same characters without the UTF-8 decoder.
 */
function decode(bytes) {
  return bytes.toString(isAscii(bytes) ? 'latin1' : 'utf8');
}

function writeCache(script, cacheFile) {
  // Written whole under another name, then renamed: a process starting at the same time reads either none or all.
  const temporary = `${cacheFile}.${process.pid}.${Math.random().toString(36).slice(2)}`;
  try {
    fs.writeFileSync(temporary, script.createCachedData());
    fs.renameSync(temporary, cacheFile);
  } catch {
    // Another process holds the name, or the disk is full: the next start compiles.
    try {
      fs.unlinkSync(temporary);
    } catch {
      // Nothing was written.
    }
  }
}

/**
 * A built-in module loaded at its first use, for a module that requires one at start-up and may never use it
 * (TypeScript's `sys` requires crypto, ~10 ms, to hash files, which the bundles never ask it to). Only for
 * modules used through their properties (`mod.fn()`), never destructured at the `require`.
 */
function lazyBuiltin(id) {
  let loaded;
  const load = () => (loaded ??= require(id));
  return new Proxy({}, {
    get: (_, key) => load()[key],
    has: (_, key) => key in load(),
    ownKeys: () => Reflect.ownKeys(load()),
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(load(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
  });
}

module.exports = { loadWithCodeCache, lazyBuiltin };
