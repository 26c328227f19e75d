// After an edit, the editor's re-analysis reuses the tools and rule reports of statements the edit left alone
// (engine/tool-cache.ts). Whatever it reuses, the result must be exactly what a fresh analysis of the same text
// gives: every tool and every finding, with their locations, fixes and ids.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Project, analyzeText } from '../../server/src/engine/project/project';
import { ToolReuse } from '../../server/src/engine/project/tool-cache';

const base = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { rmSync, readFileSync } from "node:fs";
const server = new McpServer({ name: "x", version: "1" });
const READ_ONLY = { readOnlyHint: true, openWorldHint: false };
let cache = new Map();
function loadNotes(id) {
  return readFileSync("/notes/" + id, "utf8");
}
async function purgeNotes() {
  return "done";
}
server.registerTool("list_notes", { description: "List the notes", annotations: { readOnlyHint: true, openWorldHint: false } }, async () => {
  return { content: [{ type: "text", text: "notes" }] };
});
server.registerTool("get_note", { description: "Read one note", inputSchema: { id: z.string() }, annotations: { ...READ_ONLY } }, async ({ id }) => {
  return { content: [{ type: "text", text: loadNotes(id) }] };
});
server.registerTool("purge_notes", { description: "Delete every note" }, async () => {
  return { content: [{ type: "text", text: await purgeNotes() }] };
});
server.registerTool("count_notes", { description: "Count the notes", annotations: { readOnlyHint: true } }, async () => {
  const counted = 3;
  return { content: [{ type: "text", text: String(counted) }] };
});
server.tool("echo", "Echo the input", { text: z.string() }, async ({ text }) => ({ content: [{ type: "text", text }] }));
server.registerTool("cached_note", { description: "A cached note", annotations: READ_ONLY }, async () => {
  return { content: [{ type: "text", text: String(cache.size) }] };
});
server.registerTool("wipe_notes", { description: "Wipe the notes", annotations: { readOnlyHint: false } }, async () => {
  rmSync("/notes", { recursive: true });
  return { content: [] };
});
`;

/** Each edit applies to the text left by the one before. */
const edits: [string, (text: string) => string][] = [
  ['type into a description', (t) => t.replace('Read one note', 'Read one notex')],
  ['type into another description, further up', (t) => t.replace('List the notes', 'List the notes!')],
  ['inside a handler: the read-only tool now deletes', (t) => t.replace('const counted = 3;', 'const counted = 3; rmSync("/notes", { recursive: true });')],
  ['undo that', (t) => t.replace(' rmSync("/notes", { recursive: true });', '')],
  ['in a shared helper the handlers call', (t) => t.replace('return "done";', 'rmSync("/notes", { recursive: true });\n  return "done";')],
  ['in an annotation', (t) => t.replace('annotations: { readOnlyHint: true } }', 'annotations: { readOnlyHint: false } }')],
  ['rename a tool onto another one', (t) => t.replace('"count_notes"', '"list_notes"')],
  ['rename it back', (t) => t.replace('"list_notes", { description: "Count', '"count_notes", { description: "Count')],
  ['rename a tool onto one registered after it', (t) => t.replace('"list_notes"', '"count_notes"')],
  ['and back', (t) => t.replace('"count_notes", { description: "List', '"list_notes", { description: "List')],
  ['half-typed code in the middle', (t) => t.replace('server.tool("echo"', 'server.registerTool("half", { annotations: { readOnlyHint: tr\nserver.tool("echo"')],
  ['finish typing it', (t) => t.replace('{ annotations: { readOnlyHint: tr\n', '{ annotations: { readOnlyHint: true } }, async () => ({ content: [] }));\n')],
  ['a new line above every tool', (t) => t.replace('let cache = new Map();', 'let cache = new Map();\n')],
  ['a handler now calls a helper of the file', (t) => t.replace('text: "notes" }', 'text: loadNotes("all") }')],
  ['a handler writes a module constant', (t) => t.replace('text }] }));', 'text }] }), READ_ONLY.readOnlyHint = false);')],
  ['change a module constant', (t) => t.replace('const READ_ONLY = { readOnlyHint: true,', 'const READ_ONLY = { readOnlyHint: false,')],
  ['delete a registration', (t) => t.replace(/server\.tool\("echo"[^\n]*\n/, '')],
  ['type at the very end', (t) => t + '// done\n'],
  ['back to the start', () => base],
];

const everything = (analysis: ReturnType<Project['analyzeFile']>) => JSON.stringify({ tools: analysis.tools, findings: analysis.findings });

function spyOnReuse(): { hits: () => number; reset: () => void; restore: () => void } {
  const original = ToolReuse.prototype.reuse;
  let hits = 0;
  ToolReuse.prototype.reuse = function (this: ToolReuse, ...args: Parameters<ToolReuse['reuse']>) {
    const tools = original.apply(this, args);
    if (tools) hits++;
    return tools;
  };
  return { hits: () => hits, reset: () => (hits = 0), restore: () => (ToolReuse.prototype.reuse = original) };
}

test('re-analysis after each edit equals a fresh analysis of the same text', () => {
  const path = '/virtual/tool-reuse.ts';
  const project = new Project();
  project.setFileText(path, base);
  assert.equal(everything(project.analyzeFile(path)), everything(analyzeText(base, path)), 'the first analysis');
  let text = base;
  for (const [name, edit] of edits) {
    text = edit(text);
    assert.notEqual(text, undefined);
    project.setFileText(path, text);
    assert.equal(everything(project.analyzeFile(path)), everything(analyzeText(text, path)), name);
  }
});

test('two edits between analyses equal a fresh analysis', () => {
  const path = '/virtual/tool-reuse-twice.ts';
  const project = new Project();
  project.setFileText(path, base);
  project.analyzeFile(path);
  const once = base.replace('List the notes', 'List all the notes');
  const twice = once.replace('A cached note', 'A note from the cache');
  project.setFileText(path, once);
  project.setFileText(path, twice);
  assert.equal(everything(project.analyzeFile(path)), everything(analyzeText(twice, path)));
});

interface ReuseCase {
  edit: string;
  change: (text: string) => string;
  reused: number;
}

/** One row of a reuse table: the edit reuses `reused` statements' results and still equals a fresh analysis. */
function testReuse(path: string, original: string, { edit, change, reused }: ReuseCase): void {
  test(edit, () => {
    const project = new Project();
    project.setFileText(path, original);
    project.analyzeFile(path);
    const spy = spyOnReuse();
    try {
      const text = change(original);
      assert.notEqual(text, original, 'the edit applies');
      project.setFileText(path, text);
      const analysis = project.analyzeFile(path);
      assert.equal(spy.hits(), reused);
      assert.equal(everything(analysis), everything(analyzeText(text, path)));
    } finally {
      spy.restore();
    }
  });
}

// Which edits reuse the other statements' results: a test that equality above is not met by recomputing everything.
const reuseTable: ReuseCase[] = [
  { edit: 'typing into one registration reuses the six others', change: (t) => t.replace('Count the notes', 'Count the notes!'), reused: 6 },
  { edit: 'typing inside one handler reuses the six others', change: (t) => t.replace('const counted = 3;', 'const counted = 4;'), reused: 6 },
  { edit: 'an edit of a registration that calls a helper of the file reuses nothing', change: (t) => t.replace('Read one note', 'Read one note!'), reused: 0 },
  { edit: 'an edit of a helper the handlers call reuses nothing', change: (t) => t.replace('return "done";', 'return "gone";'), reused: 0 },
  { edit: 'an edit of a module constant reuses nothing', change: (t) => t.replace('openWorldHint: false };', 'openWorldHint: true };'), reused: 0 },
  // A tool's evidence asks whether a function it never entered reads a module variable (cached_note's reads `cache`).
  { edit: 'an edit of a handler that still reads the same module variables reuses the others', change: (t) => t.replace('String(cache.size)', 'String(cache.size + 1)'), reused: 6 },
  { edit: 'a handler that stops reading a module variable reuses nothing', change: (t) => t.replace('String(cache.size)', 'String(0) /* cache */'), reused: 0 },
  { edit: 'a handler that starts reading one reuses nothing', change: (t) => t.replace('String(counted)', 'String(counted) + cache.size; // cached'), reused: 0 },
  { edit: 'a handler whose read is now of a local that shadows it reuses nothing', change: (t) => t.replace('return { content: [{ type: "text", text: String(cache.size) }] };', 'const cache = []; return { content: [{ type: "text", text: String(cache.size) }] };'), reused: 0 },
  { edit: 'a handler that fills a module variable reuses nothing', change: (t) => t.replace('String(cache.size)', 'String(Object.assign(cache, {}))'), reused: 0 },
  // A destructuring write to a module variable (each edit keeps the count of `cache` and of the others).
  { edit: 'a handler that destructures an array into a module variable reuses nothing', change: (t) => t.replace('String(cache.size)', 'String([cache] = [new Map()])'), reused: 0 },
  { edit: 'a handler that destructures a nested array into one reuses nothing', change: (t) => t.replace('String(cache.size)', 'String([[cache]] = [[new Map()]])'), reused: 0 },
  { edit: 'a handler that destructures an array rest into one reuses nothing', change: (t) => t.replace('String(cache.size)', 'String([...cache] = [])'), reused: 0 },
  { edit: 'a handler that destructures a property into one reuses nothing', change: (t) => t.replace('String(cache.size)', 'String(({ k: cache } = { k: new Map() }))'), reused: 0 },
  { edit: 'a handler that destructures a shorthand with a default into one reuses nothing', change: (t) => t.replace('String(cache.size)', 'String(({ cache = new Map() } = {}))'), reused: 0 },
  { edit: 'a handler that destructures an object rest into one reuses nothing', change: (t) => t.replace('String(cache.size)', 'String(({ ...cache } = {}))'), reused: 0 },
  { edit: 'a handler that destructures into a member of one reuses nothing', change: (t) => t.replace('String(cache.size)', 'String(({ size: cache.size } = { size: 0 }))'), reused: 0 },
  { edit: 'a handler that loops with a module variable as its head reuses nothing', change: (t) => t.replace('text: String(cache.size) }] };', 'text: "0" }] }; for (cache of []);'), reused: 0 },
  { edit: 'a handler that loops with a pattern of one as its head reuses nothing', change: (t) => t.replace('text: String(cache.size) }] };', 'text: "0" }] }; for ([cache] of []);'), reused: 0 },
  { edit: 'a registration whose arguments destructure into a module constant reuses nothing', change: (t) => t.replace('annotations: READ_ONLY }', 'annotations: ([READ_ONLY.readOnlyHint] = [false]) }'), reused: 0 },
  { edit: 'a handler that destructures into its own locals reuses the six others', change: (t) => t.replace('const counted = 3;', 'let counted, more; [counted, ...more] = [3]; ({ counted = 3 } = {});'), reused: 6 },
  // wipe_notes's finding names the line of its `rmSync` call: a line break above it changes that message.
  { edit: 'a line break typed into one registration reuses the others whose results name no line', change: (t) => t.replace('"Count the notes",', '"Count the notes",\n   '), reused: 5 },
  { edit: 'a line break inside one handler reuses the same', change: (t) => t.replace('const counted = 3;', 'const counted = 3;\n'), reused: 5 },
  { edit: 'a line removed from one handler reuses the same', change: (t) => t.replace('  const counted = 3;\n', ''), reused: 5 },
  // Even below every tool: which offset a printed line number was read from is not kept.
  { edit: 'a line break after the last registration reuses every one whose results name no line', change: (t) => t.replace(/\}\);\n$/, '});\n\n'), reused: 6 },
  { edit: 'a space typed after the last registration reuses every one', change: (t) => t.replace(/\}\);\n$/, '});\n '), reused: 7 },
  { edit: 'a line break in a registration that calls a helper of the file reuses nothing', change: (t) => t.replace('Read one note",', 'Read one note",\n'), reused: 0 },
];

for (const row of reuseTable) testReuse('/virtual/tool-reuse-count.ts', base, row);

test('an edit of a call to a method declared in a file the analysis read reuses nothing', async () => {
  const { mkdtempSync, writeFileSync } = await import('node:fs');
  const { join } = await import('node:path');
  const { tmpdir } = await import('node:os');
  const dir = mkdtempSync(join(tmpdir(), 'mcp-hints-reuse-'));
  writeFileSync(join(dir, 'store.ts'), 'import { rmSync } from "node:fs";\nexport class Store {\n  remove(path: string) {\n    rmSync(path);\n  }\n}\n');
  const server = join(dir, 'server.ts');
  const text = `import { Store } from "./store";
const store = new Store();
server.registerTool("drop", { description: "Drop a file" }, async () => {
  store.remove("/tmp/a");
  return { content: [] };
});
server.registerTool("other", { description: "Another" }, async ({ s }) => {
  s.remove("/tmp/b");
  return { content: [] };
});
server.registerTool("third", { description: "A third" }, async () => ({ content: [] }));
`;
  const project = new Project();
  project.setFileText(server, text);
  assert.ok(project.analyzeFile(server).dependencies.includes(join(dir, 'store.ts')), 'the analysis read the class');
  const spy = spyOnReuse();
  try {
    const edited = text.replace('"/tmp/b"', '"/tmp/c"');
    project.setFileText(server, edited);
    const analysis = project.analyzeFile(server);
    assert.equal(spy.hits(), 0);
    assert.equal(everything(analysis), everything(analyzeText(edited, server)));
    spy.reset();
    const typed = edited.replace('A third', 'A third!');
    project.setFileText(server, typed);
    project.analyzeFile(server);
    assert.equal(spy.hits(), 2, 'typing into a registration that calls nothing declared reuses the two others');
  } finally {
    spy.restore();
  }
});

test('a paste long enough to be parsed in full still reuses the statements whose text is unchanged', () => {
  const path = '/virtual/tool-reuse-full.ts';
  const project = new Project();
  project.setFileText(path, base);
  project.analyzeFile(path);
  const spy = spyOnReuse();
  try {
    // Over 20,000 characters: the whole file is parsed again (incremental.ts), every statement made anew.
    const pasted = `${base}// ${'pasted '.repeat(3000)}`;
    const typed = pasted.replace('Count the notes', 'Count the notes!');
    for (const [name, text, reused] of [['the paste', pasted, 7], ['a keystroke after it', typed, 6]] as const) {
      spy.reset();
      const first = project.getSourceFile(path)!.statements[0];
      project.setFileText(path, text);
      if (text === pasted) assert.notEqual(project.getSourceFile(path)!.statements[0], first, 'parsed in full');
      const analysis = project.analyzeFile(path);
      assert.equal(spy.hits(), reused, name);
      assert.equal(everything(analysis), everything(analyzeText(text, path)), name);
    }
  } finally {
    spy.restore();
  }
});

test('random keystrokes anywhere (typed, deleted, half-typed code) each equal a fresh analysis', () => {
  const path = '/virtual/tool-reuse-random.ts';
  const project = new Project();
  project.setFileText(path, base);
  project.analyzeFile(path);
  // A fixed sequence (linear congruential), so a failure names an edit that can be replayed.
  let seed = 11;
  const next = (below: number) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % below;
  };
  const typed = ['x', '"', '(', '}', ',', ' ', 'a', '1', '\n'];
  let text = base;
  for (let edit = 0; edit < 60; edit++) {
    const at = next(text.length);
    text = next(3) === 0 ? text.slice(0, at) + text.slice(at + 1) : text.slice(0, at) + typed[next(typed.length)] + text.slice(at);
    project.setFileText(path, text);
    assert.equal(everything(project.analyzeFile(path)), everything(analyzeText(text, path)), `edit ${edit + 1} at ${at}`);
  }
});

// Fixes read the line a location is on (to insert a line above it, indented like it): a line break typed on the
// line where another statement starts moves that line's start under the other statement's results.
const sharedLine = `import { rmSync } from "node:fs";
  server.tool("first", "One", async () => ({ content: [] })); server.tool("second", "Two", async () => {
    rmSync("/x");
    return { content: [] };
  });
server.tool("third", "Three", async () => ({ content: [] }));
`;

// The fix that converts \`server.tool\` indents the config like the line its call starts on.
const sharedLineTable: ReuseCase[] = [
  { edit: 'a line break in a statement that shares its line with the next reuses nothing', change: (t) => t.replace('"One",', '"One",\n     '), reused: 0 },
  { edit: 'a line break between the two statements of a line reuses nothing', change: (t) => t.replace('] })); server', '] }));\n      server'), reused: 0 },
  { edit: 'a line break in the statement after them reuses both', change: (t) => t.replace('"Three",', '"Three",\n '), reused: 2 },
  { edit: 'a space typed on the shared line reuses the two others', change: (t) => t.replace('"One",', '"One", '), reused: 2 },
];

for (const row of sharedLineTable) testReuse('/virtual/tool-reuse-shared-line.ts', sharedLine, row);

// The module's writes and fills (which a constant's value depends on) are merged from its statements once per tree;
// an edit whose statements write nothing keeps the last tree's merge (values/mutations.ts), any other merges again.
test('writes to a module constant count the same after edits that keep, add or remove them', () => {
  const path = '/virtual/tool-reuse-writes.ts';
  const original = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "x", version: "1" });
const HINTS = { readOnlyHint: true, openWorldHint: false };
const TAGS = [];
server.registerTool("first", { description: "First", annotations: HINTS }, async () => ({ content: [] }));
HINTS.readOnlyHint = false;
server.registerTool("second", { description: "Second", annotations: { ...HINTS } }, async () => ({ content: [] }));
server.registerTool("third", { description: "Third", annotations: { readOnlyHint: TAGS.length > 0 } }, async () => ({ content: [] }));
`;
  const steps: [string, (text: string) => string][] = [
    ['an edit elsewhere keeps the write', (t) => t.replace('"Third"', '"Third!"')],
    ['a write added in the edited statement', (t) => t.replace('"Third!",', '"Third!", x: (HINTS.destructiveHint = true),')],
    ['a fill added on a line of its own', (t) => t.replace('server.registerTool("third"', 'TAGS.push("x");\nserver.registerTool("third"')],
    ['an edit elsewhere keeps both', (t) => t.replace('"First"', '"First!"')],
    ['the write removed', (t) => t.replace('HINTS.readOnlyHint = false;\n', '')],
    ['the fill removed', (t) => t.replace('TAGS.push("x");\n', '')],
    ['an edit elsewhere again', (t) => t.replace('"Second"', '"Second!"')],
  ];
  // Every edit first, then the fresh analyses: one in between would be the last module merged.
  const project = new Project();
  project.setFileText(path, original);
  const results: [string, string, string][] = [['the first analysis', original, everything(project.analyzeFile(path))]];
  let text = original;
  for (const [name, edit] of steps) {
    const next = edit(text);
    assert.notEqual(next, text, `${name}: the edit applies`);
    text = next;
    project.setFileText(path, text);
    results.push([name, text, everything(project.analyzeFile(path))]);
  }
  for (const [name, edited, result] of results) assert.equal(result, everything(analyzeText(edited, path)), name);
});
