// Who calls a function in another file decides the tools and the conditions of the file that declares it. Every
// file the call-site search read (values/expand/call-sites.ts) is a dependency of that analysis, whether or not it
// held a call yet: an edit there (a call typed into a file that only imported the wrapper, a guard changed around a
// call) makes the declaring file's analysis stale, and the next one reads the new calls.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Tool } from '../../server/src/engine/model';
import { Project } from '../../server/src/engine/project/project';

const SDK = 'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nexport const server = new McpServer({ name: "s", version: "1" });\n';
const cb = 'async () => ({ content: [] })';

/** A project over texts held in memory; `write` changes one as a file watcher reports it. */
function workspace(files: Record<string, string>) {
  const texts = new Map(Object.entries(files).map(([rel, text]) => [`/ws/${rel}`, text]));
  const project = new Project({ readFile: (path) => texts.get(path) });
  project.setProjectFiles([...texts.keys()]);
  return {
    project,
    tools: (rel: string): Tool[] => project.analyzeFile(`/ws/${rel}`).tools,
    dependencies: (rel: string): string[] => project.analyzeFile(`/ws/${rel}`).dependencies,
    /** A change on disk: returns the files whose analysis it made stale. */
    write(rel: string, text: string): string[] {
      texts.set(`/ws/${rel}`, text);
      return project.forget(`/ws/${rel}`);
    },
  };
}

const names = (tools: Tool[]) => tools.map((t) => t.name).sort();
const conditions = (tools: Tool[], name: string) => (tools.find((t) => t.name === name)?.conditions ?? []).map((c) => (c.negated ? `!(${c.text})` : c.text));

const WRAPPER = `${SDK}export function addTool(name: string) {\n  server.registerTool(name, { annotations: { readOnlyHint: true } }, ${cb});\n}\n`;
const NAMES_IT = 'import { addTool } from "./wrapper";\nexport const unused = addTool;\n';
const CALLS_IT = 'import { addTool } from "./wrapper";\naddTool("beta");\n';

describe('the call-site search records every file it searched', () => {
  test('a call typed into a file that only named the wrapper brings its tool', () => {
    const ws = workspace({ 'wrapper.ts': WRAPPER, 'uses.ts': NAMES_IT });
    // No caller yet: the registration's name is not known, so it is a site that cannot be enumerated, not a tool.
    assert.deepEqual(names(ws.tools('wrapper.ts')), []);
    assert.deepEqual(ws.project.analyzeFile('/ws/wrapper.ts').sites.map((site) => site.status), ['unenumerated']);
    assert.ok(ws.dependencies('wrapper.ts').includes('/ws/uses.ts'), 'a file searched without a call found is a dependency');
    assert.ok(ws.write('uses.ts', CALLS_IT).includes('/ws/wrapper.ts'));
    assert.deepEqual(names(ws.tools('wrapper.ts')), ['beta']);
  });

  test('a released file that names the wrapper without calling it is a dependency too (searched without parsing it)', () => {
    const ws = workspace({ 'wrapper.ts': WRAPPER, 'uses.ts': NAMES_IT, 'other.ts': 'import { addTool } from "./wrapper";\naddTool("alpha");\n' });
    // `check` releases a file once it is reported; a later search reads what it calls from the names it left.
    ws.project.analyzeFile('/ws/uses.ts');
    ws.project.release('/ws/uses.ts');
    assert.deepEqual(names(ws.tools('wrapper.ts')), ['alpha']);
    assert.ok(ws.write('uses.ts', CALLS_IT).includes('/ws/wrapper.ts'));
    assert.deepEqual(names(ws.tools('wrapper.ts')), ['alpha', 'beta']);
  });

  test('a file searched before the first call was found is a dependency (the search order does not matter)', () => {
    // `first.ts` comes before `second.ts` in the project: it is searched before any call is known.
    const ws = workspace({ 'wrapper.ts': WRAPPER, 'first.ts': NAMES_IT, 'second.ts': 'import { addTool } from "./wrapper";\naddTool("alpha");\n' });
    assert.deepEqual(names(ws.tools('wrapper.ts')), ['alpha']);
    assert.ok(ws.write('first.ts', CALLS_IT).includes('/ws/wrapper.ts'));
    assert.deepEqual(names(ws.tools('wrapper.ts')), ['alpha', 'beta']);
  });

  test('a condition found through a caller in another file goes stale when the caller changes', () => {
    // Exported through an `export { … }` list: the conditions' own search for callers in other files.
    const registrar = `${SDK}function registerWrites() {\n  server.registerTool("delete_all", {}, ${cb});\n}\nexport { registerWrites };\n`;
    const caller = (guard: string) => `import { registerWrites } from "./registrar";\nif (${guard}) registerWrites();\n`;
    const ws = workspace({ 'registrar.ts': registrar, 'main.ts': caller('process.env.WRITES') });
    assert.deepEqual(conditions(ws.tools('registrar.ts'), 'delete_all'), ['process.env.WRITES']);
    assert.ok(ws.write('main.ts', caller('process.env.ALLOW_DELETE')).includes('/ws/registrar.ts'));
    assert.deepEqual(conditions(ws.tools('registrar.ts'), 'delete_all'), ['process.env.ALLOW_DELETE']);
  });

  test('an unguarded call typed into a file that only named the function drops the condition', () => {
    const registrar = `${SDK}export function registerWrites() {\n  server.registerTool("delete_all", {}, ${cb});\n}\n`;
    const ws = workspace({
      'registrar.ts': registrar,
      'cli.ts': 'import { registerWrites } from "./registrar";\nexport const later = registerWrites;\n',
      'main.ts': 'import { registerWrites } from "./registrar";\nif (process.env.WRITES) registerWrites();\n',
    });
    assert.deepEqual(conditions(ws.tools('registrar.ts'), 'delete_all'), ['process.env.WRITES']);
    assert.ok(ws.write('cli.ts', 'import { registerWrites } from "./registrar";\nregisterWrites();\n').includes('/ws/registrar.ts'));
    // Called once without a guard: registered either way.
    assert.deepEqual(conditions(ws.tools('registrar.ts'), 'delete_all'), []);
  });

  test('a condition found through a call of a base class method on a subclass in another file', () => {
    const base = `${SDK}export class BaseTool {\n  install() {\n    server.registerTool(this.name, {}, ${cb});\n  }\n}\nexport class Sync extends BaseTool {\n  name = "sync";\n}\n`;
    const caller = (guard: string) => `import { Sync } from "./tools";\nconst sync = new Sync();\nif (${guard}) sync.install();\n`;
    const ws = workspace({ 'tools.ts': base, 'main.ts': caller('process.env.SYNC') });
    assert.deepEqual(conditions(ws.tools('tools.ts'), 'sync'), ['process.env.SYNC']);
    assert.ok(ws.write('main.ts', caller('process.env.SYNC_ON')).includes('/ws/tools.ts'));
    assert.deepEqual(conditions(ws.tools('tools.ts'), 'sync'), ['process.env.SYNC_ON']);
  });
});
