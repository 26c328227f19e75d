// The editor knows the whole project, as `check` does: the server lists the workspace's source files at start-up
// (without holding up the first diagnostics), keeps the list current from watched files, shows in a file the tools
// that other files register there, and re-checks an open file when a file it shares tools with changes.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, describe, test } from 'node:test';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { checkJson } from '../cli/helpers';
import { LspClient } from './harness';

const roots: string[] = [];
after(() => roots.forEach((r) => rmSync(r, { recursive: true, force: true })));

function workspace(files: Record<string, string>): { root: string; path(rel: string): string; uri(rel: string): string } {
  const root = mkdtempSync(join(tmpdir(), 'mcp-hints-project-'));
  roots.push(root);
  mkdirSync(join(root, '.git'));
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), text);
  }
  return { root, path: (rel) => join(root, rel), uri: (rel) => pathToFileURL(join(root, rel)).href };
}

const HEADER = 'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nconst server = new McpServer({ name: "notes", version: "1.0.0" });\n';

/** A catalogue: one module per tool, gathered by an index, registered in a loop by the server. */
const CATALOGUE = {
  'src/tools/delete-note.ts': 'export const deleteNote = {\n  name: "delete_note",\n  description: "Deletes a note.",\n};\n',
  'src/tools/list-notes.ts': 'export const listNotes = {\n  name: "list_notes",\n  description: "Lists notes.",\n  annotations: { readOnlyHint: true, openWorldHint: false },\n};\n',
  'src/tools/index.ts': 'import { deleteNote } from "./delete-note.js";\nimport { listNotes } from "./list-notes.js";\nexport const tools = [deleteNote, listNotes];\n',
  'src/server.ts': `${HEADER}import { tools } from "./tools/index.js";\nfor (const t of tools) {\n  server.registerTool(t.name, { description: t.description, annotations: t.annotations }, async () => ({ content: [] }));\n}\n`,
};

const keys = (diagnostics: Diagnostic[]) => diagnostics.map((d) => `${d.code} ${d.range.start.line + 1}`).sort();

/** Starts a server on the folder and waits until it has listed the project (it asks the client to pull again). */
async function startListed(root: string): Promise<LspClient> {
  const { client } = await LspClient.start({ pull: true, configuration: true, settings: () => ({}), rootUri: pathToFileURL(root).href });
  await client.waitFor(() => (client.refreshRequests > 0 ? true : undefined), 'the refresh after listing the workspace');
  return client;
}

async function refreshed(client: LspClient, change: () => Promise<void>): Promise<void> {
  const before = client.refreshRequests;
  await change();
  await client.waitFor(() => (client.refreshRequests > before ? true : undefined), 'a diagnostic refresh');
}

describe('the project in the editor', () => {
  test('a definition module that registers nothing shows the findings of its tools, as `check` reports them', async () => {
    const ws = workspace(CATALOGUE);
    const cli = checkJson(ws.root).output.diagnostics.filter((d) => d.file === 'src/tools/delete-note.ts').map((d) => `${d.code} ${d.line}`).sort();
    assert.ok(cli.includes('missing-annotations 2'), cli.join('\n'));
    const client = await startListed(ws.root);
    try {
      await client.open(ws.uri('src/tools/delete-note.ts'), CATALOGUE['src/tools/delete-note.ts']);
      assert.deepEqual(keys(await client.pull(ws.uri('src/tools/delete-note.ts'))), cli);
      const summary = await client.request<{ toolCount: number }>('mcp-hints/fileSummary', { uri: ws.uri('src/tools/delete-note.ts') });
      assert.equal(summary.toolCount, 1);
    } finally {
      await client.stop();
    }
  });

  test('a server whose tools cannot be listed: the registration and the server construction say so, as `check` reports them', async () => {
    const files = {
      'src/server.ts': `${HEADER}import { addTool } from "./tools.js";\nexport { server };\n`,
      'src/tools.ts': 'import { server } from "./server.js";\nexport function addTool(def) {\n  server.registerTool(def.name, { annotations: def.annotations }, def.handler);\n}\n',
    };
    const ws = workspace(files);
    const cli = checkJson(ws.root).output.diagnostics.map((d) => `${d.file} ${d.code} ${d.line}`).sort();
    assert.deepEqual(cli, ['src/server.ts no-tools-found 2', 'src/tools.ts unenumerated-tools 3']);
    const client = await startListed(ws.root);
    try {
      await client.open(ws.uri('src/server.ts'), files['src/server.ts']);
      await client.open(ws.uri('src/tools.ts'), files['src/tools.ts']);
      const server = await client.pull(ws.uri('src/server.ts'));
      assert.deepEqual(keys(server), ['no-tools-found 2']);
      assert.match(String(server[0].message), /found no tool: 1 registration it could not list \(src\/tools\.ts:3\)\.$/);
      // The registration is linked under the problem, with why it cannot be listed.
      assert.deepEqual(server[0].relatedInformation?.map((r) => [r.location.uri, r.location.range.start.line]), [[ws.uri('src/tools.ts'), 2]]);
      assert.match(String(server[0].relatedInformation?.[0].message), /^Cannot be listed: the name comes from the parameter `def` of `addTool`/);
      assert.deepEqual(keys(await client.pull(ws.uri('src/tools.ts'))), ['unenumerated-tools 3']);
      // A tool found anywhere around the server answers it.
      await refreshed(client, async () => {
        await client.change(ws.uri('src/tools.ts'), `${files['src/tools.ts']}addTool({ name: "ping", annotations: { readOnlyHint: true }, handler: async () => ({ content: [] }) });\n`, 2);
        await client.pull(ws.uri('src/tools.ts'));
      });
      assert.deepEqual(keys(await client.pull(ws.uri('src/server.ts'))), []);
    } finally {
      await client.stop();
    }
  });

  test('an edit to a catalogue file re-checks the open server that registers it, and an edit to the server re-checks the catalogue', async () => {
    const ws = workspace(CATALOGUE);
    const client = await startListed(ws.root);
    const definition = ws.uri('src/tools/delete-note.ts');
    const server = ws.uri('src/server.ts');
    try {
      await client.open(server, CATALOGUE['src/server.ts']);
      await client.open(definition, CATALOGUE['src/tools/delete-note.ts']);
      // The definition's finding is shown in the definition only, not again in the server that registers it.
      assert.deepEqual(keys(await client.pull(server)), []);
      assert.ok(keys(await client.pull(definition)).includes('missing-annotations 2'));

      const annotated = 'export const deleteNote = {\n  name: "delete_note",\n  description: "Deletes a note.",\n  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },\n};\n';
      // The client pulls the document it edits (as VS Code does); the server asks it to pull the others again.
      await refreshed(client, async () => {
        await client.change(definition, annotated, 2);
        await client.pull(definition);
      });
      assert.deepEqual(keys(await client.pull(server)), []);
      assert.deepEqual(keys(await client.pull(definition)), [], 'the definition is annotated now');

      // The server stops registering: the definition is no tool any more, so its findings go.
      await client.change(definition, CATALOGUE['src/tools/delete-note.ts'], 3);
      assert.ok(keys(await client.pull(definition)).includes('missing-annotations 2'));
      await refreshed(client, async () => {
        await client.change(server, `${HEADER}import { tools } from "./tools/index.js";\nexport const count = tools.length;\n`, 2);
        await client.pull(server);
      });
      assert.deepEqual(keys(await client.pull(definition)), []);
    } finally {
      await client.stop();
    }
  });

  test('a subclass created in an unopened file becomes a tool of the open base class (watched files)', async () => {
    const ws = workspace({
      'src/base.ts': `${HEADER}export class BaseTool {\n  install() {\n    server.registerTool(this.name, { annotations: this.annotations }, async () => ({ content: [] }));\n  }\n}\n`,
    });
    const client = await startListed(ws.root);
    const base = ws.uri('src/base.ts');
    // The workspace report lists every tool with the file its name is written in.
    const names = async () => (await client.request<{ tools: { name: string | null }[] }>('mcp-hints/report', {})).tools.map((t) => t.name);
    try {
      await client.open(base, `${HEADER}export class BaseTool {\n  install() {\n    server.registerTool(this.name, { annotations: this.annotations }, async () => ({ content: [] }));\n  }\n}\n`);
      assert.ok(!(await names()).includes('leaf'));
      writeFileSync(ws.path('src/leaf.ts'), 'import { BaseTool } from "./base";\nexport class Leaf extends BaseTool {\n  name = "leaf";\n  annotations = { readOnlyHint: true };\n}\n');
      await refreshed(client, () => client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: ws.uri('src/leaf.ts'), type: 1 }] }));
      assert.ok((await names()).includes('leaf'));
      rmSync(ws.path('src/leaf.ts'));
      await refreshed(client, () => client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: ws.uri('src/leaf.ts'), type: 3 }] }));
      assert.ok(!(await names()).includes('leaf'));
    } finally {
      await client.stop();
    }
  });

  test('a call of a wrapper typed into a file that only imported it brings the tool to the wrapper', async () => {
    const wrapper = `${HEADER}export function addTool(name: string) {\n  server.registerTool(name, { annotations: { readOnlyHint: true, openWorldHint: false } }, async () => ({ content: [] }));\n}\n`;
    const naming = 'import { addTool } from "./wrapper";\nexport const later = addTool;\n';
    const ws = workspace({ 'src/wrapper.ts': wrapper, 'src/uses.ts': naming });
    const client = await startListed(ws.root);
    const names = async () => (await client.request<{ tools: { name: string | null }[] }>('mcp-hints/report', {})).tools.map((t) => t.name);
    try {
      await client.open(ws.uri('src/wrapper.ts'), wrapper);
      await client.open(ws.uri('src/uses.ts'), naming);
      await client.pull(ws.uri('src/wrapper.ts'));
      assert.ok(!(await names()).includes('search_notes'));
      // The wrapper's analysis searched uses.ts for calls and found none: the file is still what it depends on.
      await client.change(ws.uri('src/uses.ts'), 'import { addTool } from "./wrapper";\naddTool("search_notes");\n', 2);
      await client.pull(ws.uri('src/uses.ts'));
      assert.ok((await names()).includes('search_notes'));
    } finally {
      await client.stop();
    }
  });

  test('an open file that its config ignores is not checked, as `check` skips it', async () => {
    const unannotated = `${HEADER}server.registerTool("gen", { description: "x" }, async () => ({ content: [] }));\n`;
    const ws = workspace({ '.mcp-hints.json': JSON.stringify({ ignore: ['src/generated/'] }), 'src/generated/tools.ts': unannotated, 'src/server.ts': unannotated });
    assert.deepEqual([...new Set(checkJson(ws.root).output.diagnostics.map((d) => d.file))], ['src/server.ts']);
    const client = await startListed(ws.root);
    try {
      await client.open(ws.uri('src/generated/tools.ts'), unannotated);
      await client.open(ws.uri('src/server.ts'), unannotated);
      assert.deepEqual(await client.pull(ws.uri('src/generated/tools.ts')), []);
      assert.ok(keys(await client.pull(ws.uri('src/server.ts'))).includes('missing-annotations 3'));
    } finally {
      await client.stop();
    }
  });
});
