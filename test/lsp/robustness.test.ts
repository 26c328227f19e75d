// Garbage in, answers out: the server answers or errors, and keeps serving.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { ResponseError } from 'vscode-jsonrpc';
import type { MarkupContent } from 'vscode-languageserver-protocol';
import { FIXTURES, fixtureUri, LspClient, offsetOf, positionAt } from './harness';
import type { StatsResult } from '../../server/src/lsp/protocol';

const BASIC = readFileSync(join(FIXTURES, 'basic.ts'), 'utf8');
const BASIC_URI = fixtureUri('basic.ts');

/** 50k characters of registrations cut off mid-way, unbalanced braces and strings. */
function halfTyped(): string {
  const pieces = [
    "server.registerTool('t_%', { description: 'x', annotations: { readOnlyHint: tru",
    "server.tool('u_%', 'desc', { destructiveHint: ",
    "server.registerTool(`v_${",
    "server.registerTool('w_%', { annotations: { ...",
    "server.addTool({ name: 'x_%', annotations: { openWorldHint: false }, execute: async () => { return '",
    'server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [{ name: "y_%", annotations: {',
    '/* unterminated comment ',
  ];
  let text = "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nconst server = new McpServer({ name: 's' });\n";
  for (let i = 0; text.length < 50_000; i++) text += pieces[i % pieces.length]!.replace('%', String(i)) + '\n';
  return text;
}

describe('robustness', () => {
  let client: LspClient;
  before(async () => {
    client = (await LspClient.start({ pull: true })).client;
    await client.open(BASIC_URI, BASIC);
  });
  after(() => client.stop());

  async function stillServing(): Promise<void> {
    const hover = await client.hover(BASIC_URI, positionAt(BASIC, offsetOf(BASIC, 'delete_user', 2)));
    assert.ok(hover, 'the server still answers hovers');
    assert.match((hover.contents as MarkupContent).value, /delete_user/);
    assert.equal(client.exited, false);
  }

  test('an unknown method is answered with MethodNotFound', async () => {
    await assert.rejects(client.request('mcp-hints/noSuchThing', {}), (e: unknown) => e instanceof ResponseError && e.code === -32601);
    await client.connection.sendNotification('mcp-hints/noSuchNotification', { x: 1 });
    await stillServing();
  });

  test('malformed params are answered with an error', async () => {
    await assert.rejects(client.request('textDocument/hover', { textDocument: 5, position: 'x' }), ResponseError);
    await assert.rejects(client.request('textDocument/codeAction', { textDocument: { uri: BASIC_URI } }), ResponseError);
    await assert.rejects(client.request('mcp-hints/fileSummary', null), ResponseError);
    await assert.rejects(client.request('textDocument/diagnostic', {}), ResponseError);
    await stillServing();
  });

  test('requests for documents that are not open answer empty', async () => {
    const uri = fixtureUri('not-open.ts');
    assert.equal(await client.hover(uri, { line: 0, character: 0 }), null);
    assert.deepEqual(await client.pull(uri), []);
    assert.deepEqual(await client.codeActions(uri, { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }), []);
  });

  test('a hover at an out-of-range position', async () => {
    const result = await client.hover(BASIC_URI, { line: 99_999, character: 99_999 });
    assert.equal(result, null);
    const negative = await client.request('textDocument/hover', { textDocument: { uri: BASIC_URI }, position: { line: -1, character: -5 } }).catch((e: unknown) => e);
    assert.ok(negative === null || negative instanceof ResponseError || typeof negative === 'object');
    await stillServing();
  });

  test('a 50k-character half-typed document is analysed without hanging', async () => {
    const uri = fixtureUri('half-typed.ts');
    const text = halfTyped();
    assert.ok(text.length >= 50_000);
    await client.open(uri, text);
    const started = Date.now();
    const items = await client.pull(uri);
    assert.ok(Array.isArray(items));
    assert.ok(Date.now() - started < 10_000, 'answered in time');
    // Every position of a sample answers.
    for (let offset = 0; offset < text.length; offset += 997) {
      await client.hover(uri, positionAt(text, offset));
    }
    const whole = { start: { line: 0, character: 0 }, end: positionAt(text, text.length) };
    await client.codeActions(uri, whole, [], ['source.fixAll']);
    await client.request('textDocument/inlayHint', { textDocument: { uri }, range: whole });
    await client.request('textDocument/codeLens', { textDocument: { uri } });
    await client.request('textDocument/documentSymbol', { textDocument: { uri } });
    // Typing into it: each keystroke is a new version.
    for (let v = 2; v < 12; v++) await client.change(uri, text.slice(0, text.length - v * 37), v);
    await client.pull(uri);
    await client.close(uri);
    await stillServing();
  });

  test('an untitled buffer is analysed', async () => {
    const uri = 'untitled:Untitled-1';
    await client.open(uri, BASIC, 'typescript');
    const items = await client.pull(uri);
    assert.ok(Array.isArray(items));
    const hover = await client.hover(uri, positionAt(BASIC, offsetOf(BASIC, 'delete_user', 2)));
    assert.ok(hover);
    await client.close(uri);
  });

  test('stats report memory and timings', async () => {
    const stats = await client.request<StatsResult>('mcp-hints/stats');
    assert.ok(stats.rss > 0);
    assert.ok(stats.heapTotal >= stats.heapUsed);
    // Opening and analysing documents allocated enough for the young generation to be collected at least once.
    assert.ok(stats.gc.minor.count > 0 && stats.gc.minor.ms > 0);
    assert.ok(stats.timings.hover.length > 0);
  });
});
