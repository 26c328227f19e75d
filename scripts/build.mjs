// Bundles the client, the language server and the CLI with esbuild.
// `--dev` keeps the output readable; the default is minified with linked source maps.
import * as esbuild from 'esbuild';

const dev = process.argv.includes('--dev');
const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: dev ? 'inline' : 'linked',
  minify: !dev,
  logLevel: 'warning',
  // TypeScript's compiler API is large; keep its lazy `require`s of optional modules out of the bundle.
  external: ['vscode'],
  // ESM-only dependencies (tinyglobby's fdir) call createRequire(import.meta.url), which is undefined in CommonJS.
  define: { 'import.meta.url': '__importMetaUrl' },
  banner: { js: "var __importMetaUrl = require('url').pathToFileURL(__filename).href;" },
};

await Promise.all([
  esbuild.build({ ...common, entryPoints: ['client/src/extension.ts'], outfile: 'dist/extension.js' }),
  esbuild.build({ ...common, entryPoints: ['server/src/lsp/main.ts'], outfile: 'dist/server.js' }),
  esbuild.build({ ...common, entryPoints: ['server/src/cli/main.ts'], outfile: 'dist/cli.js', banner: { js: `#!/usr/bin/env node\n${common.banner.js}` } }),
  esbuild.build({ ...common, entryPoints: ['server/src/cli/worker.ts'], outfile: 'dist/worker.js' }),
]);
