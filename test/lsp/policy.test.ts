// One policy in the editor and the CLI: the language server reads the nearest .mcp-hints.json as
// `mcp-hints check` does, the editor's explicit settings override it key by key, editing it re-analyses
// the open files, and a bad one is a diagnostic on the file at its line and column.

import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, describe, test } from 'node:test';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { checkJson } from '../cli/helpers';
import { LspClient } from './harness';

const SEVERITY = ['', 'error', 'warning', 'info', 'hint'];

const SERVER = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { rm } from "node:fs/promises";

const server = new McpServer({ name: "notes", version: "1.0.0" });

server.registerTool("list_notes", { title: "List notes", description: "Lists notes.", annotations: { readOnlyHint: true } }, async () => ({ content: [] }));

// mcp-hints-disable-next-line missing-annotations -- kept to check unused directives
server.registerTool("get_note", { title: "Get note", description: "Reads a note.", annotations: { readOnlyHint: true, openWorldHint: false } }, async () => ({ content: [] }));

server.registerTool("delete_note", { description: "Deletes a note.", inputSchema: { id: z.string() } }, async ({ id }) => {
  await rm(\`notes/\${id}\`);
  return { content: [] };
});
`;

/** The project config: it changes what both adapters report, so agreeing without reading it is impossible. */
const CONFIG = {
  profile: 'chatgpt',
  rules: { 'missing-annotations': 'error', 'unused-disable-directive': 'off', 'implicit-default': 'warning' },
};

const roots: string[] = [];
after(() => roots.forEach((r) => rmSync(r, { recursive: true, force: true })));

function project(config: string | undefined): { root: string; file: string; uri: string; configPath: string; configUri: string } {
  const root = mkdtempSync(join(tmpdir(), 'mcp-hints-policy-'));
  roots.push(root);
  mkdirSync(join(root, '.git')); // the repository root: config lookup stops here
  mkdirSync(join(root, 'src'));
  const file = join(root, 'src', 'server.ts');
  writeFileSync(file, SERVER);
  const configPath = join(root, '.mcp-hints.json');
  if (config !== undefined) writeFileSync(configPath, config);
  return { root, file, uri: pathToFileURL(file).href, configPath, configUri: pathToFileURL(configPath).href };
}

function lspKeys(diagnostics: Diagnostic[]): string[] {
  return diagnostics
    .map((d) => `${d.code} ${SEVERITY[d.severity ?? 0]} ${d.range.start.line + 1}:${d.range.start.character + 1}-${d.range.end.line + 1}:${d.range.end.character + 1}`)
    .sort();
}

function cliKeys(root: string): string[] {
  return checkJson(root).output.diagnostics
    .filter((d) => d.file === 'src/server.ts')
    .map((d) => `${d.code} ${d.severity} ${d.line}:${d.column}-${d.endLine}:${d.endColumn}`)
    .sort();
}

const codes = (keys: string[]) => keys.map((k) => k.split(' ').slice(0, 2).join(' '));

describe('one policy in the CLI and the language server', () => {
  test('the same file with a .mcp-hints.json gives the same findings (code, severity, range) in both', async () => {
    const p = project(JSON.stringify(CONFIG, null, 2));
    const cli = cliKeys(p.root);
    // The config is in force: ChatGPT's profile requirements, raised and lowered severities, a kind turned off.
    assert.ok(codes(cli).includes('missing-annotations error'), cli.join('\n'));
    assert.ok(codes(cli).some((c) => c.startsWith('profile-requirement')), cli.join('\n'));
    assert.ok(!codes(cli).some((c) => c.startsWith('unused-disable-directive')), cli.join('\n'));
    // VS Code's client sends only explicitly set values: nothing set here.
    const { client } = await LspClient.start({ pull: true, configuration: true, settings: () => ({}), rootUri: pathToFileURL(p.root).href });
    try {
      await client.open(p.uri, SERVER);
      assert.deepEqual(lspKeys(await client.pull(p.uri)), cli);
    } finally {
      await client.stop();
    }
    // And without the file, both fall back to the same defaults (which differ from the configured run).
    rmSync(p.configPath);
    const defaults = cliKeys(p.root);
    assert.notDeepEqual(defaults, cli);
    const fresh = await LspClient.start({ pull: true, configuration: true, settings: () => ({}) });
    try {
      await fresh.client.open(p.uri, SERVER);
      assert.deepEqual(lspKeys(await fresh.client.pull(p.uri)), defaults);
    } finally {
      await fresh.client.stop();
    }
  });

  test('explicit editor settings override the file key by key; what they leave out comes from the file', async () => {
    const p = project(JSON.stringify(CONFIG));
    const { client } = await LspClient.start({ pull: true, configuration: true, settings: () => ({ rules: { 'missing-annotations': 'hint' } }) });
    try {
      await client.open(p.uri, SERVER);
      const found = codes(lspKeys(await client.pull(p.uri)));
      assert.ok(found.includes('missing-annotations hint'), found.join('\n'));
      assert.ok(found.some((c) => c.startsWith('profile-requirement')), 'the file\'s profile still applies');
      assert.ok(!found.some((c) => c.startsWith('unused-disable-directive')), 'the file\'s other rules still apply');
    } finally {
      await client.stop();
    }
  });

  test('editing, breaking and deleting the config re-analyses the open file; a bad config is shown at its line and column', async () => {
    const p = project(JSON.stringify(CONFIG));
    const { client } = await LspClient.start({ pull: true, configuration: true, settings: () => ({}) });
    const changed = async (type: 1 | 2 | 3) => {
      const refreshes = client.refreshRequests;
      await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: p.configUri, type }] });
      await client.waitFor(() => (client.refreshRequests > refreshes ? true : undefined), 'a diagnostic refresh');
      return codes(lspKeys(await client.pull(p.uri)));
    };
    try {
      await client.open(p.uri, SERVER);
      assert.ok(codes(lspKeys(await client.pull(p.uri))).includes('missing-annotations error'));

      writeFileSync(p.configPath, JSON.stringify({ rules: { 'missing-annotations': 'off' } }));
      const edited = await changed(2);
      assert.ok(!edited.some((c) => c.startsWith('missing-annotations')), edited.join('\n'));
      assert.ok(!edited.some((c) => c.startsWith('profile-requirement')), 'the profile went back to spec');

      // An unknown rule id on line 3, column 5: the file gets a diagnostic there, the code falls back to the defaults.
      writeFileSync(p.configPath, '{\n  "rules": {\n    "missing-anotations": "off"\n  }\n}\n');
      const broken = await changed(2);
      assert.ok(broken.includes('missing-annotations warning'), `defaults: ${broken.join('\n')}`);
      const shown = await client.waitFor(() => client.pushed.get(p.configUri)?.at(-1), 'diagnostics on the config file');
      assert.equal(shown.diagnostics.length, 1);
      const [problem] = shown.diagnostics;
      assert.deepEqual(problem.range.start, { line: 2, character: 4 });
      assert.deepEqual(problem.range.end, { line: 2, character: 4 + '"missing-anotations"'.length });
      assert.match(String(problem.message), /unknown rule "missing-anotations"/);
      assert.equal(problem.severity, 1);

      // A JSONC syntax error is placed the same way.
      writeFileSync(p.configPath, '{\n  // comments are fine\n  "profile": "spec"\n  "rules": {}\n}\n');
      await changed(2);
      const syntax = await client.waitFor(() => {
        const last = client.pushed.get(p.configUri)?.at(-1);
        return String(last?.diagnostics[0]?.message).includes('CommaExpected') ? last : undefined;
      }, 'the syntax error');
      assert.deepEqual(syntax.diagnostics[0].range.start, { line: 3, character: 2 });

      // Deleted: its diagnostic goes, and the defaults apply.
      rmSync(p.configPath);
      const deleted = await changed(3);
      assert.ok(deleted.includes('missing-annotations warning'), deleted.join('\n'));
      assert.deepEqual(client.pushed.get(p.configUri)?.at(-1)?.diagnostics, []);

      // Created again: in force at once.
      writeFileSync(p.configPath, JSON.stringify(CONFIG));
      assert.ok((await changed(1)).includes('missing-annotations error'));
    } finally {
      await client.stop();
    }
  });
});
