// `mcp-hints/verify`: the language server runs the folder's `mcp-hints.verify.command` (from workspace/configuration)
// and answers one row per tool, with locations as URIs and, for unresolved values, the source beside the run-time value.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, test } from 'node:test';
import { ResponseError } from 'vscode-jsonrpc/node';
import type { VerifyResult } from '../../server/src/lsp/protocol';
import { LspClient, ROOT } from './harness';

const FIXTURES = join(ROOT, 'test', 'verify', 'fixtures');

async function verifyIn(fixture: string, command: unknown): Promise<VerifyResult> {
  const { client } = await LspClient.start({
    configuration: true,
    rootUri: pathToFileURL(join(FIXTURES, fixture)).href,
    settings: (_scope, section) => (section === 'mcp-hints' ? { verify: { command } } : null),
  });
  try {
    return await client.request<VerifyResult>('mcp-hints/verify', {});
  } finally {
    await client.stop();
  }
}

describe('mcp-hints/verify', () => {
  test('one row per tool with its status; unresolved rows carry the source and the run-time value', async () => {
    const result = await verifyIn('statuses', [process.execPath, 'server.mjs']);
    assert.ok(result.ok, JSON.stringify(result));
    assert.deepEqual(result.server, { name: 'notes', version: '1.2.3' });
    assert.deepEqual(
      Object.fromEntries(result.tools.map((t) => [t.name, t.status])),
      { read_note: 'match', archive_note: 'differs', sync_notes: 'unresolved', plugin_export: 'missing-statically', purge_notes: 'not-listed' },
    );
    const serverUri = pathToFileURL(join(FIXTURES, 'statuses', 'server.mjs')).href;
    const read = result.tools.find((t) => t.name === 'read_note')!;
    assert.equal(read.uri, serverUri);
    assert.equal(typeof read.range?.start.line, 'number');
    const fromEnv = result.tools.find((t) => t.name === 'sync_notes')!;
    assert.deepEqual(fromEnv.sources, { readOnlyHint: "process.env.NOTES_READ_ONLY === '1'" });
    assert.equal(fromEnv.runtime!.readOnlyHint, false, 'the language server does not set NOTES_READ_ONLY');
    assert.deepEqual(result.tools.find((t) => t.name === 'archive_note')!.differences, [{ key: 'destructiveHint', static: false, runtime: true }]);
    assert.equal(result.tools.find((t) => t.name === 'plugin_export')!.uri, null);
    assert.equal(result.unnamed, 1);
    assert.equal(result.skippedLines, 2);
  });

  test('a command given as one string is split like a shell would', async () => {
    const result = await verifyIn('pages', `"${process.execPath}" server.mjs`);
    assert.ok(result.ok, JSON.stringify(result));
    assert.equal(result.counts.match, 5);
  });

  test('no command set: says which setting to fill, runs nothing', async () => {
    const result = await verifyIn('statuses', []);
    assert.equal(result.ok, false);
    assert.equal(!result.ok && result.kind, 'not-configured');
    assert.match(!result.ok ? result.message : '', /mcp-hints\.verify\.command/);
  });

  test('a server that cannot start: the failure and its stderr', async () => {
    const result = await verifyIn('crash', [process.execPath, 'server.mjs']);
    assert.equal(result.ok, false);
    if (result.ok) return;
    assert.equal(result.kind, 'exited');
    assert.ok(result.stderrTail.some((l) => l.includes('CRASH_TOKEN is not set')), result.stderrTail.join('\n'));
  });

  test('bad params and no folder are invalid params; the server keeps running', async () => {
    const { client } = await LspClient.start({ configuration: true });
    try {
      const invalid = (e: unknown) => e instanceof ResponseError && e.code === -32602;
      await assert.rejects(client.request('mcp-hints/verify', { folderUri: 3 }), invalid);
      await assert.rejects(client.request('mcp-hints/verify', {}), invalid, 'no workspace folder');
      await assert.rejects(client.request('mcp-hints/verify', { folderUri: 'untitled:x' }), invalid);
      assert.equal(client.exited, false);
    } finally {
      await client.stop();
    }
  });
});
