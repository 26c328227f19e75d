// Bundles the client, the language server and the CLI with esbuild.
// `--dev` keeps the output readable; the default is minified with linked source maps.
import * as esbuild from 'esbuild';
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dev = process.argv.includes('--dev');
const outdir = process.argv.find((arg) => arg.startsWith('--outdir='))?.slice('--outdir='.length) ?? 'dist';

// Every module's `import ts from 'typescript'` would get its own CommonJS-to-ESM copy of TypeScript's
// ~2,000 exports (about 20 copies per bundle, paid at every start). Routing them through one module
// that requires TypeScript once leaves none (typescript-once.mjs). That module loads dist/typescript.js, one file
// shared by the CLI, its workers and the server, through a V8 code cache (typescript-load.cjs).
const TYPESCRIPT_ONCE = fileURLToPath(new URL('./typescript-once.mjs', import.meta.url));
const CODE_CACHE = fileURLToPath(new URL('./code-cache.cjs', import.meta.url));
const TYPESCRIPT_LOAD = fileURLToPath(new URL('./typescript-load.cjs', import.meta.url));
const typescriptOnce = {
  name: 'typescript-once',
  setup(build) {
    build.onResolve({ filter: /^typescript$/ }, (args) => ({ path: args.importer === TYPESCRIPT_ONCE ? TYPESCRIPT_LOAD : TYPESCRIPT_ONCE }));
  },
};

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: dev ? 'inline' : 'linked',
  minify: !dev,
  logLevel: 'warning',
  plugins: [typescriptOnce],
  // TypeScript's compiler API is large; keep its lazy `require`s of optional modules out of the bundle.
  external: ['vscode'],
  // ESM-only dependencies (tinyglobby's fdir) call createRequire(import.meta.url), which is undefined in CommonJS.
  define: { 'import.meta.url': '__importMetaUrl' },
  banner: { js: "var __importMetaUrl = require('url').pathToFileURL(__filename).href;" },
};

/**
 * `dist/<name>.js`, a few lines that run the bundle `dist/<name>-bundle.js` through a V8 code cache as
 * TypeScript's is (code-cache.cjs): Node compiles the CLI's and the worker's half megabyte at every start otherwise.
 */
function launcher(name, banner = '') {
  const bundle = `${name}-bundle.js`;
  return esbuild.build({
    ...common,
    plugins: [],
    sourcemap: false,
    stdin: {
      contents: `require(${JSON.stringify(CODE_CACHE)}).loadWithCodeCache(require('node:path').join(__dirname, ${JSON.stringify(bundle)}));`,
      resolveDir: process.cwd(),
      loader: 'js',
    },
    banner: { js: banner },
    outfile: `${outdir}/${name}.js`,
  });
}

// A code cache belongs to the bundle it was made from (V8 checks only the length): a build drops them all.
try {
  for (const name of readdirSync(outdir)) if (name.endsWith('.cache')) rmSync(join(outdir, name), { force: true });
} catch {
  // No dist/ yet.
}

await Promise.all([
  esbuild.build({
    ...common,
    plugins: [],
    sourcemap: false,
    stdin: { contents: "module.exports = require('typescript');", resolveDir: process.cwd(), loader: 'js' },
    outfile: `${outdir}/typescript.js`,
  }),
  esbuild.build({ ...common, entryPoints: ['client/src/extension.ts'], outfile: `${outdir}/extension.js` }),
  esbuild.build({ ...common, entryPoints: ['server/src/lsp/main.ts'], outfile: `${outdir}/server.js` }),
  launcher('cli', '#!/usr/bin/env node'),
  esbuild.build({ ...common, entryPoints: ['server/src/cli/main.ts'], outfile: `${outdir}/cli-bundle.js` }),
  launcher('worker'),
  esbuild.build({ ...common, entryPoints: ['server/src/cli/worker.ts'], outfile: `${outdir}/worker-bundle.js` }),
]);
