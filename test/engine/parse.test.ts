// parseSource sets parent pointers itself (TypeScript's own pass allocates a queue per node): they must be the
// pointers TypeScript would set, JSDoc included, for every kind of file the engine parses.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import ts from 'typescript';
import { parseSource } from '../../server/src/engine/syntax/parse';

/** Every node in walk order, JSDoc comments included, each with the position of its parent in that order. */
function parentIndexes(sourceFile: ts.SourceFile): number[] {
  const nodes: ts.Node[] = [];
  const visit = (node: ts.Node): void => {
    nodes.push(node);
    for (const doc of (node as { jsDoc?: ts.Node[] }).jsDoc ?? []) visit(doc);
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  const index = new Map(nodes.map((node, i) => [node, i]));
  return nodes.map((node) => (node.parent ? (index.get(node.parent) ?? -2) : -1));
}

const SOURCES: [string, string][] = [
  ['/p/server.ts', 'import { z } from "zod";\nconst server = new McpServer({ name: "x" });\nserver.registerTool("a", { annotations: { readOnlyHint: true } }, async ({ id }) => ({ content: [{ type: "text", text: `${id}` }] }));\n'],
  ['/p/doc.js', '/**\n * Deletes a file.\n * @param {string} path where\n * @returns {Promise<void>}\n */\nexport async function remove(path) { await rm(path); }\nclass A { /** @type {number} */ x = 1; m() { return this.x; } }\n'],
  ['/p/view.tsx', 'export const View = ({ items }: { items: string[] }) => <ul>{items.map((i) => <li key={i}>{i}</li>)}</ul>;\n'],
  ['/p/data.json', '{ "tools": [{ "name": "a", "annotations": { "readOnlyHint": true } }], "n": 1 }\n'],
  ['/p/broken.ts', 'server.registerTool("a", { annotations: { readOnlyHint: \n function ( { \n'],
];

describe('parseSource parent pointers', () => {
  for (const [path, text] of SOURCES) {
    test(path, () => {
      const ours = parseSource(path, text);
      const kind = path.endsWith('.json') ? ts.ScriptKind.JSON : path.endsWith('.tsx') ? ts.ScriptKind.TSX : path.endsWith('.js') ? ts.ScriptKind.JS : ts.ScriptKind.TS;
      const theirs = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, kind);
      const expected = parentIndexes(theirs);
      assert.ok(expected.length > 5);
      assert.deepEqual(parentIndexes(ours), expected);
      assert.equal(ours.parent, undefined);
    });
  }
});
