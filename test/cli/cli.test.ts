// `mcp-hints check` as a user runs it: dist/cli.js in a child process over temp folders.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { escapeData, escapeProperty } from '../../server/src/cli/formats/github';
import { annotated, checkJson, CLI, HEADER, runCli, unannotated, workspaces } from './helpers';

const ws = workspaces();

/** Read-only, closed-world, titled: no rule reports it. */
const honest = `server.registerTool("get_user", { title: "Get user", description: "Reads.", annotations: { title: "Get user", readOnlyHint: true, openWorldHint: false } }, async () => ({ content: [] }));\n`;

const packageVersion = (JSON.parse(readFileSync(join(__dirname, '../../package.json'), 'utf8')) as { version: string }).version;

describe('usage', () => {
  test('--help prints usage and exits 0; --version prints the package version', () => {
    const dir = ws({});
    const help = runCli(['--help'], dir);
    assert.equal(help.code, 0);
    assert.match(help.stdout, /Usage: mcp-hints check/);
    assert.match(help.stdout, /--max-warnings/);
    const version = runCli(['--version'], dir);
    assert.equal(version.code, 0);
    assert.equal(version.stdout.trim(), packageVersion);
  });

  const usageErrors: [string, string[], RegExp][] = [
    ['unknown flag', ['check', '--frobnicate'], /unknown option --frobnicate/],
    ['unknown format', ['check', '--format', 'xml'], /unknown format "xml"/],
    ['nonexistent path', ['check', 'no/such/place'], /no such file or folder: no\/such\/place/],
    ['bad --max-warnings', ['check', '--max-warnings', 'many'], /--max-warnings needs a whole number/],
    ['unknown rule', ['check', '--rule', 'no-such-rule=error'], /unknown rule "no-such-rule"/],
    ['bad rule severity', ['check', '--rule', 'missing-annotations=loud'], /unknown severity "loud"/],
    ['unknown profile', ['check', '--profile', 'gemini'], /unknown profile "gemini"/],
    ['unknown command', ['lint'], /unknown command "lint"/],
    ['missing config', ['check', '--config', 'nope.json'], /config nope\.json: cannot read/],
  ];
  for (const [what, args, message] of usageErrors) {
    test(`${what}: exit 2 with a one-line message, no stack trace`, () => {
      const dir = ws({ 'a.ts': 'export const a = 1;\n' });
      const result = runCli(args, dir);
      assert.equal(result.code, 2, result.stderr);
      assert.match(result.stderr, message);
      assert.match(result.stderr.split('\n')[0], /^mcp-hints: /);
      assert.doesNotMatch(result.stderr, /\n\s+at /, 'no stack trace');
      assert.equal(result.stdout, '');
    });
  }

  test('bad config JSON: exit 2 naming the file, line and column', () => {
    const dir = ws({ '.mcp-hints.json': '{\n  "profile": "spec",\n  "rules": { "x" "y" }\n}\n', 'a.ts': '' });
    const result = runCli(['check'], dir);
    assert.equal(result.code, 2);
    assert.match(result.stderr, /^mcp-hints: config \.mcp-hints\.json:3:\d+: invalid JSON: ColonExpected/);
  });

  test('config with an unknown key or rule is a config error', () => {
    const dir = ws({ '.mcp-hints.json': '{ "rulez": {} }', 'a.ts': '' });
    assert.match(runCli(['check'], dir).stderr, /unknown key "rulez"/);
    const dir2 = ws({ '.mcp-hints.json': '{ "rules": { "missing-anotations": "off" } }', 'a.ts': '' });
    const result = runCli(['check'], dir2);
    assert.equal(result.code, 2);
    assert.match(result.stderr, /unknown rule "missing-anotations"/);
  });
});

describe('exit codes and findings', () => {
  test('exit 0 when nothing is wrong', () => {
    const dir = ws({ 'src/plain.ts': 'export const x = 1;\n', 'src/server.ts': HEADER + annotated('get_user') });
    const result = runCli(['check'], dir);
    assert.equal(result.code, 0, result.stdout + result.stderr);
    assert.match(result.stdout, /no problems|0 errors/);
  });

  test('exit 1 on an error (an unreadable file), and the other files still run', () => {
    const dir = ws({ 'src/server.ts': HEADER + annotated('get_user') });
    symlinkSync(join(dir, 'missing-target.ts'), join(dir, 'src/broken.ts'));
    const { result, output } = checkJson(dir);
    assert.equal(result.code, 1);
    const broken = output.diagnostics.find((d) => d.file === 'src/broken.ts');
    assert.ok(broken, JSON.stringify(output.diagnostics));
    assert.equal(broken.code, 'unreadable-file');
    assert.equal(broken.severity, 'error');
    assert.deepEqual(output.tools.map((t) => t.name), ['get_user']);
  });

  test('a tool without annotations gives a missing-annotations warning; --max-warnings decides the exit code', () => {
    const dir = ws({ 'src/server.ts': HEADER + unannotated('delete_user') });
    const { result, output } = checkJson(dir);
    const warning = output.diagnostics.find((d) => d.code === 'missing-annotations');
    assert.ok(warning, JSON.stringify(output));
    assert.equal(warning.severity, 'warning');
    assert.equal(warning.tool, 'delete_user');
    assert.equal(warning.file, 'src/server.ts');
    assert.equal(warning.line, 3);
    assert.equal(result.code, output.diagnostics.some((d) => d.severity === 'error') ? 1 : 0);
    const warnings = output.diagnostics.filter((d) => d.severity === 'warning').length;
    assert.equal(runCli(['check', '--max-warnings', String(warnings - 1)], dir).code, 1);
    assert.equal(runCli(['check', '--max-warnings', String(warnings)], dir).code, 0);
  });

  test('--quiet reports errors only (and warnings no longer count)', () => {
    const dir = ws({ 'src/server.ts': HEADER + unannotated('delete_user') });
    const { output } = checkJson(dir, ['--quiet']);
    assert.ok(output.diagnostics.every((d) => d.severity === 'error'), JSON.stringify(output.diagnostics));
    const text = runCli(['check', '--quiet', '--max-warnings', '0'], dir);
    assert.equal(text.code, 0, text.stdout);
    assert.doesNotMatch(text.stdout, /missing-annotations/);
  });

  test('--rule changes a severity or turns a rule off', () => {
    const dir = ws({ 'src/server.ts': HEADER + unannotated('delete_user') });
    const asError = checkJson(dir, ['--rule', 'missing-annotations=error']);
    assert.equal(asError.result.code, 1);
    assert.equal(asError.output.diagnostics.find((d) => d.code === 'missing-annotations')?.severity, 'error');
    const off = checkJson(dir, ['--rule', 'missing-annotations=off']);
    assert.equal(off.output.diagnostics.filter((d) => d.code === 'missing-annotations').length, 0);
  });

  // A workspace that produces every finding kind that is not a rule: both directive kinds and both file kinds.
  function nonRuleFindings(): string {
    const dir = ws({
      'src/server.ts':
        HEADER +
        '// mcp-hints-disable-next-line missing-annotations\n' + // no reason: invalid-disable-directive
        honest +
        '// mcp-hints-disable-next-line missing-annotations -- nothing to suppress below\n' + // unused-disable-directive
        'export const x = 1;\n',
      // TypeScript's parser overflows the stack on this: analysis-failed.
      'src/deep.ts': `${HEADER}${unannotated('deep_tool')}const y = ${'['.repeat(20000)}${']'.repeat(20000)};\n`,
    });
    symlinkSync(join(dir, 'missing-target.ts'), join(dir, 'src/broken.ts')); // unreadable-file
    return dir;
  }
  const NON_RULE_KINDS = ['invalid-disable-directive', 'unused-disable-directive', 'unreadable-file', 'analysis-failed'];

  test('--rule sets directive and file findings too: severity changes, off removes them', () => {
    const dir = nonRuleFindings();
    const codes = (args: string[]) => checkJson(dir, args).output.diagnostics.map((d) => `${d.code}:${d.severity}`).sort();
    assert.deepEqual(codes([]), ['analysis-failed:error', 'invalid-disable-directive:warning', 'unreadable-file:error', 'unused-disable-directive:warning']);
    for (const id of NON_RULE_KINDS) {
      const off = checkJson(dir, ['--rule', `${id}=off`]);
      assert.notEqual(off.result.code, 2, off.result.stderr);
      assert.ok(!off.output.diagnostics.some((d) => d.code === id), `${id}=off: ${JSON.stringify(off.output.diagnostics)}`);
      assert.equal(off.output.diagnostics.length, 3, `${id}=off removes only ${id}`);
      const info = checkJson(dir, ['--rule', `${id}=info`]);
      assert.equal(info.output.diagnostics.find((d) => d.code === id)?.severity, 'info', id);
    }
    // With both file kinds lowered, nothing is an error any more.
    assert.equal(runCli(['check', '--rule', 'unreadable-file=warning', '--rule', 'analysis-failed=warning'], dir).code, 0);
    assert.equal(runCli(['check', '--rule', 'unused-disable-directive=off'], dir).code, 1);
  });

  test('the config file sets directive and file kinds as --rule does', () => {
    const dir = nonRuleFindings();
    writeFileSync(join(dir, '.mcp-hints.json'), JSON.stringify({ rules: { 'unused-disable-directive': 'off', 'analysis-failed': 'hint' } }));
    const codes = checkJson(dir).output.diagnostics.map((d) => `${d.code}:${d.severity}`).sort();
    assert.deepEqual(codes, ['analysis-failed:hint', 'invalid-disable-directive:warning', 'unreadable-file:error']);
  });

  test('--rule with an unknown id is still a usage error', () => {
    const dir = ws({ 'src/server.ts': HEADER + annotated('get_user') });
    const result = runCli(['check', '--rule', 'unused-directive=off'], dir);
    assert.equal(result.code, 2);
    assert.match(result.stderr, /unknown rule "unused-directive"/);
  });

  test('--profile reaches the engine (ChatGPT wants every hint written; the spec does not)', () => {
    const dir = ws({ 'src/server.ts': `${HEADER}server.registerTool("get_user", { title: "Get user", description: "Reads a user.", annotations: { readOnlyHint: true } }, async () => ({ content: [] }));\n` });
    const codes = (profile: string) => checkJson(dir, ['--profile', profile]).output.diagnostics.map((d) => d.code);
    assert.ok(codes('chatgpt').includes('profile-requirement'), JSON.stringify(codes('chatgpt')));
    assert.ok(!codes('spec').includes('profile-requirement'), JSON.stringify(codes('spec')));
  });

  test('the evidence section of .mcp-hints.json reaches the engine as facts', () => {
    const code = `${HEADER}import { db } from "./db";\nserver.registerTool("get_user", { title: "Get user", description: "Reads a user.", annotations: { readOnlyHint: true, openWorldHint: false } }, async ({ id }) => { await db.exec(id); return { content: [] }; });\n`;
    const without = ws({ 'src/server.ts': code, 'src/db.ts': 'export declare const db: any;\n' });
    assert.ok(!checkJson(without).output.diagnostics.some((d) => d.code === 'read-only-contradicted'), 'an unknown call is not a write');
    const taught = ws({ '.mcp-hints.json': '{ "evidence": { "writes": ["db.exec"] } }', 'src/server.ts': code, 'src/db.ts': 'export declare const db: any;\n' });
    const finding = checkJson(taught).output.diagnostics.find((d) => d.code === 'read-only-contradicted');
    assert.match(finding?.message ?? '', /calls `db\.exec` \(a write, per \.mcp-hints\.json\)/);
  });

  test('a .mcp-hints.jsonc config (with comments) sets rules; --rule overrides it', () => {
    const dir = ws({
      '.mcp-hints.jsonc': '{\n  // quiet for this repo\n  "rules": { "missing-annotations": "off" },\n}\n',
      'src/server.ts': HEADER + unannotated('delete_user'),
    });
    assert.equal(checkJson(dir).output.diagnostics.filter((d) => d.code === 'missing-annotations').length, 0);
    const back = checkJson(dir, ['--rule', 'missing-annotations=warning']);
    assert.equal(back.output.diagnostics.filter((d) => d.code === 'missing-annotations').length, 1);
  });
});

describe('--format json', () => {
  test('a name computed from an environment variable: the default in code, with nameDependsOn', () => {
    const dir = ws({
      'server.ts':
        HEADER +
        'const prefix = process.env.TOOL_PREFIX;\n' +
        'server.registerTool(prefix ? `${prefix}_search` : "search", { annotations: { readOnlyHint: true } }, async () => ({ content: [] }));\n' +
        'server.registerTool("plain", { annotations: { readOnlyHint: true } }, async () => ({ content: [] }));\n',
    });
    const { output } = checkJson(dir);
    assert.deepEqual(output.tools.map((t) => [t.name, t.nameDependsOn]), [['search', ['TOOL_PREFIX']], ['plain', undefined]]);
    assert.deepEqual(Object.keys(output.tools[0]).slice(0, 2), ['name', 'nameDependsOn']);
  });

  test('contract: keys, types, relative "/" paths, 1-based positions, stable order', () => {
    const dir = ws({
      'b/server.ts': HEADER + unannotated('zeta') + unannotated('alpha'),
      'a/other.ts': HEADER + annotated('get_thing'),
    });
    const { output } = checkJson(dir);
    assert.deepEqual(Object.keys(output), ['version', 'files', 'tools', 'sites', 'servers', 'diagnostics']);
    assert.equal(output.version, 1);
    assert.equal(output.files, 2);
    assert.deepEqual(
      output.tools.map((t) => `${t.file}:${t.line}:${t.name}`),
      ['a/other.ts:3:get_thing', 'b/server.ts:3:zeta', 'b/server.ts:4:alpha'],
    );
    for (const tool of output.tools) {
      assert.deepEqual(Object.keys(tool), ['name', 'file', 'line', 'column', 'form', 'annotations', 'effective', 'title', 'condition', 'conditions']);
      assert.equal(tool.condition, null);
      assert.deepEqual(tool.conditions, []);
      assert.equal(tool.form, 'registerTool');
      assert.equal(tool.column, 1);
      assert.deepEqual(Object.keys(tool.effective).sort(), ['destructiveHint', 'idempotentHint', 'openWorldHint', 'readOnlyHint']);
    }
    const getThing = output.tools[0];
    assert.deepEqual(getThing.annotations, { title: 'get_thing', readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false });
    assert.deepEqual(getThing.effective, { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false });
    assert.equal(getThing.title, 'get_thing');
    const zeta = output.tools[1];
    assert.equal(zeta.annotations, null);
    assert.deepEqual(zeta.effective, { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true });
    assert.equal(zeta.title, null);
    assert.ok(output.diagnostics.length >= 2);
    for (const d of output.diagnostics) {
      assert.deepEqual(Object.keys(d), ['file', 'line', 'column', 'endLine', 'endColumn', 'severity', 'code', 'message', 'detail', 'tool']);
      assert.ok(d.detail === null || (typeof d.detail === 'string' && d.detail.length > 0));
      assert.ok(d.line >= 1 && d.column >= 1 && (d.endLine > d.line || (d.endLine === d.line && d.endColumn >= d.column)));
      assert.ok(['error', 'warning', 'info', 'hint'].includes(d.severity));
      assert.equal(typeof d.message, 'string');
      assert.doesNotMatch(d.file, /\\|^\//);
    }
    const sorted = [...output.diagnostics].sort((x, y) => (x.file < y.file ? -1 : x.file > y.file ? 1 : x.line - y.line || x.column - y.column));
    assert.deepEqual(output.diagnostics.map((d) => `${d.file}:${d.line}:${d.column}`), sorted.map((d) => `${d.file}:${d.line}:${d.column}`));
    // The name "zeta" is written at line 3 after `server.registerTool(` (21 characters).
    const zetaWarning = output.diagnostics.find((d) => d.tool === 'zeta' && d.code === 'missing-annotations');
    assert.ok(zetaWarning);
    assert.equal(zetaWarning.file, 'b/server.ts');
    assert.equal(zetaWarning.line, 3);
  });

  test('paths are relative to the current folder, with "/", for any argument form', () => {
    const dir = ws({ 'pkg/src/deep/server.ts': HEADER + unannotated('x') });
    const fromRoot = checkJson(dir, ['pkg/src']);
    assert.equal(fromRoot.output.tools[0].file, 'pkg/src/deep/server.ts');
    const fromInside = checkJson(join(dir, 'pkg'), ['.']);
    assert.equal(fromInside.output.tools[0].file, 'src/deep/server.ts');
    const absolute = checkJson(join(dir, 'pkg'), [join(dir, 'pkg/src/deep/server.ts')]);
    assert.equal(absolute.output.tools[0].file, 'src/deep/server.ts');
  });
});

describe('conditions in the outputs', () => {
  const guarded = HEADER + 'const readOnly = process.env.READ_ONLY === "1";\nif (!readOnly) {\n  ' + unannotated('delete_user') + '}\n' + unannotated('list_users');
  test('json: a tool registered only under a run-time condition carries it, as text and as structure', () => {
    const dir = ws({ 'src/server.ts': guarded });
    const { output } = checkJson(dir);
    const [deleteUser, listUsers] = output.tools;
    assert.equal(deleteUser.name, 'delete_user');
    assert.equal(deleteUser.condition, '!readOnly');
    assert.deepEqual(deleteUser.conditions, [
      { text: '!readOnly', negated: false, via: 'if', file: 'src/server.ts', line: 4, column: 5, dependsOn: [{ kind: 'env', name: 'READ_ONLY' }] },
    ]);
    assert.equal(listUsers.name, 'list_users');
    assert.equal(listUsers.condition, null);
  });
  test('sarif: results of a conditional tool carry the condition in their properties', () => {
    const dir = ws({ 'src/server.ts': guarded });
    const run = JSON.parse(runCli(['check', '--format', 'sarif'], dir).stdout).runs[0];
    const onDelete = run.results.filter((r: { locations: { physicalLocation: { region: { startLine: number } } }[] }) => r.locations[0].physicalLocation.region.startLine === 5);
    const onList = run.results.filter((r: { locations: { physicalLocation: { region: { startLine: number } } }[] }) => r.locations[0].physicalLocation.region.startLine === 7);
    assert.ok(onDelete.length > 0 && onList.length > 0);
    for (const r of onDelete) assert.deepEqual(r.properties, { condition: '!readOnly' });
    for (const r of onList) assert.equal(r.properties, undefined);
  });
  test('report: the markdown row names the condition', () => {
    const dir = ws({ 'src/server.ts': guarded });
    const markdown = runCli(['report'], dir).stdout;
    assert.match(markdown, /`delete_user` \(only when `!readOnly`\)/);
    assert.doesNotMatch(markdown, /`list_users` \(only when/);
  });
});

describe('--format sarif', () => {
  test('SARIF 2.1.0 with the required fields, rules from the registry and relative locations', () => {
    const dir = ws({ 'src/server.ts': HEADER + unannotated('delete_user') });
    const result = runCli(['check', '--format', 'sarif'], dir);
    const log = JSON.parse(result.stdout);
    assert.equal(log.version, '2.1.0');
    assert.match(log.$schema, /sarif-2\.1\.0/);
    assert.equal(log.runs.length, 1);
    const run = log.runs[0];
    assert.equal(run.tool.driver.name, 'mcp-hints');
    assert.equal(run.tool.driver.version, packageVersion);
    assert.match(run.tool.driver.informationUri, /^https:\/\//);
    const ruleIds = run.tool.driver.rules.map((r: { id: string }) => r.id);
    assert.ok(ruleIds.includes('missing-annotations'), ruleIds.join(','));
    assert.ok(ruleIds.includes('unreadable-file'));
    for (const rule of run.tool.driver.rules) {
      assert.equal(typeof rule.id, 'string');
      assert.ok(rule.shortDescription.text.length > 0, rule.id);
      assert.ok(rule.fullDescription.text.length > 0, rule.id);
      assert.match(rule.helpUri, /^https:\/\/.*\.md$/);
      assert.ok(['error', 'warning', 'note'].includes(rule.defaultConfiguration.level));
    }
    assert.ok(run.originalUriBaseIds['%SRCROOT%'].uri.startsWith('file://'));
    assert.ok(run.results.length >= 1);
    for (const r of run.results) {
      assert.equal(typeof r.ruleId, 'string');
      assert.ok(['error', 'warning', 'note'].includes(r.level));
      assert.equal(typeof r.message.text, 'string');
      assert.equal(run.tool.driver.rules[r.ruleIndex].id, r.ruleId);
      const location = r.locations[0].physicalLocation;
      assert.equal(location.artifactLocation.uriBaseId, '%SRCROOT%');
      assert.equal(location.artifactLocation.uri, 'src/server.ts');
      assert.ok(location.region.startLine >= 1 && location.region.startColumn >= 1);
      assert.ok(location.region.endLine >= location.region.startLine);
    }
  });
});

describe('--format sarif: rule metadata', () => {
  test('tool.driver.rules has every finding kind (each rule page, the directive and file kinds), and every result points into it', () => {
    const dir = ws({
      'src/server.ts': HEADER + '// mcp-hints-disable-next-line missing-annotations\n' + 'export const x = 1;\n',
      'src/deep.ts': `${HEADER}${honest}const y = ${'['.repeat(20000)}${']'.repeat(20000)};\n`,
    });
    symlinkSync(join(dir, 'missing-target.ts'), join(dir, 'src/broken.ts'));
    const log = JSON.parse(runCli(['check', '--format', 'sarif'], dir).stdout);
    const run = log.runs[0];
    const ids: string[] = run.tool.driver.rules.map((r: { id: string }) => r.id);
    const pages = readdirSync(join(__dirname, '../../docs/rules')).map((f) => f.replace(/\.md$/, ''));
    assert.ok(pages.length >= 19, pages.join(','));
    assert.deepEqual([...ids].sort(), [...pages].sort());
    for (const id of ['invalid-disable-directive', 'unused-disable-directive', 'unreadable-file', 'analysis-failed']) assert.ok(ids.includes(id), id);
    assert.deepEqual(
      run.results.map((r: { ruleId: string }) => r.ruleId).sort(),
      ['analysis-failed', 'invalid-disable-directive', 'no-tools-found', 'unreadable-file'],
    );
    for (const r of run.results) assert.equal(ids[r.ruleIndex], r.ruleId);
  });
});

describe('--format github', () => {
  test('one workflow command per finding, properties escaped', () => {
    const dir = ws({ 'src/a,b:c.ts': HEADER + unannotated('delete_user') });
    const result = runCli(['check', '--format', 'github'], dir);
    const lines = result.stdout.trimEnd().split('\n');
    assert.ok(lines.length >= 1, result.stdout);
    for (const line of lines) {
      assert.match(line, /^::(error|warning|notice) file=[^,:]+,line=\d+,col=\d+,endLine=\d+,endColumn=\d+,title=mcp-hints\([a-z-]+\)::[^\r\n]+$/);
    }
    assert.ok(lines.some((l) => l.startsWith('::warning file=src/a%2Cb%3Ac.ts,line=3,')), lines.join('\n'));
  });

  test('escaping follows GitHub rules', () => {
    assert.equal(escapeData('50% done\r\nnext: a, b'), '50%25 done%0D%0Anext: a, b');
    assert.equal(escapeProperty('a:b,c%\n'), 'a%3Ab%2Cc%25%0A');
  });
});

describe('--format text', () => {
  test('per file: the tools with their effective hints, then findings, then a summary', () => {
    const dir = ws({ 'src/server.ts': HEADER + unannotated('delete_user') + annotated('get_user'), 'src/plain.ts': 'export {};\n' });
    const result = runCli(['check', '--no-color'], dir);
    const out = result.stdout;
    assert.doesNotMatch(out, /\u001b\[/, 'no colour codes');
    assert.match(out, /^src\/server\.ts$/m);
    assert.match(out, /3:1\s+delete_user\s+RO=false\s+DE=true\s+ID=false\s+OW=true\s+\(no annotations: all defaults\)/);
    assert.match(out, /4:1\s+get_user\s+RO=true\s+DE=false\s+ID=true\s+OW=false/);
    assert.match(out, /3:\d+\s+warning\s+.*missing-annotations$/m);
    assert.match(out, /2 tools in 1 file \(2 files checked\)/);
    assert.doesNotMatch(out, /plain\.ts/, 'files without tools or findings are not listed');
  });
});

describe('pipes', () => {
  test('a reader that closes the pipe early (| head -1) gets no EPIPE stack trace', () => {
    const files: Record<string, string> = {};
    // Enough output (over 64 KB) to fill the pipe buffer, so the CLI writes after `head` has gone.
    for (let i = 0; i < 150; i++) files[`src/s${i}.ts`] = HEADER + unannotated(`tool_${i}`);
    const dir = ws(files);
    const result = spawnSync('sh', ['-c', `"${process.execPath}" "${CLI}" check --format json 2>stderr.txt | head -c 10 >/dev/null`], { cwd: dir, encoding: 'utf8' });
    assert.equal(result.status, 0);
    assert.doesNotMatch(readFileSync(join(dir, 'stderr.txt'), 'utf8'), /EPIPE|\n\s+at /);
  });
});

describe('text output: one line per finding, the explanation with --verbose', () => {
  // A read-only claim contradicted by a write two files away (its openWorldHint left out though the tool stays
  // local), a tool without annotations, and a title alone.
  const files = {
    'src/server.ts':
      HEADER +
      'import { saveAll } from "./store/save";\n' +
      'server.registerTool("sync_notes", { description: "x", annotations: { readOnlyHint: true } }, async () => { await saveAll(); return { content: [] }; });\n' +
      unannotated('list_users') +
      'server.registerTool("rename_note", { description: "x", annotations: { title: "Rename" } }, async () => ({ content: [] }));\n',
    'src/store/save.ts': 'import { writeFile } from "node:fs/promises";\nimport { path } from "./paths";\nexport async function saveAll() {\n  await writeFile(path(), "x");\n}\n',
    'src/store/paths.ts': 'export function path() {\n  return "notes.json";\n}\n',
  };
  const findingLines = (stdout: string) => stdout.split('\n').filter((line) => /^ {4}\d+:\d+ +(error|warning|info|hint) /.test(line));

  test('each finding is one line whose message fits 100 columns; no detail without --verbose', () => {
    const dir = ws(files);
    const { stdout } = runCli(['check', '--no-color'], dir);
    const lines = findingLines(stdout);
    assert.equal(lines.length, 4, stdout);
    for (const line of lines) {
      const code = line.split(/\s+/).at(-1)!;
      assert.ok(line.length - code.length - 2 <= 100, `longer than 100 columns before the rule id:\n${line}`);
    }
    assert.match(stdout, /`readOnlyHint: true`, but the handler calls `writeFile` at src\/store\/save\.ts:4\.  read-only-contradicted/);
    assert.match(stdout, /`openWorldHint` is omitted, but the code suggests `openWorldHint: false`\.  implicit-default/);
    assert.doesNotMatch(stdout, /Reached through|its effects stay local/);
  });

  test('--verbose prints each detail under its finding, wrapped to 100 columns; JSON carries it too', () => {
    const dir = ws(files);
    const { stdout } = runCli(['check', '--no-color', '--verbose'], dir);
    const lines = stdout.split('\n');
    const at = lines.findIndex((line) => line.includes('read-only-contradicted'));
    assert.ok(at >= 0, stdout);
    assert.match(lines[at + 1], /^ {21}Reached through `saveAll` at line 4\./);
    for (const line of lines) if (/^ {21}\S/.test(line)) assert.ok(line.length <= 100, `a detail line longer than 100 columns:\n${line}`);
    const { output } = checkJson(dir);
    const contradiction = output.diagnostics.find((d) => d.code === 'read-only-contradicted');
    assert.equal(contradiction?.detail, 'Reached through `saveAll` at line 4.');
    assert.match(output.diagnostics.find((d) => d.code === 'missing-annotations')?.detail ?? '', /pessimistic default/);
  });
});

describe('--fix', () => {
  test('writes safe fixes; a second --fix changes nothing; without --fix nothing is written', () => {
    const source = HEADER + unannotated('delete_user') + unannotated('list_users');
    const dir = ws({ 'src/server.ts': source });
    const file = join(dir, 'src/server.ts');
    runCli(['check'], dir);
    assert.equal(readFileSync(file, 'utf8'), source, 'check without --fix must not write');
    const first = runCli(['check', '--fix'], dir);
    const fixed = readFileSync(file, 'utf8');
    assert.notEqual(fixed, source, `--fix should have written annotations\n${first.stdout}${first.stderr}`);
    assert.match(fixed, /annotations/);
    assert.match(first.stdout, /^fixed 2 problems in 1 file: src\/server\.ts \(2\)$/m, 'says what it changed');
    const after = checkJson(dir);
    assert.equal(after.output.diagnostics.filter((d) => d.code === 'missing-annotations').length, 0, JSON.stringify(after.output.diagnostics));
    assert.equal(after.output.tools.length, 2);
    const second = runCli(['check', '--fix'], dir);
    assert.equal(readFileSync(file, 'utf8'), fixed, 'a second --fix changes nothing');
    assert.match(second.stdout, /^nothing safe to fix$/m);
    assert.doesNotMatch(second.stdout, /^fixed /m);
    assert.doesNotMatch(runCli(['check'], dir).stdout, /nothing safe to fix/, 'said only when asked to fix');
  });

  test('leaves generated files alone and says so; the hand-written file beside it is fixed', () => {
    const generated = '// Code generated by openapi-mcp. DO NOT EDIT.\n' + HEADER + unannotated('delete_pet');
    const handWritten = HEADER + unannotated('list_users');
    const dir = ws({ 'src/gen/pets.ts': generated, 'src/server.ts': handWritten });
    const result = runCli(['check', '--fix'], dir);
    assert.equal(readFileSync(join(dir, 'src/gen/pets.ts'), 'utf8'), generated, 'a generated file is never written');
    assert.notEqual(readFileSync(join(dir, 'src/server.ts'), 'utf8'), handWritten);
    assert.match(result.stdout, /^fixed 1 problem in 1 file: src\/server\.ts \(1\)$/m);
    assert.match(result.stdout, /not fixed: 1 fix left alone in 1 generated file \(src\/gen\/pets\.ts\): make these changes in the generator's input/);
    const after = checkJson(dir);
    assert.deepEqual(after.output.diagnostics.filter((d) => d.code === 'missing-annotations').map((d) => d.file), ['src/gen/pets.ts'], 'the finding stays in the generated file');
  });
});

describe('files', () => {
  test('.gitignore (root and nested, with negation), node_modules, .git, test files and .d.ts are skipped in folders', () => {
    const dir = ws({
      '.gitignore': 'generated/\n*.gen.ts\n',
      'src/server.ts': HEADER + unannotated('kept'),
      'src/api.gen.ts': HEADER + unannotated('gen_ignored'),
      'generated/x.ts': HEADER + unannotated('generated_ignored'),
      'pkg/.gitignore': 'local/\n!keep.gen.ts\n',
      'pkg/local/y.ts': HEADER + unannotated('nested_ignored'),
      'pkg/keep.gen.ts': HEADER + unannotated('unignored'),
      'other/local/z.ts': HEADER + unannotated('not_under_pkg'),
      'node_modules/dep/index.js': HEADER + unannotated('in_node_modules'),
      '.git/hooks/x.js': HEADER + unannotated('in_git'),
      'src/server.test.ts': HEADER + unannotated('in_test'),
      'src/server.spec.js': HEADER + unannotated('in_spec'),
      'src/__tests__/t.ts': HEADER + unannotated('in_tests_folder'),
      'src/__mocks__/m.ts': HEADER + unannotated('in_mocks'),
      'src/types.d.ts': HEADER + unannotated('in_dts'),
      'src/readme.md': unannotated('in_markdown'),
    });
    const names = checkJson(dir).output.tools.map((t) => t.name).sort();
    assert.deepEqual(names, ['kept', 'not_under_pkg', 'unignored']);
  });

  test('every source extension is read', () => {
    const files: Record<string, string> = {};
    for (const ext of ['ts', 'tsx', 'mts', 'cts', 'js', 'mjs', 'cjs', 'jsx']) files[`src/f.${ext}`] = unannotated(`tool_${ext}`);
    const names = checkJson(ws(files)).output.tools.map((t) => t.name).sort();
    assert.deepEqual(names, ['tool_cjs', 'tool_cts', 'tool_js', 'tool_jsx', 'tool_mjs', 'tool_mts', 'tool_ts', 'tool_tsx']);
  });

  test('explicit file arguments are always read, even ignored or test files', () => {
    const dir = ws({ '.gitignore': 'ignored.ts\n', 'ignored.ts': HEADER + unannotated('ignored_one'), 'x.test.ts': HEADER + unannotated('test_one') });
    assert.deepEqual(checkJson(dir).output.tools, []);
    const names = checkJson(dir, ['ignored.ts', 'x.test.ts']).output.tools.map((t) => t.name).sort();
    assert.deepEqual(names, ['ignored_one', 'test_one']);
  });

  test('config "ignore" patterns skip more', () => {
    const dir = ws({ '.mcp-hints.json': '{ "ignore": ["legacy/**", "*.old.ts"] }', 'legacy/a.ts': unannotated('legacy'), 'b.old.ts': unannotated('old'), 'c.ts': unannotated('kept') });
    assert.deepEqual(checkJson(dir).output.tools.map((t) => t.name), ['kept']);
  });

  test('in a git repository, parent .gitignore files apply to a subfolder, but a folder they ignore is checked when named', () => {
    const dir = ws({
      '.git/HEAD': 'ref: refs/heads/main\n',
      '.gitignore': 'cache/\n*.gen.ts\n',
      'cache/x.ts': unannotated('cached'),
      'src/a.gen.ts': unannotated('generated'),
      'src/b.ts': unannotated('kept'),
    });
    assert.deepEqual(checkJson(dir).output.tools.map((t) => t.name), ['kept']);
    assert.deepEqual(checkJson(dir, ['src']).output.tools.map((t) => t.name), ['kept']);
    assert.deepEqual(checkJson(dir, ['cache']).output.tools.map((t) => t.name), ['cached']);
  });
});

describe('workers', () => {
  test('a large run (worker threads) gives exactly the in-process result', () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 230; i++) files[`src/m${String(i).padStart(3, '0')}.ts`] = HEADER + unannotated(`tool_${i}`) + (i % 3 === 0 ? annotated(`read_${i}`) : '');
    for (let i = 0; i < 50; i++) files[`src/plain${i}.ts`] = `export const v${i} = ${i};\n`;
    const dir = ws(files);
    // Two workers besides the main thread, whatever this machine's core count.
    const inWorkers = checkJson(dir, [], { MCP_HINTS_WORKERS: '2' }, 120_000);
    const inProcess = checkJson(dir, [], { MCP_HINTS_WORKERS: '0' }, 120_000);
    assert.equal(inWorkers.output.files, 280);
    assert.equal(inWorkers.output.tools.length, 230 + 77);
    assert.deepEqual(inWorkers.output, inProcess.output);
    assert.equal(inWorkers.result.code, inProcess.result.code);
  });
});

describe('registrations not enumerated, and a server with no tool (never a silent pass)', () => {
  const SERVER = 'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nconst server = new McpServer({ name: "a", version: "1" });\n';
  const HELPER = 'export function add(def) {\n  server.registerTool(def.name, { annotations: def.annotations }, def.handler);\n}\n';

  test('text: no tool is invented, the site is a finding, the summary counts it and names the server; JSON lists sites and servers', () => {
    const dir = ws({ 'src/mcp.ts': SERVER + HELPER });
    const text = runCli(['check'], dir);
    assert.equal(text.code, 0, text.stderr);
    assert.doesNotMatch(text.stdout, /<dynamic name>|no problems|missing-annotations/);
    // One line each, readable at a glance; the chain and what to do are the detail (--verbose, JSON, hover).
    assert.match(text.stdout, /^ +4:23 +info +The tools registered here cannot be listed without running the server: they come from callers outside the project\. +unenumerated-tools$/m);
    assert.match(text.stdout, /^ +2:16 +warning +An MCP server is created here, but mcp-hints found no tool: 1 registration it could not list \(src\/mcp\.ts:4\)\. +no-tools-found$/m);
    assert.match(text.stdout, /^0 tools in 0 files \(1 file checked\); 1 registration not enumerated \(unenumerated-tools\); 1 MCP server created, no tool found \(no-tools-found\)$/m);
    const verbose = runCli(['check', '--verbose'], dir).stdout.replace(/\n +/g, ' ');
    assert.match(verbose, /The name comes from the parameter `def` of `add` \(line 3\), which nothing in the project calls/);
    assert.match(verbose, /src\/mcp\.ts:4 `server\.registerTool\(def\.name, …\)`: the name comes from the parameter `def`.* Run `mcp-hints verify -- <command>`/);
    const { output } = checkJson(dir);
    assert.deepEqual(output.tools, []);
    assert.deepEqual(output.sites.map((s) => [s.file, s.line, s.status, s.tools, s.cause?.kind]), [['src/mcp.ts', 4, 'unenumerated', 0, 'parameter']]);
    assert.deepEqual(output.servers.map((s) => [s.file, s.line, s.library]), [['src/mcp.ts', 2, '@modelcontextprotocol/sdk/server/mcp.js']]);
    assert.deepEqual(output.diagnostics.map((d) => `${d.code} ${d.line}`), ['no-tools-found 2', 'unenumerated-tools 4']);
  });

  test('with a tool found, the summary counts only what was not enumerated, and JSON marks the listed site enumerated', () => {
    const dir = ws({ 'src/mcp.ts': SERVER + HELPER + annotated('ping') });
    const text = runCli(['check'], dir);
    assert.match(text.stdout, /^1 tool in 1 file \(1 file checked\); 1 registration not enumerated \(unenumerated-tools\)$/m);
    assert.doesNotMatch(text.stdout, /no-tools-found/);
    const { output } = checkJson(dir);
    assert.deepEqual(output.sites.map((s) => [s.line, s.status, s.tools]), [[4, 'unenumerated', 0], [6, 'enumerated', 1]]);
  });

  test('report: the notice and the registrations not enumerated, in Markdown and JSON', () => {
    const dir = ws({ 'src/mcp.ts': SERVER + HELPER });
    const markdown = runCli(['report'], dir).stdout;
    assert.match(markdown, /^0 tools · 1 registration not enumerated · 1 MCP server created, no tool found$/m);
    assert.match(markdown, /^> \*\*warning\*\* `src\/mcp\.ts:2`: An MCP server is created here/m);
    assert.match(markdown, /^- `src\/mcp\.ts:4` `server\.registerTool\(def\.name, …\)`: the name comes from the parameter `def` of `add`/m);
    const json = JSON.parse(runCli(['report', '--format', 'json'], dir).stdout);
    assert.deepEqual(json.notices.map((n: { code: string; line: number }) => `${n.code} ${n.line}`), ['no-tools-found 2']);
    assert.equal(json.sites[0].status, 'unenumerated');
  });

  test('look-alikes: no server, no site, no notice', () => {
    const dir = ws({ 'src/agent.ts': 'import { tool } from "ai";\nexport const weather = tool({ description: "x", parameters: {}, execute: async () => 1 });\n' });
    const text = runCli(['check'], dir);
    assert.match(text.stdout, /✔ no problems/);
    assert.deepEqual(checkJson(dir).output.sites, []);
  });
});

describe('findings of several tools at one place', () => {
  test('tools listed by one tools/list handler, whose findings share a place and a message, each keep their finding and say which tool', () => {
    // The gitlab-server shape: a catalogue listed by one handler, handlers dispatched by name, both updating through
    // the same PUT helper. Each tool's finding is at the handler; without the tool's name they read the same.
    const dir = ws({
      'src/index.ts': [
        'import { Server } from "@modelcontextprotocol/sdk/server/index.js";',
        'import { ListToolsRequestSchema, CallToolRequestSchema } from "@modelcontextprotocol/sdk/types.js";',
        'const server = new Server({ name: "s", version: "1" }, { capabilities: { tools: {} } });',
        'const READ_ONLY = new Set(["list_issues"]);',
        'const DEFS = [',
        '  { name: "update_issue", inputSchema: { type: "object" } },',
        '  { name: "update_issue_note", inputSchema: { type: "object" } },',
        '];',
        // The annotations are made for every tool by one object literal: every tool's claim is located there.
        'const TOOLS = DEFS.map((tool) => ({ ...tool, annotations: { readOnlyHint: READ_ONLY.has(tool.name) } }));',
        'async function put(path: string, body: unknown) { return fetch(`https://api.example.com${path}`, { method: "PUT", body: JSON.stringify(body) }); }',
        'server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: TOOLS }));',
        'server.setRequestHandler(CallToolRequestSchema, async (request) => {',
        '  switch (request.params.name) {',
        '    case "update_issue": return put("/issue", request.params.arguments);',
        '    case "update_issue_note": return put("/note", request.params.arguments);',
        '  }',
        '  throw new Error("unknown tool");',
        '});',
        '',
      ].join('\n'),
    });
    const omitted = checkJson(dir).output.diagnostics.filter((d) => d.code === 'destructive-omitted');
    assert.deepEqual(omitted.map((d) => d.tool).sort(), ['update_issue', 'update_issue_note'], JSON.stringify(omitted));
    for (const d of omitted) assert.ok(d.message.startsWith(`"${d.tool}": `), d.message);
    assert.equal(new Set(omitted.map((d) => `${d.line}:${d.column}`)).size, 1, 'both at the same place');
  });
});
