// The file index: each table's lifetime decides what a new version of the tree, or a new analysis, keeps.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import ts from 'typescript';
import { FileIndex, TABLES, attachFileIndex, fileIndexOf, fileIndexOfNode, table } from '../../server/src/engine/syntax/file-index';

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
