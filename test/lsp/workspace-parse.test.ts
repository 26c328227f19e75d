// Workspace.sync re-parses an edited document incrementally, and the project parses it in full every
// FULL_PARSE_EVERY versions, so no version's tree (and the text its tokens were sliced from) outlives that window.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { TextDocuments } from 'vscode-languageserver/node';
import { FULL_PARSE_EVERY } from '../../server/src/engine/incremental';
import { Workspace } from '../../server/src/lsp/workspace';

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

test(`after ${FULL_PARSE_EVERY} versions the document is parsed in full: no node of an older tree is kept`, () => {
  const { workspace, edit } = openWorkspace();
  const original = new Set(workspace.project.getSourceFile(PATH)!.statements);
  let kept = 0;
  for (let version = 1; version <= FULL_PARSE_EVERY; version++) {
    const analysis = edit(['a', 'b', `c${'x'.repeat(version)}`]);
    assert.equal(analysis.tools.length, 3, `version ${version}: every tool is still found`);
    kept = workspace.project.getSourceFile(PATH)!.statements.filter((s) => original.has(s)).length;
    if (version < FULL_PARSE_EVERY) assert.ok(kept > 0, `version ${version}: still incremental`);
  }
  assert.equal(kept, 0);
});
