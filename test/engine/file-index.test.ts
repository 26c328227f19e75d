// The file index: each table's lifetime decides what a new version of the tree, or a new analysis, keeps.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import ts from 'typescript';
import { FileIndex, TABLES, attachFileIndex, fileIndexOf, fileIndexOfNode, table } from '../../server/src/engine/syntax/file-index';
import { Project } from '../../server/src/engine/project/project';

const nodeFacts = table<ts.Node, string>('test:node-text', 'node', 'a node’s own text');
const treeFacts = table<ts.Node, number>('test:statement-index', 'tree', 'a statement’s position among its siblings');
const analysisFacts = table<object, string>('test:per-tool', 'analysis', 'something about one analysis’s tool');

test('a new version keeps node facts and drops tree and analysis facts', () => {
  const index = new FileIndex();
  const key = {} as ts.Node;
  const tool = {};
  index.set(nodeFacts, key, 'x');
  index.set(treeFacts, key, 1);
  index.set(analysisFacts, tool, 'y');
  index.newAnalysis();
  assert.equal(index.get(nodeFacts, key), 'x');
  assert.equal(index.get(treeFacts, key), 1);
  assert.equal(index.has(analysisFacts, tool), false);
  index.set(analysisFacts, tool, 'y');
  index.newVersion();
  assert.equal(index.get(nodeFacts, key), 'x');
  assert.equal(index.has(treeFacts, key), false);
  assert.equal(index.has(analysisFacts, tool), false);
  index.clear();
  assert.equal(index.has(nodeFacts, key), false);
});

test('cached computes once per key', () => {
  const index = new FileIndex();
  let calls = 0;
  const key = {} as ts.Node;
  assert.equal(index.cached(treeFacts, key, () => ++calls), 1);
  assert.equal(index.cached(treeFacts, key, () => ++calls), 1);
  assert.equal(calls, 1);
});

test('a tree gets a standalone index, or the one its project attached', () => {
  const sf = ts.createSourceFile('/a.ts', 'const a = 1;', ts.ScriptTarget.Latest, true);
  assert.equal(fileIndexOf(sf), fileIndexOf(sf));
  assert.equal(fileIndexOfNode(sf.statements[0]), fileIndexOf(sf));
  const owned = new FileIndex();
  const next = ts.createSourceFile('/a.ts', 'const a = 2;', ts.ScriptTarget.Latest, true);
  attachFileIndex(next, owned);
  assert.equal(fileIndexOf(next), owned);
});

test('tables have unique ids and are listed', () => {
  assert.throws(() => table('test:node-text', 'node', 'again'), /declared twice/);
  assert.ok(TABLES.some((t) => t.id === 'test:statement-index' && t.lifetime === 'tree'));
});

// The Project owns one index per file path (project/project.ts) and keeps it true to what each lifetime promises.

const hostOf = (files: Record<string, string>) => ({ readFile: (path: string) => files[path] });
const server = (tools: number) =>
  ['import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";', 'const server = new McpServer({ name: "x", version: "1" });']
    .concat(Array.from({ length: tools }, (_, i) => `server.registerTool("t${i}", { description: "Tool ${i}" }, async () => ({ content: [] }));`))
    .join('\n');

test('the Project carries one index through every version of a file’s tree, re-parsed or parsed whole', () => {
  const project = new Project(hostOf({ '/w/lib.ts': 'export const x = 1;\n' }));
  project.setFileText('/w/a.ts', server(3));
  const first = project.getSourceFile('/w/a.ts')!;
  const index = fileIndexOf(first);
  project.setFileText('/w/a.ts', server(3).replace('Tool 1', 'Tool one'));
  const edited = project.getSourceFile('/w/a.ts')!;
  assert.notEqual(edited, first);
  assert.equal(edited.statements[2], first.statements[2], 'an incremental re-parse (it reused the first tool)');
  assert.equal(fileIndexOf(edited), index);
  // A paste too large to re-parse incrementally: parsed whole, still the next version of the same file.
  project.setFileText('/w/a.ts', server(3) + '\n' + '// filler\n'.repeat(3000));
  assert.equal(fileIndexOf(project.getSourceFile('/w/a.ts')!), index);
  assert.notEqual(fileIndexOf(project.getSourceFile('/w/lib.ts')!), index, 'each file its own');
});

test('a re-parse keeps the node facts of the nodes it reuses and drops its tree facts', () => {
  const project = new Project();
  project.setFileText('/w/a.ts', server(3));
  const before = project.getSourceFile('/w/a.ts')!;
  const index = fileIndexOf(before);
  const [kept, edited] = [before.statements[2], before.statements[3]];
  index.set(nodeFacts, kept, 'kept');
  index.set(nodeFacts, edited, 'edited');
  index.set(treeFacts, kept, 2);
  project.setFileText('/w/a.ts', server(3).replace('Tool 1', 'Tool one'));
  const after = project.getSourceFile('/w/a.ts')!;
  assert.equal(after.statements[2], kept);
  assert.notEqual(after.statements[3], edited, 'the statement the edit touched is made anew');
  assert.equal(index.get(nodeFacts, kept), 'kept');
  assert.equal(index.has(nodeFacts, after.statements[3]), false);
  assert.equal(index.has(treeFacts, kept), false, 'a tree fact may have read the edited statement');
});

test('an analysis starts without its file’s analysis facts; any change, the settings and a resolution config drop them everywhere', () => {
  const project = new Project(hostOf({ '/w/lib.ts': 'export const x = 1;\n' }));
  project.setFileText('/w/a.ts', server(2));
  const a = () => fileIndexOf(project.getSourceFile('/w/a.ts')!);
  const lib = fileIndexOf(project.getSourceFile('/w/lib.ts')!);
  const tool = {};
  const fill = () => {
    a().set(analysisFacts, tool, 'a');
    lib.set(analysisFacts, tool, 'lib');
    lib.set(treeFacts, tool as ts.Node, 1);
  };
  fill();
  project.analyzeFile('/w/a.ts');
  assert.equal(a().has(analysisFacts, tool), false);
  assert.equal(lib.get(analysisFacts, tool), 'lib', 'another file’s analysis facts stay while nothing changed');
  fill();
  project.analyzeFile('/w/a.ts');
  assert.equal(lib.get(analysisFacts, tool), 'lib', 'a cached analysis is not an analysis anew');
  for (const change of [
    () => project.setFileText('/w/a.ts', server(3)),
    () => project.setOptions({}),
    () => project.setFileText('/w/package.json', '{ "name": "w" }'),
    () => project.forget('/w/other.ts'),
  ]) {
    fill();
    change();
    assert.equal(lib.has(analysisFacts, tool), false);
    assert.equal(lib.get(treeFacts, tool as ts.Node), 1, 'its own tree did not change');
  }
});

test('a released or forgotten file’s index is cleared, and its next tree starts a new one', () => {
  const project = new Project(hostOf({ '/w/lib.ts': 'export const x = 1;\n' }));
  const tree = project.getSourceFile('/w/lib.ts')!;
  const index = fileIndexOf(tree);
  index.set(nodeFacts, tree, 'lib');
  project.release('/w/lib.ts');
  assert.equal(index.has(nodeFacts, tree), false);
  const again = project.getSourceFile('/w/lib.ts')!;
  assert.notEqual(again, tree);
  assert.notEqual(fileIndexOf(again), index);
  project.setFileText('/w/a.ts', server(1));
  const buffer = fileIndexOf(project.getSourceFile('/w/a.ts')!);
  buffer.set(nodeFacts, project.getSourceFile('/w/a.ts')!, 'a');
  const closed = project.getSourceFile('/w/a.ts')!;
  project.forget('/w/a.ts');
  assert.equal(buffer.has(nodeFacts, closed), false);
});
