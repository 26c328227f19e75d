// The CLI releases each file's tree once its records are made (Project.release), so a large run does not keep
// every tree to its end. A released file must read the same afterwards: its text without a parse, and its tree
// (parsed again) for the files analysed after it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Project, type FileHost } from '../../server/src/engine/project';

const files: Record<string, string> = {
  '/w/handlers.ts': `import { writeFile } from "node:fs/promises";
export async function saveNote(args: { text: string }) {
  await writeFile("/data/notes.txt", args.text);
  return { content: [] };
}
export function registerReaders(server) {
  server.registerTool("read_notes", { annotations: { readOnlyHint: true, openWorldHint: false } }, async () => ({ content: [] }));
}
`,
  '/w/server.ts': `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { saveNote, registerReaders } from "./handlers";
const server = new McpServer({ name: "x", version: "1" });
server.registerTool("save_note", { annotations: { readOnlyHint: true } }, saveNote);
registerReaders(server);
`,
};

function countingHost(): FileHost & { reads: Map<string, number> } {
  const reads = new Map<string, number>();
  return {
    reads,
    readFile(path) {
      reads.set(path, (reads.get(path) ?? 0) + 1);
      return files[path];
    },
  };
}

const summary = (analysis: ReturnType<Project['analyzeFile']>) =>
  JSON.stringify({ tools: analysis.tools.map((t) => [t.name, t.loc, t.effective]), findings: analysis.findings.map((f) => [f.rule, f.loc, f.message]) });

function analyseInOrder(release: boolean): string[] {
  const project = new Project(countingHost(), {});
  project.setProjectFiles(Object.keys(files));
  return Object.keys(files).map((file) => {
    const result = summary(project.analyzeFile(file));
    if (release) project.release(file);
    return result;
  });
}

test('a file released after its analysis gives the files analysed after it the same results', () => {
  const kept = analyseInOrder(false);
  const released = analyseInOrder(true);
  assert.deepEqual(released, kept);
  // The write in the imported handler contradicts readOnlyHint in server.ts: evidence crossed the released file.
  assert.match(kept[1], /read-only-contradicted/);
});

test('a released file keeps its text (no read, no parse) and is parsed again only when its tree is asked for', () => {
  const host = countingHost();
  const project = new Project(host, {});
  const path = '/w/handlers.ts';
  const tree = project.getSourceFile(path);
  project.release(path);
  assert.equal(project.getText(path), files[path]);
  assert.equal(host.reads.get(path), 1, 'the text is not read again');
  const again = project.getSourceFile(path);
  assert.ok(again && again !== tree, 'a new tree');
  assert.equal(again.text, files[path]);
  assert.equal(host.reads.get(path), 1, 'parsed from the kept text');
});

test('an editor buffer is never released', () => {
  const project = new Project(countingHost(), {});
  const path = '/w/buffer.ts';
  project.setFileText(path, 'export const x = 1;\n');
  const tree = project.getSourceFile(path);
  project.release(path);
  assert.equal(project.getSourceFile(path), tree);
});
