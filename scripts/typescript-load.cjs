// The bundles' TypeScript (see build.mjs): one copy in dist/typescript.js shared by the CLI, its workers and the
// language server, compiled with a V8 code cache kept beside it (code-cache.cjs).
'use strict';
const path = require('node:path');
const { lazyBuiltin, loadWithCodeCache } = require('./code-cache.cjs');

module.exports = loadWithCodeCache(path.join(__dirname, 'typescript.js'), { crypto: lazyBuiltin('crypto') });
