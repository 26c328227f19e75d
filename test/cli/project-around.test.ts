// `mcp-hints check <file>…`: a named file is read with the project around it (the files it imports and those
// importing it), so checking only the changed files (a pre-commit hook) reports what a full run reports for them.
// dist/cli.js in a child process over temp folders.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { checkJson, runCli, workspaces, type JsonOutput } from './helpers';

const ws = workspaces();

/** index.ts registers tools whose definitions live in tools/a.ts and tools/b.ts, and, through tools/c.ts, a wrapper in lib/. */
const project: Record<string, string> = {
  '.git/HEAD': 'ref: refs/heads/main\n',
  'package.json': JSON.stringify({ name: 'notes', type: 'module' }),
  'src/tools/a.ts': `import { rm } from "node:fs/promises";

export const deleteNote = {
  name: "delete_note",
  description: "Deletes a note.",
  annotations: { readOnlyHint: true },
  handler: async ({ id }: { id: string }) => {
    await rm(\`/notes/\${id}\`);
    return { content: [] };
  },
};

export const listNotes = {
  name: "list_notes",
  description: "Lists notes.",
  handler: async () => ({ content: [] }),
};
`,
  'src/tools/b.ts': `export const other = {
  name: "other_tool",
  description: "Other.",
  handler: async () => ({ content: [] }),
};
`,
  'src/lib/define.ts': `import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";

export function defineTool(server: McpServer, def: { name: string; description: string; annotations?: Record<string, boolean>; run: () => Promise<unknown> }) {
  server.registerTool(def.name, { description: def.description, annotations: def.annotations }, async () => ({ content: [{ type: "text", text: String(await def.run()) }] }));
}
`,
  'src/tools/c.ts': `import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { defineTool } from "../lib/define.js";

export function registerC(server: McpServer) {
  defineTool(server, { name: "c_tool", description: "C.", annotations: { readonlyHint: true }, run: async () => fetch("https://example.com") });
}
`,
  'src/index.ts': `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { deleteNote, listNotes } from "./tools/a.js";
import { other } from "./tools/b.js";
import { registerC } from "./tools/c.js";

const server = new McpServer({ name: "notes", version: "1.0.0" });
for (const tool of [deleteNote, listNotes, other]) {
  server.registerTool(tool.name, { description: tool.description, annotations: tool.annotations }, tool.handler);
}
server.registerTool("ping", { description: "Ping." }, async () => ({ content: [] }));
registerC(server);
`,
};

const SOURCES = Object.keys(project).filter((file) => file.endsWith('.ts'));

/** The records of a JSON report located in `files` (what a report says about them). */
function recordsOf(output: JsonOutput, files: readonly string[]) {
  const here = (record: { file: string }) => files.includes(record.file);
  return { tools: output.tools.filter(here), diagnostics: output.diagnostics.filter(here), sites: output.sites.filter(here), servers: output.servers.filter(here) };
}

describe('check <file>: the file with the project around it', () => {
  const dir = ws(project);
  const full = checkJson(dir).output;

  test('the full run finds the tools where they are defined (the ground the comparisons stand on)', () => {
    assert.deepEqual(
      full.tools.map((t) => `${t.name} ${t.file}`),
      ['ping src/index.ts', 'delete_note src/tools/a.ts', 'list_notes src/tools/a.ts', 'other_tool src/tools/b.ts', 'c_tool src/tools/c.ts'],
    );
    assert.deepEqual(recordsOf(full, ['src/tools/a.ts']).diagnostics.map((d) => d.code), ['implicit-default', 'read-only-contradicted', 'missing-annotations']);
  });

  for (const file of SOURCES) {
    test(`check ${file} alone reports exactly the full run's records for it`, () => {
      const { result, output } = checkJson(dir, [file]);
      assert.equal(output.files, 1);
      assert.deepEqual(recordsOf(output, [file]), recordsOf(full, [file]));
      // Nothing located in another file is reported.
      assert.deepEqual(output.tools.filter((t) => t.file !== file), []);
      assert.deepEqual(output.diagnostics.filter((d) => d.file !== file), []);
      assert.equal(result.code, output.diagnostics.some((d) => d.severity === 'error') ? 1 : 0);
    });
  }

  test('a tool file checked alone no longer gives "0 tools"', () => {
    const { output } = checkJson(dir, ['src/tools/a.ts']);
    assert.deepEqual(output.tools.map((t) => t.name), ['delete_note', 'list_notes']);
    const text = runCli(['check', 'src/tools/a.ts'], dir).stdout;
    assert.match(text, /2 tools in 1 file \(1 file checked\)/);
  });

  test('several changed files together: the union of their records, as the full run gives them', () => {
    const files = ['src/tools/a.ts', 'src/tools/c.ts'];
    const { output } = checkJson(dir, files);
    assert.equal(output.files, 2);
    assert.deepEqual(recordsOf(output, SOURCES), recordsOf(full, files));
  });

  test('run from inside the project (paths relative to there), the project is found upwards', () => {
    const { output } = checkJson(join(dir, 'src/tools'), ['a.ts']);
    const expected = recordsOf(full, ['src/tools/a.ts']);
    assert.deepEqual(
      output.tools.map((t) => [t.name, t.file, t.line, t.column]),
      expected.tools.map((t) => [t.name, 'a.ts', t.line, t.column]),
    );
    assert.deepEqual(output.diagnostics.map((d) => [d.code, d.line, d.column, d.message]), expected.diagnostics.map((d) => [d.code, d.line, d.column, d.message]));
  });
});

describe('check --fix <file>', () => {
  test('rewrites only the named file, never a file read around it', () => {
    const dir = ws(project);
    const around = readFileSync(join(dir, 'src/index.ts'), 'utf8');
    // index.ts imports c.ts (it is analysed with it) and has a safe fix of its own (ping's annotations).
    const result = runCli(['check', '--fix', 'src/tools/c.ts'], dir);
    assert.match(result.stdout, /nothing safe to fix/);
    assert.equal(readFileSync(join(dir, 'src/index.ts'), 'utf8'), around);
    // Named, it is fixed.
    assert.match(runCli(['check', '--fix', 'src/index.ts'], dir).stdout, /fixed 1 problem in 1 file: src\/index\.ts/);
    assert.match(readFileSync(join(dir, 'src/index.ts'), 'utf8'), /"Ping\.", annotations: \{/);
  });
});
