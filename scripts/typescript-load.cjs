// The bundles' TypeScript (see build.mjs): one copy in dist/typescript.js shared by the CLI, its workers and the
// language server, compiled with a V8 code cache kept beside it. Compiling 3.5 MB of JavaScript was most of
// every start (Node 20's require keeps no code cache for user code). The cache is only an acceleration: when it
// cannot be read, is rejected (another Node version) or cannot be written (a read-only install), TypeScript is
// compiled as usual.
'use strict';
const fs = require('node:fs');
const { isAscii } = require('node:buffer');
const path = require('node:path');
const vm = require('node:vm');
const { createRequire } = require('node:module');

function loadTypeScript() {
  const file = path.join(__dirname, 'typescript.js');
  const source = decode(fs.readFileSync(file));
  // Keyed by the Node version, which decides whether V8 accepts a cache at all.
  const cacheFile = path.join(__dirname, `typescript.${process.versions.v8}.cache`);
  let cachedData;
  try {
    cachedData = fs.readFileSync(cacheFile);
  } catch {
    cachedData = undefined;
  }
  const wrapped = `(function (exports, require, module, __filename, __dirname) {${source}\n})`;
  const script = new vm.Script(wrapped, { filename: file, cachedData });
  const module = { exports: {} };
  script.runInThisContext()(module.exports, createRequire(file), module, file, __dirname);
  // Made at exit, the cache also holds the functions this run compiled lazily (the parser's), not only the top level.
  if (cachedData === undefined || script.cachedDataRejected) process.once('exit', () => writeCache(script, cacheFile));
  return module.exports;
}

/**
 * The bundle is ASCII (esbuild escapes the rest), and decoding 3.5 MB as UTF-8 took longer than the rest of
 * the load: ASCII is read as Latin-1, the same characters without the UTF-8 decoder.
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
    // A read-only install: every start compiles.
    try {
      fs.unlinkSync(temporary);
    } catch {
      // Nothing was written.
    }
  }
}

module.exports = loadTypeScript();
