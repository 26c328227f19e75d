// A contradiction shows its chain (issue 20): the diagnostic's related information lists each call followed from
// the handler to the call that contradicts the claim, across files, in order; the hover states the same chain.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, test } from 'node:test';
import type { Diagnostic, MarkupContent } from 'vscode-languageserver-protocol';
import { LspClient, offsetOf, positionAt } from './harness';

const FILES: Record<string, string> = {
  'src/index.ts': `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { respond } from "./respond";

const server = new McpServer({ name: "shots", version: "1.0.0" });

server.registerTool(
  "get_screenshot",
  { description: "Returns a screenshot", annotations: { readOnlyHint: true } },
  async (args) => respond(args.filename, "png-bytes"),
);
`,
  'src/respond.ts': `import { save } from "./save";

export async function respond(name: string, data: string) {
  await save(name, data);
  return { content: [] };
}
`,
  'src/save.ts': `import { writeFile } from "node:fs/promises";
import { join } from "node:path";

const OUT = "/var/shots";

export async function save(file: string, data: string) {
  await writeFile(join(OUT, file), data);
}
`,
};

let root: string;
let client: LspClient;
let diagnostics: Diagnostic[];
const uri = (rel: string) => pathToFileURL(join(root, rel)).href;

before(async () => {
  root = mkdtempSync(join(tmpdir(), 'mcp-hints-chain-'));
  mkdirSync(join(root, '.git'));
  for (const [rel, text] of Object.entries(FILES)) {
    mkdirSync(join(root, rel, '..'), { recursive: true });
    writeFileSync(join(root, rel), text);
  }
  writeFileSync(join(root, 'package.json'), JSON.stringify({ name: 'shots', dependencies: { '@modelcontextprotocol/sdk': '1.0.0' } }));
  ({ client } = await LspClient.start({ pull: true, configuration: true, settings: () => ({}), rootUri: pathToFileURL(root).href }));
  for (const [rel, text] of Object.entries(FILES)) await client.open(uri(rel), text);
  diagnostics = await client.pull(uri('src/index.ts'));
});

after(async () => {
  await client?.stop();
  if (root) rmSync(root, { recursive: true, force: true });
});

describe('the evidence chain of a contradiction', () => {
  test('relatedInformation lists each step, file and line, across files', () => {
    const finding = diagnostics.find((d) => d.code === 'read-only-contradicted');
    assert.ok(finding, diagnostics.map((d) => `${d.code}: ${d.message}`).join('\n'));
    const steps = (finding.relatedInformation ?? []).map((r) => `${r.location.uri.slice(pathToFileURL(root).href.length + 1)}:${r.location.range.start.line + 1} ${r.message}`);
    assert.deepEqual(steps, ['src/index.ts:9 Calls `respond`', 'src/respond.ts:4 Calls `save`', 'src/save.ts:7 Calls `writeFile`']);
  });

  test('the hover shows the claim, each call followed and the call that contradicts it', async () => {
    const text = FILES['src/index.ts'];
    const hover = await client.hover(uri('src/index.ts'), positionAt(text, offsetOf(text, 'get_screenshot', 2)));
    const markdown = (hover?.contents as MarkupContent).value;
    assert.match(markdown, /\*\*Contradicted by the code\*\*\n\n- `readOnlyHint: true` at line 8 ← `respond` at line 9 → `save` at src\/respond\.ts:4 → calls `writeFile` at src\/save\.ts:7/);
  });
});
