// Editors send small edits to large files: the Project re-parses incrementally. The result must be the
// same as analysing the new text from scratch, whatever the edit.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Project, analyzeText } from '../../server/src/engine/project/project';

const base = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "x", version: "1" });
const RO = { readOnlyHint: true, openWorldHint: false };
function addTool(def) {
  server.registerTool(def.name, { description: def.description, annotations: def.annotations }, def.run);
}
addTool({ name: "list_items", description: "List", annotations: RO, run: async () => ({ content: [] }) });
server.registerTool("delete_item", { description: "Delete" }, async () => ({ content: [] }));
`;

const edits: [string, (text: string) => string][] = [
  ['rename a tool', (t) => t.replace('"delete_item"', '"remove_item"')],
  ['add a wrapper call', (t) => t + 'addTool({ name: "get_item", description: "Get", annotations: RO, run: async () => ({ content: [] }) });\n'],
  ['change a shared constant', (t) => t.replace('readOnlyHint: true', 'readOnlyHint: false')],
  ['half-typed call', (t) => t + 'server.registerTool("half", { annotations: { readOnlyHint: tr'],
  ['delete a wrapper call', (t) => t.replace(/addTool\(\{ name: "list_items"[^\n]*\n/, '')],
];

const summary = (analysis: ReturnType<Project['analyzeFile']>) =>
  JSON.stringify({ tools: analysis.tools.map((t) => [t.name, t.loc.start, t.effective]), findings: analysis.findings.map((f) => [f.rule, f.loc.start, f.message]) });

test('incremental re-analysis equals analysis from scratch after each edit', () => {
  const path = '/virtual/incremental.ts';
  const project = new Project();
  project.setFileText(path, base);
  project.analyzeFile(path);
  let text = base;
  for (const [name, edit] of edits) {
    text = edit(text);
    project.setFileText(path, text);
    assert.equal(summary(project.analyzeFile(path)), summary(analyzeText(text, path)), name);
  }
});

test('a change to a helper the handler calls re-analyses the registration file', async () => {
  const { mkdtempSync, writeFileSync } = await import('node:fs');
  const { join } = await import('node:path');
  const { tmpdir } = await import('node:os');
  const dir = mkdtempSync(join(tmpdir(), 'mcp-hints-deps-'));
  const helper = join(dir, 'store.ts');
  const server = join(dir, 'server.ts');
  writeFileSync(helper, 'export function list(items: string[]) { return items.length; }\n');
  writeFileSync(server, `import { list } from "./store";\nserver.registerTool("count_items", { annotations: { readOnlyHint: true, openWorldHint: false } }, async () => ({ content: [{ type: "text", text: String(list([])) }] }));\n`);
  const project = new Project();
  const before = project.analyzeFile(server);
  assert.ok(before.dependencies.includes(helper), 'the helper is a dependency');
  assert.deepEqual(before.findings.filter((f) => f.rule === 'read-only-contradicted'), []);
  project.setFileText(helper, 'import { rmSync } from "node:fs";\nexport function list(items: string[]) { rmSync("/tmp/x"); return items.length; }\n');
  const after = project.analyzeFile(server);
  assert.equal(after.findings.filter((f) => f.rule === 'read-only-contradicted').length, 1, 'the new write in the helper contradicts readOnlyHint');
});

test('an edit to a data file re-analyses the file that registers its tools', async () => {
  const { mkdtempSync, writeFileSync } = await import('node:fs');
  const { join } = await import('node:path');
  const { tmpdir } = await import('node:os');
  const dir = mkdtempSync(join(tmpdir(), 'mcp-hints-data-'));
  const data = join(dir, 'tools.json');
  const server = join(dir, 'server.ts');
  writeFileSync(data, '[{ "name": "list", "annotations": { "readOnlyHint": true } }]');
  writeFileSync(server, 'import defs from "./tools.json";\nfor (const def of defs) server.registerTool(def.name, { annotations: def.annotations }, async () => ({ content: [] }));\n');
  const project = new Project();
  const before = project.analyzeFile(server);
  assert.deepEqual(before.tools.map((t) => [t.name, t.effective.readOnlyHint]), [['list', true]]);
  assert.ok(before.dependencies.includes(data), 'the JSON file is a dependency');
  assert.deepEqual(project.invalidate(data), [data, server], 'editing the JSON file makes the registering file stale');
  project.setFileText(data, '[{ "name": "list", "annotations": { "readOnlyHint": false } }, { "name": "purge" }]');
  assert.deepEqual(project.analyzeFile(server).tools.map((t) => [t.name, t.effective.readOnlyHint]), [['list', false], ['purge', false]]);
});

test('a file added to a listed tool folder re-analyses the file that lists it', async () => {
  const { mkdirSync, mkdtempSync, writeFileSync } = await import('node:fs');
  const { join } = await import('node:path');
  const { tmpdir } = await import('node:os');
  const dir = mkdtempSync(join(tmpdir(), 'mcp-hints-folder-'));
  const server = join(dir, 'server.js');
  mkdirSync(join(dir, 'tools'));
  writeFileSync(join(dir, 'tools', 'a.js'), 'module.exports = { name: "alpha" };\n');
  writeFileSync(server, 'const fs = require("fs");\nconst path = require("path");\nconst dir = path.join(__dirname, "tools");\nfor (const f of fs.readdirSync(dir)) { const d = require(path.join(dir, f)); server.registerTool(d.name, {}, async () => ({ content: [] })); }\n');
  const project = new Project();
  assert.deepEqual(project.analyzeFile(server).tools.map((t) => t.name), ['alpha']);
  const added = join(dir, 'tools', 'b.js');
  writeFileSync(added, 'module.exports = { name: "beta" };\n');
  assert.ok(project.invalidate(added).includes(server), 'a new file in the listed folder makes the listing file stale');
  assert.deepEqual(project.analyzeFile(server).tools.map((t) => t.name), ['alpha', 'beta']);
});

// The changed span is found by comparing runs of text that grow and shrink: it must be the exact common prefix and
// suffix wherever the edit falls (inside, at the edge of or across the runs), whatever the lengths.
test('textChangeRange finds the exact span of one edit in texts of any length', async () => {
  const { textChangeRange } = await import('../../server/src/engine/syntax/incremental');
  const line = (i: number) => `server.registerTool("tool_${i}", { description: "thing ${i}" });\n`;
  const long = Array.from({ length: 3000 }, (_, i) => line(i)).join('');
  const cases: [string, string, string][] = [
    ['same text', long, long],
    ['one character typed at the start', long, 'x' + long],
    ['one character typed at the end', long, long + 'x'],
    ['one character replaced in the middle', long, long.slice(0, 70_001) + '#' + long.slice(70_002)],
    ['a line break added after a run boundary', long, long.slice(0, 65_536) + '\n' + long.slice(65_536)],
    ['a block deleted', long, long.slice(0, 1000) + long.slice(40_000)],
    ['an insertion that repeats the text around it', long, long.slice(0, 5000) + long.slice(4000, 5000) + long.slice(5000)],
    ['everything replaced', long, 'y'.repeat(long.length)],
    ['short texts', 'abc', 'abXc'],
    ['empty before', '', 'abc'],
    ['empty after', 'abc', ''],
  ];
  for (const [name, before, after] of cases) {
    const change = textChangeRange(before, after);
    if (before === after) {
      assert.equal(change, null, name);
      continue;
    }
    assert.ok(change, name);
    const { start, length } = change.span;
    // The span is exact: outside it both texts agree, and its edges differ (or the other text ends there).
    assert.equal(before.slice(0, start), after.slice(0, start), `${name}: prefix`);
    assert.equal(before.slice(start + length), after.slice(start + change.newLength), `${name}: suffix`);
    let prefix = 0;
    while (prefix < Math.min(before.length, after.length) && before[prefix] === after[prefix]) prefix++;
    assert.equal(start, prefix, `${name}: the longest common prefix`);
    let suffix = 0;
    while (suffix < Math.min(before.length, after.length) - prefix && before[before.length - 1 - suffix] === after[after.length - 1 - suffix]) suffix++;
    assert.equal(before.length - start - length, suffix, `${name}: the longest common suffix after the prefix`);
  }
});
