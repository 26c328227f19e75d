// Each rule on valid code (quiet) and invalid code (findings, fixed output). Expected texts are written
// from the spec (shared/reference/annotations.md): defaults readOnlyHint false, destructiveHint true,
// idempotentHint false, openWorldHint true; destructive/idempotent mean nothing on read-only tools.
// Tool names avoid verbs so that evidence-based inference cannot change the suggested hints.
import { lines, runCases, type Case } from './tester';

const NO_COMMENTS = { explainDefaults: false };
/** The annotations "Add annotations" writes when nothing is known: the spec defaults, plus a title. */
const DEFAULTS = 'readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true';

// ─── missing-annotations ───
const missing: Case[] = [
  {
    name: 'valid: registerTool with annotations',
    code: 'server.registerTool("frob_widget", { annotations: { readOnlyHint: true } }, cb);\n',
    only: ['missing-annotations'],
    findings: [],
  },
  {
    name: 'valid: look-alikes are not tools',
    code: 'server.registerResource("cfg", "cfg://x", { title: "Config" }, cb);\nconst t = tool({ description: "d", execute: async () => 1 });\n',
    findings: [],
  },
  {
    name: 'registerTool, single-line config literal',
    code: 'server.registerTool("frob_widget", { description: "x" }, cb);\n',
    only: ['missing-annotations'],
    options: NO_COMMENTS,
    findings: [{ rule: 'missing-annotations', line: 1, message: '"frob_widget" has no annotations', severity: 'warning' }],
    output: `server.registerTool("frob_widget", { description: "x", annotations: { title: "Frob Widget", ${DEFAULTS} } }, cb);\n`,
  },
  {
    name: 'registerTool, single-line config with a trailing comma',
    code: 'server.registerTool("frob_widget", { description: "x", }, cb);\n',
    only: ['missing-annotations'],
    options: NO_COMMENTS,
    findings: [{ rule: 'missing-annotations', line: 1 }],
    output: `server.registerTool("frob_widget", { description: "x", annotations: { title: "Frob Widget", ${DEFAULTS} }, }, cb);\n`,
  },
  {
    name: 'registerTool, empty config {}',
    code: 'server.registerTool("frob_widget", {}, cb);\n',
    only: ['missing-annotations'],
    options: NO_COMMENTS,
    findings: [{ rule: 'missing-annotations', line: 1 }],
    output: `server.registerTool("frob_widget", { annotations: { title: "Frob Widget", ${DEFAULTS} } }, cb);\n`,
  },
  {
    name: 'registerTool, multi-line config literal keeps the layout',
    code: lines('server.registerTool(', '  "frob_widget",', '  {', '    description: "x",', '  },', '  cb,', ');'),
    only: ['missing-annotations'],
    options: NO_COMMENTS,
    findings: [{ rule: 'missing-annotations', line: 2 }],
    output: lines(
      'server.registerTool(',
      '  "frob_widget",',
      '  {',
      '    description: "x",',
      '    annotations: {',
      '      title: "Frob Widget",',
      '      readOnlyHint: false,',
      '      destructiveHint: true,',
      '      idempotentHint: false,',
      '      openWorldHint: true,',
      '    },',
      '  },',
      '  cb,',
      ');',
    ),
  },
  {
    name: 'registerTool with a config title: no second title is written',
    code: "server.registerTool('frob_widget', { title: 'Frob', description: 'x' }, cb);\n",
    only: ['missing-annotations'],
    options: NO_COMMENTS,
    findings: [{ rule: 'missing-annotations', line: 1 }],
    output: `server.registerTool('frob_widget', { title: 'Frob', description: 'x', annotations: { ${DEFAULTS} } }, cb);\n`,
  },
  {
    name: 'single-quoted file gets a single-quoted title',
    code: "server.registerTool('frob_widget', { description: 'x' }, cb);\n",
    only: ['missing-annotations'],
    options: NO_COMMENTS,
    findings: [{ rule: 'missing-annotations', line: 1 }],
    output: `server.registerTool('frob_widget', { description: 'x', annotations: { title: 'Frob Widget', ${DEFAULTS} } }, cb);\n`,
  },
  {
    name: 'tool(name, cb): annotations inserted before the callback',
    code: 'server.tool("frob_widget", cb);\n',
    only: ['missing-annotations'],
    options: NO_COMMENTS,
    findings: [{ rule: 'missing-annotations', line: 1 }],
    output: `server.tool("frob_widget", { title: "Frob Widget", ${DEFAULTS} }, cb);\n`,
  },
  {
    name: 'tool(name, description, schema, cb): annotations inserted before the callback',
    code: 'server.tool("frob_widget", "Frob", { q: z.string() }, cb);\n',
    only: ['missing-annotations'],
    options: NO_COMMENTS,
    findings: [{ rule: 'missing-annotations', line: 1 }],
    output: `server.tool("frob_widget", "Frob", { q: z.string() }, { title: "Frob Widget", ${DEFAULTS} }, cb);\n`,
  },
  {
    name: 'tool(name, {}, cb): annotations go after the {} schema',
    code: 'server.tool("frob_widget", {}, cb);\n',
    only: ['missing-annotations'],
    options: NO_COMMENTS,
    findings: [{ rule: 'missing-annotations', line: 1 }],
    output: `server.tool("frob_widget", {}, { title: "Frob Widget", ${DEFAULTS} }, cb);\n`,
  },
  {
    name: 'tool(), multi-line: the new argument gets its own line',
    code: lines('server.tool(', '  "frob_widget",', '  "Frob",', '  cb,', ');'),
    only: ['missing-annotations'],
    options: NO_COMMENTS,
    findings: [{ rule: 'missing-annotations', line: 2 }],
    output: lines(
      'server.tool(',
      '  "frob_widget",',
      '  "Frob",',
      '  {',
      '    title: "Frob Widget",',
      '    readOnlyHint: false,',
      '    destructiveHint: true,',
      '    idempotentHint: false,',
      '    openWorldHint: true,',
      '  },',
      '  cb,',
      ');',
    ),
  },
  {
    name: 'fastmcp addTool: annotations property added to the definition',
    code: 'server.addTool({ name: "frob_widget", description: "d", execute: run });\n',
    only: ['missing-annotations'],
    options: NO_COMMENTS,
    findings: [{ rule: 'missing-annotations', line: 1 }],
    output: `server.addTool({ name: "frob_widget", description: "d", execute: run, annotations: { title: "Frob Widget", ${DEFAULTS} } });\n`,
  },
  {
    name: 'a definition with its handler written in it: annotations go above the handler, beside the name',
    code: lines('server.addTool({', '  name: "frob_widget",', '  description: "d",', '  execute: async (args) => {', '    return run(args);', '  },', '});'),
    only: ['missing-annotations'],
    options: NO_COMMENTS,
    findings: [{ rule: 'missing-annotations', line: 2 }],
    output: lines(
      'server.addTool({',
      '  name: "frob_widget",',
      '  description: "d",',
      '  annotations: {',
      '    title: "Frob Widget",',
      '    readOnlyHint: false,',
      '    destructiveHint: true,',
      '    idempotentHint: false,',
      '    openWorldHint: true,',
      '  },',
      '  execute: async (args) => {',
      '    return run(args);',
      '  },',
      '});',
    ),
  },
  {
    name: 'a loop reading `d.annotations` of definitions in another file: the fix writes into the definition, not the shared config',
    code: lines('import { defs } from "./widgets";', 'for (const d of defs) server.registerTool(d.name, { description: d.description, annotations: d.annotations }, d.handler);'),
    files: {
      'widgets.ts': lines(
        'export const defs = [',
        '  { name: "frob_widget", description: "d", handler: run },',
        '  { name: "zap_widget", description: "e", annotations: { readOnlyHint: false }, handler: run },',
        '];',
      ),
    },
    only: ['missing-annotations'],
    options: NO_COMMENTS,
    fix: /Annotate|Add annotations/,
    findings: [{ rule: 'missing-annotations', file: 'widgets.ts', line: 2 }],
    outputFiles: {
      'widgets.ts': lines(
        'export const defs = [',
        `  { name: "frob_widget", description: "d", handler: run, annotations: { title: "Frob Widget", ${DEFAULTS} } },`,
        '  { name: "zap_widget", description: "e", annotations: { readOnlyHint: false }, handler: run },',
        '];',
      ),
    },
  },
  {
    name: 'tools/list element: annotations property added to that element only',
    code: lines(
      'server.setRequestHandler(ListToolsRequestSchema, async () => ({',
      '  tools: [',
      '    { name: "frob_widget", inputSchema: { type: "object" } },',
      '    { name: "other", inputSchema: { type: "object" }, annotations: { readOnlyHint: true } },',
      '  ],',
      '}));',
    ),
    only: ['missing-annotations'],
    options: NO_COMMENTS,
    findings: [{ rule: 'missing-annotations', line: 3 }],
    output: lines(
      'server.setRequestHandler(ListToolsRequestSchema, async () => ({',
      '  tools: [',
      `    { name: "frob_widget", inputSchema: { type: "object" }, annotations: { title: "Frob Widget", ${DEFAULTS} } },`,
      '    { name: "other", inputSchema: { type: "object" }, annotations: { readOnlyHint: true } },',
      '  ],',
      '}));',
    ),
  },
  {
    name: 'tab-indented file: the new lines use tabs',
    code: 'server.registerTool(\n\t"frob_widget",\n\t{\n\t\tdescription: "x",\n\t},\n\tcb,\n);\n',
    only: ['missing-annotations'],
    options: NO_COMMENTS,
    findings: [{ rule: 'missing-annotations', line: 2 }],
    output:
      'server.registerTool(\n\t"frob_widget",\n\t{\n\t\tdescription: "x",\n\t\tannotations: {\n\t\t\ttitle: "Frob Widget",\n' +
      '\t\t\treadOnlyHint: false,\n\t\t\tdestructiveHint: true,\n\t\t\tidempotentHint: false,\n\t\t\topenWorldHint: true,\n\t\t},\n\t},\n\tcb,\n);\n',
  },
  {
    name: 'four-space file: the new lines use four spaces',
    code: lines('server.registerTool("frob_widget", {', '    description: "x",', '}, cb);'),
    only: ['missing-annotations'],
    options: NO_COMMENTS,
    findings: [{ rule: 'missing-annotations', line: 1 }],
    output: lines(
      'server.registerTool("frob_widget", {',
      '    description: "x",',
      '    annotations: {',
      '        title: "Frob Widget",',
      '        readOnlyHint: false,',
      '        destructiveHint: true,',
      '        idempotentHint: false,',
      '        openWorldHint: true,',
      '    },',
      '}, cb);',
    ),
  },
  {
    name: 'registerToolTask: annotations added to the config',
    code: 'server.experimental.tasks.registerToolTask("frob_widget", { description: "x" }, handlers);\n',
    only: ['missing-annotations'],
    options: NO_COMMENTS,
    findings: [{ rule: 'missing-annotations', line: 1 }],
    output: `server.experimental.tasks.registerToolTask("frob_widget", { description: "x", annotations: { title: "Frob Widget", ${DEFAULTS} } }, handlers);\n`,
  },
  {
    name: 'fastmcp addTools: each element gets its own annotations',
    code: lines('server.addTools([', '  { name: "frob_one", execute: run },', '  { name: "frob_two", execute: run, annotations: { readOnlyHint: true } },', ']);'),
    only: ['missing-annotations'],
    options: NO_COMMENTS,
    findings: [{ rule: 'missing-annotations', line: 2 }],
    output: lines('server.addTools([', `  { name: "frob_one", execute: run, annotations: { title: "Frob One", ${DEFAULTS} } },`, '  { name: "frob_two", execute: run, annotations: { readOnlyHint: true } },', ']);'),
  },
  {
    name: 'a tool with an unknown name gets annotations without a title',
    code: 'server.registerTool(process.env.NAME, { description: "x" }, cb);\n',
    only: ['missing-annotations'],
    options: NO_COMMENTS,
    findings: [{ rule: 'missing-annotations', line: 1 }],
    output: `server.registerTool(process.env.NAME, { description: "x", annotations: { ${DEFAULTS} } }, cb);\n`,
  },
  {
    name: 'config behind a const in the same file: the const gets the annotations',
    code: lines('const config = { description: "x" };', 'server.registerTool("frob_widget", config, cb);'),
    only: ['missing-annotations'],
    options: NO_COMMENTS,
    findings: [{ rule: 'missing-annotations', line: 2 }],
    output: lines(`const config = { description: "x", annotations: { title: "Frob Widget", ${DEFAULTS} } };`, 'server.registerTool("frob_widget", config, cb);'),
  },
  {
    name: 'config from a function call: reported, but no fix (nowhere safe to write)',
    code: 'server.registerTool("frob_widget", makeConfig(), cb);\n',
    only: ['missing-annotations'],
    findings: [{ rule: 'missing-annotations', line: 1 }],
    output: 'server.registerTool("frob_widget", makeConfig(), cb);\n',
  },
  {
    name: 'rule turned off',
    code: 'server.registerTool("frob_widget", {}, cb);\n',
    options: { rules: { 'missing-annotations': 'off' } },
    only: ['missing-annotations'],
    findings: [],
  },
  {
    name: 'severity override',
    code: 'server.registerTool("frob_widget", {}, cb);\n',
    options: { rules: { 'missing-annotations': 'error' } },
    only: ['missing-annotations'],
    findings: [{ rule: 'missing-annotations', line: 1, severity: 'error' }],
  },
  {
    name: 'tools expanded from a loop share one config literal: no title, no safe fix',
    code: lines(
      'const defs = [{ name: "alpha", description: "a" }, { name: "beta", description: "b" }];',
      'for (const d of defs) {',
      '  server.registerTool(d.name, { description: d.description }, cb);',
      '}',
    ),
    only: ['missing-annotations'],
    options: NO_COMMENTS,
    findings: [
      { rule: 'missing-annotations', line: 1, message: '"alpha"' },
      { rule: 'missing-annotations', line: 1, message: '"beta"' },
    ],
    // A title written into the shared literal would name every tool "Alpha".
    output: lines(
      'const defs = [{ name: "alpha", description: "a" }, { name: "beta", description: "b" }];',
      'for (const d of defs) {',
      '  server.registerTool(d.name, { description: d.description }, cb);',
      '}',
    ),
  },
  {
    name: 'shared config literal: the offered fix writes the hints once, without a title',
    code: lines('const defs = [{ name: "alpha" }, { name: "beta" }];', 'defs.forEach((d) => server.registerTool(d.name, {}, cb));'),
    only: ['missing-annotations'],
    options: NO_COMMENTS,
    fix: /Add annotations/,
    findings: [
      { rule: 'missing-annotations', line: 1 },
      { rule: 'missing-annotations', line: 1 },
    ],
    output: lines('const defs = [{ name: "alpha" }, { name: "beta" }];', `defs.forEach((d) => server.registerTool(d.name, { annotations: { ${DEFAULTS} } }, cb));`),
  },
];

// ─── implicit-default ───
// The handlers here are `cb`, which the engine cannot see: nothing contradicts a default, so the default setting
// reports only annotations that hold no hint, and `implicitDefaults: "all"` every omitted hint (the fix mechanics).
const ALL = { implicitDefaults: 'all' as const };
/** A handler the engine sees through: it reads a local file and nothing else. */
const READS_FILE = 'import { readFile } from "node:fs/promises";\n';
const readsHandler = 'async () => ({ content: [{ type: "text", text: await readFile("n.txt", "utf8") }] })';
const implicit: Case[] = [
  {
    name: 'valid: all four hints written',
    code: `server.registerTool("a", { annotations: { ${DEFAULTS} } }, cb);\n`,
    only: ['implicit-default'],
    options: ALL,
    findings: [],
  },
  {
    name: 'valid: read-only tool needs only readOnlyHint and openWorldHint',
    code: 'server.registerTool("a", { annotations: { readOnlyHint: true, openWorldHint: false } }, cb);\n',
    only: ['implicit-default'],
    options: ALL,
    findings: [],
  },
  {
    name: 'valid: unresolved spread, nothing is known to be omitted',
    code: 'server.registerTool("a", { annotations: { ...hintsFor("a"), readOnlyHint: false } }, cb);\n',
    only: ['implicit-default'],
    options: ALL,
    findings: [],
  },
  {
    name: 'default setting: omitted hints whose defaults nothing contradicts are not reported',
    code: 'server.registerTool("a", { annotations: { readOnlyHint: false } }, cb);\nserver.registerTool("b", { annotations: { readOnlyHint: true } }, cb);\n',
    only: ['implicit-default'],
    findings: [],
  },
  {
    name: 'default setting: openWorldHint omitted on a tool that calls the network is not reported (its default is right)',
    code: 'server.registerTool("a", { annotations: { readOnlyHint: true } }, async () => { const r = await fetch("https://api.example.com/items"); return { content: [{ type: "text", text: await r.text() }] }; });\n',
    only: ['implicit-default'],
    findings: [],
  },
  {
    name: 'default setting: openWorldHint omitted on a tool that only reads local files is reported, and the fix writes false',
    code: `${READS_FILE}server.registerTool("a", { annotations: { readOnlyHint: true } }, ${readsHandler});\n`,
    only: ['implicit-default'],
    fix: /Write the omitted hint: openWorldHint: false \(reads local files only\)/,
    findings: [{ rule: 'implicit-default', line: 2, message: /^`openWorldHint` is omitted, but the code suggests `openWorldHint: false`\.$/, detail: /^`openWorldHint` defaults to true \(reaches the outside world\), but the code suggests false: reads local files only\.$/, severity: 'hint' }],
    output: `${READS_FILE}server.registerTool("a", { annotations: { readOnlyHint: true, openWorldHint: false } }, ${readsHandler});\n`,
  },
  {
    name: 'default setting: readOnlyHint omitted on a tool that only reads: readOnlyHint and openWorldHint, not destructive or idempotent',
    code: `${READS_FILE}server.registerTool("a", { annotations: { title: "A", openWorldHint: true } }, ${readsHandler});\n`,
    only: ['implicit-default'],
    fix: /Write the omitted hint/,
    findings: [{ rule: 'implicit-default', line: 2, message: /^`readOnlyHint` is omitted, but the code suggests `readOnlyHint: true`/ }],
    output: `${READS_FILE}server.registerTool("a", { annotations: { title: "A", openWorldHint: true, readOnlyHint: true } }, ${readsHandler});\n`,
  },
  {
    name: 'default setting: the detail names the omitted hints left unreported and the setting that reports them',
    // Overwriting a local file: destructive (the default), safe to repeat and closed-world (both not the default).
    code: 'import { writeFile } from "node:fs/promises";\nserver.registerTool("a", { annotations: { readOnlyHint: false } }, async ({ t }) => { await writeFile("n.txt", t); return { content: [] }; });\n',
    only: ['implicit-default'],
    findings: [
      {
        rule: 'implicit-default',
        line: 2,
        message: /^`idempotentHint` and `openWorldHint` are omitted, but the code suggests `idempotentHint: true`, `openWorldHint: false`\.$/,
        detail: /Also omitted, with defaults nothing in the code contradicts: `destructiveHint` \(true\); `"implicitDefaults": "all"` reports them too\.$/,
      },
    ],
  },
  {
    name: 'writing tool, implicitDefaults "all": the three omitted hints are written with their defaults',
    code: 'server.registerTool("a", { annotations: { readOnlyHint: false } }, cb);\n',
    only: ['implicit-default'],
    options: ALL,
    fix: /Write the omitted/,
    findings: [{ rule: 'implicit-default', line: 1, message: /^`destructiveHint`, `idempotentHint` and `openWorldHint` are omitted and take the defaults \(true, false, true\)\.$/, detail: /destructiveHint` defaults to true.*idempotentHint` defaults to false.*openWorldHint` defaults to true/, severity: 'hint' }],
    output: `server.registerTool("a", { annotations: { ${DEFAULTS} } }, cb);\n`,
  },
  {
    name: 'read-only tool, implicitDefaults "all": only openWorldHint is omitted (destructive/idempotent are meaningless there)',
    code: 'server.registerTool("a", { annotations: { readOnlyHint: true } }, cb);\n',
    only: ['implicit-default'],
    options: ALL,
    fix: /Write the omitted/,
    findings: [{ rule: 'implicit-default', line: 1, message: '`openWorldHint` is omitted and takes the default (true)' }],
    output: 'server.registerTool("a", { annotations: { readOnlyHint: true, openWorldHint: true } }, cb);\n',
  },
  {
    name: 'title only: every hint is omitted, reported under the default setting',
    code: 'server.registerTool("a", { annotations: { title: "A" } }, cb);\n',
    only: ['implicit-default'],
    fix: /Write the omitted/,
    findings: [{ rule: 'implicit-default', line: 1, message: 'The annotations hold only a title', detail: '`readOnlyHint` defaults to false' }],
    output: `server.registerTool("a", { annotations: { title: "A", ${DEFAULTS} } }, cb);\n`,
  },
  {
    name: 'annotations imported from another file: the fix edits that file',
    files: { 'hints.ts': 'export const WRITE = { readOnlyHint: false, destructiveHint: false, idempotentHint: true };\n' },
    code: 'import { WRITE } from "./hints";\nserver.registerTool("a", { annotations: WRITE }, cb);\n',
    only: ['implicit-default'],
    options: ALL,
    fix: /Write the omitted/,
    findings: [{ rule: 'implicit-default', line: 2 }],
    output: 'import { WRITE } from "./hints";\nserver.registerTool("a", { annotations: WRITE }, cb);\n',
    outputFiles: { 'hints.ts': 'export const WRITE = { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true };\n' },
  },
  {
    name: 'empty annotations object gets all four hints, reported under the default setting',
    code: 'server.registerTool("a", { annotations: {} }, cb);\n',
    only: ['implicit-default'],
    fix: /Write the omitted/,
    findings: [{ rule: 'implicit-default', line: 1, message: 'The annotations object is empty' }],
    output: `server.registerTool("a", { annotations: { ${DEFAULTS} } }, cb);\n`,
  },
  {
    name: 'the chatgpt profile: what it requires is left to profile-requirement, not reported twice',
    code: 'server.registerTool("a", { annotations: { title: "A" } }, cb);\n',
    only: ['implicit-default', 'profile-requirement'],
    options: { profile: 'chatgpt' },
    findings: [
      { rule: 'profile-requirement', line: 1, message: /requires readOnlyHint, destructiveHint and openWorldHint/ },
      { rule: 'implicit-default', line: 1, message: 'The annotations hold only a title', detail: /^`idempotentHint` defaults to false \(unsafe to retry\)\.$/ },
    ],
  },
  {
    name: 'tools of one loop: each finding names its tool (here at the tool\'s own name, as the annotations are shared)',
    code: 'const defs = [{ name: "alpha" }, { name: "beta" }];\ndefs.forEach((d) => server.registerTool(d.name, { annotations: { title: "T" } }, cb));\n',
    only: ['implicit-default'],
    findings: [
      { rule: 'implicit-default', line: 1, message: /^"alpha": The annotations hold only a title/ },
      { rule: 'implicit-default', line: 1, message: /^"beta": The annotations hold only a title/ },
    ],
  },
  {
    name: 'tool() annotations argument: hints inserted into it',
    code: 'server.tool("a", "d", {}, { readOnlyHint: false, destructiveHint: false }, cb);\n',
    only: ['implicit-default'],
    options: ALL,
    fix: /Write the omitted/,
    findings: [{ rule: 'implicit-default', line: 1 }],
    output: 'server.tool("a", "d", {}, { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true }, cb);\n',
  },
  {
    name: 'multi-line annotations with a trailing comma: one hint per line',
    code: lines('server.registerTool("a", {', '  annotations: {', '    readOnlyHint: false,', '    openWorldHint: false,', '  },', '}, cb);'),
    only: ['implicit-default'],
    options: ALL,
    fix: /Write the omitted/,
    findings: [{ rule: 'implicit-default', line: 2 }],
    output: lines('server.registerTool("a", {', '  annotations: {', '    readOnlyHint: false,', '    openWorldHint: false,', '    destructiveHint: true,', '    idempotentHint: false,', '  },', '}, cb);'),
  },
  {
    name: 'fix-all with a misspelled hint: the rename wins, no duplicate readOnlyHint with the default',
    code: 'server.registerTool("a", { annotations: { readonlyHint: true } }, cb);\n',
    only: ['implicit-default', 'unknown-annotation-key'],
    options: ALL,
    findings: [{ rule: 'unknown-annotation-key', line: 1 }],
    output: 'server.registerTool("a", { annotations: { readOnlyHint: true } }, cb);\n',
  },
  {
    name: 'fix-all with a misplaced hint: the move wins, no duplicate readOnlyHint with the default',
    code: 'server.registerTool("a", { readOnlyHint: true, annotations: { openWorldHint: false } }, cb);\n',
    only: ['implicit-default', 'misplaced-annotations'],
    options: ALL,
    findings: [{ rule: 'misplaced-annotations', line: 1 }],
    output: 'server.registerTool("a", { annotations: { openWorldHint: false, readOnlyHint: true } }, cb);\n',
  },
  {
    name: 'annotations written with as const: hints inserted inside the literal',
    code: 'server.registerTool("a", { annotations: { readOnlyHint: true } as const }, cb);\n',
    only: ['implicit-default'],
    options: ALL,
    fix: /Write the omitted/,
    findings: [{ rule: 'implicit-default', line: 1 }],
    output: 'server.registerTool("a", { annotations: { readOnlyHint: true, openWorldHint: true } as const }, cb);\n',
  },
];

// ─── destructive-on-read-only ───
// Only readOnlyHint: true with destructiveHint: true is a contradiction; consistent explicit values on a read-only
// tool (destructiveHint: false, idempotentHint: true) are what ChatGPT's review asks for, in every profile.
const destructiveOnReadOnly: Case[] = [
  {
    name: 'valid: destructiveHint on a writing tool',
    code: 'server.registerTool("a", { annotations: { readOnlyHint: false, destructiveHint: false } }, cb);\n',
    only: ['destructive-on-read-only'],
    findings: [],
  },
  {
    name: 'valid: read-only tool without destructive/idempotent',
    code: 'server.registerTool("a", { annotations: { readOnlyHint: true, openWorldHint: false } }, cb);\n',
    only: ['destructive-on-read-only'],
    findings: [],
  },
  ...(['spec', 'chatgpt', 'claude'] as const).map((profile) => ({
    name: `valid (${profile} profile): destructiveHint: false and idempotentHint: true on a read-only tool`,
    code: 'server.registerTool("a", { annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } }, cb);\n',
    options: { profile },
    only: ['destructive-on-read-only'],
    findings: [],
  })),
  {
    name: 'valid: destructiveHint: true on a tool whose readOnlyHint is false',
    code: 'server.registerTool("a", { annotations: { readOnlyHint: false, destructiveHint: true } }, cb);\n',
    only: ['destructive-on-read-only'],
    findings: [],
  },
  {
    name: 'readOnlyHint: true with destructiveHint: true is a contradiction',
    code: lines('server.registerTool("a", {', '  annotations: {', '    readOnlyHint: true,', '    destructiveHint: true,', '    idempotentHint: true,', '  },', '}, cb);'),
    only: ['destructive-on-read-only'],
    fix: /destructiveHint: false/,
    findings: [{ rule: 'destructive-on-read-only', line: 4, message: /contradict each other/ }],
    output: lines('server.registerTool("a", {', '  annotations: {', '    readOnlyHint: true,', '    destructiveHint: false,', '    idempotentHint: true,', '  },', '}, cb);'),
  },
  {
    name: 'the other fix gives up the read-only claim',
    code: 'server.registerTool("a", { annotations: { readOnlyHint: true, destructiveHint: true } }, cb);\n',
    only: ['destructive-on-read-only'],
    fix: /readOnlyHint: false/,
    findings: [{ rule: 'destructive-on-read-only', line: 1 }],
    output: 'server.registerTool("a", { annotations: { readOnlyHint: false, destructiveHint: true } }, cb);\n',
  },
  {
    name: 'chatgpt profile reports the contradiction too',
    code: 'server.registerTool("a", { annotations: { readOnlyHint: true, destructiveHint: true } }, cb);\n',
    options: { profile: 'chatgpt' },
    only: ['destructive-on-read-only'],
    findings: [{ rule: 'destructive-on-read-only', line: 1 }],
  },
  {
    name: 'readOnlyHint from a spread constant, destructiveHint: true written locally',
    code: lines('const RO = { readOnlyHint: true, openWorldHint: false };', 'server.registerTool("a", { annotations: { ...RO, destructiveHint: true } }, cb);'),
    only: ['destructive-on-read-only'],
    fix: /destructiveHint: false/,
    findings: [{ rule: 'destructive-on-read-only', line: 2 }],
    output: lines('const RO = { readOnlyHint: true, openWorldHint: false };', 'server.registerTool("a", { annotations: { ...RO, destructiveHint: false } }, cb);'),
  },
];

// ─── unknown-annotation-key ───
const unknownKey: Case[] = [
  {
    name: 'valid: the five known keys',
    code: `server.registerTool("a", { annotations: { title: "A", ${DEFAULTS} } }, cb);\n`,
    only: ['unknown-annotation-key'],
    findings: [],
  },
  {
    name: 'one misspelled key written once for every tool of a loop: one finding at the key, not one per tool',
    code: 'const defs = [{ name: "a" }, { name: "b" }, { name: "c" }];\nfor (const def of defs) server.registerTool(def.name, { annotations: { readonlyHint: true } }, cb);\n',
    only: ['unknown-annotation-key'],
    findings: [{ rule: 'unknown-annotation-key', line: 2, message: /^"readonlyHint" is not a tool annotation/ }],
  },
  {
    name: 'readonlyHint → did you mean readOnlyHint, renamed',
    code: 'server.registerTool("a", { annotations: { readonlyHint: true } }, cb);\n',
    only: ['unknown-annotation-key'],
    findings: [{ rule: 'unknown-annotation-key', line: 1, message: 'did you mean "readOnlyHint"?', severity: 'error' }],
    output: 'server.registerTool("a", { annotations: { readOnlyHint: true } }, cb);\n',
  },
  {
    name: 'openWorldHnt → openWorldHint',
    code: 'server.tool("a", "d", {}, { openWorldHnt: false }, cb);\n',
    only: ['unknown-annotation-key'],
    findings: [{ rule: 'unknown-annotation-key', line: 1, message: 'did you mean "openWorldHint"?' }],
    output: 'server.tool("a", "d", {}, { openWorldHint: false }, cb);\n',
  },
  {
    name: 'destructive → destructiveHint',
    code: 'server.registerTool("a", { annotations: { readOnlyHint: false, destructive: true } }, cb);\n',
    only: ['unknown-annotation-key'],
    findings: [{ rule: 'unknown-annotation-key', line: 1, message: 'did you mean "destructiveHint"?' }],
    output: 'server.registerTool("a", { annotations: { readOnlyHint: false, destructiveHint: true } }, cb);\n',
  },
  {
    name: 'typo in an imported constant: reported at the registration file? no, at the constant, and renamed there',
    files: { 'hints.ts': 'export const RO = {\n  readOnlyHnt: true,\n};\n' },
    code: 'import { RO } from "./hints";\nserver.registerTool("a", { annotations: RO }, cb);\n',
    only: ['unknown-annotation-key'],
    // The quick fix edits the constant's file (fix-all fixes only the file it runs on).
    fix: /Rename "readOnlyHnt" to "readOnlyHint"/,
    findings: [{ rule: 'unknown-annotation-key', file: 'hints.ts', line: 2, message: 'readOnlyHint' }],
    outputFiles: { 'hints.ts': 'export const RO = {\n  readOnlyHint: true,\n};\n' },
  },
  {
    name: 'no rename when the correct key is also there',
    code: 'server.registerTool("a", { annotations: { readOnlyHint: true, readonlyHint: true } }, cb);\n',
    only: ['unknown-annotation-key'],
    findings: [{ rule: 'unknown-annotation-key', line: 1 }],
    output: 'server.registerTool("a", { annotations: { readOnlyHint: true, readonlyHint: true } }, cb);\n',
  },
  {
    name: 'the server\'s own data (a string) is not an error: custom-annotation-key points to _meta',
    code: 'server.registerTool("a", { annotations: { category: "files" } }, cb);\n',
    only: ['unknown-annotation-key', 'custom-annotation-key'],
    findings: [{ rule: 'custom-annotation-key', line: 1, message: '"category" is server data, not an annotation: no host sees it.', detail: '_meta', severity: 'hint' }],
    output: 'server.registerTool("a", { annotations: { category: "files" } }, cb);\n',
  },
  {
    name: 'several keys of the server\'s own data: one finding for the object, at the first',
    code: lines('server.registerTool("a", {', '  annotations: {', '    category: Category.DEBUGGING,', '    conditions: ["page"],', '    readOnlyHint: true,', '  },', '}, cb);'),
    only: ['unknown-annotation-key', 'custom-annotation-key'],
    findings: [{ rule: 'custom-annotation-key', line: 3, message: '"category" and "conditions" are server data, not annotations: no host sees them.' }],
  },
  {
    name: 'an unknown key with a boolean value, or named like a hint, reads as a hint: an error without a suggestion',
    code: 'server.registerTool("a", { annotations: { dangerous: true, confirmationHint: "always" } }, cb);\n',
    only: ['unknown-annotation-key', 'custom-annotation-key'],
    findings: [
      { rule: 'unknown-annotation-key', line: 1, message: '"dangerous" is not a tool annotation: no host ever sees it.', severity: 'error' },
      { rule: 'unknown-annotation-key', line: 1, message: '"confirmationHint" is not a tool annotation' },
    ],
  },
  {
    name: 'quoted key is renamed',
    code: 'server.registerTool("a", { annotations: { "idempotenthint": true } }, cb);\n',
    only: ['unknown-annotation-key'],
    findings: [{ rule: 'unknown-annotation-key', line: 1, message: 'idempotentHint' }],
    // The key loses its (unneeded) quotes: valid either way.
    output: 'server.registerTool("a", { annotations: { idempotentHint: true } }, cb);\n',
  },
  {
    name: 'a typo in a fastmcp definition',
    code: 'server.addTool({ name: "a", annotations: { readOnlyHnt: true }, execute: run });\n',
    only: ['unknown-annotation-key'],
    findings: [{ rule: 'unknown-annotation-key', line: 1, message: 'readOnlyHint' }],
    output: 'server.addTool({ name: "a", annotations: { readOnlyHint: true }, execute: run });\n',
  },
];

// ─── non-boolean-hint ───
const nonBoolean: Case[] = [
  {
    name: 'valid: booleans, !0 and !1',
    code: 'server.registerTool("a", { annotations: { readOnlyHint: !0, openWorldHint: !1, title: "A" } }, cb);\n',
    only: ['non-boolean-hint'],
    findings: [],
  },
  {
    name: '"false" (truthy!) → false, offered not applied by fix-all',
    code: 'server.registerTool("a", { annotations: { readOnlyHint: "false" } }, cb);\n',
    only: ['non-boolean-hint'],
    findings: [{ rule: 'non-boolean-hint', line: 1, message: /must be a boolean/, severity: 'error' }],
    // The fix changes what hosts see ("false" reads as true), so it is not safe: fix-all leaves it.
    output: 'server.registerTool("a", { annotations: { readOnlyHint: "false" } }, cb);\n',
  },
  {
    name: '"false" → false with the explicit fix',
    code: 'server.registerTool("a", { annotations: { readOnlyHint: "false" } }, cb);\n',
    only: ['non-boolean-hint'],
    fix: /readOnlyHint: false/,
    findings: [{ rule: 'non-boolean-hint', line: 1 }],
    output: 'server.registerTool("a", { annotations: { readOnlyHint: false } }, cb);\n',
  },
  {
    name: '1 → true',
    code: 'server.tool("a", { destructiveHint: 1 }, cb);\n',
    only: ['non-boolean-hint'],
    fix: /destructiveHint: true/,
    findings: [{ rule: 'non-boolean-hint', line: 1 }],
    output: 'server.tool("a", { destructiveHint: true }, cb);\n',
  },
  {
    name: '"maybe": reported, no fix to guess',
    code: 'server.registerTool("a", { annotations: { idempotentHint: "maybe" } }, cb);\n',
    only: ['non-boolean-hint'],
    fix: /idempotentHint/,
    findings: [{ rule: 'non-boolean-hint', line: 1 }],
    output: 'server.registerTool("a", { annotations: { idempotentHint: "maybe" } }, cb);\n',
  },
  {
    name: 'undefined is no value: the key is not sent (JSON drops it), so the hint is omitted, not a non-boolean',
    code: 'const write = false;\nserver.registerTool("a", { annotations: { readOnlyHint: !write, destructiveHint: write ? true : undefined } }, cb);\n',
    only: ['non-boolean-hint'],
    findings: [],
  },
  {
    name: 'null is sent: reported (hosts read it as false)',
    code: 'server.registerTool("a", { annotations: { readOnlyHint: false, destructiveHint: null } }, cb);\n',
    only: ['non-boolean-hint'],
    findings: [{ rule: 'non-boolean-hint', line: 1, message: /not null/ }],
  },
  {
    name: 'title is not a hint: a string is fine',
    code: 'server.registerTool("a", { annotations: { title: "true" } }, cb);\n',
    only: ['non-boolean-hint'],
    findings: [],
  },
  {
    name: '"true" → true and null → false',
    code: 'server.registerTool("a", { annotations: { readOnlyHint: "true", openWorldHint: null } }, cb);\n',
    only: ['non-boolean-hint'],
    fix: /Write/,
    findings: [
      { rule: 'non-boolean-hint', line: 1, message: 'readOnlyHint' },
      { rule: 'non-boolean-hint', line: 1, message: 'openWorldHint' },
    ],
    output: 'server.registerTool("a", { annotations: { readOnlyHint: true, openWorldHint: false } }, cb);\n',
  },
  {
    name: 'a non-boolean hint in a constant of another file: the fix edits that file',
    files: { 'hints.ts': 'export const RO = { readOnlyHint: "true" };\n' },
    code: 'import { RO } from "./hints";\nserver.registerTool("a", { annotations: RO }, cb);\n',
    only: ['non-boolean-hint'],
    fix: /Write/,
    findings: [{ rule: 'non-boolean-hint', file: 'hints.ts', line: 1 }],
    outputFiles: { 'hints.ts': 'export const RO = { readOnlyHint: true };\n' },
  },
];

// ─── unresolved-annotations ───
const unresolvedRule: Case[] = [
  {
    name: 'valid: literals and constants',
    code: 'const RO = { readOnlyHint: true };\nserver.registerTool("a", { annotations: RO }, cb);\n',
    only: ['unresolved-annotations'],
    findings: [],
  },
  {
    name: 'a hint from an env var',
    code: 'server.registerTool("a", { annotations: { readOnlyHint: process.env.RO === "1" } }, cb);\n',
    only: ['unresolved-annotations'],
    findings: [{ rule: 'unresolved-annotations', line: 1, message: /readOnlyHint cannot be resolved.*process\.env\.RO/, severity: 'info' }],
  },
  {
    name: 'a hint from an undeclared identifier says so',
    code: 'server.registerTool("a", { annotations: { openWorldHint: flags.open } }, cb);\n',
    only: ['unresolved-annotations'],
    findings: [{ rule: 'unresolved-annotations', line: 1, message: /openWorldHint cannot be resolved.*`flags`/ }],
  },
  {
    name: 'the whole annotations object from a call',
    code: lines('server.registerTool("a", {', '  annotations: hintsFor("a"),', '}, cb);'),
    only: ['unresolved-annotations'],
    findings: [{ rule: 'unresolved-annotations', line: 2, message: /Annotations cannot be resolved statically: .*hintsFor/ }],
  },
];

// ─── misplaced-annotations ───
const misplaced: Case[] = [
  {
    name: 'valid: hints under annotations',
    code: 'server.registerTool("a", { inputSchema: { title: z.string() }, annotations: { readOnlyHint: true } }, cb);\n',
    only: ['misplaced-annotations'],
    findings: [],
  },
  {
    name: "nested annotations in tool()'s annotations slot",
    code: 'server.tool("a", "d", {}, { title: "A", annotations: { readOnlyHint: true } }, cb);\n',
    only: ['misplaced-annotations', 'unknown-annotation-key'],
    findings: [{ rule: 'misplaced-annotations', line: 1, message: 'inside another `annotations` object', severity: 'error' }],
    output: 'server.tool("a", "d", {}, { title: "A", readOnlyHint: true }, cb);\n',
  },
  {
    name: 'nested annotations: the tool keeps the defaults until fixed',
    code: 'server.tool("a", "d", {}, { title: "A", annotations: { readOnlyHint: true } }, cb);\n',
    tools: [{ name: 'a', effective: { readOnlyHint: false }, title: 'A' }],
  },
  {
    name: 'hints at the config top level are moved under annotations',
    code: 'server.registerTool("a", { description: "d", readOnlyHint: true }, cb);\n',
    only: ['misplaced-annotations'],
    findings: [{ rule: 'misplaced-annotations', line: 1, message: 'top level of the tool config' }],
    output: 'server.registerTool("a", { description: "d", annotations: { readOnlyHint: true } }, cb);\n',
  },
  {
    name: 'config top level with existing annotations: merged into them',
    code: lines('server.registerTool("a", {', '  openWorldHint: false,', '  annotations: { readOnlyHint: true },', '}, cb);'),
    only: ['misplaced-annotations'],
    findings: [{ rule: 'misplaced-annotations', line: 2 }],
    output: lines('server.registerTool("a", {', '  annotations: { readOnlyHint: true, openWorldHint: false },', '}, cb);'),
  },
  {
    name: 'hints in the inputSchema shape (vercel/mcp-handler#76)',
    code: 'server.registerTool("a", { inputSchema: { q: z.string(), readOnlyHint: true } }, cb);\n',
    only: ['misplaced-annotations'],
    findings: [{ rule: 'misplaced-annotations', line: 1, message: 'input schema' }],
    output: 'server.registerTool("a", { inputSchema: { q: z.string() }, annotations: { readOnlyHint: true } }, cb);\n',
  },
  {
    name: 'hints in a tool() schema argument',
    code: 'server.tool("a", "d", { q: z.string(), destructiveHint: false }, cb);\n',
    only: ['misplaced-annotations'],
    findings: [{ rule: 'misplaced-annotations', line: 1, message: 'destructiveHint is in the input schema' }],
  },
  {
    name: 'fix-all with missing-annotations too gives one annotations object',
    code: 'server.registerTool("a", { description: "d", readOnlyHint: true }, cb);\n',
    only: ['misplaced-annotations', 'missing-annotations'],
    options: NO_COMMENTS,
    findings: [
      { rule: 'misplaced-annotations', line: 1 },
      { rule: 'missing-annotations', line: 1 },
    ],
    // Only the move applies: adding default annotations too would give the config two `annotations` keys.
    output: 'server.registerTool("a", { description: "d", annotations: { readOnlyHint: true } }, cb);\n',
  },
  {
    name: 'nested annotations inside registerTool annotations',
    code: 'server.registerTool("a", { annotations: { annotations: { readOnlyHint: true } } }, cb);\n',
    only: ['misplaced-annotations', 'unknown-annotation-key'],
    findings: [{ rule: 'misplaced-annotations', line: 1 }],
    output: 'server.registerTool("a", { annotations: { readOnlyHint: true } }, cb);\n',
  },
  {
    name: 'fastmcp: hints at the top level of the definition',
    code: 'server.addTool({ name: "a", readOnlyHint: true, execute: run });\n',
    only: ['misplaced-annotations'],
    findings: [{ rule: 'misplaced-annotations', line: 1 }],
    output: 'server.addTool({ name: "a", execute: run, annotations: { readOnlyHint: true } });\n',
  },
  {
    name: 'multi-line config: hint moved from its own line into a new annotations object',
    code: lines('server.registerTool("a", {', '  description: "d",', '  readOnlyHint: true,', '  inputSchema: {},', '}, cb);'),
    only: ['misplaced-annotations'],
    findings: [{ rule: 'misplaced-annotations', line: 3 }],
    output: lines('server.registerTool("a", {', '  description: "d",', '  inputSchema: {},', '  annotations: {', '    readOnlyHint: true,', '  },', '}, cb);'),
  },
  {
    name: 'tools/list entry with hints at its top level',
    code: lines(
      'server.setRequestHandler(ListToolsRequestSchema, async () => ({',
      '  tools: [{ name: "a", inputSchema: { type: "object" }, readOnlyHint: true }],',
      '}));',
    ),
    only: ['misplaced-annotations'],
    findings: [{ rule: 'misplaced-annotations', line: 2 }],
    output: lines(
      'server.setRequestHandler(ListToolsRequestSchema, async () => ({',
      '  tools: [{ name: "a", inputSchema: { type: "object" }, annotations: { readOnlyHint: true } }],',
      '}));',
    ),
  },
];

// ─── authorization-in-annotations ───
const authorization: Case[] = [
  {
    name: 'valid: a title mentioning admin',
    code: 'server.registerTool("a", { annotations: { title: "Admin report", readOnlyHint: true } }, cb);\n',
    only: ['authorization-in-annotations', 'unknown-annotation-key'],
    findings: [],
  },
  {
    name: 'adminOnly, roles and requiresAuth are reported (once each, not also as unknown keys)',
    code: lines('server.registerTool("a", {', '  annotations: {', '    readOnlyHint: false,', '    adminOnly: true,', '    roles: ["admin"],', '    requiresAuth: true,', '  },', '}, cb);'),
    only: ['authorization-in-annotations', 'unknown-annotation-key'],
    findings: [
      { rule: 'authorization-in-annotations', line: 4, message: '"adminOnly" expresses permission', severity: 'warning' },
      { rule: 'authorization-in-annotations', line: 5 },
      { rule: 'authorization-in-annotations', line: 6 },
    ],
  },
];

// ─── duplicate-tool-name ───
const duplicate: Case[] = [
  {
    name: 'valid: different names, or the same name on different servers',
    code: lines('server.registerTool("search", {}, cb);', 'server.registerTool("fetch", {}, cb);', 'other.registerTool("search", {}, cb);'),
    only: ['duplicate-tool-name'],
    findings: [],
  },
  {
    name: 'the same name twice on one server, with the first as related info',
    code: lines('server.registerTool("search", {}, cb);', '', 'server.registerTool("search", {}, cb);'),
    only: ['duplicate-tool-name'],
    findings: [{ rule: 'duplicate-tool-name', line: 3, message: '"search" is already registered', related: [1], severity: 'error' }],
  },
  {
    name: 'valid: one definition reaching the server on two paths no run takes both of (an early return)',
    code: lines(
      'const add = (tool) => {',
      '  if (process.env.PRO) { server.registerTool(tool.name, {}, cb); return; }',
      '  if (allowed.has(tool.name)) server.registerTool(tool.name, {}, cb);',
      '};',
      'add({ name: "search" });',
    ),
    only: ['duplicate-tool-name'],
    findings: [],
  },
  {
    name: 'the same name on two paths that may both run is still a duplicate',
    code: lines('if (process.env.A) server.registerTool("search", {}, cb);', 'if (process.env.B) server.registerTool("search", {}, cb);'),
    only: ['duplicate-tool-name'],
    findings: [{ rule: 'duplicate-tool-name', line: 2, related: [1] }],
  },
  {
    name: 'tool() and registerTool share one registry on McpServer',
    code: lines('server.tool("search", cb);', 'server.registerTool("search", {}, cb);'),
    only: ['duplicate-tool-name'],
    findings: [{ rule: 'duplicate-tool-name', line: 2, related: [1] }],
  },
  {
    name: 'names resolved from constants and loops count',
    code: lines('const NAME = "search";', 'server.registerTool(NAME, {}, cb);', 'for (const n of ["a", "search"]) server.registerTool(n, {}, cb);'),
    only: ['duplicate-tool-name'],
    findings: [{ rule: 'duplicate-tool-name', line: 3, related: [1] }],
  },
  {
    name: 'two tools/list entries with the same name',
    code: lines(
      'server.setRequestHandler(ListToolsRequestSchema, async () => ({',
      '  tools: [',
      '    { name: "dup", inputSchema: { type: "object" } },',
      '    { name: "dup", inputSchema: { type: "object" } },',
      '  ],',
      '}));',
    ),
    only: ['duplicate-tool-name'],
    findings: [{ rule: 'duplicate-tool-name', line: 4, related: [3] }],
  },
  {
    name: 'fastmcp addTool twice with the same name',
    code: lines('server.addTool({ name: "x", execute: run });', 'server.addTool({ name: "x", execute: run });'),
    only: ['duplicate-tool-name'],
    findings: [{ rule: 'duplicate-tool-name', line: 2, related: [1] }],
  },
  {
    name: 'two separate McpServer instances in one file may reuse a name',
    code: lines('readServer.registerTool("status", {}, cb);', 'writeServer.registerTool("status", {}, cb);'),
    only: ['duplicate-tool-name'],
    findings: [],
  },
  {
    name: 'one list registered on two servers is not a duplicate; registered twice on one server it is',
    code: lines(
      'const defs = [{ name: "alpha" }, { name: "beta" }];',
      'for (const d of defs) {',
      '  readServer.registerTool(d.name, {}, cb);',
      '  writeServer.registerTool(d.name, {}, cb);',
      '}',
      'defs.forEach((d) => writeServer.registerTool(d.name, {}, cb));',
    ),
    only: ['duplicate-tool-name'],
    findings: [
      { rule: 'duplicate-tool-name', line: 1, message: '"alpha"' },
      { rule: 'duplicate-tool-name', line: 1, message: '"beta"' },
    ],
  },
];

// ─── deprecated-tool-api: conversion keeps description, schema, annotations, callback ───
const CONVERT = /Convert to registerTool/;
const convert = (name: string, code: string, output: string): Case => ({
  name,
  code,
  only: ['deprecated-tool-api'],
  fix: CONVERT,
  findings: [{ rule: 'deprecated-tool-api', line: 1, message: 'deprecated', severity: 'info' }],
  output,
});
const deprecated: Case[] = [
  {
    name: 'valid: registerTool and tmcp tool({ name }, cb)',
    code: 'server.registerTool("a", {}, cb);\nserver.tool({ name: "b", annotations: { readOnlyHint: true } }, cb);\n',
    only: ['deprecated-tool-api'],
    findings: [],
  },
  convert('tool(name, cb)', 'server.tool("a", cb);\n', 'server.registerTool("a", {}, cb);\n'),
  convert('tool(name, desc, cb)', 'server.tool("a", "Does A", cb);\n', 'server.registerTool("a", { description: "Does A" }, cb);\n'),
  convert('tool(name, schema, cb)', 'server.tool("a", { q: z.string() }, cb);\n', 'server.registerTool("a", { inputSchema: { q: z.string() } }, cb);\n'),
  convert('tool(name, {}, cb)', 'server.tool("a", {}, cb);\n', 'server.registerTool("a", { inputSchema: {} }, cb);\n'),
  convert('tool(name, annotations, cb)', 'server.tool("a", { readOnlyHint: true }, cb);\n', 'server.registerTool("a", { annotations: { readOnlyHint: true } }, cb);\n'),
  convert('tool(name, desc, schema, cb)', 'server.tool("a", "D", { q: z.string() }, cb);\n', 'server.registerTool("a", { description: "D", inputSchema: { q: z.string() } }, cb);\n'),
  convert('tool(name, desc, annotations, cb)', 'server.tool("a", "D", { openWorldHint: false }, cb);\n', 'server.registerTool("a", { description: "D", annotations: { openWorldHint: false } }, cb);\n'),
  convert('tool(name, schema, annotations, cb)', 'server.tool("a", { q: z.string() }, { idempotentHint: true }, cb);\n', 'server.registerTool("a", { inputSchema: { q: z.string() }, annotations: { idempotentHint: true } }, cb);\n'),
  convert(
    'tool(name, desc, schema, annotations, cb)',
    'server.tool("a", "D", { q: z.string() }, { readOnlyHint: true }, async ({ q }) => ({ content: [] }));\n',
    'server.registerTool("a", { description: "D", inputSchema: { q: z.string() }, annotations: { readOnlyHint: true } }, async ({ q }) => ({ content: [] }));\n',
  ),
  convert(
    'schema and annotations behind constants keep their identifiers',
    'const schema = { q: z.string() }; const ann = { readOnlyHint: true }; server.tool("a", "D", schema, ann, cb);\n',
    'const schema = { q: z.string() }; const ann = { readOnlyHint: true }; server.registerTool("a", { description: "D", inputSchema: schema, annotations: ann }, cb);\n',
  ),
  {
    name: 'tool() in a loop: reported once, at the call, with the conversion',
    code: lines('const defs = [{ name: "alpha", d: "A" }, { name: "beta", d: "B" }];', '', 'for (const x of defs) server.tool(x.name, x.d, cb);'),
    only: ['deprecated-tool-api'],
    fix: CONVERT,
    findings: [{ rule: 'deprecated-tool-api', line: 3 }],
    output: lines('const defs = [{ name: "alpha", d: "A" }, { name: "beta", d: "B" }];', '', 'for (const x of defs) server.registerTool(x.name, { description: x.d }, cb);'),
  },
  {
    name: 'multi-line tool() becomes a multi-line config',
    code: lines('server.tool(', '  "a",', '  "D",', '  { q: z.string() },', '  { readOnlyHint: true },', '  cb,', ');'),
    only: ['deprecated-tool-api'],
    fix: CONVERT,
    findings: [{ rule: 'deprecated-tool-api', line: 1 }],
    output: lines('server.registerTool(', '  "a",', '  {', '    description: "D",', '    inputSchema: { q: z.string() },', '    annotations: { readOnlyHint: true },', '  },', '  cb,', ');'),
  },
];

// ─── directives ───
const directives: Case[] = [
  {
    name: 'a directive with a reason suppresses the finding on the next line',
    code: lines('// mcp-hints-disable-next-line missing-annotations -- test double, never served', 'server.registerTool("frob_widget", {}, cb);'),
    only: ['missing-annotations', 'invalid-disable-directive', 'unused-disable-directive'],
    findings: [],
  },
  {
    name: 'disable-line on the same line',
    code: 'server.registerTool("frob_widget", {}, cb); // mcp-hints-disable-line missing-annotations -- test double\n',
    only: ['missing-annotations', 'invalid-disable-directive', 'unused-disable-directive'],
    findings: [],
  },
  {
    name: 'several rules in one directive',
    code: lines('// mcp-hints-disable-next-line unknown-annotation-key, implicit-default -- vendor extension', 'server.registerTool("a", { annotations: { vendorFlag: true } }, cb);'),
    only: ['unknown-annotation-key', 'implicit-default', 'invalid-disable-directive', 'unused-disable-directive'],
    findings: [],
  },
  {
    name: 'a directive only covers the rules it names',
    code: lines('// mcp-hints-disable-next-line implicit-default -- later', 'server.registerTool("a", { annotations: { readOnlyHint: false, vendorFlag: true } }, cb);'),
    only: ['unknown-annotation-key', 'implicit-default', 'invalid-disable-directive', 'unused-disable-directive'],
    // Every omitted hint is reported, so the directive has an implicit-default finding to suppress.
    options: ALL,
    findings: [{ rule: 'unknown-annotation-key', line: 2 }],
  },
  {
    name: 'a directive without a reason is reported and suppresses nothing',
    code: lines('// mcp-hints-disable-next-line missing-annotations', 'server.registerTool("frob_widget", {}, cb);'),
    only: ['missing-annotations', 'invalid-disable-directive', 'unused-disable-directive'],
    findings: [
      { rule: 'invalid-disable-directive', line: 1, message: 'no reason' },
      { rule: 'missing-annotations', line: 2 },
    ],
  },
  {
    name: 'an unused directive is reported and removed by its fix',
    code: lines('const x = 1;', '  // mcp-hints-disable-next-line missing-annotations -- old', 'server.registerTool("a", { annotations: { readOnlyHint: true, openWorldHint: false } }, cb);'),
    only: ['unused-disable-directive', 'invalid-disable-directive'],
    findings: [{ rule: 'unused-disable-directive', line: 2, message: 'Unused' }],
    output: lines('const x = 1;', 'server.registerTool("a", { annotations: { readOnlyHint: true, openWorldHint: false } }, cb);'),
  },
  {
    name: 'an unused trailing disable-line directive is removed, keeping the code',
    code: 'const x = 1; // mcp-hints-disable-line missing-annotations -- old\n',
    only: ['unused-disable-directive'],
    findings: [{ rule: 'unused-disable-directive', line: 1 }],
    output: 'const x = 1;\n',
  },
  {
    name: 'an unknown rule id is reported',
    code: lines('// mcp-hints-disable-next-line missing-annotation -- typo in the rule id', 'server.registerTool("frob_widget", {}, cb);'),
    only: ['missing-annotations', 'invalid-disable-directive', 'unused-disable-directive'],
    findings: [
      { rule: 'invalid-disable-directive', line: 1, message: 'unknown rule missing-annotation' },
      { rule: 'missing-annotations', line: 2 },
    ],
  },
  {
    name: 'the disable fix inserts a directive above the finding (reason left to the user)',
    code: lines('function f() {', '  server.registerTool("frob_widget", {}, cb);', '}'),
    only: ['missing-annotations'],
    fix: /Disable missing-annotations/,
    // The directive still needs a reason, so the finding stays and the fix is offered again.
    convergent: false,
    findings: [{ rule: 'missing-annotations', line: 2 }],
    output: lines('function f() {', '  // mcp-hints-disable-next-line missing-annotations -- ', '  server.registerTool("frob_widget", {}, cb);', '}'),
  },
  {
    name: 'directive text inside a string is not a directive',
    code: lines('const help = "write // mcp-hints-disable-next-line missing-annotations -- why";', 'const x = 1;'),
    findings: [],
  },
  {
    name: 'directive text inside a template literal or JSX text is not a directive',
    filename: 'page.tsx',
    code: lines('const help = `// mcp-hints-disable-next-line missing-annotations -- ${why}`;', 'const el = <p>// mcp-hints-disable-next-line missing-annotations -- x</p>;'),
    findings: [],
  },
  {
    name: 'block-comment directive',
    code: lines('/* mcp-hints-disable-next-line missing-annotations -- generated code */', 'server.registerTool("frob_widget", {}, cb);'),
    only: ['missing-annotations', 'invalid-disable-directive', 'unused-disable-directive'],
    findings: [],
  },
  {
    name: 'a directive two lines above does not apply',
    code: lines('// mcp-hints-disable-next-line missing-annotations -- not here', '', 'server.registerTool("frob_widget", {}, cb);'),
    only: ['missing-annotations', 'invalid-disable-directive', 'unused-disable-directive'],
    findings: [
      { rule: 'unused-disable-directive', line: 1 },
      { rule: 'missing-annotations', line: 3 },
    ],
  },
];

// ─── CRLF and BOM ───
const BOM = '\uFEFF';
const crlf = (...parts: string[]) => parts.join('\r\n') + '\r\n';
const lineEndings: Case[] = [
  {
    name: 'CRLF + BOM: multi-line missing-annotations fix keeps CRLF',
    code: BOM + crlf('server.registerTool(', '  "frob_widget",', '  {', '    description: "x",', '  },', '  cb,', ');'),
    only: ['missing-annotations'],
    options: NO_COMMENTS,
    findings: [{ rule: 'missing-annotations', line: 2 }],
    output:
      BOM +
      crlf(
        'server.registerTool(',
        '  "frob_widget",',
        '  {',
        '    description: "x",',
        '    annotations: {',
        '      title: "Frob Widget",',
        '      readOnlyHint: false,',
        '      destructiveHint: true,',
        '      idempotentHint: false,',
        '      openWorldHint: true,',
        '    },',
        '  },',
        '  cb,',
        ');',
      ),
  },
  {
    name: 'CRLF + BOM: changing a contradicting hint on its own line keeps CRLF',
    code: BOM + crlf('server.registerTool("a", {', '  annotations: {', '    readOnlyHint: true,', '    destructiveHint: true,', '    openWorldHint: false,', '  },', '}, cb);'),
    only: ['destructive-on-read-only'],
    fix: /destructiveHint: false/,
    findings: [{ rule: 'destructive-on-read-only', line: 4 }],
    output: BOM + crlf('server.registerTool("a", {', '  annotations: {', '    readOnlyHint: true,', '    destructiveHint: false,', '    openWorldHint: false,', '  },', '}, cb);'),
  },
  {
    name: 'CRLF: removing an unused directive line keeps the other CRLFs',
    code: crlf('// mcp-hints-disable-next-line missing-annotations -- old', 'const x = 1;', 'const y = 2;'),
    only: ['unused-disable-directive'],
    findings: [{ rule: 'unused-disable-directive', line: 1 }],
    output: crlf('const x = 1;', 'const y = 2;'),
  },
  {
    name: 'CRLF: the disable fix writes CRLF',
    code: crlf('server.registerTool("frob_widget", {}, cb);'),
    only: ['missing-annotations'],
    fix: /Disable missing-annotations/,
    // The directive still needs a reason, so the finding stays and the fix is offered again.
    convergent: false,
    findings: [{ rule: 'missing-annotations', line: 1 }],
    output: crlf('// mcp-hints-disable-next-line missing-annotations -- ', 'server.registerTool("frob_widget", {}, cb);'),
  },
  {
    name: 'CRLF: tool() callback on its own line gets the annotations line with CRLF',
    code: crlf('server.tool(', '  "frob_widget",', '  cb,', ');'),
    only: ['missing-annotations'],
    options: NO_COMMENTS,
    findings: [{ rule: 'missing-annotations', line: 2 }],
    output: crlf('server.tool(', '  "frob_widget",', '  {', '    title: "Frob Widget",', '    readOnlyHint: false,', '    destructiveHint: true,', '    idempotentHint: false,', '    openWorldHint: true,', '  },', '  cb,', ');'),
  },
];

runCases('rule: missing-annotations', missing);
runCases('rule: implicit-default', implicit);
runCases('rule: destructive-on-read-only', destructiveOnReadOnly);
runCases('rule: unknown-annotation-key', unknownKey);
runCases('rule: non-boolean-hint', nonBoolean);
runCases('rule: unresolved-annotations', unresolvedRule);
runCases('rule: misplaced-annotations', misplaced);
runCases('rule: authorization-in-annotations', authorization);
runCases('rule: duplicate-tool-name', duplicate);
runCases('rule: deprecated-tool-api', deprecated);
runCases('directives', directives);
runCases('line endings: CRLF and BOM', lineEndings);
