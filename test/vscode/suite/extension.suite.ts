// Integration tests that run inside a real VS Code extension host against the workspace made from
// test/vscode/fixtures (tools.ts registers `delete_user` without annotations).
import assert from 'node:assert/strict';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { VerifyResult } from '../../../server/src/lsp/protocol';

const EXTENSION_ID = 'mcp-hints.mcp-hints';
const SOURCE = 'mcp-hints';
const HINTS = ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'];
/** The missing-annotations fix: "Annotate: <inferred summary>", or "Add annotations (…)" when nothing is inferred. */
const ADD_ANNOTATIONS = /^(Annotate:|Add annotations)/;

function codeOf(diagnostic: vscode.Diagnostic): string | undefined {
  const code = diagnostic.code;
  if (code === undefined) return undefined;
  return typeof code === 'object' ? String(code.value) : String(code);
}

function ours(uri: vscode.Uri, rule?: string): vscode.Diagnostic[] {
  return vscode.languages
    .getDiagnostics(uri)
    .filter((d) => d.source === SOURCE && (rule === undefined || codeOf(d) === rule));
}

/** Every diagnostic of the file, short enough for a failure message. */
function describeDiagnostics(uri: vscode.Uri): string {
  return JSON.stringify(
    vscode.languages.getDiagnostics(uri).map((d) => ({ source: d.source, code: codeOf(d), message: d.message, line: d.range.start.line })),
  );
}

async function until<T>(
  probe: () => T | Thenable<T>,
  accept: (value: T) => boolean,
  timeoutMs: number,
  what: string,
  describe: (last: T) => string = (last) => JSON.stringify(last),
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last = await probe();
  while (!accept(last)) {
    if (Date.now() > deadline) {
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}; last value: ${describe(last)}`);
    }
    await new Promise((r) => setTimeout(r, 200));
    last = await probe();
  }
  return last;
}

function hoverText(hovers: vscode.Hover[]): string {
  return hovers
    .flatMap((hover) => hover.contents)
    .map((content) => (typeof content === 'string' ? content : content.value))
    .join('\n---\n');
}

describe('mcp-hints in VS Code', function () {
  let document: vscode.TextDocument;
  /** Inside the `delete_user` literal. */
  let namePosition: vscode.Position;

  before(async function () {
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder, 'the test workspace folder is open');
    document = await vscode.workspace.openTextDocument(vscode.Uri.joinPath(folder.uri, 'tools.ts'));
    await vscode.window.showTextDocument(document);
    const nameOffset = document.getText().indexOf("'delete_user'");
    assert.ok(nameOffset > 0, 'the fixture registers delete_user');
    namePosition = document.positionAt(nameOffset + 3);
  });

  it('is installed from the development path and activates', async function () {
    const extension = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(extension, `${EXTENSION_ID} is loaded`);
    await extension.activate();
    assert.equal(extension.isActive, true);
  });

  it('reports missing-annotations on a tool registered without annotations', async function () {
    const diagnostics = await until(() => ours(document.uri, 'missing-annotations'), (d) => d.length > 0, 30_000,
      'a missing-annotations diagnostic', () => describeDiagnostics(document.uri));
    assert.equal(diagnostics.length, 1, 'one tool, one missing-annotations finding');
    const [diagnostic] = diagnostics;
    assert.match(diagnostic.message, /delete_user|annotations/);
    assert.ok(
      diagnostic.range.start.line <= namePosition.line && namePosition.line <= diagnostic.range.end.line,
      `the diagnostic (${JSON.stringify(diagnostic.range)}) is on the registration (line ${namePosition.line})`,
    );
  });

  it('explains on hover what the missing hints default to', async function () {
    const hovers = await until(
      () => vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', document.uri, namePosition),
      (h) => hoverText(h ?? []).includes('readOnlyHint'),
      15_000,
      'a hover that mentions readOnlyHint',
    );
    const text = hoverText(hovers);
    for (const hint of HINTS) assert.ok(text.includes(hint), `the hover names ${hint}:\n${text}`);
    assert.match(text, /default/i, `the hover says which values are defaults:\n${text}`);
  });

  it('follows the mcp-hints.rules setting live (severity, then off, then back)', async function () {
    const settings = () => vscode.workspace.getConfiguration('mcp-hints', document.uri);
    const severityOf = () => ours(document.uri, 'missing-annotations').map((d) => d.severity);
    try {
      await settings().update('rules', { 'missing-annotations': 'error' }, vscode.ConfigurationTarget.Workspace);
      await until(severityOf, (s) => s.length === 1 && s[0] === vscode.DiagnosticSeverity.Error, 15_000,
        'missing-annotations to become an error', () => describeDiagnostics(document.uri));
      await settings().update('rules', { 'missing-annotations': 'off' }, vscode.ConfigurationTarget.Workspace);
      await until(severityOf, (s) => s.length === 0, 15_000, 'missing-annotations to go away when off',
        () => describeDiagnostics(document.uri));
    } finally {
      await settings().update('rules', undefined, vscode.ConfigurationTarget.Workspace);
    }
    await until(severityOf, (s) => s.length === 1 && s[0] === vscode.DiagnosticSeverity.Warning, 15_000,
      'missing-annotations to come back as a warning', () => describeDiagnostics(document.uri));
  });

  it('verifies against a running server (mcp-hints.verify.command) and shows one row per tool in the report view', async function () {
    // The workspace is trusted here (code-server runs with --disable-workspace-trust); the server is the repository's
    // paged fixture (test/verify/fixtures/pages), whose tools the workspace's code does not register.
    const repo = vscode.extensions.getExtension(EXTENSION_ID)!.extensionPath;
    const settings = () => vscode.workspace.getConfiguration('mcp-hints', document.uri);
    try {
      const server = join(repo, 'test', 'verify', 'fixtures', 'pages', 'server.mjs');
      await settings().update('verify.command', [process.execPath, server], vscode.ConfigurationTarget.Workspace);
      const result = await vscode.commands.executeCommand<VerifyResult | undefined>('mcp-hints.verify');
      assert.ok(result?.ok, `verify succeeded: ${JSON.stringify(result)}`);
      const statuses = Object.fromEntries(result.tools.map((t) => [t.name, t.status]));
      assert.deepEqual(statuses, {
        page_one_a: 'missing-statically', page_one_b: 'missing-statically', page_two_a: 'missing-statically',
        page_two_b: 'missing-statically', page_three: 'missing-statically', delete_user: 'not-listed',
      });
      assert.equal(result.tools.find((t) => t.name === 'delete_user')!.uri, document.uri.toString());
      // The tab model reaches the extension host after the panel opens.
      await until(() => vscode.window.tabGroups.all.flatMap((group) => group.tabs.map((tab) => tab.label)), (tabs) => tabs.includes('MCP Hints: Verify'),
        15_000, 'the report view to show the result');
    } finally {
      await settings().update('verify.command', undefined, vscode.ConfigurationTarget.Workspace);
      await vscode.window.showTextDocument(document, vscode.ViewColumn.One); // the next tests act on the active editor
    }
  });

  it('offers a quick fix that writes the annotations and clears the warning', async function () {
    const [diagnostic] = ours(document.uri, 'missing-annotations');
    assert.ok(diagnostic, 'the missing-annotations diagnostic is still there');
    const actions = await vscode.commands.executeCommand<(vscode.CodeAction | vscode.Command)[]>(
      'vscode.executeCodeActionProvider',
      document.uri,
      diagnostic.range,
      vscode.CodeActionKind.QuickFix.value,
      10, // resolve lazily computed edits
    );
    const titles = actions.map((a) => a.title);
    const fix = actions.find((a): a is vscode.CodeAction => 'kind' in a && ADD_ANNOTATIONS.test(a.title));
    assert.ok(fix, `an "Annotate: …"/"Add annotations" quick fix among: ${JSON.stringify(titles)}`);
    assert.equal(fix.isPreferred, true, 'the annotations fix is the preferred one (Shift+Alt+. applies it)');
    assert.ok(fix.edit, 'the quick fix carries its edit');
    assert.equal(await vscode.workspace.applyEdit(fix.edit), true, 'the edit applies');

    const text = document.getText();
    assert.match(text, /annotations:\s*\{/);
    for (const hint of HINTS) assert.ok(text.includes(`${hint}:`), `the fix writes ${hint}:\n${text}`);
    // The handler deletes data: whatever else the fix infers, it must not claim the tool is read-only or harmless.
    assert.match(text, /readOnlyHint:\s*false/);
    assert.match(text, /destructiveHint:\s*true/, 'the handler calls db.users.delete');

    await until(() => ours(document.uri, 'missing-annotations'), (d) => d.length === 0, 15_000,
      'the missing-annotations diagnostic to go away after the fix', () => describeDiagnostics(document.uri));
  });

  it('approves all tools, reports safety-weakened after an edit, shows the approved contract, and approves it again', async function () {
    const folder = vscode.workspace.workspaceFolders![0];
    const lock = vscode.Uri.joinPath(folder.uri, 'mcp-hints.lock.json');
    // "MCP Hints: Approve All Tools": the server writes the record of the workspace folder (the buffer as it is now).
    await vscode.commands.executeCommand('mcp-hints.approveAll');
    const record = JSON.parse(new TextDecoder().decode(await vscode.workspace.fs.readFile(lock)));
    assert.deepEqual(record.tools.map((t: { name: string }) => t.name), ['delete_user']);
    assert.equal(record.tools[0].hints.destructiveHint, true);

    // An edit that makes the tool look harmless.
    const text = document.getText();
    const at = text.search(/destructiveHint:\s*true/);
    assert.ok(at > 0, `the annotated buffer declares destructiveHint: true:\n${text}`);
    const edit = new vscode.WorkspaceEdit();
    const claim = /destructiveHint:\s*true/.exec(text.slice(at))![0];
    edit.replace(document.uri, new vscode.Range(document.positionAt(at), document.positionAt(at + claim.length)), 'destructiveHint: false');
    assert.equal(await vscode.workspace.applyEdit(edit), true);
    const [weakened] = await until(() => ours(document.uri, 'safety-weakened'), (d) => d.length === 1, 15_000,
      'safety-weakened after the edit', () => describeDiagnostics(document.uri));
    assert.match(weakened.message, /"delete_user" looks safer than approved: `destructiveHint` true → false/);
    assert.equal(weakened.severity, vscode.DiagnosticSeverity.Error);

    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', document.uri, namePosition);
    assert.match(hoverText(hovers), /\| `destructiveHint` \| true \| false ⚠ \|/, hoverText(hovers));

    // The quick fix "Approve current contract" runs the server's command; the finding goes away.
    const actions = await vscode.commands.executeCommand<(vscode.CodeAction | vscode.Command)[]>(
      'vscode.executeCodeActionProvider', document.uri, weakened.range, vscode.CodeActionKind.QuickFix.value);
    const approve = actions.find((a): a is vscode.CodeAction => 'kind' in a && a.title === 'Approve current contract of "delete_user"');
    assert.ok(approve?.command, `an approve quick fix among: ${JSON.stringify(actions.map((a) => a.title))}`);
    await vscode.commands.executeCommand(approve.command.command, ...(approve.command.arguments ?? []));
    await until(() => ours(document.uri, 'safety-weakened'), (d) => d.length === 0, 15_000,
      'safety-weakened to go away after approving', () => describeDiagnostics(document.uri));
    const approved = JSON.parse(new TextDecoder().decode(await vscode.workspace.fs.readFile(lock)));
    assert.equal(approved.tools[0].hints.destructiveHint, false);
  });

  after(async function () {
    // Leave the scratch workspace as it was (the fix was applied to the unsaved buffer only).
    if (document?.isDirty) await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });
});
