// Monorepos: imports that name a workspace package (npm/yarn `workspaces`, pnpm-workspace.yaml) or a tsconfig path
// alias are followed to the project's source file, through package.json `exports`/`module`/`main` and from a build
// output back to its source. Each case is a small workspace written to disk; the main file registers the tools.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { exportTargets, matchPaths, splitPackageSpecifier } from '../../server/src/engine/project/module-resolution';
import { lines, runCases, type Case } from './tester';

const json = (value: unknown) => JSON.stringify(value, null, 2);
const readOnlyTool = (name: string) => lines(`export const ${name.replace(/_(.)/g, (_, c: string) => c.toUpperCase())} = {`, `  name: "${name}",`, '  annotations: { readOnlyHint: true, openWorldHint: false },', '};');
const registerOne = (importLine: string, binding: string) =>
  lines(importLine, `server.registerTool(${binding}.name, { annotations: ${binding}.annotations }, async () => ({ content: [] }));`);

const workspacePackages: Case[] = [
  {
    name: 'npm workspaces: `exports` conditions point at dist/, which tsconfig rootDir/outDir map back to src/',
    filename: 'packages/server/src/server.ts',
    code: registerOne('import { listOrders } from "@acme/tools";', 'listOrders'),
    files: {
      'package.json': json({ name: 'acme', private: true, workspaces: ['packages/*'] }),
      'packages/tools/package.json': json({ name: '@acme/tools', exports: { '.': { types: './dist/index.d.ts', import: './dist/index.js', require: './dist/index.cjs' } } }),
      'packages/tools/tsconfig.json': json({ compilerOptions: { rootDir: 'source', outDir: 'dist' } }),
      'packages/tools/source/index.ts': readOnlyTool('list_orders'),
    },
    tools: [{ name: 'list_orders', annotations: { readOnlyHint: true, openWorldHint: false } }],
  },
  {
    name: 'pnpm-workspace.yaml, a subpath pattern in `exports`, and only the source beside the missing build output',
    filename: 'apps/server/index.ts',
    code: registerOne('import { getUser } from "@acme/catalog/tools/users";', 'getUser'),
    files: {
      'package.json': json({ name: 'acme', private: true }),
      'pnpm-workspace.yaml': lines('packages:', '  # every package and app', "  - 'packages/*'", '  - "apps/*"'),
      'packages/catalog/package.json': json({ name: '@acme/catalog', exports: { '.': './dist/index.js', './tools/*': { import: './dist/tools/*.js' } } }),
      'packages/catalog/src/tools/users.ts': readOnlyTool('get_user'),
    },
    tools: [{ name: 'get_user', annotations: { readOnlyHint: true, openWorldHint: false } }],
  },
  {
    name: 'yarn workspaces ({ packages }), `main` without `exports`, required from CommonJS',
    filename: 'services/server/server.js',
    code: lines('const { deleteUser } = require("acme-defs");', 'server.registerTool(deleteUser.name, { annotations: deleteUser.annotations }, async () => ({ content: [] }));'),
    files: {
      'package.json': json({ name: 'acme', private: true, workspaces: { packages: ['libs/*', 'services/*'] } }),
      'libs/defs/package.json': json({ name: 'acme-defs', main: 'build/index.js' }),
      'libs/defs/index.ts': lines('export const deleteUser = { name: "delete_user", annotations: { destructiveHint: true } };'),
    },
    tools: [{ name: 'delete_user', annotations: { destructiveHint: true } }],
  },
  {
    name: 'plain JavaScript packages: `main` names the file itself',
    filename: 'packages/server/server.mjs',
    code: registerOne('import { ping } from "@acme/js-tools";', 'ping'),
    files: {
      'package.json': json({ workspaces: ['packages/**'] }),
      'packages/nested/js-tools/package.json': json({ name: '@acme/js-tools', main: 'lib/ping.js' }),
      'packages/nested/js-tools/lib/ping.js': readOnlyTool('ping'),
    },
    tools: [{ name: 'ping', annotations: { readOnlyHint: true, openWorldHint: false } }],
  },
  {
    name: 'a package importing itself by its own name',
    filename: 'src/server.ts',
    code: registerOne('import { ping } from "solo-server/tools";', 'ping'),
    files: {
      'package.json': json({ name: 'solo-server', exports: { './tools': './src/tools.ts' } }),
      'src/tools.ts': readOnlyTool('ping'),
    },
    tools: [{ name: 'ping', annotations: { readOnlyHint: true, openWorldHint: false } }],
  },
];

/** Whole-program discovery across packages: the registering code lives in one package, the tools in another. */
const acrossPackages: Case[] = [
  {
    name: 'a registration helper of a core package, called by name from an app package, registers the app\'s definitions',
    filename: 'packages/core/src/register.ts',
    code: lines(
      'export function registerOne(server, def) {',
      '  server.registerTool(def.name, { annotations: def.annotations }, async () => ({ content: [] }));',
      '}',
    ),
    files: {
      'package.json': json({ workspaces: ['packages/*', 'apps/*'] }),
      'packages/core/package.json': json({ name: '@acme/core', exports: { '.': { types: './dist/index.d.ts', import: './dist/index.js' } } }),
      'packages/core/src/index.ts': 'export { registerOne } from "./register.js";\n',
      'apps/shop/src/main.ts': lines(
        'import { registerOne } from "@acme/core";',
        'registerOne(server, { name: "list_orders", annotations: { readOnlyHint: true } });',
        'registerOne(server, { name: "cancel_order", annotations: { destructiveHint: true } });',
      ),
    },
    tools: [
      { name: 'list_orders', annotations: { readOnlyHint: true } },
      { name: 'cancel_order', annotations: { destructiveHint: true } },
    ],
  },
  {
    name: 'a base class of a core package registers each subclass an app package declares',
    filename: 'packages/core/src/base.ts',
    code: lines('export class ShopTool {', '  install(server) { server.registerTool(this.name, { annotations: this.annotations }, async () => ({ content: [] })); }', '}'),
    files: {
      'pnpm-workspace.yaml': lines('packages:', '  - packages/*', '  - apps/*'),
      'packages/core/package.json': json({ name: '@acme/core', main: 'dist/base.js' }),
      'apps/shop/src/orders.ts': lines('import { ShopTool } from "@acme/core";', 'export class ListOrders extends ShopTool {', '  name = "list_orders";', '  annotations = { readOnlyHint: true };', '}'),
    },
    tools: [{ name: 'list_orders', annotations: { readOnlyHint: true } }],
  },
];

const pathAliases: Case[] = [
  {
    name: 'tsconfig `paths` declared in an extended JSONC config are relative to that config; `.js` names the .ts file',
    filename: 'src/server.ts',
    code: registerOne('import { listOrders } from "@tools/orders.js";', 'listOrders'),
    files: {
      'tsconfig.json': lines('{', '  // the shared options', '  "extends": "./config/tsconfig.base",', '}'),
      'config/tsconfig.base.json': lines('{', '  "compilerOptions": {', '    /* aliases */', '    "paths": { "@tools/*": ["../src/tools/*"], },', '  },', '}'),
      'src/tools/orders.ts': readOnlyTool('list_orders'),
    },
    tools: [{ name: 'list_orders', annotations: { readOnlyHint: true, openWorldHint: false } }],
  },
  {
    name: '`baseUrl` alone makes non-relative specifiers relative to it; the longest `paths` prefix wins',
    filename: 'src/server.ts',
    code: lines(
      'import { getUser } from "tools/users";',
      'import { ping } from "@app/special/ping";',
      'server.registerTool(getUser.name, { annotations: getUser.annotations }, async () => ({ content: [] }));',
      'server.registerTool(ping.name, { annotations: ping.annotations }, async () => ({ content: [] }));',
    ),
    files: {
      'tsconfig.json': json({ compilerOptions: { baseUrl: 'src', paths: { '@app/*': ['wrong/*'], '@app/special/*': ['special/*'] } } }),
      'src/tools/users.ts': readOnlyTool('get_user'),
      'src/special/ping.ts': readOnlyTool('ping'),
    },
    tools: [
      { name: 'get_user', annotations: { readOnlyHint: true, openWorldHint: false } },
      { name: 'ping', annotations: { readOnlyHint: true, openWorldHint: false } },
    ],
  },
];

const staysUnresolved: Case[] = [
  {
    name: 'a package that is not in the workspace (a dependency in node_modules) is not followed',
    filename: 'packages/server/server.ts',
    code: registerOne('import { listOrders } from "shop-sdk";', 'listOrders'),
    files: {
      'package.json': json({ workspaces: ['packages/*'] }),
      'node_modules/shop-sdk/package.json': json({ name: 'shop-sdk', main: 'index.js' }),
      'node_modules/shop-sdk/index.js': readOnlyTool('list_orders'),
    },
    tools: [],
    unenumerated: [{ tools: 0, kind: 'unsupported', cause: /^the name comes from `listOrders`, imported from the package shop-sdk, which mcp-hints does not read/ }],
  },
  {
    name: 'a folder a negated workspace pattern leaves out is not a workspace package',
    filename: 'packages/server/server.ts',
    code: registerOne('import { listOrders } from "legacy-tools";', 'listOrders'),
    files: {
      'pnpm-workspace.yaml': lines('packages:', '  - packages/*', '  - "!packages/legacy"'),
      'packages/legacy/package.json': json({ name: 'legacy-tools', main: 'index.ts' }),
      'packages/legacy/index.ts': readOnlyTool('list_orders'),
    },
    tools: [],
    unenumerated: [{ tools: 0, kind: 'unsupported', cause: /^the name comes from `listOrders`, imported from the package legacy-tools, which mcp-hints does not read/ }],
  },
  {
    name: 'a subpath that `exports` does not list cannot be imported',
    filename: 'packages/server/server.ts',
    code: registerOne('import { listOrders } from "@acme/tools/internal";', 'listOrders'),
    files: {
      'package.json': json({ workspaces: ['packages/*'] }),
      'packages/tools/package.json': json({ name: '@acme/tools', exports: { '.': './index.ts' } }),
      'packages/tools/internal.ts': readOnlyTool('list_orders'),
    },
    tools: [],
    unenumerated: [{ tools: 0, kind: 'unsupported', cause: /^the name comes from `listOrders`, imported from the package @acme\/tools\/internal, which mcp-hints does not read/ }],
  },
];

runCases('workspace packages imported by name', workspacePackages);
runCases('whole-program discovery across workspace packages', acrossPackages);
runCases('tsconfig paths and baseUrl', pathAliases);
runCases('imports that stay unresolved', staysUnresolved);

// How a specifier is read, on its own: what `exports` and `paths` give for it (the order in which sources are tried).
describe('package.json exports, tsconfig paths and package names', () => {
  const exportsCases: [string, unknown, string, string[]][] = [
    ['a string is the main entry', './dist/index.js', '.', ['./dist/index.js']],
    ['conditions in the order the package lists them, nested ones flattened', { types: './dist/index.d.ts', import: { node: './dist/node.mjs', default: './dist/index.mjs' }, require: './dist/index.cjs' }, '.', ['./dist/index.d.ts', './dist/node.mjs', './dist/index.mjs', './dist/index.cjs']],
    ['conditions no tool reads (browser, react-native) are skipped', { browser: './dist/browser.js', default: './dist/index.js' }, '.', ['./dist/index.js']],
    ['an exact subpath', { '.': './a.js', './tools': './dist/tools/index.js' }, './tools', ['./dist/tools/index.js']],
    ['the longest `*` pattern fills in the rest', { './*': './dist/*.js', './tools/*': { import: './dist/tools/*.mjs' } }, './tools/users', ['./dist/tools/users.mjs']],
    ['a subpath `exports` does not list is none', { '.': './index.js' }, './internal', []],
    ['null excludes a subpath', { './private/*': null }, './private/x', []],
  ];
  for (const [name, field, subpath, expected] of exportsCases) {
    test(`exports: ${name}`, () => assert.deepEqual(exportTargets(field, subpath), expected));
  }

  const pathsCases: [string, Record<string, string[]>, string, string[]][] = [
    ['an exact alias', { '@config': ['src/config/index.ts'] }, '@config', ['src/config/index.ts']],
    ['a `*` alias, every substitution in order', { '@/*': ['src/*', 'generated/*'] }, '@/tools/list', ['src/tools/list', 'generated/tools/list']],
    ['the longest prefix wins', { '@app/*': ['a/*'], '@app/special/*': ['b/*'] }, '@app/special/x', ['b/x']],
    ['no alias matches', { '@/*': ['src/*'] }, 'zod', []],
  ];
  for (const [name, paths, specifier, expected] of pathsCases) {
    test(`paths: ${name}`, () => assert.deepEqual(matchPaths(paths, specifier), expected));
  }

  const names: [string, { name: string | undefined; subpath: string }][] = [
    ['zod', { name: 'zod', subpath: '.' }],
    ['@acme/tools', { name: '@acme/tools', subpath: '.' }],
    ['@acme/tools/users/list', { name: '@acme/tools', subpath: './users/list' }],
    ['lodash/fp', { name: 'lodash', subpath: './fp' }],
    ['@broken', { name: undefined, subpath: '.' }],
  ];
  for (const [specifier, expected] of names) {
    test(`package name of ${specifier}`, () => assert.deepEqual(splitPackageSpecifier(specifier), expected));
  }
});
