// The CLI releases each file's tree once its records are made (Project.release), so a large run does not keep
// every tree to its end. A released file must read the same afterwards: its text without a parse, and its tree
// (parsed again) for the files analysed after it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Project, type FileHost } from '../../server/src/engine/project/project';

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

test('a released file that calls nothing by a wrapper name is not parsed again to look for its calls', () => {
  // Three files declare a wrapper of the same name (none calls another's); one more calls one of them.
  const wrappers: Record<string, string> = {
    '/w/a.ts': 'export function registerTools(server) {\n  server.registerTool("a", { annotations: { readOnlyHint: true } }, async () => ({ content: [] }));\n}\n',
    '/w/b.ts': 'export function registerTools(server) {\n  server.registerTool("b", { annotations: { readOnlyHint: true } }, async () => ({ content: [] }));\n}\n',
    '/w/c.ts': 'export function registerTools(server) {\n  server.registerTool("c", { annotations: { readOnlyHint: true } }, async () => ({ content: [] }));\n}\n',
    '/w/main.ts': 'import { registerTools } from "./b";\nif (process.env.WITH_B) registerTools(server);\n',
  };
  class Watched extends Project {
    trees = new Map<string, Set<unknown>>();
    override getSourceFile(path: string) {
      const tree = super.getSourceFile(path);
      this.trees.set(path, (this.trees.get(path) ?? new Set()).add(tree));
      return tree;
    }
  }
  const run = (release: boolean) => {
    const project = new Watched({ readFile: (path) => wrappers[path] }, {});
    project.setProjectFiles(Object.keys(wrappers));
    const results = Object.keys(wrappers).map((file) => {
      const analysis = project.analyzeFile(file);
      if (release) project.release(file);
      return JSON.stringify(analysis.tools.map((t) => [t.name, t.conditions?.map((c) => c.text)]));
    });
    return { results, parses: Object.fromEntries([...project.trees].map(([path, trees]) => [path, trees.size])) };
  };
  const kept = run(false);
  const released = run(true);
  assert.deepEqual(released.results, kept.results);
  assert.match(kept.results[1], /process\.env\.WITH_B/, 'the call in main.ts is found for b');
  // b.ts is parsed again for main.ts, which imports it; a.ts is searched by c.ts's analysis, after a.ts was released.
  assert.deepEqual(released.parses, { '/w/a.ts': 1, '/w/b.ts': 2, '/w/c.ts': 1, '/w/main.ts': 1 });
});
