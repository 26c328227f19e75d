// Conditions: a tool registered only behind an environment variable, a flag, a feature group or an allow-list read
// at run time is still a tool, reported with what its registration depends on. A guard the engine can decide with
// the values at hand is no condition, and a definition no path registers is no tool.
import { lines, runCases, type Case } from './tester';

const SDK = 'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nconst server = new McpServer({ name: "s", version: "1" });';
const cb = 'async () => ({ content: [] })';

runCases('conditions: guards around the registration call', [
  {
    name: 'an `if` on an environment variable',
    code: lines(SDK, 'if (process.env.ENABLE_WRITES === "true") {', `  server.registerTool("delete_file", { annotations: { destructiveHint: true } }, ${cb});`, '}'),
    tools: [{ name: 'delete_file', conditions: [{ text: 'process.env.ENABLE_WRITES === "true"', negated: false, via: 'if', dependsOn: ['env ENABLE_WRITES'] }] }],
  },
  {
    name: 'the `else` branch is registered when the condition is false',
    code: lines(
      SDK,
      'const readOnly = process.env.READ_ONLY === "1";',
      `if (readOnly) server.registerTool("list", { annotations: { readOnlyHint: true } }, ${cb});`,
      `else server.registerTool("write", {}, ${cb});`,
    ),
    tools: [
      { name: 'list', conditions: [{ text: 'readOnly', negated: false, dependsOn: ['env READ_ONLY'] }] },
      { name: 'write', conditions: [{ text: 'readOnly', negated: true, dependsOn: ['env READ_ONLY'] }] },
    ],
  },
  {
    name: '`cond && server.tool(…)` and `cond ? … : …`',
    code: lines(SDK, 'const flags = { beta: process.argv.includes("--beta") };', `flags.beta && server.tool("beta_tool", ${cb});`, `Deno.env.get("X") ? server.tool("x_tool", ${cb}) : null;`),
    tools: [
      { name: 'beta_tool', conditions: [{ text: 'flags.beta', dependsOn: ['argument process.argv'] }] },
      { name: 'x_tool', conditions: [{ text: 'Deno.env.get("X")', dependsOn: ['env X'] }] },
    ],
  },
  {
    name: 'a read-only mode that returns before registering the writes',
    code: lines(
      SDK,
      'export function registerTools(server, options) {',
      `  server.registerTool("read_doc", { annotations: { readOnlyHint: true } }, ${cb});`,
      '  if (options.readOnly) return;',
      `  server.registerTool("write_doc", {}, ${cb});`,
      '}',
    ),
    tools: [
      { name: 'read_doc', conditions: [] },
      { name: 'write_doc', conditions: [{ text: 'options.readOnly', negated: true, via: 'early-exit', dependsOn: ['config options.readOnly'] }] },
    ],
  },
  {
    name: 'a `switch` over a mode read at run time',
    code: lines(SDK, 'switch (process.env.MODE) {', '  case "admin":', `    server.tool("drop_table", ${cb});`, '    break;', '}'),
    tools: [{ name: 'drop_table', conditions: [{ text: 'process.env.MODE === "admin"', via: 'switch', dependsOn: ['env MODE'] }] }],
  },
  {
    name: 'a guard the engine can decide is no condition',
    code: lines(SDK, 'const DEBUG = true;', `if (DEBUG) server.tool("debug_dump", ${cb});`, `if (typeof fetch === "function") server.tool("ping", ${cb});`),
    tools: [
      { name: 'debug_dump', conditions: [] },
      { name: 'ping', conditions: [{ text: 'typeof fetch === "function"', dependsOn: [] }] },
    ],
  },
]);

runCases('conditions: the caller of a registering function', [
  {
    name: 'a group of tools registered by a function called behind an environment variable (other file)',
    filename: 'tools/git.ts',
    code: lines('export function registerGitTools(server) {', `  server.registerTool("git_log", { annotations: { readOnlyHint: true } }, ${cb});`, '}'),
    files: {
      'index.ts': lines(SDK, 'import { registerGitTools } from "./tools/git";', 'if (process.env.ENABLE_GIT) registerGitTools(server);'),
    },
    tools: [{ name: 'git_log', conditions: [{ text: 'process.env.ENABLE_GIT', via: 'if', dependsOn: ['env ENABLE_GIT'] }] }],
  },
  {
    name: 'a function exported through an `export { … }` list, called behind a setting in another file',
    filename: 'discovery.js',
    code: lines(`function registerDiscoveryTools(server) { server.tool("search-tools", ${cb}); }`, 'export { registerDiscoveryTools };'),
    files: {
      'server.js': lines(
        'import { registerDiscoveryTools } from "./discovery.js";',
        'export class App {',
        '  start(server) { if (this.options.discovery) registerDiscoveryTools(server); }',
        '}',
      ),
    },
    tools: [{ name: 'search-tools', conditions: [{ text: 'this.options.discovery', dependsOn: ['config this.options.discovery'] }] }],
  },
  {
    name: 'a wrapper that checks an allow-list before registering: each definition is checked with its own name',
    code: lines(
      SDK,
      'const enabled = (process.env.TOOLS ?? "").split(",");',
      'function addTool(def) {',
      '  if (!enabled.includes(def.name)) return;',
      '  server.registerTool(def.name, { annotations: def.annotations }, def.run);',
      '}',
      `addTool({ name: "search", annotations: { readOnlyHint: true }, run: ${cb} });`,
    ),
    tools: [{ name: 'search', conditions: [{ text: '!enabled.includes(def.name)', negated: true, via: 'early-exit', dependsOn: ['env TOOLS'] }] }],
  },
  {
    name: 'a wrapper called once guarded and once not: only the guarded call has a condition',
    code: lines(
      SDK,
      'function add(name, annotations) { server.registerTool(name, { annotations }, async () => ({ content: [] })); }',
      'add("always", { readOnlyHint: true });',
      'if (process.env.EXTRA) add("sometimes", { readOnlyHint: false });',
    ),
    tools: [
      { name: 'always', conditions: [] },
      { name: 'sometimes', conditions: [{ text: 'process.env.EXTRA', dependsOn: ['env EXTRA'] }] },
    ],
  },
  {
    name: 'a function with no bound definition, called from two guarded places: either call registers it',
    code: lines(
      SDK,
      `function registerAdmin() { server.tool("reset", ${cb}); }`,
      'if (process.env.ADMIN) registerAdmin();',
      'else if (process.argv.includes("--admin")) registerAdmin();',
    ),
    tools: [{ name: 'reset', conditions: [{ text: '(process.env.ADMIN) || (!(process.env.ADMIN) && process.argv.includes("--admin"))', dependsOn: ['env ADMIN', 'argument process.argv'] }] }],
  },
]);

runCases('conditions: tool classes installed by a guarded loop', [
  {
    name: 'a base class installs `this`: each subclass takes the guards of the call that installs it',
    filename: 'base.ts',
    code: lines('export class BaseTool {', `  installTo(server) { server.registerTool(this.name, { annotations: this.annotations }, ${cb}); }`, '}'),
    files: {
      'tools.ts': lines(
        'import { BaseTool } from "./base";',
        'class SearchTool extends BaseTool { name = "search"; annotations = { readOnlyHint: true }; }',
        'class ReaderTool extends BaseTool { name = "resource_reader"; annotations = { readOnlyHint: true }; }',
        'export const CORE = [new SearchTool()];',
        'export const FALLBACK = [new ReaderTool()];',
      ),
      'index.ts': lines(
        SDK,
        'import { CORE, FALLBACK } from "./tools";',
        'CORE.forEach((tool) => tool.installTo(server));',
        'const needsFallback = process.env.CLIENT_NEEDS_RESOURCE_FALLBACK === "true";',
        'if (needsFallback) FALLBACK.forEach((tool) => tool.installTo(server));',
      ),
    },
    tools: [
      { name: 'search', conditions: [] },
      { name: 'resource_reader', conditions: [{ text: 'needsFallback', dependsOn: ['env CLIENT_NEEDS_RESOURCE_FALLBACK'] }] },
    ],
  },
]);

runCases('conditions: filters and allow-lists over definitions', [
  {
    name: '`.filter((t) => t.enabled)` with a flag read at run time',
    code: lines(
      SDK,
      'const defs = [',
      '  { name: "list_items", enabled: true, annotations: { readOnlyHint: true } },',
      '  { name: "purge_items", enabled: process.env.ALLOW_PURGE === "yes", annotations: { destructiveHint: true } },',
      '];',
      `defs.filter((t) => t.enabled).forEach((t) => server.registerTool(t.name, { annotations: t.annotations }, ${cb}));`,
    ),
    tools: [
      { name: 'list_items', conditions: [] },
      { name: 'purge_items', conditions: [{ text: 't.enabled', via: 'filter', dependsOn: [] }] },
    ],
  },
  {
    name: 'a feature group chosen by an environment variable, through a constant and a `for…of`',
    code: lines(
      SDK,
      'const groups = new Set((process.env.GROUPS ?? "read").split(","));',
      'const defs = [{ name: "get_user", group: "read" }, { name: "delete_user", group: "admin" }];',
      'const active = defs.filter((d) => groups.has(d.group));',
      `for (const d of active) server.tool(d.name, ${cb});`,
    ),
    tools: [
      { name: 'get_user', conditions: [{ text: 'groups.has(d.group)', via: 'filter', dependsOn: ['env GROUPS'] }] },
      { name: 'delete_user', conditions: [{ text: 'groups.has(d.group)', via: 'filter', dependsOn: ['env GROUPS'] }] },
    ],
  },
  {
    name: 'an allow-list chosen by a flag: a name in every list has no condition, a name in one list has',
    code: lines(
      SDK,
      'const full = process.argv.includes("--full");',
      'const enabled = full ? ["get_item", "delete_item"] : ["get_item"];',
      'const defs = [{ name: "get_item" }, { name: "delete_item" }, { name: "never_listed" }];',
      `for (const d of defs.filter((t) => enabled.includes(t.name))) server.tool(d.name, ${cb});`,
    ),
    tools: [
      { name: 'get_item', conditions: [] },
      { name: 'delete_item', conditions: [{ text: 'enabled.includes(t.name)', via: 'filter', dependsOn: ['argument process.argv'] }] },
    ],
  },
  {
    name: 'a static allow-list: the definitions it leaves out are never reported, the others have no condition',
    code: lines(
      SDK,
      'const ENABLED = ["get_user"];',
      'const defs = [{ name: "get_user" }, { name: "delete_user" }];',
      `for (const def of defs) { if (ENABLED.includes(def.name)) server.tool(def.name, ${cb}); }`,
    ),
    tools: [{ name: 'get_user', conditions: [] }],
  },
  {
    name: 'a loop that skips definitions by a setting of the class',
    code: lines(
      SDK,
      'const defs = [{ name: "read_a", write: false }, { name: "write_a", write: true }];',
      'class App {',
      '  setup() {',
      '    for (const def of defs) {',
      '      if (def.write && this.config.readOnly) continue;',
      `      server.tool(def.name, ${cb});`,
      '    }',
      '  }',
      '}',
    ),
    tools: [
      { name: 'read_a', conditions: [] },
      { name: 'write_a', conditions: [{ text: 'def.write && this.config.readOnly', negated: true, via: 'early-exit', dependsOn: ['config this.config.readOnly'] }] },
    ],
  },
]);

runCases('conditions: lists built at run time and returned by a tools/list handler', [
  {
    name: 'toolsets enabled by an environment variable, filtered before the handler lists them',
    code: lines(
      'import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";',
      'const enabledToolsets = (process.env.TOOLSETS ?? "issues").split(",");',
      'const allTools = [{ name: "list_issues", toolset: "issues", inputSchema: {} }, { name: "run_pipeline", toolset: "ci", inputSchema: {} }];',
      'const active = allTools.filter((t) => enabledToolsets.includes(t.toolset));',
      'server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: active.map((t) => ({ ...t, annotations: { openWorldHint: true } })) }));',
    ),
    tools: [
      { name: 'list_issues', form: 'tools/list', conditions: [{ text: 'enabledToolsets.includes(t.toolset)', via: 'filter', dependsOn: ['env TOOLSETS'] }] },
      { name: 'run_pipeline', form: 'tools/list', conditions: [{ text: 'enabledToolsets.includes(t.toolset)', via: 'filter', dependsOn: ['env TOOLSETS'] }] },
    ],
  },
  {
    name: 'a read-only mode choosing between two lists: only the tools one list lacks are conditional',
    code: lines(
      'import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";',
      'const readTools = [{ name: "get_doc", inputSchema: {} }];',
      'const writeTools = [{ name: "put_doc", inputSchema: {} }];',
      'const listed = process.env.READ_ONLY ? readTools : [...readTools, ...writeTools];',
      'server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: listed }));',
    ),
    tools: [
      { name: 'get_doc', conditions: [] },
      { name: 'put_doc', conditions: [{ text: 'process.env.READ_ONLY', negated: true, via: 'if', dependsOn: ['env READ_ONLY'] }] },
    ],
  },
  {
    name: 'a list reassigned under a condition: what the reassignment may drop is conditional',
    code: lines(
      'import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";',
      'const hidden = new Set((process.env.HIDDEN ?? "").split(","));',
      'let tools = [{ name: "a", inputSchema: {} }, { name: "b", inputSchema: {} }];',
      'if (hidden.size > 0) tools = tools.filter((t) => !hidden.has(t.name));',
      'server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools }));',
    ),
    tools: [
      // Listed when the reassignment does not run, or when its filter keeps the tool.
      { name: 'a', conditions: [{ text: '!(hidden.size > 0) || !hidden.has(t.name)', negated: false, via: 'if', dependsOn: ['env HIDDEN'] }] },
      { name: 'b', conditions: [{ text: '!(hidden.size > 0) || !hidden.has(t.name)', negated: false, via: 'if', dependsOn: ['env HIDDEN'] }] },
    ],
  },
]);
