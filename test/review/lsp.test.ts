// The review record in the editor, at the LSP protocol level: approve all, edit → safety-weakened with what changed,
// the hover's approved-vs-now table, the "Approve current contract" quick fix (that entry only), a corrupt record
// shown on the record and never rewritten, and an edited record re-analysing the open file.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from 'node:test';
import type { CodeAction, Diagnostic, MarkupContent, PublishDiagnosticsParams } from 'vscode-languageserver-protocol';
import { LspClient, offsetOf, positionAt } from '../lsp/harness';
import { editedServer, makeProject, SERVER_TS } from './project';

/** Diagnostic messages may be Markdown in LSP 3.18; this server sends plain strings. */
const text = (d: Diagnostic) => (typeof d.message === 'string' ? d.message : d.message.value);
const reviewCodes = (p: PublishDiagnosticsParams) => p.diagnostics.map((d) => String(d.code)).filter((c) => ['safety-weakened', 'annotation-drift', 'unapproved'].includes(c));

test('editor: approve → edit → safety-weakened, hover, quick fix, corrupt and edited records', async () => {
  const project = makeProject();
  const { client } = await LspClient.start({ pull: false, rootUri: pathToFileURL(project.dir).href });
  const serverUri = pathToFileURL(join(project.dir, 'server.ts')).href;
  const lockPath = join(project.dir, 'mcp-hints.lock.json');
  const lockUri = pathToFileURL(lockPath).href;
  try {
    let version = 1;
    await client.open(serverUri, SERVER_TS);
    const first = await client.nextPush(serverUri, 0);
    assert.deepEqual(reviewCodes(first), [], 'no record yet: no review findings');

    // "MCP Hints: Approve All Tools"
    let pushes = client.pushCount(serverUri);
    const reply = await client.request<{ approved: number }>('workspace/executeCommand', { command: 'mcp-hints.approveAll', arguments: [] });
    assert.equal(reply.approved, 2);
    const record = JSON.parse(readFileSync(lockPath, 'utf8'));
    assert.deepEqual(record.tools.map((t: { name: string; file: string }) => [t.name, t.file]), [['list_notes', 'server.ts'], ['wipe_notes', 'server.ts']]);
    assert.ok(readFileSync(lockPath, 'utf8').endsWith('}\n'));
    assert.deepEqual(reviewCodes(await client.nextPush(serverUri, pushes)), []);

    // Edit the code: a write input on the read-only tool, destructiveHint true → false on the other.
    pushes = client.pushCount(serverUri);
    const edited = editedServer();
    await client.change(serverUri, edited, ++version);
    const afterEdit = await client.waitFor(() => {
      const list = client.pushed.get(serverUri)!.slice(pushes);
      return list.find((p) => p.version === version && reviewCodes(p).length === 2);
    }, 'safety-weakened after the edit');
    const messages = afterEdit.diagnostics.filter((d) => d.code === 'safety-weakened').map(text).sort();
    assert.match(messages[0], /"list_notes" looks safer than approved: input `markAsRead` \(boolean\) added since approval; still declared read-only/);
    assert.match(messages[1], /"wipe_notes" looks safer than approved: `destructiveHint` true → false/);

    // The hover shows the approved contract beside the current one.
    const hover = await client.hover(serverUri, positionAt(edited, offsetOf(edited, 'wipe_notes', 2)));
    const hoverText = (hover!.contents as MarkupContent).value;
    assert.match(hoverText, /\| \| approved \| now \|/);
    assert.match(hoverText, /\| `destructiveHint` \| true \| false ⚠ \|/);
    assert.match(hoverText, /\| `readOnlyHint` \| false \| false \|/);

    // Quick fix "Approve current contract" on wipe_notes' finding updates that entry only.
    const wipe = afterEdit.diagnostics.find((d) => d.code === 'safety-weakened' && text(d).includes('wipe_notes')) as Diagnostic;
    const actions = await client.codeActions(serverUri, wipe.range, [wipe]);
    const approveAction = actions.find((a: CodeAction) => a.title === 'Approve current contract of "wipe_notes"');
    assert.ok(approveAction?.command, `actions: ${actions.map((a) => a.title).join(', ')}`);
    const listEntryBefore = JSON.stringify(JSON.parse(readFileSync(lockPath, 'utf8')).tools[0]);
    pushes = client.pushCount(serverUri);
    await client.request('workspace/executeCommand', approveAction.command);
    const updated = JSON.parse(readFileSync(lockPath, 'utf8'));
    assert.equal(JSON.stringify(updated.tools[0]), listEntryBefore, 'list_notes entry untouched');
    assert.equal(updated.tools[1].hints.destructiveHint, false);
    const afterApprove = await client.waitFor(() => client.pushed.get(serverUri)!.slice(pushes).find((p) => reviewCodes(p).length === 1), 'one review finding left');
    assert.ok((afterApprove.diagnostics.find((d) => d.code === 'safety-weakened')!.message as string).includes('list_notes'));

    // A record with merge-conflict markers: a diagnostic on the record at the marker's line, and never rewritten.
    const conflicted = readFileSync(lockPath, 'utf8').replace('  "tools": [', '<<<<<<< HEAD\n  "tools": [').replace(/\n}\n$/, '\n=======\n>>>>>>> other\n}\n');
    writeFileSync(lockPath, conflicted);
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: lockUri, type: 2 }] });
    const problem = await client.waitFor(() => client.pushed.get(lockUri)?.find((p) => p.diagnostics.length > 0), 'a diagnostic on the record');
    assert.equal(problem.diagnostics[0].range.start.line, 2);
    assert.match(text(problem.diagnostics[0]), /merge-conflict marker/);
    await assert.rejects(client.request('workspace/executeCommand', approveAction.command), /merge-conflict marker/);
    assert.equal(readFileSync(lockPath, 'utf8'), conflicted, 'a corrupt record is never rewritten');

    // A valid record edited by hand (list_notes approved as writing): the open file is compared again.
    const handEdited = JSON.parse(readFileSync(join(project.dir, 'mcp-hints.lock.json'), 'utf8').replace(/^(<{7}|={7}|>{7}).*\n/gm, ''));
    handEdited.tools[0].hints.readOnlyHint = false;
    handEdited.tools[0].inputs.markAsRead = 'boolean';
    handEdited.tools[0].evidence = ['write'];
    pushes = client.pushCount(serverUri);
    writeFileSync(lockPath, `${JSON.stringify(handEdited, null, 2)}\n`);
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: lockUri, type: 2 }] });
    const recompared = await client.waitFor(
      () => client.pushed.get(serverUri)!.slice(pushes).find((p) => p.diagnostics.some((d) => d.code === 'safety-weakened' && text(d).includes('`readOnlyHint` false → true'))),
      'safety-weakened from the edited record',
    );
    assert.ok(recompared);
    assert.deepEqual(client.pushed.get(lockUri)!.at(-1)!.diagnostics, [], 'the record problem is cleared');
  } finally {
    await client.stop();
    project.cleanup();
  }
});
