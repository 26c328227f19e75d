// Workspace.sync re-parses an edited document incrementally, and no version's text outlives the versions after it
// (a reused node's strings, cut from the text it was parsed from, would keep that whole text alive).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { TextDocuments } from 'vscode-languageserver/node';
import { Workspace } from '../../server/src/lsp/workspace';

setFlagsFromString('--expose-gc');

const PATH = '/virtual/workspace-parse/server.ts';
const URI = pathToFileURL(PATH).href;

function serverText(descriptions: string[]): string {
  return [
    "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
    "const server = new McpServer({ name: 'w', version: '1' });",
    ...descriptions.map((d, i) => `server.registerTool('tool_${i}', { description: '${d}', annotations: { readOnlyHint: true } }, async () => ({ content: [] }));`),
  ].join('\n');
}

function openWorkspace() {
  let doc = TextDocument.create(URI, 'typescript', 1, serverText(['a', 'b', 'c']));
  const documents = { get: (uri: string) => (uri === URI ? doc : undefined), all: () => [doc] } as unknown as TextDocuments<TextDocument>;
  const workspace = new Workspace(documents, () => undefined);
  const edit = (descriptions: string[]) => {
    doc = TextDocument.create(URI, 'typescript', doc.version + 1, serverText(descriptions));
    return workspace.analyze(URI)!;
  };
  return { workspace, edit, first: workspace.analyze(URI)! };
}

test('an edit re-parses incrementally: statements outside the edit are the previous tree’s nodes', () => {
  const { workspace, edit } = openWorkspace();
  const before = workspace.project.getSourceFile(PATH)!.statements;
  const analysis = edit(['a', 'b', 'cx']);
  const after = workspace.project.getSourceFile(PATH)!.statements;
  assert.equal(after[2], before[2], 'the first registration, untouched, is reused');
  assert.notEqual(after[4], before[4], 'the edited registration is parsed again');
  assert.equal(analysis.tools.length, 3);
});

test('an edited document keeps no earlier version’s text alive', () => {
  // Texts over 128 kB are V8 large objects: what the collector keeps of them is counted apart from the rest.
  const gc = runInNewContext('gc') as () => void;
  const largeObjects = () => {
    gc();
    return getHeapSpaceStatistics().find((space) => space.space_name === 'large_object_space')!.space_used_size;
  };
  // Each version edits another registration, so every version's new nodes are reused by all the versions after it.
  const helpers = Array.from({ length: 3000 }, (_, i) => `function helper_number_${i}(x: number): number { return x * ${i}; }`).join('\n');
  const text = (version: number) => `${serverText(Array.from({ length: 40 }, (_, i) => `Does thing number ${i}${i < version ? ' (edited)' : ''}`))}\n${helpers}`;
  let doc = TextDocument.create(URI, 'typescript', 1, text(0));
  const documents = { get: (uri: string) => (uri === URI ? doc : undefined), all: () => [doc] } as unknown as TextDocuments<TextDocument>;
  const workspace = new Workspace(documents, () => undefined);
  assert.equal(workspace.analyze(URI)!.tools.length, 40);
  // Only the first statement, which no edit touches: a statement an edit replaced keeps the tree it was last in.
  const unedited = workspace.project.getSourceFile(PATH)!.statements[0];
  let before = 0;
  for (let version = 1; version <= 40; version++) {
    doc = TextDocument.create(URI, 'typescript', version + 1, text(version));
    assert.equal(workspace.analyze(URI)!.tools.length, 40, `version ${version}: every tool is still found`);
    if (version === 5) before = largeObjects();
  }
  assert.equal(workspace.project.getSourceFile(PATH)!.statements[0], unedited, 'still incremental: the first tree’s unchanged statements are kept');
  const grown = (largeObjects() - before) / text(0).length;
  assert.ok(grown < 5, `35 versions later, ${grown.toFixed(1)} texts’ worth more large objects are alive`);
});
