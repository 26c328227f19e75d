// `mcp-hints check` over a monorepo: each file follows its nearest `.mcp-hints.json` (as the editor does), and a
// package imported by name is read from its source. dist/cli.js in a child process over temp folders.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { checkJson, HEADER, runCli, unannotated, workspaces } from './helpers';

const ws = workspaces();

/** The root config makes a missing annotation an error; package `quiet` turns it off and ignores its generated code. */
const monorepo = {
  '.git/HEAD': 'ref: refs/heads/main\n',
  '.mcp-hints.json': JSON.stringify({ rules: { 'missing-annotations': 'error' } }),
  'server.ts': HEADER + unannotated('root_tool'),
  'packages/quiet/.mcp-hints.jsonc': '{\n  // this package is internal\n  "rules": { "missing-annotations": "off" },\n  "ignore": ["generated/"]\n}\n',
  'packages/quiet/server.ts': HEADER + unannotated('quiet_tool'),
  'packages/quiet/generated/tools.ts': HEADER + unannotated('generated_tool'),
  'packages/loud/server.ts': HEADER + unannotated('loud_tool'),
};

const missingAnnotations = (output: ReturnType<typeof checkJson>['output']) =>
  output.diagnostics.filter((d) => d.code === 'missing-annotations').map((d) => `${d.file} ${d.severity}`).sort();

describe('nearest config per file', () => {
  test('a package config governs its files (rules and ignore); other files keep the config above them', () => {
    const dir = ws(monorepo);
    const { output } = checkJson(dir);
    assert.deepEqual(missingAnnotations(output), ['packages/loud/server.ts error', 'server.ts error']);
    assert.deepEqual(output.tools.map((t) => t.name).sort(), ['loud_tool', 'quiet_tool', 'root_tool']);
  });

  test('run from inside the package, its own config is the run config, and the same findings follow', () => {
    const dir = ws(monorepo);
    const { output } = checkJson(`${dir}/packages/quiet`);
    assert.deepEqual(missingAnnotations(output), []);
    assert.deepEqual(output.tools.map((t) => t.name), ['quiet_tool']);
  });

  test('a file named on the command line is checked even when its package config ignores it', () => {
    const dir = ws(monorepo);
    const { output } = checkJson(dir, ['packages/quiet/generated/tools.ts']);
    assert.deepEqual(output.tools.map((t) => t.name), ['generated_tool']);
    assert.deepEqual(missingAnnotations(output), []);
  });

  test('--config names one config for every file', () => {
    const dir = ws(monorepo);
    const { output } = checkJson(dir, ['--config', '.mcp-hints.json']);
    assert.deepEqual(missingAnnotations(output), [
      'packages/loud/server.ts error',
      'packages/quiet/generated/tools.ts error',
      'packages/quiet/server.ts error',
      'server.ts error',
    ]);
  });

  test('a package config that does not parse stops the run and names the file', () => {
    const dir = ws({ ...monorepo, 'packages/loud/.mcp-hints.json': '{ "rules": ' });
    const result = runCli(['check'], dir);
    assert.equal(result.code, 2);
    assert.match(result.stderr, /config packages\/loud\/\.mcp-hints\.json/);
  });
});

describe('workspace packages', () => {
  test('a tool defined in another package of the workspace is read from its source, not from the build output', () => {
    const dir = ws({
      '.git/HEAD': 'ref: refs/heads/main\n',
      '.gitignore': 'dist/\n',
      'package.json': JSON.stringify({ private: true, workspaces: ['packages/*'] }),
      'packages/tools/package.json': JSON.stringify({ name: '@acme/tools', type: 'module', exports: { '.': { types: './dist/index.d.ts', default: './dist/index.js' } } }),
      'packages/tools/tsconfig.json': JSON.stringify({ compilerOptions: { rootDir: 'src', outDir: 'dist' } }),
      'packages/tools/src/index.ts': 'export const deleteRepo = {\n  name: "delete_repo",\n  annotations: { readOnlyHint: false, destructiveHint: true },\n};\n',
      'packages/tools/dist/index.js': 'export const deleteRepo = { name: "delete_repo_built", annotations: {} };\n',
      'packages/server/src/main.ts': `${HEADER}import { deleteRepo } from "@acme/tools";\nserver.registerTool(deleteRepo.name, { annotations: deleteRepo.annotations }, async () => ({ content: [] }));\n`,
    });
    const { output } = checkJson(dir);
    assert.deepEqual(
      output.tools.map((t) => [t.name, t.file, t.line, t.annotations]),
      [['delete_repo', 'packages/server/src/main.ts', 4, { readOnlyHint: false, destructiveHint: true }]],
    );
  });
});
