// The README's "Use in CI" section, run as written: its `npx mcp-hints …` commands are read from the README (so they
// cannot drift) and run by bash in a fixture project, with `npx mcp-hints` resolved to this build through a shim.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { test } from 'node:test';
import { CLI, ROOT } from '../cli/helpers';
import { editedServer, makeProject } from './project';

const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
const section = readme.slice(readme.indexOf('<!-- ci:begin -->'), readme.indexOf('<!-- ci:end -->'));
const workflow = /```yaml\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
/** Every `run:` of the workflow, in order. */
const runs = [...workflow.matchAll(/^\s*run: (.+)$/gm)].map((m) => m[1]);
const mcpHintsRuns = runs.filter((command) => command.includes('npx mcp-hints'));
const approveCommand = /`(npx mcp-hints approve)`/.exec(section)?.[1];

function shimBin(): string {
  const bin = mkdtempSync(join(tmpdir(), 'mcp-hints-npx-'));
  const npx = join(bin, 'npx');
  writeFileSync(npx, `#!/bin/sh\nif [ "$1" = "mcp-hints" ]; then shift; exec "${process.execPath}" "${CLI}" "$@"; fi\necho "unexpected: npx $*" >&2\nexit 127\n`);
  chmodSync(npx, 0o755);
  return bin;
}

/** As a GitHub runner runs a step without a `shell:`: `bash -e`. */
function step(command: string, cwd: string, bin: string) {
  const result = spawnSync('bash', ['-e', '-c', command], { cwd, encoding: 'utf8', env: { ...process.env, PATH: `${bin}${delimiter}${process.env.PATH}`, NO_COLOR: '1' } });
  if (result.error) throw result.error;
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

test('the README CI section names the steps the issue asks for', () => {
  assert.ok(approveCommand, 'the section says how to approve');
  assert.ok(mcpHintsRuns.some((c) => c.includes('check --format sarif')), 'SARIF for code scanning');
  assert.match(workflow, /uses: github\/codeql-action\/upload-sarif@v\d/);
  assert.ok(mcpHintsRuns.some((c) => c.includes('check --format github')), 'inline annotations');
  assert.ok(mcpHintsRuns.some((c) => c.includes('report --format markdown')), 'the report');
  assert.ok(runs.some((c) => c.startsWith('gh pr comment')), 'the report is posted');
});

test('the README CI commands: green after approval, failing with the change named after a safety-weakening edit', () => {
  const project = makeProject();
  const bin = shimBin();
  try {
    const approve = step(approveCommand!, project.dir, bin);
    assert.equal(approve.code, 0, approve.stderr);
    assert.ok(existsSync(join(project.dir, 'mcp-hints.lock.json')));

    const sarifFile = /sarif_file: (\S+)/.exec(workflow)![1];
    const bodyFile = /--body-file (\S+)/.exec(runs.find((c) => c.startsWith('gh pr comment'))!)![1];
    const runAll = () => mcpHintsRuns.map((command) => ({ command, ...step(command, project.dir, bin) }));

    // Approved and unchanged: every step passes, no review findings.
    for (const result of runAll()) assert.equal(result.code, 0, `${result.command}\n${result.stdout}${result.stderr}`);
    const cleanSarif = JSON.parse(readFileSync(join(project.dir, sarifFile), 'utf8'));
    assert.ok(cleanSarif.runs[0].tool.driver.rules.some((r: { id: string }) => r.id === 'safety-weakened'), 'SARIF rule metadata lists safety-weakened');
    assert.ok(!cleanSarif.runs[0].results.some((r: { ruleId: string }) => r.ruleId === 'safety-weakened'));

    // The pull request makes a read-only tool take a write input and weakens a destructive hint.
    writeFileSync(join(project.dir, 'server.ts'), editedServer());
    const results = runAll();
    const byCommand = (part: string) => results.find((r) => r.command.includes(part))!;
    assert.equal(byCommand('--format sarif').code, 0, 'the SARIF step stays green so the upload runs');
    const sarif = JSON.parse(readFileSync(join(project.dir, sarifFile), 'utf8'));
    const weakened = sarif.runs[0].results.filter((r: { ruleId: string }) => r.ruleId === 'safety-weakened');
    assert.equal(weakened.length, 2);
    assert.equal(weakened[0].level, 'error');

    const report = readFileSync(join(project.dir, bodyFile), 'utf8');
    assert.match(report, /^\| tool \| file \| hints \| evidence \| approval \| findings \|$/m);
    assert.match(report, /^\| `wipe_notes` \| `server\.ts:\d+` \| .* \| \*\*safety weakened\*\*: `destructiveHint` true → false \|/m);
    assert.match(report, /^\| `list_notes` .*input `markAsRead` \(boolean\) added since approval/m);

    const github = byCommand('--format github');
    assert.equal(github.code, 1, 'the workflow fails on safety-weakened');
    assert.match(github.stdout, /^::error file=server\.ts,line=\d+,.*title=mcp-hints\(safety-weakened\)::"wipe_notes" looks safer than approved: `destructiveHint` true → false/m);

    // Reviewed and approved again: green.
    assert.equal(step(approveCommand!, project.dir, bin).code, 0);
    assert.equal(step(mcpHintsRuns.find((c) => c.includes('--format github'))!, project.dir, bin).code, 0);
  } finally {
    project.cleanup();
    rmSync(bin, { recursive: true, force: true });
  }
});
