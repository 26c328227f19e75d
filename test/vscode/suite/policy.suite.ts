// One policy in VS Code and the CLI: a folder with a .mcp-hints.json gives the same findings in the editor as
// `mcp-hints check` there; settings the user did not set never override it; editing it re-analyses the file.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import * as vscode from 'vscode';

const EXTENSION_ID = 'mcp-hints.mcp-hints';
const SEVERITY = ['error', 'warning', 'info', 'hint']; // vscode.DiagnosticSeverity order

const SERVER = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { rm } from "node:fs/promises";

const server = new McpServer({ name: "notes", version: "1.0.0" });

server.registerTool("list_notes", { title: "List notes", description: "Lists notes.", annotations: { readOnlyHint: true } }, async () => ({ content: [] }));

// mcp-hints-disable-next-line missing-annotations -- kept to check unused directives
server.registerTool("get_note", { title: "Get note", annotations: { readOnlyHint: true, openWorldHint: false } }, async () => ({ content: [] }));

server.registerTool("delete_note", { description: "Deletes a note." }, async () => {
  await rm("notes/old.txt");
  return { content: [] };
});
`;

/** The project's policy: it changes what is reported, so agreeing without reading it is impossible. */
const CONFIG = { profile: 'chatgpt', rules: { 'missing-annotations': 'error', 'unused-disable-directive': 'off', 'implicit-default': 'warning' } };

function codeOf(d: vscode.Diagnostic): string {
  return typeof d.code === 'object' ? String(d.code.value) : String(d.code);
}

function editorKeys(uri: vscode.Uri): string[] {
  return vscode.languages
    .getDiagnostics(uri)
    .filter((d) => d.source === 'mcp-hints')
    .map((d) => `${codeOf(d)} ${SEVERITY[d.severity]} ${d.range.start.line + 1}:${d.range.start.character + 1}-${d.range.end.line + 1}:${d.range.end.character + 1}`)
    .sort();
}

async function until<T>(probe: () => T, accept: (value: T) => boolean, what: string, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last = probe();
  while (!accept(last)) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; last: ${JSON.stringify(last)}`);
    await new Promise((r) => setTimeout(r, 200));
    last = probe();
  }
  return last;
}

const codes = (keys: string[]) => keys.map((k) => k.split(' ').slice(0, 2).join(' '));

describe('one policy: .mcp-hints.json in VS Code and the CLI', function () {
  let folder: vscode.Uri;
  let configUri: vscode.Uri;
  let document: vscode.TextDocument;
  const writeConfig = (text: string) => vscode.workspace.fs.writeFile(configUri, Buffer.from(text));

  before(async function () {
    const root = vscode.workspace.workspaceFolders?.[0];
    assert.ok(root, 'the test workspace folder is open');
    folder = vscode.Uri.joinPath(root.uri, 'policy');
    configUri = vscode.Uri.joinPath(folder, '.mcp-hints.json');
    await vscode.workspace.fs.writeFile(vscode.Uri.joinPath(folder, 'server.ts'), Buffer.from(SERVER));
    await writeConfig(JSON.stringify(CONFIG, null, 2));
    await vscode.extensions.getExtension(EXTENSION_ID)!.activate();
    document = await vscode.workspace.openTextDocument(vscode.Uri.joinPath(folder, 'server.ts'));
    await vscode.window.showTextDocument(document);
  });

  it('gives the same findings (code, severity, range) as mcp-hints check in that folder', async function () {
    const extension = vscode.extensions.getExtension(EXTENSION_ID)!;
    // Exit code 1: the config raises missing-annotations to an error.
    const run = spawnSync(process.execPath, [join(extension.extensionPath, 'dist', 'cli.js'), 'check', 'server.ts', '--format', 'json'], {
      cwd: folder.fsPath,
      encoding: 'utf8',
      env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' },
    });
    assert.equal(run.status, 1, run.stderr);
    const output = run.stdout;
    const cli = (JSON.parse(output) as { diagnostics: { code: string; severity: string; line: number; column: number; endLine: number; endColumn: number }[] }).diagnostics
      .map((d) => `${d.code} ${d.severity} ${d.line}:${d.column}-${d.endLine}:${d.endColumn}`)
      .sort();
    assert.ok(codes(cli).includes('missing-annotations error'), `the CLI read the config: ${cli.join('\n')}`);
    assert.ok(codes(cli).some((c) => c.startsWith('profile-requirement')), `the chatgpt profile is in force: ${cli.join('\n')}`);
    const editor = await until(() => editorKeys(document.uri), (keys) => keys.length === cli.length && keys.every((k, i) => k === cli[i]),
      'the editor to show what the CLI found').catch((e: Error) => {
      throw new Error(`${e.message}\nCLI:\n${cli.join('\n')}\neditor:\n${editorKeys(document.uri).join('\n')}`);
    });
    assert.deepEqual(editor, cli);
  });

  it('a setting the user sets overrides the file for that key only', async function () {
    const settings = () => vscode.workspace.getConfiguration('mcp-hints', document.uri);
    try {
      await settings().update('rules', { 'missing-annotations': 'hint' }, vscode.ConfigurationTarget.Workspace);
      const found = await until(() => codes(editorKeys(document.uri)), (c) => c.includes('missing-annotations hint'), 'missing-annotations as a hint');
      assert.ok(found.some((c) => c.startsWith('profile-requirement')), 'the file\'s profile still applies (the default "spec" of the setting does not override it)');
      assert.ok(!found.some((c) => c.startsWith('unused-disable-directive')), 'the file\'s other rules still apply');
    } finally {
      await settings().update('rules', undefined, vscode.ConfigurationTarget.Workspace);
    }
    await until(() => codes(editorKeys(document.uri)), (c) => c.includes('missing-annotations error'), 'the file\'s severity back');
  });

  it('editing the file re-analyses the open file; a bad file is reported on its line and the defaults apply', async function () {
    await writeConfig(JSON.stringify({ rules: { 'missing-annotations': 'off' } }));
    await until(() => codes(editorKeys(document.uri)), (c) => !c.some((x) => x.startsWith('missing-annotations')) && !c.some((x) => x.startsWith('profile-requirement')),
      'missing-annotations off and the spec profile');

    await writeConfig('{\n  "rules": {\n    "missing-anotations": "off"\n  }\n}\n');
    await until(() => codes(editorKeys(document.uri)), (c) => c.includes('missing-annotations warning'), 'the defaults after a bad config');
    const problem = await until(
      () => vscode.languages.getDiagnostics(configUri).find((d) => d.source === 'mcp-hints'),
      (d) => d !== undefined,
      'a diagnostic on .mcp-hints.json',
    );
    assert.match(problem!.message, /unknown rule "missing-anotations"/);
    assert.deepEqual([problem!.range.start.line, problem!.range.start.character], [2, 4]);

    await writeConfig(JSON.stringify(CONFIG));
    await until(() => codes(editorKeys(document.uri)), (c) => c.includes('missing-annotations error'), 'the fixed config in force');
    await until(() => vscode.languages.getDiagnostics(configUri).filter((d) => d.source === 'mcp-hints'), (d) => d.length === 0, 'the config diagnostic to go');
  });

  after(async function () {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
});
