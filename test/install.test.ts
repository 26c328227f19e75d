// The install a user follows, run as the README writes it. A copy of this checkout without build output stands in
// for a fresh clone: its `npm start` must leave the VSIX and the npm tarball. Then every command of the README's
// ```sh blocks runs where a user would run it (in the clone, or in an empty server project that installs the
// tarball), with only the two placeholders /path/to/mcp-hints and /path/to/your-server filled in, and the "Use in
// CI" workflow's `run:` steps run in order in such a project, as a GitHub runner would run them. npm runs offline
// with an empty cache: the tarball must need nothing else. `gh` is a stand-in that records its arguments.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, delimiter, dirname, join, relative, resolve } from 'node:path';
import { after, before, test } from 'node:test';
import { parse as parseYaml } from 'yaml';
import { ROOT } from './cli/helpers';
import { editedServer, makeProject } from './review/project';

const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
const packageJson = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const VSIX = `mcp-hints-${packageJson.version}.vsix`;
const TARBALL = `mcp-hints-${packageJson.version}.tgz`;
/** The fixture server's tools (test/review/project.ts). */
const FIXTURE_TOOLS = ['list_notes', 'wipe_notes'];

/** Every command line of the README's ```sh blocks, in order (comments and blank lines left out). */
const readmeCommands = [...readme.matchAll(/```sh\n([\s\S]*?)```/g)]
  .flatMap((m) => m[1].split('\n'))
  .map((line) => line.trim())
  .filter((line) => line !== '' && !line.startsWith('#'));

const ciSection = readme.slice(readme.indexOf('<!-- ci:begin -->'), readme.indexOf('<!-- ci:end -->'));
const workflow = parseYaml(/```yaml\n([\s\S]*?)```/.exec(ciSection)?.[1] ?? '') as {
  jobs: Record<string, { steps: { name?: string; uses?: string; run?: string; env?: Record<string, string>; with?: Record<string, unknown> }[] }>;
};
const ciSteps = Object.values(workflow?.jobs ?? {})[0]?.steps ?? [];
const approveCommand = /`(npx mcp-hints approve)`/.exec(ciSection)?.[1];

const temp = mkdtempSync(join(tmpdir(), 'mcp-hints-install-'));
/** The stand-in for a fresh clone: named as the README's `cd` expects. */
const clone = join(temp, 'mcp-hints');
const bin = join(temp, 'bin');
const ghLog = join(temp, 'gh-args.txt');
const npmCache = join(temp, 'npm-cache');
after(() => rmSync(temp, { recursive: true, force: true }));

/** npm and npx as a user's shell has them, but offline, with an empty cache, never fetching a missing package. */
function env(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PATH: `${bin}${delimiter}${process.env.PATH}`,
    NO_COLOR: '1',
    FORCE_COLOR: '',
    npm_config_offline: 'true',
    npm_config_cache: npmCache,
    npm_config_yes: 'false',
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    npm_config_update_notifier: 'false',
    ...extra,
  };
}

/** As a GitHub runner runs a step without a `shell:` (`bash --noprofile --norc -eo pipefail`). */
function sh(command: string, cwd: string, extraEnv: Record<string, string> = {}) {
  const result = spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', command], { cwd, encoding: 'utf8', env: env(extraEnv), timeout: 120_000, maxBuffer: 1 << 26 });
  if (result.error) throw result.error;
  return { command, code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** The README's placeholders, filled in; any other `/path/to/…` is a command nobody can run as written. */
function fill(command: string, project: string): string {
  const filled = command.replaceAll('/path/to/mcp-hints', clone).replaceAll('/path/to/your-server', project);
  assert.doesNotMatch(filled, /\/path\/to\//, `unknown placeholder in the README command: ${command}`);
  return filled;
}

/** The tools `check --format json` finds, run as `command` with the format appended. */
function toolsFound(command: string, cwd: string): string[] {
  const json = sh(`${command} --format json`, cwd);
  assert.ok(json.code === 0 || json.code === 1, `${json.command}: exit ${json.code}\n${json.stderr}`);
  return (JSON.parse(json.stdout).tools as { name: string }[]).map((t) => t.name).sort();
}

/** A copy of the checkout as `git clone` would give it (tracked and new files, no build output), with node_modules linked. */
function makeFreshClone() {
  const listed = spawnSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: ROOT, encoding: 'utf8' });
  assert.equal(listed.status, 0, `git ls-files: ${listed.stderr}`);
  // The tests themselves are not needed to build and package (and the corpus data is never copied around).
  const files = listed.stdout.split('\0').filter((f) => f && !f.startsWith('test/') && f !== 'node_modules' && existsSync(join(ROOT, f)));
  for (const file of files) {
    mkdirSync(dirname(join(clone, file)), { recursive: true });
    cpSync(join(ROOT, file), join(clone, file));
  }
  assert.ok(!existsSync(join(clone, 'dist')), 'the fresh clone has no build output');
  // `npm ci` would install the same lock file; the checkout's installed packages stand in for it.
  symlinkSync(realpathSync(join(ROOT, 'node_modules')), join(clone, 'node_modules'));
}

let npmStart: ReturnType<typeof sh>;

before(() => {
  mkdirSync(bin);
  // Records how the workflow calls `gh`, and that the file it posts exists.
  writeFileSync(join(bin, 'gh'), `#!/bin/sh\nfor a in "$@"; do printf '%s\\n' "$a"; done > "${ghLog}"\n[ -f "$5" ] || { echo "gh: no file $5" >&2; exit 1; }\n`);
  chmodSync(join(bin, 'gh'), 0o755);
  makeFreshClone();
  assert.ok(readmeCommands.includes('npm start'), 'the README builds the packages with npm start');
  npmStart = sh('npm start', clone);
});

test('npm start in a fresh clone leaves the VSIX and the npm tarball', () => {
  assert.equal(npmStart.code, 0, `npm start:\n${npmStart.stdout}\n${npmStart.stderr}`);
  for (const file of [VSIX, TARBALL]) assert.ok(existsSync(join(clone, file)), `${file} is in the clone after npm start`);
  assert.match(npmStart.stdout, new RegExp(`npm install -D \\./${TARBALL.replaceAll('.', '\\.')}`), 'npm start says how to install the CLI');
});

test('the README install commands run as written', () => {
  const project = makeProject();
  try {
    const repositoryUrl = packageJson.repository.url.replace(/^git\+/, '');
    const handled: string[] = [];
    for (const command of readmeCommands) {
      let m: RegExpMatchArray | null;
      if ((m = /^git clone (\S+)$/.exec(command))) {
        assert.equal(m[1], repositoryUrl, 'the README clones the repository package.json names');
      } else if ((m = /^cd (\S+)$/.exec(command))) {
        assert.equal(m[1], basename(repositoryUrl, '.git'), 'the clone\'s folder');
        assert.equal(m[1], basename(clone));
      } else if (command === 'npm ci') {
        // npm ci installs the lock file as it is: it must agree with package.json.
        const lock = JSON.parse(readFileSync(join(clone, 'package-lock.json'), 'utf8'));
        assert.equal(lock.packages[''].version, packageJson.version);
        assert.deepEqual(lock.packages[''].devDependencies, packageJson.devDependencies, 'package-lock.json is in step with package.json');
      } else if (command === 'npm start') {
        assert.equal(npmStart.code, 0, 'npm start ran in the clone (before)');
      } else if ((m = /^code --install-extension (\S+)$/.exec(command))) {
        assert.equal(m[1], VSIX);
        assert.equal(readFileSync(join(clone, m[1])).subarray(0, 2).toString('latin1'), 'PK', 'the VSIX npm start left is a zip');
      } else if ((m = /^node (\S+\/dist\/server\.js) --stdio$/.exec(command))) {
        assert.ok(existsSync(fill(m[1], project.dir)), `${m[1]} is in the clone`);
      } else if (/^cp \S+ \.$/.test(command) || /^npm install -D \S+$/.test(command)) {
        const result = sh(fill(command, project.dir), project.dir);
        assert.equal(result.code, 0, `${command}\n${result.stdout}${result.stderr}`);
      } else if (/^npx mcp-hints check\b/.test(command)) {
        const result = sh(command, project.dir);
        assert.ok(result.code === 0 || result.code === 1, `${command}: exit ${result.code}\n${result.stdout}${result.stderr}`);
      } else if (/^node dist\/cli\.js check \S+$/.test(command)) {
        const filled = fill(command, project.dir);
        const result = sh(filled, clone);
        assert.ok(result.code === 0 || result.code === 1, `${command}: exit ${result.code}\n${result.stdout}${result.stderr}`);
        assert.deepEqual(toolsFound(filled, clone), FIXTURE_TOOLS, `${command} checks the project`);
      } else {
        assert.fail(`the README shows a command this test does not know how to run: ${command}`);
      }
      handled.push(command);
    }
    assert.ok(handled.some((c) => c.startsWith('npm install -D ./')), 'the README installs the tarball');
    assert.deepEqual(toolsFound('npx mcp-hints check', project.dir), FIXTURE_TOOLS, 'the installed CLI checks the project');
    // What the install recorded: the tarball as a file dependency, so npm ci in CI installs the same.
    const installed = JSON.parse(readFileSync(join(project.dir, 'package.json'), 'utf8'));
    assert.equal(installed.devDependencies?.['mcp-hints'], `file:${TARBALL}`);
    assert.deepEqual(readdirSync(join(project.dir, 'node_modules')).sort(), ['.bin', '.package-lock.json', 'mcp-hints'], 'the CLI installs no dependencies');
    // The configuration example's `$schema` names the schema in the installed package.
    const schemaPath = JSON.parse(/```json\n([\s\S]*?)```/.exec(readme.slice(readme.indexOf('## Configuration')))![1]).$schema;
    assert.ok(existsSync(join(project.dir, schemaPath)), `${schemaPath} is installed`);
  } finally {
    project.cleanup();
  }
});

test('the README configuration example is a config the CLI reads and applies', () => {
  const section = readme.slice(readme.indexOf('## Configuration'));
  const example = /```json\n([\s\S]*?)```/.exec(section)?.[1];
  assert.ok(example, 'the Configuration section shows a config file');
  const config = JSON.parse(example);
  const project = makeProject();
  try {
    writeFileSync(join(project.dir, '.mcp-hints.json'), example);
    // A tool without annotations, once where the example's `ignore` leaves it out and once where it does not.
    const bare = (name: string) => `import { server } from "${name === 'kept' ? '.' : '..'}/server";\nserver.registerTool("${name}", { description: "x" }, async () => ({ content: [] }));\n`;
    mkdirSync(join(project.dir, 'generated'));
    writeFileSync(join(project.dir, 'generated', 'bare.ts'), bare('ignored'));
    writeFileSync(join(project.dir, 'bare.ts'), bare('kept'));
    const result = sh(`node dist/cli.js check ${project.dir} --format json`, clone);
    // Exit code 2 would be a configuration error.
    assert.ok(result.code === 0 || result.code === 1, `exit ${result.code}\n${result.stdout}${result.stderr}`);
    const missing = (JSON.parse(result.stdout).diagnostics as { code: string; file: string; severity: string }[]).filter((d) => d.code === 'missing-annotations');
    // The example raises missing-annotations from its default (warning), so its effect shows.
    assert.notEqual(config.rules['missing-annotations'], 'warning');
    assert.deepEqual(missing.map((d) => [relative(project.dir, resolve(clone, d.file)), d.severity]), [['bare.ts', config.rules['missing-annotations']]]);
    assert.ok(config.ignore.includes('generated/**'));
  } finally {
    project.cleanup();
  }
});

/** `${{ … }}` as GitHub fills it in, for the expressions the workflow uses. */
function githubExpressions(text: string): string {
  const values: Record<string, string> = { 'github.token': 'dummy-token', 'github.event.pull_request.number': '7' };
  return text.replace(/\$\{\{\s*([\w.]+)\s*\}\}/g, (_, expr: string) => {
    assert.ok(expr in values, `unknown expression in the workflow: ${expr}`);
    return values[expr];
  });
}

/** The workflow's `run:` steps, in order, in `dir` as a fresh checkout (its `npm ci` step reinstalls node_modules). */
function runWorkflow(dir: string) {
  rmSync(join(dir, 'node_modules'), { recursive: true, force: true });
  rmSync(ghLog, { force: true });
  return ciSteps
    .filter((s) => s.run)
    .map((s) => sh(githubExpressions(s.run!), dir, Object.fromEntries(Object.entries(s.env ?? {}).map(([k, v]) => [k, githubExpressions(String(v))]))));
}

test('the README CI workflow has the steps it describes', () => {
  const runs = ciSteps.map((s) => s.run ?? '');
  assert.ok(approveCommand, 'the section says how to approve');
  assert.deepEqual(ciSteps.slice(0, 2).map((s) => s.uses?.split('@')[0]), ['actions/checkout', 'actions/setup-node']);
  assert.ok(runs.some((r) => r.startsWith('npm ci')), 'installs the project, the tarball with it');
  assert.ok(runs.some((r) => r.includes('check --format sarif')), 'SARIF for code scanning');
  assert.ok(ciSteps.some((s) => s.uses?.startsWith('github/codeql-action/upload-sarif@')));
  assert.ok(runs.some((r) => r.includes('check --format github')), 'inline annotations');
  assert.ok(runs.some((r) => r.includes('report --format markdown')), 'the report');
  assert.ok(runs.some((r) => r.startsWith('gh pr comment')), 'the report is posted');
  // Never the registry: the package is not published, and a name nobody owns yet could be taken.
  for (const r of runs.filter((r) => r.includes('mcp-hints '))) assert.match(r, /^npx --no mcp-hints /, r);
});

test('the README CI workflow, run as written: green after approval, failing with the change named after a safety-weakening edit', () => {
  const project = makeProject();
  try {
    // Installed as the README says, then approved once and committed (here: left in place).
    const install = readmeCommands.filter((c) => /^cp \S+ \.$/.test(c) || /^npm install -D /.test(c));
    assert.equal(install.length, 2);
    for (const command of install) assert.equal(sh(fill(command, project.dir), project.dir).code, 0, command);
    const approve = sh(approveCommand!, project.dir);
    assert.equal(approve.code, 0, approve.stderr);
    assert.ok(existsSync(join(project.dir, 'mcp-hints.lock.json')));

    const sarifFile = String(ciSteps.find((s) => s.uses?.startsWith('github/codeql-action/upload-sarif@'))!.with!.sarif_file);
    const ghStep = ciSteps.find((s) => s.run?.startsWith('gh pr comment'))!;
    const bodyFile = /--body-file (\S+)/.exec(ghStep.run!)![1];

    // Approved and unchanged: every step passes, no review findings, the report is posted.
    for (const result of runWorkflow(project.dir)) assert.equal(result.code, 0, `${result.command}\n${result.stdout}${result.stderr}`);
    assert.deepEqual(readFileSync(ghLog, 'utf8').trim().split('\n'), ['pr', 'comment', '7', '--body-file', bodyFile]);
    const cleanSarif = JSON.parse(readFileSync(join(project.dir, sarifFile), 'utf8'));
    assert.ok(cleanSarif.runs[0].tool.driver.rules.some((r: { id: string }) => r.id === 'safety-weakened'), 'SARIF rule metadata lists safety-weakened');
    assert.ok(!cleanSarif.runs[0].results.some((r: { ruleId: string }) => r.ruleId === 'safety-weakened'));

    // The pull request makes a read-only tool take a write input and weakens a destructive hint.
    writeFileSync(join(project.dir, 'server.ts'), editedServer());
    const results = runWorkflow(project.dir);
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
    assert.equal(sh(approveCommand!, project.dir).code, 0);
    assert.equal(sh(github.command, project.dir).code, 0);
  } finally {
    project.cleanup();
  }
});
