// The review record with the built CLI, end to end: approve → edit the code → annotation-drift / safety-weakened
// naming what changed; --tool; stable output; unknown fields kept; a corrupt record reported and never rewritten;
// where the record goes; report --format json.
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { runCli, type JsonOutput } from '../cli/helpers';
import { editedServer, makeProject, SERVER_TS } from './project';

const LOCK = 'mcp-hints.lock.json';
const reviewFindings = (json: JsonOutput) =>
  json.diagnostics.filter((d) => ['safety-weakened', 'annotation-drift', 'unapproved'].includes(d.code)).map((d) => `${d.code}: ${d.message}${d.detail ? ` | ${d.detail}` : ''}`);

test('CLI: approve → edit → safety-weakened and drift say what changed; --tool approves one entry', () => {
  const project = makeProject();
  const { dir } = project;
  try {
    const approve = runCli(['approve'], dir);
    assert.equal(approve.code, 0, approve.stderr);
    assert.equal(approve.stdout, `approved 2 tools in ${LOCK}\n`);
    const text = readFileSync(join(dir, LOCK), 'utf8');
    const record = JSON.parse(text);
    assert.equal(text, `${JSON.stringify(record, null, 2)}\n`, '2-space JSON with a trailing newline');
    assert.deepEqual(record.tools.map((t: { name: string }) => t.name), ['list_notes', 'wipe_notes']);
    assert.deepEqual(record.tools[0], {
      ...record.tools[0],
      file: 'server.ts',
      title: null,
      hints: { readOnlyHint: true, destructiveHint: true, idempotentHint: false, openWorldHint: false },
      inputs: { folder: 'string' },
      evidence: [],
    });
    assert.deepEqual(record.tools[1].evidence, ['delete']);
    assert.match(record.tools[1].fingerprints.description, /^sha256:[0-9a-f]{64}$/);

    // Approving again changes nothing; a reformatted file is still approved.
    assert.match(runCli(['approve'], dir).stdout, /unchanged/);
    assert.equal(readFileSync(join(dir, LOCK), 'utf8'), text);
    writeFileSync(join(dir, 'server.ts'), SERVER_TS.replace(/\{ folder: z\.string\(\) \}/, "{\n      folder: z.string(), // where\n    }").replace(/"/g, "'"));
    const reformatted = runCli(['check', '--format', 'json'], dir);
    assert.deepEqual(reviewFindings(JSON.parse(reformatted.stdout)), []);

    // The pull request's edit.
    writeFileSync(join(dir, 'server.ts'), editedServer());
    const check = runCli(['check', '--format', 'json'], dir);
    assert.equal(check.code, 1, 'safety-weakened is an error');
    assert.deepEqual(reviewFindings(JSON.parse(check.stdout)), [
      'safety-weakened: "list_notes" looks safer than approved: input `markAsRead` (boolean) added since approval; still declared read-only. | Review the change, then approve the new contract (`mcp-hints approve`, or the quick action in the editor).',
      'safety-weakened: "wipe_notes" looks safer than approved: `destructiveHint` true → false. | Review the change, then approve the new contract (`mcp-hints approve`, or the quick action in the editor).',
    ]);

    // --tool rewrites only that entry.
    assert.equal(runCli(['approve', '--tool', 'wipe_notes'], dir).stdout, `approved 1 tool in ${LOCK}\n`);
    const after = JSON.parse(readFileSync(join(dir, LOCK), 'utf8'));
    assert.deepEqual(after.tools[0], record.tools[0]);
    assert.equal(after.tools[1].hints.destructiveHint, false);
    assert.deepEqual(reviewFindings(JSON.parse(runCli(['check', '--format', 'json'], dir).stdout)).map((f) => f.split(':')[0]), ['safety-weakened']);

    // A new call in the handler of a tool approved as writing is drift, and names the call.
    runCli(['approve'], dir);
    writeFileSync(join(dir, 'server.ts'), editedServer().replace('await rm("notes", { recursive: true, force: true });', 'await rm("notes", { recursive: true, force: true });\n    await fetch("https://example.com/audit", { method: "POST" });'));
    const drift = reviewFindings(JSON.parse(runCli(['check', '--format', 'json'], dir).stdout));
    assert.equal(drift.length, 1);
    assert.match(drift[0], /^annotation-drift: "wipe_notes" differs from its approved contract: handler now calls `fetch`/);

    assert.equal(runCli(['approve', '--tool', 'no_such_tool'], dir).code, 2);
  } finally {
    project.cleanup();
  }
});

test('CLI: the record is the user data: unknown fields kept, a corrupt record reported at its line and never rewritten', () => {
  const project = makeProject();
  const { dir } = project;
  try {
    runCli(['approve'], dir);
    const record = JSON.parse(readFileSync(join(dir, LOCK), 'utf8'));
    record.reviewedBy = 'security-team';
    record.tools[1].ticket = 'SEC-42';
    writeFileSync(join(dir, LOCK), `${JSON.stringify(record, null, 2)}\n`);
    writeFileSync(join(dir, 'server.ts'), editedServer());
    assert.equal(runCli(['approve'], dir).code, 0);
    const kept = JSON.parse(readFileSync(join(dir, LOCK), 'utf8'));
    assert.equal(kept.reviewedBy, 'security-team');
    assert.equal(kept.tools[1].ticket, 'SEC-42');
    assert.equal(kept.tools[1].hints.destructiveHint, false);

    const lines = readFileSync(join(dir, LOCK), 'utf8').split('\n');
    lines.splice(3, 0, '<<<<<<< HEAD');
    lines.splice(lines.length - 2, 0, '=======', '>>>>>>> feature');
    const conflicted = lines.join('\n');
    writeFileSync(join(dir, LOCK), conflicted);
    for (const args of [['check'], ['approve'], ['report']]) {
      const result = runCli(args, dir);
      assert.equal(result.code, 2, args.join(' '));
      assert.match(result.stderr, new RegExp(`${LOCK.replace(/\./g, '\\.')}:4:1: merge-conflict marker "<<<<<<<"`));
      assert.equal(readFileSync(join(dir, LOCK), 'utf8'), conflicted, `${args[0]} left the record as it was`);
    }
  } finally {
    project.cleanup();
  }
});

test('CLI: the record goes to the project root (package.json) whatever folder approve runs from; report --format json', () => {
  const project = makeProject();
  const { dir } = project;
  try {
    mkdirSync(join(dir, 'scripts'));
    assert.equal(runCli(['approve', '..'], join(dir, 'scripts')).code, 0);
    assert.deepEqual(JSON.parse(readFileSync(join(dir, LOCK), 'utf8')).tools.map((t: { file: string }) => t.file), ['server.ts', 'server.ts']);
    writeFileSync(join(dir, 'server.ts'), editedServer().replace('"list_notes"', '"list_all_notes"'));
    const report = JSON.parse(runCli(['report', '--format', 'json'], dir).stdout);
    const states = Object.fromEntries(report.tools.map((t: { name: string; approval: { state: string } }) => [t.name, t.approval.state]));
    assert.deepEqual(states, { list_all_notes: 'unapproved', wipe_notes: 'safety-weakened' });
    const wipe = report.tools.find((t: { name: string }) => t.name === 'wipe_notes');
    assert.deepEqual(wipe.evidence.kinds, ['delete']);
    assert.ok(wipe.findings.some((f: { code: string }) => f.code === 'safety-weakened'));
  } finally {
    project.cleanup();
  }
});
