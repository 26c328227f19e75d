// Names, annotations and titles a project keeps in data files or gathers from a folder of tool modules: read
// through the engine's file host (never executed), each file or folder read becomes a dependency of the analysis.
import { lines, runCases, type Case } from './tester';

const cb = 'async () => ({ content: [] })';

const json: Case[] = [
  {
    name: 'a JSON import: import defs from "./tool-definitions.json", registered in a loop',
    files: {
      'tool-definitions.json': JSON.stringify(
        [
          { name: 'list_items', title: 'List items', annotations: { readOnlyHint: true, openWorldHint: false } },
          { name: 'delete_item', annotations: { destructiveHint: true } },
        ],
        null,
        2,
      ),
    },
    code: lines('import defs from "./tool-definitions.json";', 'for (const def of defs) {', `  server.registerTool(def.name, { title: def.title, annotations: def.annotations }, ${cb});`, '}'),
    tools: [
      { name: 'list_items', title: 'List items', effective: { readOnlyHint: true, openWorldHint: false }, expanded: true },
      { name: 'delete_item', title: null, effective: { readOnlyHint: false, destructiveHint: true }, expanded: true },
    ],
  },
  {
    name: "require('./x.json') and a named member of it",
    files: { 'hints.json': '{ "readOnly": { "readOnlyHint": true, "title": "Read" } }' },
    code: lines('const hints = require("./hints.json");', `server.registerTool("get", { annotations: hints.readOnly }, ${cb});`),
    tools: [{ name: 'get', title: 'Read', effective: { readOnlyHint: true } }],
  },
  {
    name: 'readFileSync(join(__dirname, "tools.json")) + JSON.parse (CommonJS)',
    files: { 'tools.json': '{ "search": { "readOnlyHint": true }, "purge": { "destructiveHint": true, "idempotentHint": true } }' },
    code: lines(
      'const { readFileSync } = require("fs");',
      'const path = require("path");',
      'const table = JSON.parse(readFileSync(path.join(__dirname, "tools.json"), "utf8"));',
      'for (const [name, annotations] of Object.entries(table)) {',
      `  server.registerTool(name, { annotations }, ${cb});`,
      '}',
    ),
    tools: [
      { name: 'search', effective: { readOnlyHint: true } },
      { name: 'purge', effective: { destructiveHint: true, idempotentHint: true } },
    ],
  },
  {
    name: 'ES module: dirname(fileURLToPath(import.meta.url)) + readFileSync',
    files: { 'data/tools.json': '[{ "name": "ping", "annotations": { "readOnlyHint": true, "openWorldHint": false } }]' },
    code: lines(
      'import { readFileSync } from "node:fs";',
      'import { dirname, join } from "node:path";',
      'import { fileURLToPath } from "node:url";',
      'const here = dirname(fileURLToPath(import.meta.url));',
      'const tools = JSON.parse(readFileSync(join(here, "data", "tools.json"), "utf8"));',
      `tools.forEach((t) => server.registerTool(t.name, { annotations: t.annotations }, ${cb}));`,
    ),
    tools: [{ name: 'ping', effective: { readOnlyHint: true, openWorldHint: false } }],
  },
  {
    name: 'stays unresolved: a data file whose path is known only at run time',
    code: lines(
      'import { readFileSync } from "node:fs";',
      'const table = JSON.parse(readFileSync(process.env.TOOLS_FILE, "utf8"));',
      `server.registerTool("x", { annotations: table.x }, ${cb});`,
    ),
    tools: [{ name: 'x', effective: { readOnlyHint: 'unresolved' } }],
  },
  {
    name: 'resolve(process.cwd(), absolute): an absolute later part makes the working directory irrelevant',
    files: { 'spec/tools.json': '{ "search": { "readOnlyHint": true } }' },
    code: lines(
      'import fs from "node:fs";',
      'import path from "node:path";',
      'import { fileURLToPath } from "node:url";',
      'const specPath = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "spec/tools.json");',
      'const table = JSON.parse(fs.readFileSync(path.resolve(process.cwd(), specPath), "utf-8"));',
      `server.registerTool("search", { annotations: table.search }, ${cb});`,
    ),
    tools: [{ name: 'search', effective: { readOnlyHint: true } }],
  },
  {
    name: 'stays unresolved: resolve(process.cwd(), relative) depends on where the server is started',
    files: { 'spec/tools.json': '{ "search": { "readOnlyHint": true } }' },
    code: lines(
      'import fs from "node:fs";',
      'import path from "node:path";',
      'const table = JSON.parse(fs.readFileSync(path.resolve(process.cwd(), "spec/tools.json"), "utf-8"));',
      `server.registerTool("search", { annotations: table.search }, ${cb});`,
    ),
    tools: [{ name: 'search', effective: { readOnlyHint: 'unresolved' } }],
  },
];

const folders: Case[] = [
  {
    name: 'a folder of tool modules: readdir + filter + dynamic import, registered in a loop',
    files: {
      'tools/listThings.js': lines('export const method = "listThings";', 'export const annotations = { readOnlyHint: true, title: "List things" };', 'export async function handler() {}'),
      'tools/removeThing.js': lines('export const method = "removeThing";', 'export const annotations = { destructiveHint: true };', 'export async function handler() {}'),
      'tools/README.md': '# not a tool',
      'tools/utils/helpers.js': 'export const x = 1;\n',
    },
    filename: 'index.js',
    code: lines(
      'import { readdir } from "node:fs/promises";',
      'import { dirname, join } from "node:path";',
      'import { fileURLToPath, pathToFileURL } from "node:url";',
      'async function loadTools() {',
      '  const __dirname = dirname(fileURLToPath(import.meta.url));',
      '  const dir = join(__dirname, "./tools");',
      '  const files = (await readdir(dir)).filter((f) => f.endsWith(".js"));',
      '  const results = await Promise.allSettled(files.map(async (file) => {',
      '    const mod = await import(pathToFileURL(join(dir, file)).href);',
      '    return { mod, file };',
      '  }));',
      '  const tools = [];',
      '  for (const result of results) {',
      '    if (result.status === "rejected") continue;',
      '    const { mod } = result.value;',
      '    if (mod.method && mod.handler) tools.push(mod);',
      '  }',
      '  return tools;',
      '}',
      'const tools = await loadTools();',
      'for (const tool of tools) {',
      `  server.registerTool(tool.method, { title: tool.annotations?.title, annotations: tool.annotations || {} }, ${cb});`,
      '}',
    ),
    tools: [
      { name: 'listThings', title: 'List things', effective: { readOnlyHint: true } },
      { name: 'removeThing', effective: { readOnlyHint: false, destructiveHint: true } },
    ],
  },
  {
    name: 'readdirSync + require in CommonJS',
    files: {
      'tools/a.js': 'module.exports = { name: "alpha", annotations: { readOnlyHint: true } };\n',
      'tools/b.js': 'module.exports = { name: "beta", annotations: { readOnlyHint: false } };\n',
    },
    filename: 'server.js',
    code: lines(
      'const fs = require("fs");',
      'const path = require("path");',
      'const dir = path.join(__dirname, "tools");',
      'for (const file of fs.readdirSync(dir)) {',
      '  const def = require(path.join(dir, file));',
      `  server.registerTool(def.name, { annotations: def.annotations }, ${cb});`,
      '}',
    ),
    tools: [
      { name: 'alpha', effective: { readOnlyHint: true } },
      { name: 'beta', effective: { readOnlyHint: false } },
    ],
  },
];

const yaml: Case[] = [
  {
    name: 'a YAML manifest read through a path known statically (yaml parse), registered in a loop; located in the YAML',
    files: {
      'manifests/tools.yaml': lines(
        '# Tool manifest: names and hints live here, not in the code.',
        'tools:',
        '  - name: list_sims',
        '    annotations:',
        '      title: List Simulators',
        '      readOnlyHint: true',
        '      openWorldHint: false',
        '  - name: erase_sims # destructive',
        '    annotations: { destructiveHint: true, idempotentHint: true }',
        '  - name: "boot_sim"',
      ),
    },
    filename: 'registry.ts',
    code: lines(
      'import { readFileSync } from "node:fs";',
      'import { join } from "node:path";',
      'import { parse as parseYaml } from "yaml";',
      'const manifest = parseYaml(readFileSync(join(__dirname, "manifests", "tools.yaml"), "utf8"));',
      'for (const entry of manifest.tools) {',
      `  server.registerTool(entry.name, { annotations: entry.annotations }, ${cb});`,
      '}',
    ),
    tools: [
      { name: 'list_sims', title: 'List Simulators', annotations: { title: 'List Simulators', readOnlyHint: true, openWorldHint: false } },
      { name: 'erase_sims', annotations: { destructiveHint: true, idempotentHint: true } },
      { name: 'boot_sim', annotations: null },
    ],
    only: ['missing-annotations'],
    findings: [{ rule: 'missing-annotations', file: 'manifests/tools.yaml', line: 10 }],
  },
  {
    name: 'no fix edits a YAML file: a finding located there offers no edit of it (not even a disable comment)',
    files: { 'tools.yaml': lines('- name: boot_sim', '  description: Boots') },
    code: lines(
      'import { readFileSync } from "node:fs";',
      'import { parse } from "yaml";',
      'const defs = parse(readFileSync(`${__dirname}/tools.yaml`, "utf8"));',
      `defs.forEach((d) => server.registerTool(d.name, { description: d.description }, ${cb}));`,
    ),
    tools: [{ name: 'boot_sim', annotations: null }],
    only: ['missing-annotations'],
    fix: /Disable/,
    outputFiles: { 'tools.yaml': lines('- name: boot_sim', '  description: Boots') },
  },
  {
    name: "js-yaml's load of a .yml table of hints, keyed by tool (CommonJS)",
    files: { 'hints.yml': lines('search:', '  readOnlyHint: true', 'purge:', '  destructiveHint: true') },
    filename: 'server.js',
    code: lines(
      'const fs = require("fs");',
      'const path = require("path");',
      'const yaml = require("js-yaml");',
      'const hints = yaml.load(fs.readFileSync(path.join(__dirname, "hints.yml"), "utf8"));',
      `server.registerTool("search", { annotations: hints.search }, ${cb});`,
      `server.registerTool("purge", { annotations: hints.purge }, ${cb});`,
    ),
    tools: [
      { name: 'search', effective: { readOnlyHint: true } },
      { name: 'purge', effective: { readOnlyHint: false, destructiveHint: true } },
    ],
  },
  {
    name: 'stays unresolved: a YAML file that does not parse, and a YAML string that is not a file',
    files: { 'bad.yaml': 'tools: [unclosed\n' },
    code: lines(
      'import { readFileSync } from "node:fs";',
      'import YAML from "yaml";',
      'const bad = YAML.parse(readFileSync(__dirname + "/bad.yaml", "utf8"));',
      'const inline = YAML.parse(process.env.TOOLS_YAML);',
      `server.registerTool("a", { annotations: bad.a }, ${cb});`,
      `server.registerTool("b", { annotations: inline.b }, ${cb});`,
    ),
    tools: [
      { name: 'a', effective: { readOnlyHint: 'unresolved' } },
      { name: 'b', effective: { readOnlyHint: 'unresolved' } },
    ],
  },
];

runCases('data files: JSON', json);
runCases('data files: YAML', yaml);
runCases('data files: folders of tool modules', folders);

runCases('data files: import.meta.glob', [
  {
    name: 'import.meta.glob("./tools/*.ts", { eager: true, import: "default" }): each module\'s default export',
    files: {
      'tools/search.ts': 'export default { name: "search", annotations: { readOnlyHint: true } };\n',
      'tools/nested/purge.ts': 'export default { name: "purge", annotations: { destructiveHint: true } };\n',
      'tools/notes.md': '# not matched\n',
    },
    code: lines(
      'const tools = import.meta.glob("./tools/**/*.ts", { eager: true, import: "default" });',
      `for (const def of Object.values(tools)) server.registerTool(def.name, { annotations: def.annotations }, ${cb});`,
    ),
    tools: [
      { name: 'purge', effective: { destructiveHint: true } },
      { name: 'search', effective: { readOnlyHint: true } },
    ],
  },
  {
    name: 'import.meta.glob with modules: the namespace of each file',
    files: { 'tools/a.ts': 'export const name = "a";\nexport const annotations = { readOnlyHint: true };\n' },
    code: lines('const mods = import.meta.glob("./tools/*.ts", { eager: true });', `Object.values(mods).forEach((m) => server.registerTool(m.name, { annotations: m.annotations }, ${cb}));`),
    tools: [{ name: 'a', effective: { readOnlyHint: true } }],
  },
  {
    name: 'stays unresolved: a lazy glob loads modules at run time (a registration not enumerated, not a tool)',
    files: { 'tools/a.ts': 'export const name = "a";\n' },
    code: lines('const mods = import.meta.glob("./tools/*.ts");', `for (const load of Object.values(mods)) { const m = await load(); server.registerTool(m.name, {}, ${cb}); }`),
    tools: [],
    unenumerated: [{ line: 2, form: 'registerTool', tools: 0, kind: 'runtime', cause: /^the name comes from `load\(\)` \(line 2\), known only at run time/ }],
  },
]);
