// Unit tests for the pure parts of the LSP layer and the client: fix-all selection, settings,
// hint descriptions, and the report page's escaping.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { renderReportHtml, renderVerifyHtml, escapeHtml, reportRows } from '../../client/src/report';
import { describeToolMarkdown, omittedMeaningfulHints, profileLine, readOut } from '../../server/src/engine';
import type { Finding, HintKey, HintValue, Tool } from '../../server/src/engine';
import { selectSafeFixes } from '../../server/src/engine';
import { applyEdits } from '../../server/src/engine';
import { fixAllText, minimalEdit } from '../../server/src/lsp/code-actions';
import type { ReportResult, VerifyResult, VerifyTool } from '../../server/src/lsp/protocol';
import { DEFAULT_SETTINGS, effectiveSeverity, engineOptionsFor, normalizeSettings, verifyCommand, withConfig } from '../../server/src/lsp/settings';

const FILE = '/w/server.ts';

function finding(fixes: Finding['fixes']): Finding {
  return { rule: 'r', severity: 'warning', message: 'm', loc: { file: FILE, start: 0, end: 1 }, tool: null, fixes };
}

function insert(at: number, newText: string, safe = true) {
  return { title: `insert ${newText}`, safe, edits: [{ file: FILE, start: at, end: at, newText }] };
}

const selectSafeEdits = (file: string, text: string, findings: Finding[]) => selectSafeFixes(file, text, findings).flatMap((fix) => fix.edits);

describe('fix-all selection (the engine\'s, as the editor uses it)', () => {
  const text = 'f({ a: 1 });\ng({ b: 2 });\n';
  const noHost = { readFile: () => undefined };

  test('keeps safe fixes, drops unsafe, overlapping and parse-breaking ones', () => {
    const at1 = text.indexOf(' }');
    const at2 = text.lastIndexOf(' }');
    const edits = selectSafeEdits(FILE, text, [
      finding([insert(at1, ', x: true')]),
      finding([insert(at1, ', y: true')]), // same spot as the first: skipped
      finding([insert(at2, ', z: ', true)]), // leaves `z:` without a value: breaks parsing
      finding([insert(0, '// nope\n', false)]), // not safe
    ]);
    assert.deepEqual(edits, [{ file: FILE, start: at1, end: at1, newText: ', x: true' }]);
    assert.equal(applyEdits(text, edits), 'f({ a: 1, x: true });\ng({ b: 2 });\n');
  });

  test('falls back to the next fix of a finding when the first breaks parsing', () => {
    const at = text.indexOf(' }');
    const edits = selectSafeEdits(FILE, text, [finding([insert(at, ', broken: '), insert(at, ', ok: 1')])]);
    assert.equal(applyEdits(text, edits), 'f({ a: 1, ok: 1 });\ng({ b: 2 });\n');
  });

  test('edits in other files are never part of fix-all', () => {
    const edits = selectSafeEdits(FILE, text, [finding([{ title: 'x', safe: true, edits: [{ file: '/w/other.ts', start: 0, end: 0, newText: '1' }] }])]);
    assert.deepEqual(edits, []);
  });

  test('fixAllText stops when nothing is left and minimalEdit keeps the unchanged ends', () => {
    const at = text.indexOf(' }');
    const fixed = fixAllText(FILE, text, [finding([insert(at, ', x: true')])], noHost, {}, () => true);
    assert.equal(fixed, 'f({ a: 1, x: true });\ng({ b: 2 });\n');
    assert.deepEqual(minimalEdit(text, fixed), { start: at, end: at, newText: ', x: true' });
    assert.equal(minimalEdit(text, text), null);
    // minimalEdit applied gives the fixed text, also when the change repeats surrounding characters.
    for (const [a, b] of [['aaa', 'aaaa'], ['abcabc', 'abc'], ['', 'x'], ['xy', '']] as const) {
      const e = minimalEdit(a, b)!;
      assert.equal(applyEdits(a, [{ file: FILE, ...e }]), b);
    }
  });
});

describe('settings', () => {
  test('defaults for missing or wrong values', () => {
    assert.deepEqual(normalizeSettings(undefined), DEFAULT_SETTINGS);
    assert.deepEqual(normalizeSettings(null), DEFAULT_SETTINGS);
    const s = normalizeSettings({ enable: 'yes', profile: 'nope', rules: { a: 'off', b: 'loud', c: 'error' }, inlayHints: { enable: false } });
    assert.equal(s.enable, true);
    assert.equal(s.profile, undefined, 'an invalid profile is not a choice: the config file or the default decides');
    assert.deepEqual(s.rules, { a: 'off', c: 'error' });
    assert.equal(s.inlayHints.enable, false);
    assert.equal(s.codeLens.enable, true);
  });

  test('the user\'s settings override the config file key by key; the rest comes from the file, then the defaults', () => {
    const config = { profile: 'chatgpt' as const, rules: { a: 'off' as const, b: 'error' as const } };
    const none = withConfig(normalizeSettings({}), config);
    assert.equal(none.profile, 'chatgpt');
    assert.deepEqual(none.rules, { a: 'off', b: 'error' });
    const some = withConfig(normalizeSettings({ profile: 'claude', rules: { a: 'warning' } }), config);
    assert.equal(some.profile, 'claude');
    assert.deepEqual(some.rules, { a: 'warning', b: 'error' });
    assert.equal(withConfig(normalizeSettings({}), {}).profile, 'spec');
    assert.deepEqual(engineOptionsFor(normalizeSettings({ rules: { a: 'warning' } }), config), { profile: 'chatgpt', rules: { a: 'warning', b: 'error' } });
  });

  test('rule severities', () => {
    const s = normalizeSettings({ rules: { a: 'off', c: 'hint' } });
    assert.equal(effectiveSeverity(s, 'a', 'error'), null);
    assert.equal(effectiveSeverity(s, 'c', 'error'), 'hint');
    assert.equal(effectiveSeverity(s, 'z', 'warning'), 'warning');
  });

  const commands: { setting: unknown; words: string[] | null }[] = [
    { setting: ['node', 'dist/index.js'], words: ['node', 'dist/index.js'] },
    { setting: 'node dist/index.js --stdio', words: ['node', 'dist/index.js', '--stdio'] },
    { setting: `node "dist/my server.js" --name='a b'`, words: ['node', 'dist/my server.js', '--name=a b'] },
    { setting: 'node $ENTRY', words: ['node', '$ENTRY'] }, // no shell runs it: nothing is expanded
    { setting: 'node server.js | tee log', words: null }, // a pipe needs a shell
    { setting: 'node server.js > log', words: null },
    { setting: ['node', 3], words: null },
    { setting: [], words: null },
    { setting: '', words: null },
    { setting: undefined, words: null },
  ];
  for (const { setting, words } of commands) {
    test(`verify.command ${JSON.stringify(setting)} → ${JSON.stringify(words)}`, () => {
      assert.deepEqual(verifyCommand(setting), words);
      assert.deepEqual(normalizeSettings({ verify: { command: setting } }).verify.command, words);
    });
  }
});

function tool(effective: Record<HintKey, HintValue>, declared: Partial<Record<HintKey, boolean>> | null, name = 'do_it'): Tool {
  const loc = { file: FILE, start: 0, end: 1 };
  return {
    id: 't',
    name,
    form: 'registerTool',
    site: loc,
    loc,
    nameLoc: loc,
    receiver: 'server',
    declared: declared
      ? {
          loc,
          objectLoc: loc,
          inline: true,
          properties: Object.entries(declared).map(([key, value]) => ({ key, value: value!, loc, keyLoc: loc, valueLoc: loc })),
          unresolved: [],
        }
      : null,
    effective,
    title: null,
    titleSource: null,
    inputSchema: null,
    handler: null,
    config: null,
    slot: { kind: 'none', reason: 'test' },
    misplaced: [],
    expanded: false,
  };
}

describe('describe', () => {
  const defaults = { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true } as const;

  test('read-outs and profiles', () => {
    assert.equal(readOut(defaults), 'Not read-only, may destroy, unsafe to retry, reaches the outside world.');
    assert.equal(profileLine(defaults), 'writes · may destroy · unsafe to retry · open-world');
    const ro = { ...defaults, readOnlyHint: true, openWorldHint: false };
    assert.equal(profileLine(ro), 'read-only · closed-world');
    assert.equal(readOut(ro), 'Read-only, stays in a closed world.');
    assert.equal(profileLine({ ...defaults, readOnlyHint: 'unresolved' }), 'read-only? · may destroy · unsafe to retry · open-world');
  });

  test('omitted meaningful hints depend on read-only and the profile', () => {
    const ro = tool({ ...defaults, readOnlyHint: true }, { readOnlyHint: true });
    assert.deepEqual(omittedMeaningfulHints(ro), ['openWorldHint']);
    assert.deepEqual(omittedMeaningfulHints(ro, 'chatgpt'), ['destructiveHint', 'openWorldHint']);
    assert.deepEqual(omittedMeaningfulHints(tool(defaults, null)), ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint']);
  });

  test('the tool table escapes names', () => {
    const md = describeToolMarkdown(tool(defaults, null, 'a|b`c'));
    assert.match(md, /a\\\|b'c/);
    assert.match(md, /\| `openWorldHint` \| — \| true \(default\) \|/);
  });

  test('a name computed from the environment says which variables it assumes unset', () => {
    assert.doesNotMatch(describeToolMarkdown(tool(defaults, null, 'linear_get_teams')), /unset/);
    const md = describeToolMarkdown({ ...tool(defaults, null, 'linear_get_teams'), nameDependsOn: ['TOOL_PREFIX'] });
    assert.match(md, /when `TOOL_PREFIX` is unset/);
  });
});

describe('report page', () => {
  const report: ReportResult = {
    tools: [
      {
        name: '<img src=x onerror=alert(1)>',
        form: 'registerTool',
        uri: 'file:///w/src/a%20b.ts',
        range: { start: { line: 4, character: 2 }, end: { line: 4, character: 9 } },
        effective: { readOnlyHint: true, destructiveHint: true, idempotentHint: false, openWorldHint: 'unresolved' },
        profile: 'read-only · world?',
        title: '"quoted" & <b>',
        annotated: true,
        findings: [{ rule: 'x', severity: 'warning', message: '</script><script>alert(2)</script>', range: { start: { line: 4, character: 2 }, end: { line: 4, character: 9 } } }],
      },
    ],
    sites: [],
    filesScanned: 1,
    errors: [],
    truncated: false,
  };

  test('workspace text is escaped, the CSP allows only the nonce script', () => {
    const html = renderReportHtml(report, { cspSource: 'vscode-resource:', nonce: 'abc123', roots: ['file:///w'] });
    assert.ok(!html.includes('<img'));
    assert.ok(!html.includes('</script><script>alert'));
    assert.ok(html.includes('&lt;img src=x onerror=alert(1)&gt;'));
    assert.ok(html.includes('&quot;quoted&quot; &amp; &lt;b&gt;'));
    assert.match(html, /Content-Security-Policy" content="default-src 'none'; [^"]*script-src 'nonce-abc123';"/);
    assert.equal(html.match(/<script/g)?.length, 1);
    assert.ok(html.includes('src/a b.ts:5'), 'location relative to the folder, 1-based line');
    assert.ok(html.includes('data-index="0"'));
    assert.doesNotMatch(html, /not enumerated|cannot be listed/, 'no section for registrations when there are none');
  });

  test('registrations not enumerated: counted in the summary, one row each after the tools, escaped, opening their location', () => {
    const site = { uri: 'file:///w/src/mcp.ts', range: { start: { line: 3, character: 2 }, end: { line: 3, character: 30 } }, text: 'server.registerTool(def.name, …)', tools: 0, why: 'the name comes from the parameter `def` of <add>' };
    const withSites: ReportResult = { ...report, sites: [site] };
    const html = renderReportHtml(withSites, { cspSource: 'vscode-resource:', nonce: 'n', roots: ['file:///w'] });
    assert.match(html, /1 tool\(s\), 1 finding\(s\), 1 registration\(s\) not enumerated/);
    const rows = html.split('\n').filter((line) => line.startsWith('<tr data-index'));
    assert.equal(rows.length, 2);
    assert.match(rows[1], /^<tr data-index="1"[^>]*><td class="loc">src\/mcp\.ts:4<\/td><td><code>server\.registerTool\(def\.name, …\)<\/code><\/td><td>the name comes from the parameter &#96;def&#96; of &lt;add&gt;<\/td>/);
    assert.deepEqual(reportRows(withSites).map((r) => r.uri), ['file:///w/src/a%20b.ts', 'file:///w/src/mcp.ts'], 'data-index 1 opens the registration');
    assert.match(html, /mcp-hints verify -- &lt;command&gt;/);
  });

  test('verify view: one row per tool; the source of an unresolved hint beside its run-time value; differences old → new', () => {
    const at = { uri: 'file:///w/src/server.ts', range: { start: { line: 9, character: 0 }, end: { line: 9, character: 0 } } };
    const none = { readOnlyHint: null, destructiveHint: null, idempotentHint: null, openWorldHint: null, title: null };
    const tools: VerifyTool[] = [
      { name: 'from_env', status: 'unresolved', ...at, static: { ...none, readOnlyHint: 'unresolved' }, runtime: { readOnlyHint: true }, differences: [], sources: { readOnlyHint: 'process.env.RO === "1" && x < y' } },
      { name: 'changed', status: 'differs', ...at, static: { ...none, destructiveHint: false }, runtime: { destructiveHint: true }, differences: [{ key: 'destructiveHint', static: false, runtime: true }], sources: {} },
      { name: '<b>plugin</b>', status: 'missing-statically', uri: null, range: null, static: null, runtime: { title: 'Export' }, differences: [], sources: {} },
    ];
    const result: VerifyResult = {
      ok: true, folderUri: 'file:///w', command: ['node', 'dist/index.js'], server: { name: 'notes', version: '1.0.0' }, tools,
      counts: { match: 0, differs: 1, unresolved: 1, 'missing-statically': 1, 'not-listed': 0 }, unnamed: 0, skippedLines: 2,
    };
    const html = renderVerifyHtml(result, { cspSource: 'vscode-resource:', nonce: 'n', roots: ['file:///w'] });
    const rows = html.split('\n').filter((line) => line.startsWith('<tr data-index'));
    assert.equal(rows.length, 3);
    assert.match(rows[0], /<td class="status">unresolved<\/td><td class="name">from_env<\/td><td class="unknown"[^>]*><code>process\.env\.RO === &quot;1&quot; &amp;&amp; x &lt; y<\/code> → true<\/td>/);
    assert.match(rows[1], /<td class="differs"[^>]*>false → true<\/td>/);
    assert.match(rows[2], /&lt;b&gt;plugin&lt;\/b&gt;.*<td[^>]*>&quot;Export&quot;<\/td><td class="loc">—<\/td>/);
    assert.ok(rows[0].includes('src/server.ts:10'));
    assert.match(html, /notes 1\.0\.0: 3 tool\(s\): 1 differs, 1 unresolved, 1 missing-statically\./);
    assert.match(html, /Skipped 2 non-JSON line\(s\)/);
  });

  test('verify view of a failure: which failure and the stderr tail, escaped', () => {
    const result: VerifyResult = { ok: false, folderUri: 'file:///w', command: ['node', 'x.js'], kind: 'exited', message: 'the server exited with code 1 before answering initialize', stderrTail: ['Error: <missing> token'] };
    const html = renderVerifyHtml(result, { cspSource: 'vscode-resource:', nonce: 'n', roots: [] });
    assert.match(html, /exited: the server exited with code 1 before answering initialize/);
    assert.match(html, /<pre>Error: &lt;missing&gt; token<\/pre>/);
  });

  test('escapeHtml', () => {
    assert.equal(escapeHtml(`<a href="x" onclick='y'>&\`</a>`), '&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&#96;&lt;/a&gt;');
  });
});
