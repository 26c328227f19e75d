// `mcp-hints/report` and `mcp-hints/fileSummary`: workspace files are found (not node_modules,
// not tests), open buffers win over the disk, and nothing is written.

import assert from 'node:assert/strict';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, test } from 'node:test';
import type { FileSummaryResult, ReportResult } from '../../server/src/lsp/protocol';
import { LspClient, ROOT } from './harness';

const WORK = join(ROOT, 'test', '.tmp', 'lsp-report');

function tool(name: string, annotations = ''): string {
  return `server.registerTool('${name}', { description: 'x'${annotations} }, async () => ({ content: [] }));\n`;
}

function files(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => `${join(e.parentPath, e.name)}:${statSync(join(e.parentPath, e.name)).mtimeMs}`)
    .sort();
}

describe('report', () => {
  let client: LspClient;
  before(async () => {
    rmSync(WORK, { recursive: true, force: true });
    for (const dir of ['src', 'src/__tests__', 'node_modules/pkg', 'test']) mkdirSync(join(WORK, dir), { recursive: true });
    writeFileSync(join(WORK, 'src', 'a.ts'), "const server = new McpServer({});\n" + tool('alpha') + tool('beta', ', annotations: { readOnlyHint: true, openWorldHint: false }'));
    writeFileSync(join(WORK, 'src', 'b.js'), "const server = new McpServer({});\n" + tool('gamma'));
    writeFileSync(join(WORK, 'src', 'plain.ts'), 'export const x = 1;\n');
    writeFileSync(join(WORK, 'src', 'a.test.ts'), tool('fake_in_test'));
    writeFileSync(join(WORK, 'src', '__tests__', 'c.ts'), tool('fake_in_tests_dir'));
    writeFileSync(join(WORK, 'test', 'd.ts'), tool('fake_in_test_dir'));
    writeFileSync(join(WORK, 'node_modules', 'pkg', 'index.js'), tool('dependency_tool'));
    client = (await LspClient.start({ pull: true, rootUri: pathToFileURL(WORK).href })).client;
  });
  after(async () => {
    await client.stop();
    rmSync(WORK, { recursive: true, force: true });
  });

  test('lists workspace tools with hints, skipping node_modules and tests; writes nothing', async () => {
    const before = files(WORK);
    const report = await client.request<ReportResult>('mcp-hints/report', {});
    const names = report.tools.map((t) => t.name).sort();
    assert.deepEqual(names, ['alpha', 'beta', 'gamma']);
    const beta = report.tools.find((t) => t.name === 'beta')!;
    assert.equal(beta.effective.readOnlyHint, true);
    assert.equal(beta.profile, 'read-only · closed-world');
    assert.equal(beta.annotated, true);
    assert.equal(beta.uri, pathToFileURL(join(WORK, 'src', 'a.ts')).href);
    assert.equal(beta.range.start.line, 2);
    const alpha = report.tools.find((t) => t.name === 'alpha')!;
    assert.equal(alpha.annotated, false);
    assert.equal(alpha.profile, 'writes · may destroy · unsafe to retry · open-world');
    assert.deepEqual(files(WORK), before, 'no file was written or touched');
  });

  test('a cached file is re-analysed when a constant it imports changes on disk', async () => {
    const consts = join(WORK, 'src', 'consts.ts');
    writeFileSync(consts, 'export const RO = { readOnlyHint: true };\n');
    writeFileSync(join(WORK, 'src', 'e.ts'), "import { RO } from './consts';\nconst server = new McpServer({});\n" + tool('epsilon', ', annotations: RO'));
    const first = await client.request<ReportResult>('mcp-hints/report', {});
    assert.equal(first.tools.find((t) => t.name === 'epsilon')?.effective.readOnlyHint, true);
    writeFileSync(consts, 'export const RO = { readOnlyHint: false, openWorldHint: false };\n');
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: pathToFileURL(consts).href, type: 2 }] });
    const second = await client.request<ReportResult>('mcp-hints/report', {});
    assert.equal(second.tools.find((t) => t.name === 'epsilon')?.effective.readOnlyHint, false);
    rmSync(consts);
    rmSync(join(WORK, 'src', 'e.ts'));
  });

  test('an open buffer wins over the disk, and fileSummary counts its tools', async () => {
    const uri = pathToFileURL(join(WORK, 'src', 'b.js')).href;
    await client.open(uri, "const server = new McpServer({});\n" + tool('gamma') + tool('delta'), 'javascript');
    const report = await client.request<ReportResult>('mcp-hints/report', {});
    assert.deepEqual(report.tools.map((t) => t.name).sort(), ['alpha', 'beta', 'delta', 'gamma']);
    const summary = await client.request<FileSummaryResult>('mcp-hints/fileSummary', { uri });
    assert.equal(summary.toolCount, 2);
    const none = await client.request<FileSummaryResult>('mcp-hints/fileSummary', { uri: pathToFileURL(join(WORK, 'src', 'nothing.ts')).href });
    assert.deepEqual(none, { toolCount: 0, unenumerated: 0, worst: null, findingCount: 0 });
  });

  test('a registration whose tools cannot be listed is in the report and counted by fileSummary, not shown as a tool', async () => {
    const path = join(WORK, 'src', 'wrapper.ts');
    // An exported helper nothing in the project calls: its tools' names come from its callers, outside the project.
    writeFileSync(path, "const server = new McpServer({});\nexport function add(def) {\n  server.registerTool(def.name, { annotations: def.annotations }, async () => ({ content: [] }));\n}\n");
    try {
      const report = await client.request<ReportResult>('mcp-hints/report', {});
      const uri = pathToFileURL(path).href;
      assert.deepEqual(report.tools.filter((t) => t.uri === uri), [], 'no tool with unknown name and default hints');
      const sites = report.sites.filter((s) => s.uri === uri);
      assert.equal(sites.length, 1, JSON.stringify(report.sites));
      assert.equal(sites[0].range.start.line, 2);
      assert.match(sites[0].text, /^server\.registerTool\(def\.name/);
      assert.match(sites[0].why ?? '', /the parameter `def` of `add`/);
      // The status bar asks about the file open in the editor.
      await client.open(uri, readFileSync(path, 'utf8'), 'typescript');
      const summary = await client.request<FileSummaryResult>('mcp-hints/fileSummary', { uri });
      assert.equal(summary.toolCount, 0);
      assert.equal(summary.unenumerated, 1);
    } finally {
      rmSync(path);
    }
  });
});
