// Runs inside VS Code's extension host (see ../vscode-client.test.ts): the client's own behaviour —
// commands, the report webview, and restarting a server that died.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import * as vscode from 'vscode';

const EXTENSION_ID = 'mcp-hints.mcp-hints';

async function until<T>(probe: () => T | Thenable<T>, accept: (value: T) => boolean, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last = await probe();
  while (!accept(last)) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}; last: ${JSON.stringify(last)}`);
    await new Promise((r) => setTimeout(r, 200));
    last = await probe();
  }
  return last;
}

/** Pids of language servers started by this extension host. */
function serverPids(): number[] {
  const out = execFileSync('ps', ['-eo', 'pid=,ppid=,args='], { encoding: 'utf8' });
  return out
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter((parts) => parts.length > 2 && Number(parts[1]) === process.pid && parts.slice(2).join(' ').includes('dist/server.js'))
    .map((parts) => Number(parts[0]));
}

function missing(uri: vscode.Uri): vscode.Diagnostic[] {
  return vscode.languages.getDiagnostics(uri).filter((d) => d.source === 'mcp-hints' && String(typeof d.code === 'object' ? d.code.value : d.code) === 'missing-annotations');
}

describe('mcp-hints client', function () {
  let document: vscode.TextDocument;

  before(async function () {
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder);
    document = await vscode.workspace.openTextDocument(vscode.Uri.joinPath(folder.uri, 'tools.ts'));
    await vscode.window.showTextDocument(document);
    await vscode.extensions.getExtension(EXTENSION_ID)!.activate();
    await until(() => missing(document.uri).length, (n) => n > 0, 30_000, 'diagnostics from the server');
  });

  it('contributes its commands', async function () {
    const commands = await vscode.commands.getCommands(true);
    assert.ok(commands.includes('mcp-hints.restartServer'));
    assert.ok(commands.includes('mcp-hints.showReport'));
  });

  it('shows the report in a webview', async function () {
    await vscode.commands.executeCommand('mcp-hints.showReport');
    const tab = await until(
      () => vscode.window.tabGroups.all.flatMap((g) => g.tabs).find((t) => t.label === 'MCP Tool Annotations')?.label ?? '',
      (label) => label !== '',
      15_000,
      'the report tab',
    );
    assert.equal(tab, 'MCP Tool Annotations');
    await vscode.window.showTextDocument(document);
  });

  it('opens a tool when its report row is clicked', async function () {
    // The node side (../vscode-client.test.ts) clicks the first row in the webview once this marker exists.
    const marker = join(dirname(process.env.MCP_HINTS_VSCODE_RESULT!), 'click-row');
    const editor = await vscode.window.showTextDocument(document, vscode.ViewColumn.One);
    editor.selection = new vscode.Selection(0, 0, 0, 0);
    await vscode.commands.executeCommand('mcp-hints.showReport');
    await new Promise((r) => setTimeout(r, 1000));
    writeFileSync(marker, 'now');
    const nameOffset = document.getText().indexOf("'delete_user'");
    const selected = await until(
      () => {
        const active = vscode.window.activeTextEditor;
        return active?.document.uri.toString() === document.uri.toString() ? document.offsetAt(active.selection.start) : -1;
      },
      (offset) => offset === nameOffset,
      60_000,
      'the tool name to be selected after the click',
    );
    assert.equal(selected, nameOffset);
  });

  it('restarts the server on command', async function () {
    const before = await until(() => serverPids(), (p) => p.length === 1, 15_000, 'one running server');
    await vscode.commands.executeCommand('mcp-hints.restartServer');
    const after = await until(() => serverPids(), (p) => p.length === 1 && p[0] !== before[0], 30_000, 'a new server process');
    assert.notEqual(after[0], before[0]);
  });

  it('restarts a server that died, and diagnostics keep coming', async function () {
    const [pid] = await until(() => serverPids(), (p) => p.length === 1, 15_000, 'one running server');
    const editor = await vscode.window.showTextDocument(document);
    process.kill(pid!, 'SIGKILL');
    // Edits typed before the client sees the close are writes to a dead server: they must not stop the restart.
    for (let i = 0; i < 4; i++) assert.ok(await editor.edit((b) => b.insert(document.positionAt(0), ' ')));
    await until(() => serverPids(), (p) => p.length === 1 && p[0] !== pid, 30_000, 'the server to be restarted');
    assert.ok(await editor.edit((b) => b.delete(new vscode.Range(document.positionAt(0), document.positionAt(4)))));
    // The restarted server analyses edits: annotate the tool and the warning goes away.
    await until(() => missing(document.uri).length, (n) => n > 0, 30_000, 'diagnostics after the restart');
    const anchor = document.getText().indexOf('inputSchema:');
    assert.ok(anchor > 0, 'the fixture has an inputSchema line');
    const applied = await editor.edit((b) =>
      b.insert(document.positionAt(anchor), 'annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },\n    '),
    );
    assert.ok(applied);
    await until(() => missing(document.uri).length, (n) => n === 0, 30_000, 'the warning to clear after the edit');
    await vscode.commands.executeCommand('undo');
  });
});
