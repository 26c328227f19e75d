// Protocol tests: the built server (dist/server.js) driven over stdio by a JSON-RPC client.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { CodeAction, Diagnostic, DocumentSymbol, InlayHint, CodeLens, MarkupContent } from 'vscode-languageserver-protocol';
import { parseSource } from '../../server/src/engine';
import { applyEdits, editsFor, FIXTURES, fixtureUri, LspClient, offsetOf, positionAt } from './harness';

const BASIC = readFileSync(join(FIXTURES, 'basic.ts'), 'utf8');
const BASIC_URI = fixtureUri('basic.ts');

function lineOf(text: string, needle: string): number {
  return positionAt(text, offsetOf(text, needle)).line;
}

function codes(diagnostics: Diagnostic[]): string[] {
  return diagnostics.map((d) => String(d.code));
}

function parseErrors(text: string): number {
  return ((parseSource('/x.ts', text) as unknown as { parseDiagnostics: unknown[] }).parseDiagnostics ?? []).length;
}

function markdown(value: unknown): string {
  return (value as MarkupContent).value;
}

describe('initialize', () => {
  test('announces the features; diagnosticProvider only to pull clients', async () => {
    const push = await LspClient.start({ pull: false });
    const pull = await LspClient.start({ pull: true });
    try {
      const caps = push.init.capabilities;
      assert.equal(push.init.serverInfo?.name, 'mcp-hints');
      assert.equal(caps.hoverProvider, true);
      assert.ok(caps.codeActionProvider);
      assert.ok(caps.inlayHintProvider);
      assert.ok(caps.codeLensProvider);
      assert.ok(caps.documentSymbolProvider);
      assert.equal(caps.diagnosticProvider, undefined);
      const kinds = (caps.codeActionProvider as { codeActionKinds: string[] }).codeActionKinds;
      assert.ok(kinds.includes('quickfix') && kinds.includes('source.fixAll.mcp-hints'));
      assert.ok(pull.init.capabilities.diagnosticProvider);
    } finally {
      await push.client.stop();
      await pull.client.stop();
    }
  });
});

describe('diagnostics', () => {
  test('pushed to a client without pull support', async () => {
    const { client } = await LspClient.start({ pull: false });
    try {
      await client.open(BASIC_URI, BASIC);
      const params = await client.nextPush(BASIC_URI, 0, 1);
      const missing = params.diagnostics.filter((d) => d.code === 'missing-annotations');
      assert.equal(missing.length, 1, `expected one missing-annotations, got ${JSON.stringify(codes(params.diagnostics))}`);
      const d = missing[0]!;
      assert.equal(d.range.start.line, lineOf(BASIC, "'delete_user'"));
      assert.equal(d.source, 'mcp-hints');
      assert.equal(d.severity, 2, 'missing-annotations is a warning');
      assert.match(d.codeDescription!.href, /docs\/rules\/missing-annotations\.md$/);
      // The fully annotated tool has nothing to say.
      const sendLine = lineOf(BASIC, "'send_email'");
      const annotationsLine = lineOf(BASIC, 'annotations: { readOnlyHint: false');
      assert.ok(params.diagnostics.every((x) => x.range.start.line !== sendLine && x.range.start.line !== annotationsLine));
    } finally {
      await client.stop();
    }
  });

  test('pushed again after an edit, for the new version only', async () => {
    const { client } = await LspClient.start({ pull: false });
    try {
      await client.open(BASIC_URI, BASIC);
      await client.nextPush(BASIC_URI, 0, 1);
      const count = client.pushCount(BASIC_URI);
      const fixed = BASIC.replace("{ description: 'Deletes a user' }", "{ description: 'Deletes a user', annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false } }");
      assert.notEqual(fixed, BASIC);
      // Two quick edits: the debounce drops the first.
      await client.change(BASIC_URI, BASIC + '\n// typing', 2);
      await client.change(BASIC_URI, fixed, 3);
      const params = await client.nextPush(BASIC_URI, count, 3);
      assert.ok(!codes(params.diagnostics).includes('missing-annotations'));
      assert.ok(!(client.pushed.get(BASIC_URI) ?? []).some((p) => p.version === 2), 'the stale version 2 was not analysed');
    } finally {
      await client.stop();
    }
  });

  test('pulled by a client with pull support, and not pushed to it', async () => {
    const { client } = await LspClient.start({ pull: true });
    try {
      await client.open(BASIC_URI, BASIC);
      const items = await client.pull(BASIC_URI);
      assert.ok(codes(items).includes('missing-annotations'), JSON.stringify(codes(items)));
      await new Promise((r) => setTimeout(r, 400)); // longer than the push debounce
      assert.equal(client.pushCount(BASIC_URI), 0, 'a pull client gets no duplicate pushed diagnostics');
      // Result ids: nothing changed -> "unchanged"; after an edit -> a full report again.
      const first = await client.pullReport(BASIC_URI);
      assert.equal(first.kind, 'full');
      assert.ok(first.resultId);
      assert.equal((await client.pullReport(BASIC_URI, first.resultId)).kind, 'unchanged');
      await client.change(BASIC_URI, BASIC + '\n', 2);
      const edited = await client.pullReport(BASIC_URI, first.resultId);
      assert.equal(edited.kind, 'full');
      assert.ok(edited.kind === 'full' && codes(edited.items).includes('missing-annotations'));
    } finally {
      await client.stop();
    }
  });
});

describe('hover', () => {
  let client: LspClient;
  before(async () => {
    client = (await LspClient.start({ pull: true })).client;
    await client.open(BASIC_URI, BASIC);
  });
  after(() => client.stop());

  test('on a tool name: the hints table, a read-out and host behaviour', async () => {
    const hover = await client.hover(BASIC_URI, positionAt(BASIC, offsetOf(BASIC, 'delete_user', 3)));
    assert.ok(hover, 'hover on the tool name');
    const text = markdown(hover.contents);
    assert.match(text, /delete_user/);
    assert.match(text, /\| `readOnlyHint` \| — \| false \(default\) \|/);
    assert.match(text, /\| `destructiveHint` \| — \| true \(default\) \|/);
    assert.match(text, /Not read-only, may destroy, unsafe to retry, reaches the outside world\./);
    assert.match(text, /VS Code: asks for confirmation/);
    assert.match(text, /ChatGPT: asks the user to confirm/);
    assert.match(text, /Cursor: not available in Ask mode/);
    // destructiveHint is omitted: hosts that test `=== true` treat the tool as not destructive.
    assert.match(text, /Claude: asks for permission/);
    assert.match(text, /Claude Desktop, Claude Code, Gemini CLI policies, Docker's agent: `destructiveHint` is omitted/);
  });

  test('on a tool name: what the code shows (inferred hints, and the name-only note)', async () => {
    const hover = await client.hover(BASIC_URI, positionAt(BASIC, offsetOf(BASIC, 'delete_user', 3)));
    const text = markdown(hover!.contents);
    assert.match(text, /\*\*Inferred from the code\*\*/);
    assert.match(text, /`readOnlyHint: (true|false)` \((proven|likely|default, no evidence)\)/);
    // The name says delete while the visible handler only builds its result: a note, not a finding.
    assert.match(text, /The name suggests a write \(`delete`\), but the visible handler only computes its result/);
  });

  test('on the callee of a registration', async () => {
    const hover = await client.hover(BASIC_URI, positionAt(BASIC, offsetOf(BASIC, 'registerTool', 2, 1)));
    assert.ok(hover);
    assert.match(markdown(hover.contents), /get_user/);
    assert.match(markdown(hover.contents), /\| `readOnlyHint` \| true \| true \|/);
    assert.match(markdown(hover.contents), /VS Code: runs it without asking first/);
  });

  test('on a hint key: meaning, default, hosts', async () => {
    const at = offsetOf(BASIC, 'readOnlyHint: true', 4);
    const hover = await client.hover(BASIC_URI, positionAt(BASIC, at));
    assert.ok(hover);
    const text = markdown(hover.contents);
    assert.match(text, /does not modify its environment/);
    assert.match(text, /Default when omitted: `false`/);
    assert.match(text, /VS Code/);
    const idem = await client.hover(BASIC_URI, positionAt(BASIC, offsetOf(BASIC, 'idempotentHint', 2)));
    assert.ok(idem);
    assert.match(markdown(idem.contents), /re-issues the call/);
    assert.match(markdown(idem.contents), /Meaningless when readOnlyHint is true/);
  });

  test('on an annotations object: the omitted hints and their defaults', async () => {
    const at = offsetOf(BASIC, '{ readOnlyHint: true }', 0);
    const hover = await client.hover(BASIC_URI, positionAt(BASIC, at));
    assert.ok(hover);
    const text = markdown(hover.contents);
    assert.match(text, /Omitted hints/);
    assert.match(text, /`openWorldHint`: `true` \(default\)/);
    assert.match(text, /`destructiveHint`: `true` \(default\) \(meaningless here: read-only\)/);
  });

  test('on a tool registered behind an environment variable: a line says when it is registered', async () => {
    const uri = fixtureUri('conditional.ts');
    const text = 'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nconst server = new McpServer({ name: "s", version: "1" });\nif (process.env.ENABLE_ADMIN === "1") server.registerTool("reset_db", {}, async () => ({ content: [] }));\nserver.registerTool("ping", {}, async () => ({ content: [] }));\n';
    await client.open(uri, text);
    const guarded = await client.hover(uri, positionAt(text, offsetOf(text, 'reset_db', 1)));
    assert.match(markdown(guarded!.contents), /Registered only when `process\.env\.ENABLE_ADMIN === "1"` is true \(reads the environment variable `ENABLE_ADMIN`\)\./);
    const plain = await client.hover(uri, positionAt(text, offsetOf(text, 'ping', 1)));
    assert.doesNotMatch(markdown(plain!.contents), /Registered only when/);
  });

  test('nothing on unrelated code', async () => {
    const hover = await client.hover(BASIC_URI, positionAt(BASIC, offsetOf(BASIC, 'new McpServer', 4)));
    assert.equal(hover, null);
  });
});

describe('code actions', () => {
  test('quick fixes for a finding; applied, the finding is gone and the code parses', async () => {
    const { client } = await LspClient.start({ pull: true });
    try {
      await client.open(BASIC_URI, BASIC);
      const items = await client.pull(BASIC_URI);
      const missing = items.find((d) => d.code === 'missing-annotations');
      assert.ok(missing, 'missing-annotations diagnostic');
      const actions = await client.codeActions(BASIC_URI, missing.range, [missing]);
      const quickfixes = actions.filter((a) => a.kind === 'quickfix');
      assert.ok(quickfixes.length > 0, 'at least one quick fix');
      for (const action of quickfixes) {
        assert.ok(action.diagnostics?.some((d) => d.code === 'missing-annotations'));
        assert.ok(editsFor(action, BASIC_URI).length > 0, `${action.title} has edits`);
      }
      // A fix for an unrelated line is not offered here.
      const elsewhere = await client.codeActions(BASIC_URI, { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } });
      assert.equal(elsewhere.filter((a) => a.kind === 'quickfix').length, 0);

      const preferred = quickfixes.find((a) => a.isPreferred) ?? quickfixes[0]!;
      const fixed = applyEdits(BASIC, editsFor(preferred, BASIC_URI));
      assert.notEqual(fixed, BASIC);
      assert.equal(parseErrors(fixed), 0, fixed);
      await client.change(BASIC_URI, fixed, 2);
      const after = await client.pull(BASIC_URI);
      const deleteLine = lineOf(fixed, "'delete_user'");
      assert.ok(
        !after.some((d) => d.code === 'missing-annotations' && d.range.start.line === deleteLine),
        `after "${preferred.title}": ${JSON.stringify(codes(after))}`,
      );
    } finally {
      await client.stop();
    }
  });

  test('fix-all is idempotent and keeps the code parsable', async () => {
    const { client } = await LspClient.start({ pull: true });
    try {
      await client.open(BASIC_URI, BASIC);
      const whole = { start: { line: 0, character: 0 }, end: positionAt(BASIC, BASIC.length) };
      const first = (await client.codeActions(BASIC_URI, whole, [], ['source.fixAll'])).filter((a) => a.kind === 'source.fixAll.mcp-hints');
      // missing-annotations offers writing the pessimistic defaults explicitly: behaviour-preserving, so safe.
      assert.equal(first.length, 1, 'a fix-all action for the safe fixes');
      assert.ok(
        first.every((a: CodeAction) => a.kind !== 'quickfix'),
        'only the fix-all action is returned for only=source.fixAll',
      );
      const once = first[0] ? applyEdits(BASIC, editsFor(first[0], BASIC_URI)) : BASIC;
      assert.equal(parseErrors(once), 0);
      await client.change(BASIC_URI, once, 2);
      const second = (await client.codeActions(BASIC_URI, { start: whole.start, end: positionAt(once, once.length) }, [], ['source.fixAll'])).filter(
        (a) => a.kind === 'source.fixAll.mcp-hints',
      );
      const twice = second[0] ? applyEdits(once, editsFor(second[0], BASIC_URI)) : once;
      assert.equal(twice, once, 'applying fix-all a second time changes nothing');
    } finally {
      await client.stop();
    }
  });
});

describe('settings', () => {
  test('a rule set to "off" via workspace/configuration disappears', async () => {
    let rules: Record<string, string> = {};
    const { client } = await LspClient.start({ pull: true, configuration: true, settings: () => ({ rules }) });
    try {
      await client.open(BASIC_URI, BASIC);
      assert.ok(codes(await client.pull(BASIC_URI)).includes('missing-annotations'));
      assert.ok(client.configurationRequests > 0, 'settings were pulled');
      rules = { 'missing-annotations': 'off' };
      const refreshes = client.refreshRequests;
      await client.connection.sendNotification('workspace/didChangeConfiguration', { settings: null });
      await client.waitFor(() => (client.refreshRequests > refreshes ? true : undefined), 'a diagnostic refresh request');
      assert.ok(!codes(await client.pull(BASIC_URI)).includes('missing-annotations'));
      rules = { 'missing-annotations': 'error' };
      await client.connection.sendNotification('workspace/didChangeConfiguration', { settings: null });
      const missing = (await client.pull(BASIC_URI)).find((d) => d.code === 'missing-annotations');
      assert.equal(missing?.severity, 1, 'severity raised to error');
    } finally {
      await client.stop();
    }
  });

  test('mcp-hints.enable false silences everything; a client without configuration gets defaults', async () => {
    const off = await LspClient.start({ pull: false, configuration: true, settings: () => ({ enable: false }) });
    const plain = await LspClient.start({ pull: false, configuration: false });
    try {
      await off.client.open(BASIC_URI, BASIC);
      assert.deepEqual((await off.client.nextPush(BASIC_URI, 0)).diagnostics, []);
      assert.equal(await off.client.hover(BASIC_URI, positionAt(BASIC, offsetOf(BASIC, 'delete_user', 2))), null);
      await plain.client.open(BASIC_URI, BASIC);
      assert.ok(codes((await plain.client.nextPush(BASIC_URI, 0)).diagnostics).includes('missing-annotations'));
      assert.equal(plain.client.configurationRequests, 0);
    } finally {
      await off.client.stop();
      await plain.client.stop();
    }
  });
});

describe('settings for editor features', () => {
  test('profile, inlayHints.enable and codeLens.enable', async () => {
    let settings: Record<string, unknown> = { profile: 'chatgpt' };
    const { client } = await LspClient.start({ pull: true, configuration: true, settings: () => settings });
    try {
      await client.open(BASIC_URI, BASIC);
      const whole = { start: { line: 0, character: 0 }, end: positionAt(BASIC, BASIC.length) };
      const inlay = () => client.request<InlayHint[]>('textDocument/inlayHint', { textDocument: { uri: BASIC_URI }, range: whole });
      const lenses = () => client.request<CodeLens[]>('textDocument/codeLens', { textDocument: { uri: BASIC_URI } });
      const getUserLine = positionAt(BASIC, offsetOf(BASIC, '{ readOnlyHint: true }')).line;
      // ChatGPT wants destructiveHint written even on read-only tools.
      const labels = (await inlay()).filter((h) => h.position.line === getUserLine).map((h) => h.label as string);
      assert.ok(labels.includes('+ destructiveHint: true'), labels.join(', '));
      settings = { inlayHints: { enable: false }, codeLens: { enable: false } };
      await client.connection.sendNotification('workspace/didChangeConfiguration', { settings: null });
      assert.deepEqual(await inlay(), []);
      assert.deepEqual(await lenses(), []);
      settings = {};
      await client.connection.sendNotification('workspace/didChangeConfiguration', { settings: null });
      assert.equal((await lenses()).length, 3);
      const specLabels = (await inlay()).filter((h) => h.position.line === getUserLine).map((h) => h.label as string);
      assert.ok(!specLabels.includes('+ destructiveHint: true'), 'the spec profile does not ask for it');
    } finally {
      await client.stop();
    }
  });
});

describe('editor features', () => {
  test('inlay hints, code lenses and document symbols', async () => {
    const { client } = await LspClient.start({ pull: true });
    try {
      await client.open(BASIC_URI, BASIC);
      const whole = { start: { line: 0, character: 0 }, end: positionAt(BASIC, BASIC.length) };
      const hints = await client.request<InlayHint[]>('textDocument/inlayHint', { textDocument: { uri: BASIC_URI }, range: whole });
      const labels = hints.map((h) => `${h.position.line}:${h.position.character}:${h.label as string}`);
      // Inside the annotations object, right after its last property (never after its closing brace).
      const getUserAnnotations = positionAt(BASIC, offsetOf(BASIC, '{ readOnlyHint: true }', '{ readOnlyHint: true'.length));
      const at = (p: { line: number; character: number }) => `${p.line}:${p.character}`;
      assert.ok(labels.includes(`${at(getUserAnnotations)}:+ openWorldHint: true`), labels.join('\n'));
      assert.ok(!labels.some((l) => l.endsWith(':+ destructiveHint: true') && l.startsWith(`${getUserAnnotations.line}:`)), 'meaningless on a read-only tool');
      // No annotations: after the tool's name.
      const afterName = positionAt(BASIC, offsetOf(BASIC, "'delete_user'", "'delete_user'".length));
      assert.ok(labels.includes(`${at(afterName)}:+ readOnlyHint: false`), labels.join('\n'));
      assert.ok(!hints.some((h) => h.position.line === lineOf(BASIC, 'annotations: { readOnlyHint: false')), 'fully annotated: no hints');

      const lenses = await client.request<CodeLens[]>('textDocument/codeLens', { textDocument: { uri: BASIC_URI } });
      assert.equal(lenses.length, 3);
      const titles = lenses.map((l) => l.command?.title);
      assert.ok(titles.includes('MCP: writes · may destroy · unsafe to retry · open-world (no annotations)'), titles.join('\n'));
      assert.ok(titles.includes('MCP: read-only · open-world'), titles.join('\n'));
      assert.ok(titles.includes('MCP: writes · non-destructive · unsafe to retry · open-world'), titles.join('\n'));

      const symbols = await client.request<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri: BASIC_URI } });
      assert.deepEqual(symbols.map((s) => s.name), ['delete_user', 'get_user', 'send_email']);
    } finally {
      await client.stop();
    }
  });
});

describe('dependencies', () => {
  const serverUri = fixtureUri('imports', 'server.ts');
  const constantsUri = fixtureUri('imports', 'annotations.ts');
  const serverText = readFileSync(join(FIXTURES, 'imports', 'server.ts'), 'utf8');
  const constantsText = readFileSync(join(FIXTURES, 'imports', 'annotations.ts'), 'utf8');
  const hoverAt = positionAt(serverText, offsetOf(serverText, 'list_items', 2));

  test('push: a dependent file is re-analysed when an imported constant changes', async () => {
    const { client } = await LspClient.start({ pull: false });
    try {
      await client.open(serverUri, serverText);
      await client.nextPush(serverUri, 0);
      assert.match(markdown((await client.hover(serverUri, hoverAt))!.contents), /\| `readOnlyHint` \| true \| true \|/);
      await client.open(constantsUri, constantsText);
      await client.nextPush(constantsUri, 0);
      const before = client.pushCount(serverUri);
      await client.change(constantsUri, constantsText.replace('readOnlyHint: true', 'readOnlyHint: false'), 2);
      await client.nextPush(serverUri, before); // re-published without server.ts changing
      assert.match(markdown((await client.hover(serverUri, hoverAt))!.contents), /\| `readOnlyHint` \| false \| false \|/);
    } finally {
      await client.stop();
    }
  });

  test('pull: the client is asked to refresh', async () => {
    const { client } = await LspClient.start({ pull: true });
    try {
      await client.open(serverUri, serverText);
      await client.pull(serverUri);
      await client.open(constantsUri, constantsText);
      await client.pull(constantsUri);
      const refreshes = client.refreshRequests;
      await client.change(constantsUri, constantsText.replace('readOnlyHint: true', 'readOnlyHint: false'), 2);
      await client.pull(constantsUri); // what VS Code does after a change
      await client.waitFor(() => (client.refreshRequests > refreshes ? true : undefined), 'workspace/diagnostic/refresh');
      assert.match(markdown((await client.hover(serverUri, hoverAt))!.contents), /\| `readOnlyHint` \| false \| false \|/);
    } finally {
      await client.stop();
    }
  });
});
