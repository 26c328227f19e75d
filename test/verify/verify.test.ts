// `mcp-hints verify` run as a user runs it (dist/cli.js), against servers built on the real SDK
// (test/verify/fixtures). Each fixture's comment says what it does; the expected statuses follow from that.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { runCli as runInProcess } from '../../server/src/cli/run';
import { processAlive } from '../../server/src/cli/verify/stdio-client';
import type { VerifyJson } from '../../server/src/cli/verify/verify';
import { ROOT, runCli } from '../cli/helpers';

const FIXTURES = join(ROOT, 'test', 'verify', 'fixtures');

function verify(fixture: string, args: string[], env: Record<string, string> = {}) {
  return runCli(['verify', ...args], join(FIXTURES, fixture), env, 120_000);
}

function verifyJson(fixture: string, serverArgs: string[] = [], env: Record<string, string> = {}) {
  const result = verify(fixture, ['--format', 'json', '--', process.execPath, 'server.mjs', ...serverArgs], env);
  let output: VerifyJson;
  try {
    output = JSON.parse(result.stdout) as VerifyJson;
  } catch {
    throw new Error(`not JSON (exit ${result.code}): ${result.stdout.slice(0, 500)}\nstderr: ${result.stderr.slice(0, 2000)}`);
  }
  return { result, output, byName: new Map(output.tools.map((t) => [t.name, t])) };
}

describe('verify: one tool per status (statuses/server.mjs)', () => {
  test('JSON contract: every status, the differing values, the run-time value of the environment hint', () => {
    const { result, output, byName } = verifyJson('statuses', [], { NOTES_READ_ONLY: '1' });
    assert.equal(result.code, 1, 'a difference and a tool missing statically make exit code 1');
    assert.equal(output.version, 1);
    assert.deepEqual(output.command, [process.execPath, 'server.mjs']);
    assert.deepEqual(output.server, { name: 'notes', version: '1.2.3' });
    assert.deepEqual(
      Object.fromEntries(output.tools.map((t) => [t.name, t.status])),
      { read_note: 'match', archive_note: 'differs', sync_notes: 'unresolved', plugin_export: 'missing-statically', purge_notes: 'not-listed' },
    );
    for (const tool of output.tools) assert.deepEqual(Object.keys(tool), ['name', 'status', 'file', 'line', 'condition', 'static', 'runtime', 'differences']);

    const match = byName.get('read_note')!;
    assert.equal(match.file, 'server.mjs');
    assert.deepEqual(match.static, { readOnlyHint: true, destructiveHint: null, idempotentHint: null, openWorldHint: false, title: 'Read a note' });
    assert.deepEqual(match.runtime, { readOnlyHint: true, openWorldHint: false, title: 'Read a note' });
    assert.deepEqual(match.differences, []);

    // The code declares destructiveHint: false; update() sets it to true before the tools are listed.
    assert.deepEqual(byName.get('archive_note')!.differences, [{ key: 'destructiveHint', static: false, runtime: true }]);

    const fromEnv = byName.get('sync_notes')!;
    assert.equal(fromEnv.static!.readOnlyHint, 'unresolved');
    assert.equal(fromEnv.runtime!.readOnlyHint, true, 'NOTES_READ_ONLY=1 reached the server: the current environment is passed on');
    assert.deepEqual(fromEnv.differences, []);

    const behindFlag = byName.get('purge_notes')!;
    assert.equal(behindFlag.runtime, null);
    assert.equal(behindFlag.static!.destructiveHint, true);
    assert.equal(typeof behindFlag.line, 'number');
    assert.equal(behindFlag.condition, "process.argv.includes('--admin')");

    const fromData = byName.get('plugin_export')!;
    assert.deepEqual([fromData.file, fromData.line, fromData.static], [null, null, null]);
    assert.deepEqual(fromData.runtime, { readOnlyHint: true });

    assert.match(result.stderr, /skipped 2 non-JSON lines on stdout/, 'the two log lines before the handshake');
  });

  test('the run-time value follows the environment', () => {
    const { byName } = verifyJson('statuses', [], { NOTES_READ_ONLY: '0' });
    assert.equal(byName.get('sync_notes')!.runtime!.readOnlyHint, false);
  });

  test('arguments after -- go to the server: with --admin the flagged tool is listed and matches', () => {
    const { byName } = verifyJson('statuses', ['--admin']);
    assert.equal(byName.get('purge_notes')!.status, 'match');
  });

  test('text: a table with the values beside the source, and a summary line', () => {
    const result = verify('statuses', ['--', process.execPath, 'server.mjs'], { NOTES_READ_ONLY: '1' });
    assert.equal(result.code, 1);
    const lines = result.stdout.split('\n');
    assert.match(lines[0], /^status\s+tool\s+location\s+details$/);
    const row = (name: string) => lines.find((l) => l.split(/\s+/)[1] === name) ?? '';
    assert.match(row('archive_note'), /^differs\s+archive_note\s+server\.mjs:\d+\s+destructiveHint: false → true$/);
    assert.match(row('sync_notes'), /^unresolved\s+sync_notes\s+server\.mjs:\d+\s+readOnlyHint: process\.env\.NOTES_READ_ONLY === '1' → true$/);
    assert.match(row('plugin_export'), /^missing-statically\s+plugin_export\s+sends readOnlyHint: true$/);
    // A tool the run did not list says what its registration waits on.
    assert.match(row('purge_notes'), /^not-listed\s+purge_notes\s+server\.mjs:\d+\s+when process\.argv\.includes\('--admin'\)$/);
    assert.match(result.stdout, /1 registration in the code has its name computed at run time \(server\.mjs:\d+\)/);
    assert.match(result.stdout, /^notes 1\.2\.3: 5 tools: 1 match, 1 differs, 1 unresolved, 1 missing statically, 1 not listed\.$/m);
  });
});

describe('verify: pages and exit code 0', () => {
  test('follows nextCursor through every page of a low-level tools/list handler', () => {
    const { result, output } = verifyJson('pages');
    assert.deepEqual(output.tools.map((t) => t.name), ['page_one_a', 'page_one_b', 'page_two_a', 'page_two_b', 'page_three']);
    assert.ok(output.tools.every((t) => t.runtime !== null));
    assert.ok(output.tools.every((t) => t.status === 'match'), result.stdout);
    assert.equal(result.code, 0, 'nothing differs and nothing is missing statically');
    assert.equal(result.stderr, '');
  });
});

describe('verify: servers that fail give exit code 2, say which failure, and show their stderr', () => {
  test('a command that does not exist cannot start', () => {
    const result = verify('statuses', ['--', join(FIXTURES, 'no-such-server')]);
    assert.equal(result.code, 2);
    assert.match(result.stderr, /cannot start: could not start .*no-such-server: command not found/);
    assert.equal(result.stdout, '');
  });

  test('a server that throws at start exits early, before the handshake', () => {
    const result = verify('crash', ['--', process.execPath, 'server.mjs']);
    assert.equal(result.code, 2);
    assert.match(result.stderr, /exited early: the server exited with code 1 before answering initialize/);
    assert.match(result.stderr, /Last lines of its stderr:\n(.*\n)*\s+\| Error: CRASH_TOKEN is not set/);
    assert.equal(result.stdout, '');
  });

  test('a server that exits while listing its tools', () => {
    const result = verify('early-exit', ['--format', 'json', '--', process.execPath, 'server.mjs']);
    assert.equal(result.code, 2);
    assert.match(result.stderr, /exited early: the server exited with code 3 before answering tools\/list/);
    assert.match(result.stderr, /\| early server: lost the database connection/);
    assert.equal(result.stdout, '');
  });

  test('a server that answers tools/list with an error; a JSON log line on stdout is skipped too', () => {
    const result = verify('no-tools', ['--', process.execPath, 'server.mjs']);
    assert.equal(result.code, 2);
    assert.match(result.stderr, /error answer: the server answered tools\/list with an error: .*Method not found/);
    assert.match(result.stderr, /skipped 1 non-JSON line on stdout/);
  });

  test('a server that never answers is stopped after the timeout, with the process it started', () => {
    const result = verify('hang', ['--timeout', '5000', '--', process.execPath, 'server.mjs']);
    assert.equal(result.code, 2);
    assert.match(result.stderr, /timeout: the server did not finish answering initialize within 5000 ms/);
    const helper = /helper pid (\d+)/.exec(result.stderr);
    assert.ok(helper, result.stderr);
    assert.equal(processAlive(Number(helper[1])), false, 'the helper (which ignores SIGTERM) was killed with the server');
  });
});

/** Usage errors never start anything: run in this process, through the CLI's own entry. */
async function verifyInProcess(args: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await runInProcess(['verify', ...args], {
    cwd: join(FIXTURES, 'pages'),
    env: {},
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
  });
  return { code, stdout, stderr };
}

describe('verify: usage', () => {
  const cases: { args: string[]; message: RegExp }[] = [
    { args: [], message: /needs the server command after "--"/ },
    { args: ['--'], message: /needs the server command after "--"/ },
    { args: ['--timeout', 'soon', '--', 'node'], message: /--timeout needs a positive whole number of milliseconds, not "soon"/ },
    { args: ['--format', 'sarif', '--', 'node'], message: /unknown format "sarif" \(use text, json\)/ },
    { args: ['--fix', '--', 'node'], message: /unknown option --fix/ },
    { args: ['missing-folder', '--', 'node', '-e', ''], message: /no such file or folder: missing-folder/ },
  ];
  for (const { args, message } of cases) {
    test(`verify ${args.join(' ')} → exit 2`, async () => {
      const result = await verifyInProcess(args);
      assert.equal(result.code, 2);
      assert.match(result.stderr, message);
    });
  }

  test('--help describes the command', async () => {
    const result = await verifyInProcess(['--help']);
    assert.equal(result.code, 0);
    assert.match(result.stdout, /^Usage: mcp-hints verify \[paths\.\.\.\] \[options\] -- <command> \[args\.\.\.\]/);
  });
});
