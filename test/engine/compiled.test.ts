// Discovery in compiled output: what tsc (ES2017, CommonJS), Babel and esbuild write for the same server. Published
// servers ship JavaScript, so each mechanism reads the compiled form as the code it was compiled from; the
// look-alikes at the end of each table must stay quiet or keep their conditions.
import { lines, runCases, type Case } from './tester';

const cb = 'async () => ({ content: [] })';

// ─── calls of imported functions: `(0, mod_1.fn)(…)`, `const { fn } = require(…)`, CommonJS exports ───
const importedCalls: Case[] = [
  {
    name: 'a wrapper exported as `exports.fn = fn`, called as `(0, mod_1.fn)(…)` and through `const { fn } = require(…)` in other files',
    filename: 'common/register-tool.js',
    code: lines(
      '"use strict";',
      'Object.defineProperty(exports, "__esModule", { value: true });',
      'exports.registerDatabaseTool = registerDatabaseTool;',
      'function registerDatabaseTool(server, name, config, handler) {',
      '  server.registerTool(name, { annotations: config.annotations }, async (args) => handler(args));',
      '}',
    ),
    files: {
      'tools/list.js': lines(
        '"use strict";',
        'const register_tool_js_1 = require("../common/register-tool.js");',
        'function registerList(server) {',
        `  (0, register_tool_js_1.registerDatabaseTool)(server, "list-indexes", { annotations: { readOnlyHint: true } }, ${cb});`,
        '}',
        'exports.registerList = registerList;',
      ),
      'tools/drop.js': lines(
        '"use strict";',
        'const { registerDatabaseTool } = require("../common/register-tool.js");',
        `exports.registerDrop = (server) => registerDatabaseTool(server, "drop-index", { annotations: { destructiveHint: true } }, ${cb});`,
      ),
    },
    tools: [
      { name: 'list-indexes', effective: { readOnlyHint: true } },
      { name: 'drop-index', effective: { destructiveHint: true } },
    ],
  },
  {
    name: 'a wrapper exported through `module.exports = { … }` and called by an ES module that imports it',
    filename: 'register.js',
    code: lines(
      'const register = (server, name, annotations) => server.tool(name, annotations, async () => ({ content: [] }));',
      'module.exports = { register };',
    ),
    files: { 'tools.ts': lines('import { register } from "./register.js";', 'export function setup(server) { register(server, "ping", { readOnlyHint: true }); }') },
    tools: [{ name: 'ping', effective: { readOnlyHint: true } }],
  },
  {
    name: 'look-alike: a wrapper that no `exports.x =` exports is not searched for in other files (a same-named local function there is another one)',
    filename: 'register.js',
    code: lines('"use strict";', 'function registerOne(server, name) { server.registerTool(name, {}, async () => ({ content: [] })); }', 'exports.other = 1;'),
    files: { 'caller.js': lines('"use strict";', 'function registerOne(server, name) { return name; }', '(0, registerOne)(server, "not_a_tool");') },
    tools: [],
    unenumerated: [{ line: 2, form: 'registerTool', tools: 0 }],
  },
  {
    name: 'tmcp in a CommonJS build: `(0, tool_1.defineTool)(…)` of `require("tmcp/tool")`; the same call of another package is no tool',
    filename: 'server.js',
    code: lines(
      '"use strict";',
      'const tool_1 = require("tmcp/tool");',
      'const other_1 = require("./other-tool");',
      'const list = (0, tool_1.defineTool)({ name: "list", description: "List", annotations: { readOnlyHint: true } }, async () => ({ content: [] }));',
      'const fake = (0, other_1.defineTool)({ name: "fake", description: "Not tmcp" }, async () => ({ content: [] }));',
      'server.tools([list, fake]);',
    ),
    files: { 'other-tool.js': lines('exports.defineTool = (d, f) => ({ ...d, f });') },
    tools: [{ name: 'list', effective: { readOnlyHint: true } }],
  },
  {
    name: 'JSON data through `__importDefault(require("./x.json")).default`, registered in a loop',
    filename: 'server.js',
    code: lines(
      '"use strict";',
      'var __importDefault = (this && this.__importDefault) || function (mod) { return (mod && mod.__esModule) ? mod : { "default": mod }; };',
      'const defs_json_1 = __importDefault(require("./defs.json"));',
      `for (const def of defs_json_1.default) server.registerTool(def.name, { annotations: def.annotations }, ${cb});`,
    ),
    files: { 'defs.json': JSON.stringify([{ name: 'list_items', annotations: { readOnlyHint: true } }, { name: 'delete_item', annotations: { destructiveHint: true } }]) },
    tools: [
      { name: 'list_items', effective: { readOnlyHint: true } },
      { name: 'delete_item', effective: { destructiveHint: true } },
    ],
  },
];

// ─── `?.` and `??` lowered below ES2020 ───
const lowered: Case[] = [
  {
    name: 'a lowered `?.` call on the receiver (tsc `=== null || … === void 0`, esbuild `== null`) is no condition, as `?.` is none',
    filename: 'server.js',
    code: lines(
      '"use strict";',
      'class App {',
      '  constructor(server) { this.server = server; }',
      '  init() {',
      '    var _a;',
      `    (_a = this.server) === null || _a === void 0 ? void 0 : _a.registerTool("opt", { annotations: { readOnlyHint: true } }, ${cb});`,
      `    server == null ? void 0 : server.registerTool("loose", {}, ${cb});`,
      '  }',
      '}',
      'new App(server).init();',
    ),
    tools: [
      { name: 'opt', effective: { readOnlyHint: true }, conditions: [] },
      { name: 'loose', conditions: [] },
    ],
  },
  {
    name: 'look-alike: a nullish test of something other than the receiver still guards the registration',
    filename: 'server.js',
    code: lines(
      '"use strict";',
      'const flag = process.env.WRITES;',
      `flag === null || flag === void 0 ? void 0 : server.registerTool("write", {}, ${cb});`,
    ),
    tools: [{ name: 'write', conditions: [{ text: 'flag === null || flag === void 0', negated: true, dependsOn: ['env WRITES'] }] }],
  },
  {
    name: 'a lowered `??`: the default when the variable is unset, marked; a known value is kept',
    filename: 'server.js',
    code: lines(
      '"use strict";',
      'var _a;',
      'const ns = (_a = process.env.NAMESPACE) !== null && _a !== void 0 ? _a : "docs";',
      'const fixed = "kb";',
      'const known = fixed !== null && fixed !== void 0 ? fixed : "never";',
      `server.registerTool(ns + "_search", {}, ${cb});`,
      `server.registerTool(known + "_get", {}, ${cb});`,
    ),
    tools: [
      { name: 'docs_search', nameDependsOn: ['NAMESPACE'] },
      { name: 'kb_get', nameDependsOn: [] },
    ],
  },
  {
    name: 'the temporaries of a lowered `?.` in a condition read what they were assigned (no unknown dependency)',
    filename: 'server.js',
    code: lines(
      '"use strict";',
      'function setup(server, options) {',
      '  var _a, _b;',
      '  const enabled = ((_b = (_a = options === null || options === void 0 ? void 0 : options.features) === null || _a === void 0 ? void 0 : _a.writes) === null || _b === void 0 ? void 0 : _b.on) !== undefined;',
      `  if (enabled) server.registerTool("write", {}, ${cb});`,
      '}',
      'setup(server, JSON.parse(process.argv[2]));',
    ),
    tools: [{ name: 'write', conditions: [{ text: 'enabled', dependsOn: ['config options', 'config options.features'] }] }],
  },
];

// ─── other shapes of compiled output ───
const shapes: Case[] = [
  {
    name: 'a static field compiled to an assignment after the class (`Registry.tools = […]`), read through `this` in a static method',
    filename: 'server.js',
    code: lines(
      '"use strict";',
      'class Registry {',
      '  static registerAll(server) { for (const tool of this.tools) server.registerTool(tool.name, { annotations: tool.annotations }, async () => ({ content: [] })); }',
      '}',
      'Registry.tools = [{ name: "list-events", annotations: { readOnlyHint: true } }];',
      'Registry.registerAll(server);',
    ),
    tools: [{ name: 'list-events', effective: { readOnlyHint: true } }],
  },
  {
    name: 'look-alike: a static field assigned twice, or filled later, is not claimed from one assignment',
    filename: 'server.js',
    code: lines(
      '"use strict";',
      'class Registry {',
      '  static registerAll(server) { for (const tool of this.tools) server.registerTool(tool.name, {}, async () => ({ content: [] })); }',
      '}',
      'Registry.tools = [{ name: "first" }];',
      'Registry.tools = [{ name: "second" }];',
      'Registry.registerAll(server);',
    ),
    tools: [],
    unenumerated: [{ line: 3, form: 'registerTool' }],
  },
  {
    name: 'a CommonJS module reading its own export (`Object.values(exports.toolSchemas)`) in a tools/list handler',
    filename: 'server.js',
    code: lines(
      '"use strict";',
      'const types_js_1 = require("@modelcontextprotocol/sdk/types.js");',
      'exports.toolSchemas = void 0;',
      'exports.toolSchemas = { a: { name: "get_teams", inputSchema: {}, annotations: { readOnlyHint: true } } };',
      'server.setRequestHandler(types_js_1.ListToolsRequestSchema, async () => ({ tools: Object.values(exports.toolSchemas) }));',
    ),
    tools: [{ name: 'get_teams', form: 'tools/list', effective: { readOnlyHint: true } }],
  },
  {
    name: 'Node built-ins and option libraries through `__importDefault`: `node_path_1.default.resolve`, `(0, yargs_1.default)(…)`',
    filename: 'index.js',
    code: lines(
      '"use strict";',
      'var __importDefault = (this && this.__importDefault) || function (mod) { return (mod && mod.__esModule) ? mod : { "default": mod }; };',
      'const node_fs_1 = __importDefault(require("node:fs"));',
      'const node_path_1 = __importDefault(require("node:path"));',
      'const yargs_1 = __importDefault(require("yargs"));',
      'const table = JSON.parse(node_fs_1.default.readFileSync(node_path_1.default.resolve(__dirname, "spec/tools.json"), "utf-8"));',
      'const argv = (0, yargs_1.default)(process.argv.slice(2)).option("prefix", { type: "string", default: "kb_" }).parseSync();',
      `server.registerTool(argv.prefix + "search", { annotations: table.search }, ${cb});`,
    ),
    files: { 'spec/tools.json': JSON.stringify({ search: { readOnlyHint: true } }) },
    tools: [{ name: 'kb_search', effective: { readOnlyHint: true } }],
  },
  {
    name: '`Object.assign({ key, tool }, extra)` pushed in a loop (a compiled spread): each element read from its own loop value',
    code: lines(
      'const catalog = { a: { name: "list_a", annotations: { readOnlyHint: true } }, b: { name: "drop_b", annotations: { destructiveHint: true } } };',
      'function available(tools) {',
      '  const out = [];',
      '  for (const [key, tool] of Object.entries(tools)) out.push(Object.assign({ key, tool }, { placed: true }));',
      '  return out;',
      '}',
      'function configure({ tools }) {',
      '  const registrations = [];',
      '  for (const { tool } of available(tools).filter(({ placed }) => placed)) registrations.push({ name: tool.name, config: { annotations: tool.annotations } });',
      '  return registrations;',
      '}',
      `for (const { name, config } of configure({ tools: catalog })) server.registerTool(name, config, ${cb});`,
    ),
    tools: [
      { name: 'list_a', effective: { readOnlyHint: true } },
      { name: 'drop_b', effective: { destructiveHint: true } },
    ],
  },
];

// ─── CommonJS re-exports: a module's exports taken from another module ───
const reExports: Case[] = [
  {
    name: '`module.exports = require("./values.js")`: an index whose exports are another module\'s, read through `require(…).x`',
    filename: 'server.js',
    code: lines(
      'const { toolName } = require("./defs/index.js");',
      'const { READ_ONLY } = require("./hints");',
      `server.registerTool(toolName, { annotations: READ_ONLY }, ${cb});`,
    ),
    files: {
      'defs/index.js': 'module.exports = require("./values.js");',
      'defs/values.js': 'exports.toolName = "cjs_list";',
      'hints/index.js': 'Object.assign(exports, require("./base"));',
      'hints/base.js': 'exports.READ_ONLY = { readOnlyHint: true, openWorldHint: false };',
    },
    tools: [{ name: 'cjs_list', effective: { readOnlyHint: true, openWorldHint: false } }],
  },
  {
    name: '`Object.assign(module.exports, require("./a"), { extra })`: the later source wins; `Object.values` of the index lists every export',
    filename: 'server.js',
    code: lines(
      'const types_js_1 = require("@modelcontextprotocol/sdk/types.js");',
      'const tools = require("./tools");',
      'server.setRequestHandler(types_js_1.ListToolsRequestSchema, async () => ({ tools: Object.values(tools) }));',
    ),
    files: {
      'tools/index.js': lines('const extra = { name: "search", inputSchema: {}, annotations: { readOnlyHint: false } };', 'Object.assign(module.exports, require("./a"), { search: extra });'),
      'tools/a.js': lines('exports.list = { name: "list", inputSchema: {}, annotations: { readOnlyHint: true } };', 'exports.search = { name: "search", inputSchema: {}, annotations: { readOnlyHint: true } };'),
    },
    tools: [
      { name: 'list', form: 'tools/list', effective: { readOnlyHint: true } },
      { name: 'search', form: 'tools/list', effective: { readOnlyHint: false } },
    ],
  },
  {
    name: 'look-alike: a name the required module does not export stays unknown, and `Object.assign` onto another object exports nothing',
    filename: 'server.js',
    code: lines(
      'const { toolName, other } = require("./index.js");',
      `server.registerTool(toolName, {}, ${cb});`,
      `server.registerTool(other, {}, ${cb});`,
    ),
    files: {
      'index.js': lines('module.exports = require("./values.js");', 'const local = {};', 'Object.assign(local, { other: "not_exported" });'),
      'values.js': 'exports.somethingElse = "x";',
    },
    tools: [
      { name: null, nameReason: /toolName/ },
      { name: null, nameReason: /other/ },
    ],
  },
];

// ─── names bound through imports: a local name of the importer's own choosing names the same thing ───
const localNames: Case[] = [
  {
    name: 'an exported wrapper imported under a name of its own (`import { register as r }`, `const { register: r } = require(…)`) is called there',
    filename: 'register.ts',
    code: lines('export function register(server, name, annotations) {', `  server.registerTool(name, { annotations }, ${cb});`, '}'),
    files: {
      'a.ts': lines('import { register as r } from "./register.js";', 'export const setupA = (server) => r(server, "list_a", { readOnlyHint: true });'),
      'b.js': lines('const { register: add } = require("./register");', 'exports.setupB = (server) => add(server, "drop_b", { destructiveHint: true });'),
    },
    tools: [
      { name: 'list_a', effective: { readOnlyHint: true } },
      { name: 'drop_b', effective: { destructiveHint: true } },
    ],
  },
  {
    name: 'look-alike: a same-named function of another file that does not import the wrapper is no caller of it',
    filename: 'register.ts',
    code: lines('export function register(server, name) {', `  server.registerTool(name, {}, ${cb});`, '}'),
    files: { 'a.ts': lines('import { register as r } from "./other.js";', 'r(server, "not_a_tool");', 'function register(x, y) { return y; }', 'register(server, "nor_this");'), 'other.ts': 'export function register(x, y) { return y; }' },
    tools: [],
    unenumerated: [{ line: 2, form: 'registerTool' }],
  },
  {
    name: 'a base class imported under another name: its subclasses are still found, each one tool',
    filename: 'base.ts',
    code: lines('export class BaseTool {', '  install(server) { server.registerTool(this.name, { annotations: this.annotations }, async () => ({ content: [] })); }', '}'),
    files: { 'search.ts': lines('import { BaseTool as Tool } from "./base";', 'export class SearchTool extends Tool {', '  name = "search";', '  annotations = { readOnlyHint: true };', '}') },
    tools: [{ name: 'search', effective: { readOnlyHint: true } }],
  },
  {
    name: 'Nuxt\'s defineMcpTool imported under another name is Nuxt\'s; the same name from another package is not',
    filename: 'server/mcp/tools/todo.ts',
    code: lines('import { defineMcpTool as define } from "@nuxtjs/mcp-toolkit/server";', 'export default define({ name: "create_todo", annotations: { idempotentHint: false }, handler: async () => ({ content: [] }) });'),
    files: { 'server/mcp/tools/other.ts': lines('import { defineMcpTool } from "./local-lib";', 'export default defineMcpTool({ name: "not_nuxt", handler: async () => ({ content: [] }) });') },
    tools: [{ name: 'create_todo', effective: { idempotentHint: false } }],
  },
  {
    name: 'a compiler helper kept under another local name is recognised by its declaration (`var h = (this && this.__importDefault) || …`)',
    filename: 'server.js',
    code: lines(
      '"use strict";',
      'var interop = (this && this.__importDefault) || function (mod) { return (mod && mod.__esModule) ? mod : { "default": mod }; };',
      'const defs_1 = interop(require("./defs.json"));',
      `for (const def of defs_1.default) server.registerTool(def.name, { annotations: def.annotations }, ${cb});`,
    ),
    files: { 'defs.json': JSON.stringify([{ name: 'list_items', annotations: { readOnlyHint: true } }]) },
    tools: [{ name: 'list_items', effective: { readOnlyHint: true } }],
  },
];

runCases('compiled output: calls of imported functions and CommonJS exports', importedCalls);
runCases('compiled output: lowered `?.` and `??`', lowered);
runCases('compiled output: other shapes', shapes);
runCases('compiled output: CommonJS re-exports', reExports);
runCases('discovery: names bound through imports', localNames);
