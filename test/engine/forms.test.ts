// Which calls register tools, and what the engine resolves for each (name, form, declared annotations,
// effective hints, title). Facts: shared/reference/annotations.md §1–2.
import { lines, runCases, type Case } from './tester';

const HEAD = 'import { z } from "zod";\nconst cb = async () => ({ content: [] });\n';
/** Line numbers below count from 1 with HEAD's two lines before the case's code. */
const withHead = (code: string) => HEAD + code;

// ─── server.tool(): the eight shapes; the callback is always last, `{}` is always a schema ───
const toolShapes: Case[] = [
  {
    name: 'tool(name, cb)',
    code: withHead('server.tool("ping", cb);\n'),
    tools: [{ name: 'ping', form: 'tool', annotations: null, line: 3, slot: 'argument', effective: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true } }],
  },
  {
    name: 'tool(name, description, cb)',
    code: withHead('server.tool("ping", "Check the server is up", cb);\n'),
    tools: [{ name: 'ping', form: 'tool', annotations: null, title: null }],
  },
  {
    name: 'tool(name, schema, cb)',
    code: withHead('server.tool("echo", { text: z.string() }, cb);\n'),
    tools: [{ name: 'echo', form: 'tool', annotations: null }],
  },
  {
    name: 'tool(name, annotations, cb): a plain object without Zod values is annotations',
    code: withHead('server.tool("ping", { readOnlyHint: true, openWorldHint: false }, cb);\n'),
    tools: [{ name: 'ping', form: 'tool', annotations: { readOnlyHint: true, openWorldHint: false }, effective: { readOnlyHint: true, openWorldHint: false, destructiveHint: true } }],
  },
  {
    name: 'tool(name, {}, cb): {} is a schema, not empty annotations',
    code: withHead('server.tool("ping", {}, cb);\n'),
    tools: [{ name: 'ping', form: 'tool', annotations: null }],
  },
  {
    name: 'tool(name, description, schema, cb)',
    code: withHead('server.tool("echo", "Echo text", { text: z.string() }, cb);\n'),
    tools: [{ name: 'echo', form: 'tool', annotations: null }],
  },
  {
    name: 'tool(name, description, annotations, cb)',
    code: withHead('server.tool("ping", "Ping", { title: "Ping it", readOnlyHint: true }, cb);\n'),
    tools: [{ name: 'ping', form: 'tool', annotations: { title: 'Ping it', readOnlyHint: true }, title: 'Ping it', effective: { readOnlyHint: true } }],
  },
  {
    name: 'tool(name, description, {}, cb): {} after a description is still a schema',
    code: withHead('server.tool("ping", "Ping", {}, cb);\n'),
    tools: [{ name: 'ping', annotations: null }],
  },
  {
    name: 'tool(name, schema, annotations, cb)',
    code: withHead('server.tool("echo", { text: z.string() }, { idempotentHint: true }, cb);\n'),
    tools: [{ name: 'echo', form: 'tool', annotations: { idempotentHint: true }, effective: { idempotentHint: true, readOnlyHint: false } }],
  },
  {
    name: 'tool(name, {}, annotations, cb)',
    code: withHead('server.tool("echo", {}, { destructiveHint: false }, cb);\n'),
    tools: [{ name: 'echo', annotations: { destructiveHint: false }, effective: { destructiveHint: false } }],
  },
  {
    name: 'tool(name, description, schema, annotations, cb)',
    code: withHead(
      lines(
        'server.tool(',
        '  "search",',
        '  "Search the docs",',
        '  { query: z.string() },',
        '  { readOnlyHint: true, openWorldHint: true },',
        '  async ({ query }) => ({ content: [{ type: "text", text: query }] }),',
        ');',
      ),
    ),
    tools: [{ name: 'search', form: 'tool', line: 3, annotations: { readOnlyHint: true, openWorldHint: true }, effective: { readOnlyHint: true, openWorldHint: true } }],
  },
  {
    name: 'tool(name, description, {}, annotations, cb)',
    code: withHead('server.tool("list", "List", {}, { readOnlyHint: true }, cb);\n'),
    tools: [{ name: 'list', annotations: { readOnlyHint: true } }],
  },
  {
    name: 'tool(name, schema const, annotations const, cb) through identifiers',
    code: withHead(lines('const schema = { id: z.string() };', 'const ann = { readOnlyHint: true };', 'server.tool("get", schema, ann, cb);')),
    tools: [{ name: 'get', annotations: { readOnlyHint: true }, line: 5 }],
  },
  {
    name: 'tmcp / mcp-use: tool({ name, annotations, … }, cb)',
    code: withHead('server.tool({ name: "weather", description: "Weather", annotations: { readOnlyHint: true, title: "Weather" } }, cb);\n'),
    tools: [{ name: 'weather', form: 'tool', annotations: { readOnlyHint: true, title: 'Weather' }, title: 'Weather', slot: 'property' }],
  },
  {
    name: 'tool(name, importedSchema, cb): a schema built with zod in another file is a schema',
    files: { 'schemas.ts': 'import { z } from "zod";\nexport const searchSchema = { q: z.string() };\n' },
    code: withHead('import { searchSchema } from "./schemas";\nserver.tool("search", searchSchema, cb);\n'),
    tools: [{ name: 'search', annotations: null }],
  },
  {
    name: 'tool(name, importedAnnotations, cb): a plain imported object is annotations',
    files: { 'hints.ts': 'export const RO = { readOnlyHint: true };\n' },
    code: withHead('import { RO } from "./hints";\nserver.tool("list", RO, cb);\n'),
    tools: [{ name: 'list', annotations: { readOnlyHint: true } }],
  },
  {
    name: 'tool(name, DESCRIPTION const, cb): a string constant is a description',
    code: withHead('const DESCRIPTION = "Long text";\nserver.tool("a", DESCRIPTION, cb);\n'),
    tools: [{ name: 'a', annotations: null }],
  },
  {
    name: 'tool(name, { title } , cb): an object with only a title is annotations',
    code: withHead('server.tool("a", { title: "A tool" }, cb);\n'),
    tools: [{ name: 'a', annotations: { title: 'A tool' }, title: 'A tool' }],
  },
  {
    name: 'tool(name, z.object(…).shape, cb): an unknown expression is read as a schema',
    code: withHead('server.tool("a", "d", Params.shape, cb);\n'),
    tools: [{ name: 'a', annotations: null }],
  },
  {
    name: 'element-access method: server["tool"](…)',
    code: withHead('server["registerTool"]("a", { annotations: { readOnlyHint: true } }, cb);\n'),
    tools: [{ name: 'a', effective: { readOnlyHint: true } }],
  },
];

// ─── registerTool and registerToolTask ───
const registerForms: Case[] = [
  {
    name: 'registerTool with config title and annotations',
    code: withHead(
      lines(
        'server.registerTool(',
        '  "get_user",',
        '  {',
        '    title: "Get user",',
        '    description: "Read one user",',
        '    inputSchema: { id: z.string() },',
        '    annotations: { readOnlyHint: true, openWorldHint: false },',
        '  },',
        '  cb,',
        ');',
      ),
    ),
    tools: [
      {
        name: 'get_user',
        form: 'registerTool',
        line: 3,
        receiver: 'server',
        title: 'Get user',
        annotations: { readOnlyHint: true, openWorldHint: false },
        // Omitted hints keep their pessimistic defaults (destructiveHint true, idempotentHint false).
        effective: { readOnlyHint: true, destructiveHint: true, idempotentHint: false, openWorldHint: false },
      },
    ],
  },
  {
    name: 'registerTool: config title wins over annotations.title',
    code: withHead('server.registerTool("a", { title: "Config", annotations: { title: "Ann" } }, cb);\n'),
    tools: [{ name: 'a', title: 'Config' }],
  },
  {
    name: 'registerTool: annotations.title is the title when the config has none',
    code: withHead('server.registerTool("a", { annotations: { title: "Ann" } }, cb);\n'),
    tools: [{ name: 'a', title: 'Ann', annotations: { title: 'Ann' }, effective: { readOnlyHint: false, openWorldHint: true } }],
  },
  {
    name: 'registerTool without annotations',
    code: withHead('server.registerTool("delete_user", { description: "x" }, async () => ({ content: [] }));\n'),
    tools: [{ name: 'delete_user', form: 'registerTool', annotations: null, title: null, slot: 'property' }],
  },
  {
    name: 'registerTool with an empty annotations object',
    code: withHead('server.registerTool("a", { annotations: {} }, cb);\n'),
    tools: [{ name: 'a', annotations: {}, effective: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true } }],
  },
  {
    name: 'experimental.tasks.registerToolTask',
    code: withHead(
      lines(
        'server.experimental.tasks.registerToolTask(',
        '  "long_export",',
        '  { description: "Export", annotations: { readOnlyHint: true } },',
        '  { createTask: async () => ({}), getTask: async () => ({}), getTaskResult: async () => ({}) },',
        ');',
      ),
    ),
    tools: [{ name: 'long_export', form: 'registerToolTask', receiver: 'server.experimental.tasks', annotations: { readOnlyHint: true } }],
  },
  {
    name: 'two registrations on two lines, in source order',
    code: withHead(lines('server.registerTool("a", { annotations: { readOnlyHint: true } }, cb);', 'server.registerTool("b", {}, cb);')),
    tools: [
      { name: 'a', line: 3 },
      { name: 'b', line: 4, annotations: null },
    ],
  },
  {
    name: 'registerTool: shorthand { annotations } from a const',
    code: withHead('const annotations = { openWorldHint: false };\nserver.registerTool("a", { description: "d", annotations }, cb);\n'),
    tools: [{ name: 'a', annotations: { openWorldHint: false } }],
  },
  {
    name: 'registerTool: the whole config imported from another file',
    files: { 'configs.ts': 'export const searchConfig = { title: "Search", annotations: { readOnlyHint: true } };\n' },
    code: withHead('import { searchConfig } from "./configs";\nserver.registerTool("search", searchConfig, cb);\n'),
    tools: [{ name: 'search', title: 'Search', annotations: { readOnlyHint: true } }],
  },
];

// ─── low-level Server: tools/list handlers ───
const listTools: Case[] = [
  {
    name: 'ListToolsRequestSchema imported under another local name',
    code: lines(
      'import { ListToolsRequestSchema as ListTools } from "@modelcontextprotocol/sdk/types.js";',
      'server.setRequestHandler(ListTools, async () => ({ tools: [{ name: "read_file", annotations: { readOnlyHint: true } }] }));',
    ),
    tools: [{ name: 'read_file', form: 'tools/list', annotations: { readOnlyHint: true } }],
  },
  {
    name: 'a tools/list handler set through a forwarding function: the schema is the one its caller passes',
    code: lines(
      'import { ListToolsRequestSchema, CallToolRequestSchema } from "@modelcontextprotocol/sdk/types.js";',
      'function on(schema, handler) { return server.setRequestHandler(schema, handler); }',
      'on(ListToolsRequestSchema, async () => ({ tools: [{ name: "read_file", annotations: { readOnlyHint: true } }] }));',
      'on("tools/list", async () => ({ tools: [{ name: "write_file", annotations: { readOnlyHint: false } }] }));',
      'on(CallToolRequestSchema, async () => ({ tools: [{ name: "not_a_tool" }] }));',
    ),
    tools: [
      { name: 'read_file', form: 'tools/list', annotations: { readOnlyHint: true } },
      { name: 'write_file', form: 'tools/list', annotations: { readOnlyHint: false } },
    ],
  },
  {
    name: 'a forwarding function for other request handlers lists no tool (look-alike)',
    code: lines(
      'import { ListResourcesRequestSchema } from "@modelcontextprotocol/sdk/types.js";',
      'function on(schema, handler) { return server.setRequestHandler(schema, handler); }',
      'on(ListResourcesRequestSchema, async () => ({ tools: [{ name: "not_a_tool" }], resources: [] }));',
    ),
    tools: [],
  },
  {
    name: 'ListToolsRequestSchema handler returning an inline array',
    code: lines(
      'import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";',
      'server.setRequestHandler(ListToolsRequestSchema, async () => ({',
      '  tools: [',
      '    { name: "read_file", description: "Read", inputSchema: { type: "object" }, annotations: { readOnlyHint: true } },',
      '    {',
      '      name: "write_file",',
      '      inputSchema: { type: "object", properties: { title: { type: "string" } } },',
      '    },',
      '  ],',
      '}));',
    ),
    tools: [
      { name: 'read_file', form: 'tools/list', line: 4, annotations: { readOnlyHint: true }, effective: { readOnlyHint: true } },
      { name: 'write_file', form: 'tools/list', line: 5, annotations: null, title: null, slot: 'property' },
    ],
  },
  {
    name: 'ListToolsRequestSchema handler with a block body returning a const array',
    code: lines(
      'const TOOLS = [',
      '  { name: "a", inputSchema: { type: "object" }, annotations: { openWorldHint: false } },',
      '  { name: "b", inputSchema: { type: "object" } },',
      '];',
      'server.setRequestHandler(ListToolsRequestSchema, async () => {',
      '  return { tools: TOOLS };',
      '});',
    ),
    tools: [
      { name: 'a', form: 'tools/list', line: 2, annotations: { openWorldHint: false } },
      { name: 'b', form: 'tools/list', line: 3, annotations: null },
    ],
  },
  {
    name: 'ListToolsRequestSchema handler returning an imported array',
    files: {
      'tools.ts': lines(
        'export const tools = [',
        '  { name: "list_items", inputSchema: { type: "object" }, annotations: { readOnlyHint: true, title: "List items" } },',
        '];',
      ),
    },
    code: lines('import { tools } from "./tools.js";', 'server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools }));'),
    tools: [{ name: 'list_items', form: 'tools/list', title: 'List items', annotations: { readOnlyHint: true, title: 'List items' } }],
  },
  {
    name: "SDK v2: setRequestHandler('tools/list', …)",
    code: lines('server.setRequestHandler("tools/list", async () => ({', '  tools: [{ name: "v2_tool", inputSchema: { type: "object" }, annotations: { idempotentHint: true } }],', '}));'),
    tools: [{ name: 'v2_tool', form: 'tools/list', line: 2, annotations: { idempotentHint: true } }],
  },
  {
    name: 'tools/list elements built with map over a const array',
    code: lines(
      'const defs = [{ name: "x", ro: true }, { name: "y", ro: false }];',
      'server.setRequestHandler(ListToolsRequestSchema, async () => ({',
      '  tools: defs.map((d) => ({ name: d.name, inputSchema: { type: "object" }, annotations: { readOnlyHint: d.ro } })),',
      '}));',
    ),
    tools: [
      { name: 'x', form: 'tools/list', effective: { readOnlyHint: true } },
      { name: 'y', form: 'tools/list', effective: { readOnlyHint: false } },
    ],
  },
  {
    name: 'two returns of the same list count each tool once',
    code: lines(
      'const TOOLS = [{ name: "only_a", inputSchema: { type: "object" } }, { name: "only_b", inputSchema: { type: "object" } }];',
      'server.setRequestHandler(ListToolsRequestSchema, async (req) => {',
      '  if (req.params?.cursor) return { tools: TOOLS };',
      '  return { tools: TOOLS };',
      '});',
    ),
    tools: [{ name: 'only_a' }, { name: 'only_b' }],
  },
  {
    name: 'tools/list handler given as a named function',
    code: lines(
      'async function listTools() {',
      '  return { tools: [{ name: "named_fn", inputSchema: { type: "object" }, annotations: { readOnlyHint: true } }] };',
      '}',
      'server.setRequestHandler(ListToolsRequestSchema, listTools);',
    ),
    tools: [{ name: 'named_fn', form: 'tools/list', line: 2 }],
  },
  {
    name: 'tools/list with spread arrays',
    code: lines(
      'const BASE = [{ name: "base_a", inputSchema: { type: "object" } }];',
      'server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [...BASE, { name: "extra", inputSchema: { type: "object" } }] }));',
    ),
    tools: [{ name: 'base_a', line: 1 }, { name: 'extra', line: 2 }],
  },
];

// ─── fastmcp ───
const fastmcp: Case[] = [
  {
    name: 'fastmcp addTool',
    code: lines(
      'server.addTool({',
      '  name: "add",',
      '  description: "Add two numbers",',
      '  parameters: z.object({ a: z.number(), b: z.number() }),',
      '  annotations: { readOnlyHint: true, openWorldHint: false, title: "Addition" },',
      '  execute: async ({ a, b }) => String(a + b),',
      '});',
    ),
    tools: [{ name: 'add', form: 'addTool', line: 1, title: 'Addition', annotations: { readOnlyHint: true, openWorldHint: false, title: 'Addition' }, slot: 'property' }],
  },
  {
    name: 'fastmcp addTool without annotations',
    code: 'server.addTool({ name: "fetch", description: "Fetch a URL", execute: async () => "" });\n',
    tools: [{ name: 'fetch', form: 'addTool', annotations: null }],
  },
  {
    name: 'fastmcp addTools with an array',
    code: lines(
      'server.addTools([',
      '  { name: "one", execute: async () => "", annotations: { readOnlyHint: true } },',
      '  { name: "two", execute: async () => "" },',
      ']);',
    ),
    tools: [
      { name: 'one', form: 'addTools', line: 2, annotations: { readOnlyHint: true } },
      { name: 'two', form: 'addTools', line: 3, annotations: null },
    ],
  },
  {
    name: 'fastmcp addTool with a const definition',
    code: 'const def = { name: "from_const", parameters: schema, annotations: { readOnlyHint: true }, execute: async () => "" };\nserver.addTool(def);\n',
    tools: [{ name: 'from_const', form: 'addTool', line: 2, annotations: { readOnlyHint: true } }],
  },
];

// ─── receivers ───
const receivers: Case[] = [
  {
    name: 'Cloudflare agents: this.server inside McpAgent.init()',
    code: lines(
      'export class MyMcp extends McpAgent {',
      '  server = new McpServer({ name: "x", version: "1" });',
      '  async init() {',
      '    this.server.registerTool("add", { annotations: { readOnlyHint: true } }, async () => ({ content: [] }));',
      '  }',
      '}',
    ),
    tools: [{ name: 'add', receiver: 'this.server', line: 4, annotations: { readOnlyHint: true } }],
  },
  {
    name: 'agent.server receiver',
    code: 'export function register(agent: MyAgent) {\n  agent.server.tool("hello", "Say hello", async () => ({ content: [] }));\n}\n',
    tools: [{ name: 'hello', form: 'tool', receiver: 'agent.server', line: 2 }],
  },
  {
    name: 'server.mcpServer receiver',
    code: 'server.mcpServer.registerTool("status", { annotations: { readOnlyHint: true } }, async () => ({ content: [] }));\n',
    tools: [{ name: 'status', receiver: 'server.mcpServer' }],
  },
  {
    name: 'mcp-handler: registration inside createMcpHandler callback',
    code: lines(
      'export const handler = createMcpHandler((server) => {',
      '  server.registerTool("roll_dice", { annotations: { readOnlyHint: true, openWorldHint: false } }, async () => ({ content: [] }));',
      '});',
    ),
    tools: [{ name: 'roll_dice', receiver: 'server', line: 2, effective: { openWorldHint: false } }],
  },
];

// ─── static resolution ───
const resolution: Case[] = [
  {
    name: 'annotations from an imported const (TS ESM .js specifier)',
    files: { 'annotations.ts': 'export const READ_ONLY = { readOnlyHint: true, openWorldHint: false } as const;\n' },
    code: lines('import { READ_ONLY } from "./annotations.js";', 'server.registerTool("list", { annotations: READ_ONLY }, async () => ({ content: [] }));'),
    tools: [{ name: 'list', annotations: { readOnlyHint: true, openWorldHint: false }, effective: { readOnlyHint: true, openWorldHint: false } }],
  },
  {
    name: 'annotations re-exported through an index file',
    files: {
      'lib/hints.ts': 'export const WRITE = { readOnlyHint: false, destructiveHint: false };\n',
      'lib/index.ts': 'export { WRITE as WRITE_HINTS } from "./hints";\n',
    },
    code: lines('import { WRITE_HINTS } from "./lib";', 'server.registerTool("create", { annotations: WRITE_HINTS }, async () => ({ content: [] }));'),
    tools: [{ name: 'create', annotations: { readOnlyHint: false, destructiveHint: false }, effective: { destructiveHint: false } }],
  },
  {
    name: 'spread and override: { ...READ_ONLY, title }',
    files: { 'annotations.ts': 'export const READ_ONLY = { readOnlyHint: true, openWorldHint: false };\n' },
    code: lines('import { READ_ONLY } from "./annotations";', 'server.registerTool("list", { annotations: { ...READ_ONLY, title: "List things" } }, async () => ({ content: [] }));'),
    tools: [{ name: 'list', title: 'List things', annotations: { readOnlyHint: true, openWorldHint: false, title: 'List things' } }],
  },
  {
    name: 'spreads apply in order: a later key overrides the spread',
    code: lines('const BASE = { readOnlyHint: true, openWorldHint: false };', 'server.registerTool("a", { annotations: { ...BASE, readOnlyHint: false } }, async () => ({ content: [] }));'),
    tools: [{ name: 'a', effective: { readOnlyHint: false, openWorldHint: false } }],
  },
  {
    name: 'spreads apply in order: a later spread overrides an earlier key',
    code: lines('const BASE = { readOnlyHint: true, openWorldHint: false };', 'server.registerTool("a", { annotations: { readOnlyHint: false, ...BASE } }, async () => ({ content: [] }));'),
    tools: [{ name: 'a', effective: { readOnlyHint: true, openWorldHint: false } }],
  },
  {
    name: 'as const and satisfies around the annotations',
    code: lines(
      'import type { ToolAnnotations } from "@modelcontextprotocol/sdk/types.js";',
      'const RO = { readOnlyHint: true } as const satisfies ToolAnnotations;',
      'server.registerTool("a", { annotations: RO }, async () => ({ content: [] }));',
      'server.registerTool("b", { annotations: { idempotentHint: true } satisfies ToolAnnotations }, async () => ({ content: [] }));',
    ),
    tools: [
      { name: 'a', effective: { readOnlyHint: true } },
      { name: 'b', effective: { idempotentHint: true } },
    ],
  },
  {
    name: 'name from a const object member: TOOLS.list_projects',
    code: lines('const TOOLS = { list_projects: "list_projects", get_project: "get_project" } as const;', 'server.registerTool(TOOLS.list_projects, { annotations: { readOnlyHint: true } }, async () => ({ content: [] }));'),
    tools: [{ name: 'list_projects', line: 2 }],
  },
  {
    name: 'name from an imported const',
    files: { 'names.ts': 'export const DELETE_USER = "delete_user";\n' },
    code: lines('import { DELETE_USER } from "./names";', 'server.registerTool(DELETE_USER, { annotations: { destructiveHint: true } }, async () => ({ content: [] }));'),
    tools: [{ name: 'delete_user', annotations: { destructiveHint: true } }],
  },
  {
    name: 'element access: defs[0]',
    code: lines(
      'const defs = [{ name: "first", annotations: { readOnlyHint: true } }, { name: "second", annotations: { readOnlyHint: false } }];',
      'server.registerTool(defs[0].name, { annotations: defs[0].annotations }, async () => ({ content: [] }));',
    ),
    tools: [{ name: 'first', effective: { readOnlyHint: true } }],
  },
  {
    name: 'element access with a string key: HINTS["read-only"]',
    code: lines('const HINTS = { "read-only": { readOnlyHint: true } };', 'server.registerTool("a", { annotations: HINTS["read-only"] }, async () => ({ content: [] }));'),
    tools: [{ name: 'a', effective: { readOnlyHint: true } }],
  },
  {
    name: 'for…of over a const array of definitions',
    code: lines(
      'const defs = [',
      '  { name: "list_a", annotations: { readOnlyHint: true } },',
      '  { name: "drop_a", annotations: { destructiveHint: true } },',
      '];',
      'for (const def of defs) {',
      '  server.registerTool(def.name, { annotations: def.annotations }, async () => ({ content: [] }));',
      '}',
    ),
    tools: [
      // Each expanded tool is located at its own definition, not at the shared call.
      { name: 'list_a', expanded: true, line: 2, effective: { readOnlyHint: true } },
      { name: 'drop_a', expanded: true, line: 3, effective: { readOnlyHint: false, destructiveHint: true } },
    ],
  },
  {
    name: 'for…of with destructuring',
    code: lines(
      'const defs = [{ name: "p", ann: { readOnlyHint: true } }, { name: "q", ann: { readOnlyHint: false } }];',
      'for (const { name, ann } of defs) server.registerTool(name, { annotations: ann }, async () => ({ content: [] }));',
    ),
    tools: [
      { name: 'p', effective: { readOnlyHint: true } },
      { name: 'q', effective: { readOnlyHint: false } },
    ],
  },
  {
    name: '.forEach over a const array',
    code: lines(
      'const defs = [{ name: "x1", ro: true }, { name: "x2", ro: false }];',
      'defs.forEach((d) => {',
      '  server.registerTool(d.name, { annotations: { readOnlyHint: d.ro } }, async () => ({ content: [] }));',
      '});',
    ),
    tools: [
      { name: 'x1', effective: { readOnlyHint: true } },
      { name: 'x2', effective: { readOnlyHint: false } },
    ],
  },
  {
    name: 'Object.entries(map) in for…of',
    code: lines(
      'const map = { read_doc: { readOnlyHint: true }, wipe_doc: { destructiveHint: true } };',
      'for (const [name, annotations] of Object.entries(map)) {',
      '  server.registerTool(name, { annotations }, async () => ({ content: [] }));',
      '}',
    ),
    tools: [
      { name: 'read_doc', annotations: { readOnlyHint: true } },
      { name: 'wipe_doc', annotations: { destructiveHint: true } },
    ],
  },
  {
    name: 'Object.values(map).forEach',
    code: lines(
      'const map = { a: { name: "va", annotations: { readOnlyHint: true } }, b: { name: "vb", annotations: { readOnlyHint: false } } };',
      'Object.values(map).forEach((t) => server.registerTool(t.name, { annotations: t.annotations }, async () => ({ content: [] })));',
    ),
    tools: [
      { name: 'va', effective: { readOnlyHint: true } },
      { name: 'vb', effective: { readOnlyHint: false } },
    ],
  },
  {
    name: 'Object.keys(map) gives names',
    code: lines(
      'const map = { k1: 1, k2: 2 };',
      'for (const key of Object.keys(map)) server.registerTool(key, { annotations: { openWorldHint: false } }, async () => ({ content: [] }));',
    ),
    tools: [{ name: 'k1' }, { name: 'k2' }],
  },
  {
    name: 'template literal names in a loop',
    code: lines(
      'for (const kind of ["user", "team"] as const) {',
      '  server.registerTool(`delete_${kind}`, { annotations: { destructiveHint: true } }, async () => ({ content: [] }));',
      '}',
    ),
    tools: [{ name: 'delete_user' }, { name: 'delete_team' }],
  },
  {
    name: 'wrapper function expanded through its call sites',
    code: lines(
      'function addTool(def) {',
      '  server.registerTool(def.name, { description: def.description, annotations: def.annotations }, def.handler);',
      '}',
      'addTool({ name: "w_read", description: "r", annotations: { readOnlyHint: true }, handler: async () => ({ content: [] }) });',
      'addTool({ name: "w_write", description: "w", handler: async () => ({ content: [] }) });',
    ),
    tools: [
      { name: 'w_read', effective: { readOnlyHint: true }, expanded: true },
      { name: 'w_write', annotations: null, expanded: true },
    ],
  },
  {
    name: 'registerXTool(server) helper called with the server',
    code: lines(
      'export function registerSearchTool(server: McpServer) {',
      '  server.registerTool("search", { annotations: { readOnlyHint: true } }, async () => ({ content: [] }));',
      '}',
      'registerSearchTool(server);',
    ),
    tools: [{ name: 'search', line: 2, effective: { readOnlyHint: true } }],
  },
  {
    name: 'identity defineTool(x) around a definition',
    code: lines(
      'const defineTool = <T,>(tool: T): T => tool;',
      'const search = defineTool({ name: "find", annotations: { readOnlyHint: true } });',
      'server.registerTool(search.name, { annotations: search.annotations }, async () => ({ content: [] }));',
    ),
    tools: [{ name: 'find', effective: { readOnlyHint: true } }],
  },
  {
    name: 'fastmcp addTool(defineTool({...})) with identity function declaration',
    code: lines('function defineTool(t) { return t; }', 'server.addTool(defineTool({ name: "calc", annotations: { readOnlyHint: true }, execute: async () => "" }));'),
    tools: [{ name: 'calc', form: 'addTool', effective: { readOnlyHint: true } }],
  },
  {
    name: 'arrays built with push',
    code: lines(
      'const tools = [];',
      'tools.push({ name: "pa", annotations: { readOnlyHint: true } });',
      'tools.push({ name: "pb", annotations: { readOnlyHint: false } });',
      'for (const t of tools) server.registerTool(t.name, { annotations: t.annotations }, async () => ({ content: [] }));',
    ),
    tools: [
      { name: 'pa', effective: { readOnlyHint: true } },
      { name: 'pb', effective: { readOnlyHint: false } },
    ],
  },
  {
    name: 'CommonJS: require + module.exports',
    filename: 'server.js',
    files: { 'hints.js': 'module.exports = { READ_ONLY: { readOnlyHint: true, openWorldHint: false } };\n' },
    code: lines('const { READ_ONLY } = require("./hints");', 'server.registerTool("cjs_list", { annotations: READ_ONLY }, async () => ({ content: [] }));'),
    tools: [{ name: 'cjs_list', annotations: { readOnlyHint: true, openWorldHint: false } }],
  },
  {
    name: 'CommonJS: exports["X"] = … and Object.defineProperty(exports, …) read through require(…).X',
    filename: 'server.cjs',
    files: { 'names.cjs': 'exports["TOOL_NAME"] = "cjs_keyed";\nObject.defineProperty(exports, "ANN", { enumerable: true, value: { idempotentHint: true } });\n' },
    code: lines('const names = require("./names.cjs");', 'server.registerTool(names.TOOL_NAME, { annotations: names.ANN }, async () => ({ content: [] }));'),
    tools: [{ name: 'cjs_keyed', annotations: { idempotentHint: true } }],
  },
  {
    name: 'CommonJS: exports.X = … read through require(…).X',
    filename: 'server.cjs',
    files: { 'names.cjs': 'exports.TOOL_NAME = "cjs_named";\nexports.ANN = { idempotentHint: true };\n' },
    code: lines('const names = require("./names.cjs");', 'server.registerTool(names.TOOL_NAME, { annotations: names.ANN }, async () => ({ content: [] }));'),
    tools: [{ name: 'cjs_named', annotations: { idempotentHint: true } }],
  },
  {
    name: 'compiled/minified JS: !0 is true, !1 is false',
    filename: 'bundle.js',
    code: 'e.registerTool("m_list",{title:"List",annotations:{readOnlyHint:!0,destructiveHint:!1,openWorldHint:!1}},async()=>({content:[]}));\n',
    tools: [{ name: 'm_list', title: 'List', annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false }, receiver: 'e' }],
  },
  {
    name: 'export * re-export chain',
    files: { 'hints/base.ts': 'export const RO = { readOnlyHint: true };\n', 'hints/index.ts': 'export * from "./base";\n' },
    code: 'import { RO } from "./hints/index.js";\nserver.registerTool("a", { annotations: RO }, cb);\n',
    tools: [{ name: 'a', effective: { readOnlyHint: true } }],
  },
  {
    name: 'default export',
    files: { 'ro.ts': 'export default { readOnlyHint: true, openWorldHint: false };\n' },
    code: 'import RO from "./ro";\nserver.registerTool("a", { annotations: RO }, cb);\n',
    tools: [{ name: 'a', annotations: { readOnlyHint: true, openWorldHint: false } }],
  },
  {
    name: 'namespace import',
    files: { 'hints.ts': 'export const WRITE = { readOnlyHint: false, idempotentHint: true };\n' },
    code: 'import * as hints from "./hints";\nserver.registerTool("a", { annotations: hints.WRITE }, cb);\n',
    tools: [{ name: 'a', annotations: { readOnlyHint: false, idempotentHint: true } }],
  },
  {
    name: 'circular imports do not hang',
    files: { 'a.ts': 'import { B } from "./b";\nexport const A = { ...B, readOnlyHint: true };\n', 'b.ts': 'import { A } from "./a";\nexport const B = { ...A, openWorldHint: false };\n' },
    code: 'import { A } from "./a";\nserver.registerTool("loop", { annotations: A }, cb);\n',
    tools: [{ name: 'loop', effective: { readOnlyHint: true } }],
  },
  {
    name: 'an inner declaration shadows the outer one',
    code: lines(
      'const RO = { readOnlyHint: true };',
      'function register() {',
      '  const RO = { readOnlyHint: false };',
      '  server.registerTool("shadowed", { annotations: RO }, cb);',
      '}',
    ),
    tools: [{ name: 'shadowed', effective: { readOnlyHint: false } }],
  },
  {
    name: 'enum member as a name',
    code: 'enum ToolName { List = "list_items" }\nserver.registerTool(ToolName.List, {}, cb);\n',
    tools: [{ name: 'list_items' }],
  },
  {
    name: 'concatenated and templated names from constants',
    code: 'const PREFIX = "acme";\nserver.registerTool(PREFIX + "_list", {}, cb);\nserver.registerTool(`${PREFIX}_get`, {}, cb);\n',
    tools: [{ name: 'acme_list' }, { name: 'acme_get' }],
  },
  {
    name: 'non-null and parenthesized receivers, optional call',
    code: 'server!.registerTool("nn", {}, cb);\n(server as McpServer).registerTool("paren", {}, cb);\nserver?.registerTool("opt", {}, cb);\n',
    tools: [{ name: 'nn' }, { name: 'paren' }, { name: 'opt' }],
  },
  {
    name: 'addTools with spread arrays',
    code: 'const A = [{ name: "sa", execute: run }];\nconst B = [{ name: "sb", execute: run }];\nserver.addTools([...A, ...B]);\n',
    tools: [{ name: 'sa', form: 'addTools' }, { name: 'sb', form: 'addTools' }],
  },
  {
    name: 'tools/list handler with a local const inside the handler',
    code: lines(
      'server.setRequestHandler(ListToolsRequestSchema, async () => {',
      '  const tools = [{ name: "local_a", inputSchema: { type: "object" }, annotations: { readOnlyHint: true } }];',
      '  return { tools };',
      '});',
    ),
    tools: [{ name: 'local_a', form: 'tools/list', line: 2, effective: { readOnlyHint: true } }],
  },
  {
    name: 'wrapper with a destructured parameter',
    code: lines(
      'function addTool({ name, annotations }: Def) {',
      '  server.registerTool(name, { annotations }, cb);',
      '}',
      'addTool({ name: "d_one", annotations: { readOnlyHint: true } });',
      'addTool({ name: "d_two", annotations: { readOnlyHint: false } });',
    ),
    tools: [
      { name: 'd_one', effective: { readOnlyHint: true } },
      { name: 'd_two', effective: { readOnlyHint: false } },
    ],
  },
  {
    name: 'arrow wrapper with positional parameters',
    code: lines('const RO = { readOnlyHint: true };', 'const add = (name: string, ann: object) => server.registerTool(name, { annotations: ann }, cb);', 'add("arrow_a", RO);', 'add("arrow_b", { readOnlyHint: false });'),
    tools: [
      { name: 'arrow_a', effective: { readOnlyHint: true } },
      { name: 'arrow_b', effective: { readOnlyHint: false } },
    ],
  },
  {
    name: 'class with this.server set in the constructor and tools in a method',
    code: lines(
      'class WeatherServer {',
      '  private server = new McpServer({ name: "w", version: "1" });',
      '  setup() {',
      '    this.server.tool("forecast", "Forecast", { city: z.string() }, { readOnlyHint: true, openWorldHint: true }, cb);',
      '  }',
      '}',
    ),
    tools: [{ name: 'forecast', receiver: 'this.server', line: 4, annotations: { readOnlyHint: true, openWorldHint: true } }],
  },
];

// ─── what cannot be known ───
const unresolved: Case[] = [
  {
    name: 'name from an environment variable is unknown, with a reason',
    code: 'server.registerTool(process.env.TOOL_NAME, { annotations: { readOnlyHint: true } }, async () => ({ content: [] }));\n',
    tools: [{ name: null, nameReason: /environment variable TOOL_NAME/, effective: { readOnlyHint: true } }],
  },
  {
    name: 'hint from an environment variable is unresolved (not guessed)',
    code: 'server.registerTool("maybe", { annotations: { readOnlyHint: process.env.RO === "1", openWorldHint: false } }, async () => ({ content: [] }));\n',
    tools: [{ name: 'maybe', annotations: { readOnlyHint: 'unresolved', openWorldHint: false }, effective: { readOnlyHint: 'unresolved', openWorldHint: false } }],
  },
  {
    name: 'annotations from a function call: every hint is unresolved',
    code: lines('declare function hintsFor(name: string): object;', 'server.registerTool("dyn", { annotations: hintsFor("dyn") }, async () => ({ content: [] }));'),
    tools: [{ name: 'dyn', effective: { readOnlyHint: 'unresolved', destructiveHint: 'unresolved', idempotentHint: 'unresolved', openWorldHint: 'unresolved' } }],
  },
  {
    name: 'a spread of something unknown makes the omitted hints unresolved, not defaults',
    code: 'server.registerTool("s", { annotations: { ...getHints(), readOnlyHint: false } }, async () => ({ content: [] }));\n',
    tools: [{ name: 's', effective: { readOnlyHint: false, destructiveHint: 'unresolved', openWorldHint: 'unresolved' } }],
  },
  {
    name: 'annotations imported from a package are unresolved',
    code: lines('import { READ_ONLY } from "@acme/hints";', 'server.registerTool("pkg", { annotations: READ_ONLY }, async () => ({ content: [] }));'),
    tools: [{ name: 'pkg', effective: { readOnlyHint: 'unresolved' } }],
  },
  {
    name: 'a let that is reassigned is not trusted',
    code: lines('let ann = { readOnlyHint: true };', 'if (process.env.WRITE) ann = { readOnlyHint: false };', 'server.registerTool("re", { annotations: ann }, cb);'),
    tools: [{ name: 're', effective: { readOnlyHint: 'unresolved' } }],
  },
  {
    name: 'a const object changed member by member at its own level is read with the change',
    code: lines('const ann = { readOnlyHint: true };', 'ann.readOnlyHint = false;', 'server.registerTool("mut", { annotations: ann }, cb);'),
    tools: [{ name: 'mut', effective: { readOnlyHint: false } }],
  },
  {
    name: 'a const object changed under a condition is not trusted for that member',
    code: lines('const ann = { readOnlyHint: true, openWorldHint: false };', 'if (flag) ann.readOnlyHint = false;', 'server.registerTool("mut", { annotations: ann }, cb);'),
    tools: [{ name: 'mut', effective: { readOnlyHint: 'unresolved', openWorldHint: false } }],
  },
  {
    name: 'a const object changed inside a callback is not trusted',
    code: lines('const ann = { readOnlyHint: true };', 'later(() => { ann.readOnlyHint = false; });', 'server.registerTool("mut", { annotations: ann }, cb);'),
    tools: [{ name: 'mut', effective: { readOnlyHint: 'unresolved' } }],
  },
  // Every write syntax/writes.ts names changes the variable: destructuring, loop heads and calls on a member too.
  {
    name: 'a let destructured into after its declaration is not trusted',
    code: lines('let ann = { readOnlyHint: true };', 'if (flag) [ann] = [{ readOnlyHint: false }];', 'server.registerTool("re", { annotations: ann }, cb);'),
    tools: [{ name: 're', effective: { readOnlyHint: 'unresolved' } }],
  },
  {
    name: 'a let written by an object pattern is not trusted',
    code: lines('let ann = { readOnlyHint: true };', '({ ann } = overrides);', 'server.registerTool("re", { annotations: ann }, cb);'),
    tools: [{ name: 're', effective: { readOnlyHint: 'unresolved' } }],
  },
  {
    name: 'a let that heads a for…of loop is not trusted',
    code: lines('let ann = { readOnlyHint: true };', 'for (ann of variants) check(ann);', 'server.registerTool("re", { annotations: ann }, cb);'),
    tools: [{ name: 're', effective: { readOnlyHint: 'unresolved' } }],
  },
  {
    name: 'a member destructured into is not trusted for that member',
    code: lines('const ann = { readOnlyHint: true, openWorldHint: false };', '[ann.readOnlyHint] = [false];', 'server.registerTool("mut", { annotations: ann }, cb);'),
    tools: [{ name: 'mut', effective: { readOnlyHint: 'unresolved', openWorldHint: false } }],
  },
  {
    name: 'a member merged into by Object.assign is not trusted',
    code: lines('const hints = { flags: { readOnlyHint: true }, other: 1 };', 'Object.assign(hints.flags, { readOnlyHint: false });', 'server.registerTool("mut", { annotations: hints.flags }, cb);'),
    tools: [{ name: 'mut', effective: { readOnlyHint: 'unresolved' } }],
  },
  {
    name: 'a list that loses elements after it is built is not listed as built',
    code: lines(
      'const tools = [{ name: "pa", annotations: { readOnlyHint: true } }, { name: "pb", annotations: { readOnlyHint: true } }];',
      'if (readOnlyMode) tools.pop();',
      'for (const t of tools) server.registerTool(t.name, { annotations: t.annotations }, cb);',
    ),
    tools: [],
  },
  {
    name: 'a list sorted after it is built keeps its elements',
    code: lines(
      'const tools = [{ name: "pb", annotations: { readOnlyHint: true } }, { name: "pa", annotations: { readOnlyHint: false } }];',
      'tools.sort((a, b) => a.name.localeCompare(b.name));',
      'for (const t of tools) server.registerTool(t.name, { annotations: t.annotations }, cb);',
    ),
    tools: [
      { name: 'pb', effective: { readOnlyHint: true } },
      { name: 'pa', effective: { readOnlyHint: false } },
    ],
  },
  {
    name: 'a conditional between two different constants is unresolved',
    code: lines('const RO = { readOnlyHint: true };', 'const RW = { readOnlyHint: false };', 'server.registerTool("cond", { annotations: isProd ? RO : RW }, cb);'),
    tools: [{ name: 'cond', effective: { readOnlyHint: 'unresolved' } }],
  },
];

// ─── look-alikes: none of these register a tool ───
// ─── the registration method reached another way (test/metamorphic rewrites every site like this) ───
const callees: Case[] = [
  {
    name: 'an optional call of the method, the only registration of its file',
    code: withHead('server.registerTool?.("opt", { annotations: { readOnlyHint: true } }, cb);\n'),
    tools: [{ name: 'opt', form: 'registerTool', receiver: 'server', line: 3, annotations: { readOnlyHint: true } }],
  },
  {
    name: 'the method called through .apply(server, [ … ])',
    code: withHead('server.registerTool.apply(server, ["applied", { title: "Applied", annotations: { readOnlyHint: true } }, cb]);\n'),
    tools: [{ name: 'applied', form: 'registerTool', title: 'Applied', annotations: { readOnlyHint: true } }],
  },
  {
    name: 'server.tool.apply(server, [ … ]) with the shapes of tool()',
    code: withHead('server.tool.apply(server, ["ping", "Check", { idempotentHint: true }, cb]);\n'),
    tools: [{ name: 'ping', form: 'tool', annotations: { idempotentHint: true } }],
  },
  {
    name: 'a bound alias kept in a const: const reg = server.registerTool.bind(server); reg(…)',
    code: withHead(lines('const reg = server.registerTool.bind(server);', 'reg("a", { annotations: { readOnlyHint: true } }, cb);', 'reg("b", {}, cb);')),
    tools: [
      { name: 'a', form: 'registerTool', receiver: 'server', line: 4, annotations: { readOnlyHint: true } },
      { name: 'b', form: 'registerTool', receiver: 'server', line: 5, annotations: null },
    ],
  },
  {
    name: 'a bound alias of server.tool inside a function',
    code: withHead(lines('export function setup(server) {', '  const tool = server.tool.bind(server);', '  tool("ping", "Ping", { readOnlyHint: true }, cb);', '}')),
    tools: [{ name: 'ping', form: 'tool', receiver: 'server', annotations: { readOnlyHint: true } }],
  },
  {
    name: 'the method read by destructuring and called through .call(server, …), the only registrations of the file',
    code: withHead(lines('const { registerTool: reg } = server;', 'reg.call(server, "d1", { annotations: { readOnlyHint: true } }, cb);', 'reg.apply(server, ["d2", { title: "Two" }, cb]);')),
    tools: [
      { name: 'd1', form: 'registerTool', line: 4, annotations: { readOnlyHint: true } },
      { name: 'd2', form: 'registerTool', line: 5, title: 'Two', annotations: null },
    ],
  },
  {
    name: 'server.tool destructured under its own name: const { tool } = server; tool.call(server, …)',
    code: withHead(lines('export function setup(server) {', '  const { tool } = server;', '  tool.call(server, "ping", "Ping", { readOnlyHint: true }, cb);', '}')),
    tools: [{ name: 'ping', form: 'tool', annotations: { readOnlyHint: true } }],
  },
  {
    name: 'a destructured member that is no registration method, or a let, is not read as one (look-alike)',
    code: withHead(lines('const { send: registerTool } = client;', 'registerTool.call(client, "not_a_tool", {}, cb);', 'let { tool } = server;', 'tool = () => {};', 'tool.call(server, "not_either", "d", {}, cb);')),
    tools: [],
  },
  {
    name: 'a local function named like the method, or a let that may be reassigned, is no bound alias',
    code: withHead(lines('function registerTool(name, config, cb) {}', 'registerTool("not_a_tool", {}, cb);', 'let reg = server.registerTool.bind(server);', 'reg = () => {};', 'reg("not_either", {}, cb);')),
    tools: [],
  },
];

// ─── a rest parameter spread into the registration call: bound to each caller's arguments ───
const spreads: Case[] = [
  {
    name: 'a forwarding arrow kept in an object: { add: (...args) => server.registerTool(...args) }',
    code: withHead(lines(
      'const registry = { add: (...args) => server.registerTool(...args) };',
      'registry.add("fetch_page", { title: "Fetch", annotations: { readOnlyHint: true } }, cb);',
      'registry.add("delete_page", { annotations: { destructiveHint: true } }, cb);',
    )),
    tools: [
      { name: 'fetch_page', form: 'registerTool', title: 'Fetch', annotations: { readOnlyHint: true }, expanded: true, nameLine: 4 },
      { name: 'delete_page', form: 'registerTool', annotations: { destructiveHint: true }, expanded: true, nameLine: 5 },
    ],
  },
  {
    name: 'a class method forwarding ...args to this.target.registerTool(...args)',
    code: withHead(lines(
      'class Registrar {',
      '  constructor(target) { this.target = target; }',
      '  add(...args) { return this.target.registerTool(...args); }',
      '}',
      'const registrar = new Registrar(server);',
      'registrar.add("list_notes", { annotations: { readOnlyHint: true } }, cb);',
    )),
    tools: [{ name: 'list_notes', form: 'registerTool', annotations: { readOnlyHint: true }, expanded: true, nameLine: 8 }],
  },
  {
    name: 'a class method named like the SDK method it forwards ...args to: each call is one tool',
    code: withHead(lines(
      'class Registrar {',
      '  constructor(target) { this.target = target; }',
      '  registerTool(...args) { return this.target.registerTool(...args); }',
      '}',
      'const registrar = new Registrar(server);',
      'registrar.registerTool("list_notes", { annotations: { readOnlyHint: true } }, cb);',
    )),
    tools: [{ name: 'list_notes', form: 'registerTool', annotations: { readOnlyHint: true } }],
  },
  {
    name: 'a class method named like the SDK method, forwarding its named parameters: each call is one tool, not two',
    code: withHead(lines(
      'class Registrar {',
      '  constructor(target) { this.target = target; }',
      '  registerTool(name, config, run) { return this.target.registerTool(name, config, run); }',
      '}',
      'const registrar = new Registrar(server);',
      'registrar.registerTool("list_notes", { annotations: { readOnlyHint: true } }, cb);',
      'registrar.registerTool("add_note", { annotations: { readOnlyHint: false } }, cb);',
    )),
    tools: [
      { name: 'list_notes', annotations: { readOnlyHint: true }, nameLine: 8 },
      { name: 'add_note', annotations: { readOnlyHint: false }, nameLine: 9 },
    ],
  },
  {
    name: 'an exported object of forwarding arrows, called from another file',
    code: withHead(lines('export const registry = { add: (...args) => server.registerTool(...args) };')),
    files: { 'tools.ts': lines('import { registry } from "./server";', 'registry.add("from_elsewhere", { annotations: { openWorldHint: false } }, async () => ({ content: [] }));') },
    tools: [{ name: 'from_elsewhere', annotations: { openWorldHint: false } }],
  },
  {
    name: 'a subclass method forwarding ...args to this.registerTool(...args)',
    code: withHead(lines(
      'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";',
      'class MyServer extends McpServer {',
      '  registerToolVia(...args) { return this.registerTool(...args); }',
      '}',
      'const server = new MyServer({ name: "x", version: "1" });',
      'server.registerToolVia("ping", { annotations: { readOnlyHint: true } }, cb);',
      'server.registerToolVia("reset", { annotations: { readOnlyHint: false, destructiveHint: true } }, cb);',
    )),
    tools: [
      { name: 'ping', annotations: { readOnlyHint: true }, nameLine: 8 },
      { name: 'reset', annotations: { readOnlyHint: false, destructiveHint: true }, nameLine: 9 },
    ],
  },
  {
    name: 'a caller that spreads a constant list of its own, and one that passes the name first: server.tool(...args)',
    code: withHead(lines(
      'const add = (...args) => server.tool(...args);',
      'const PING = ["ping", "Check the server", { readOnlyHint: true }];',
      'add(...PING, cb);',
      'add("echo", { idempotentHint: true }, cb);',
    )),
    tools: [
      { name: 'ping', form: 'tool', annotations: { readOnlyHint: true } },
      { name: 'echo', form: 'tool', annotations: { idempotentHint: true } },
    ],
  },
  {
    name: 'a rest parameter after a fixed one: (prefix, ...rest) => server.registerTool(`${prefix}_x`, ...rest)',
    code: withHead(lines(
      'function addPrefixed(prefix, ...rest) { return server.registerTool(`${prefix}_search`, ...rest); }',
      'addPrefixed("docs", { annotations: { readOnlyHint: true } }, cb);',
    )),
    tools: [{ name: 'docs_search', annotations: { readOnlyHint: true } }],
  },
  {
    name: 'a static allow-list around the caller of a forwarder: the definition it leaves out is no tool',
    code: withHead(lines(
      'const ENABLED = ["get_user"];',
      'const defs = [{ name: "get_user" }, { name: "delete_user" }];',
      'const registry = { add: (...args) => server.tool(...args) };',
      'function addOne(name, run) { return server.tool(name, run); }',
      'for (const def of defs) { if (ENABLED.includes(def.name)) registry.add(def.name, cb); }',
      'for (const def of defs) { if (ENABLED.includes(def.name)) addOne(`${def.name}_2`, cb); }',
    )),
    tools: [{ name: 'get_user', conditions: [] }, { name: 'get_user_2', conditions: [] }],
  },
  {
    name: 'an override that hands on to its base method (super.setRequestHandler in a bundled SDK class): the callers are the registrations, each read once',
    code: lines(
      'import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";',
      'class Protocol { setRequestHandler(schema, handler) { this.handlers.set(schema, handler); } }',
      'class Server extends Protocol {',
      '  setRequestHandler(requestSchema, handler) { return super.setRequestHandler(requestSchema, (request, extra) => handler(request, extra)); }',
      '}',
      'const server = new Server();',
      'server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [{ name: "only_once", annotations: { readOnlyHint: true } }] }));',
    ),
    tools: [{ name: 'only_once', form: 'tools/list', annotations: { readOnlyHint: true } }],
  },
  {
    name: 'the SDK method replaced on the server by a rest-forwarding arrow: its callers are the registrations, each read once',
    code: withHead(lines(
      'const original = server.tool.bind(server);',
      'server.tool = (...args) => { console.error("registering", args[0]); return original(...args); };',
      'server.tool("ping", "Ping", { readOnlyHint: true }, cb);',
    )),
    tools: [{ name: 'ping', form: 'tool', annotations: { readOnlyHint: true } }],
  },
  {
    name: 'a rest-forwarding wrapper nobody calls registers nothing it could read, and is no tool',
    code: withHead(lines('const registry = { add: (...args) => server.registerTool(...args) };', 'registry.size = 1;')),
    tools: [],
  },
  {
    name: 'a rest-forwarding wrapper around a local object that defines registerTool itself is no server (look-alike)',
    code: withHead(lines(
      'const toolbox = { items: [], registerTool(name, config, run) { this.items.push({ name, config, run }); } };',
      'const registry = { add: (...args) => toolbox.registerTool(...args) };',
      'registry.add("not_a_tool", { annotations: { readOnlyHint: true } }, cb);',
    )),
    tools: [],
  },
  {
    name: 'a same-named call on a receiver known to be something else is no call of the wrapper method (a Set, another class)',
    code: withHead(lines(
      'class Registrar {',
      '  constructor(target) { this.target = target; }',
      '  add(...args) { return this.target.registerTool(...args); }',
      '}',
      'class Tally { add(...args) { return args.length; } }',
      'const registrar = new Registrar(server);',
      'const seen = new Set();',
      'seen.add("not_a_tool", { annotations: { readOnlyHint: true } }, cb);',
      'new Tally().add("not_either", { annotations: { readOnlyHint: true } }, cb);',
      'registrar.add("real", { annotations: { readOnlyHint: true } }, cb);',
    )),
    tools: [{ name: 'real', annotations: { readOnlyHint: true } }],
  },
  {
    name: 'a rest-forwarding wrapper around a method that registers nothing (look-alike)',
    code: withHead(lines(
      'const cache = new Map();',
      'const store = { put: (...args) => cache.set(...args) };',
      'store.put("not_a_tool", { annotations: { readOnlyHint: true } });',
    )),
    tools: [],
  },
];

const lookAlikes: Case[] = [
  {
    name: "AI SDK tool({...}) helper",
    code: lines(
      'import { tool, generateText } from "ai";',
      'const weather = tool({ description: "Weather", parameters: z.object({ city: z.string() }), execute: async () => ({ t: 1 }) });',
      'await generateText({ model, tools: { weather }, prompt: "x" });',
    ),
    tools: [],
  },
  {
    name: 'AI SDK tool() called through a namespace with one object argument',
    code: 'import * as ai from "ai";\nexport const t = ai.tool({ description: "d", inputSchema: schema, execute: async () => 1 });\n',
    tools: [],
  },
  {
    name: 'registerResource with a title',
    code: 'server.registerResource("config", "config://app", { title: "App config", description: "x" }, async (uri) => ({ contents: [] }));\n',
    tools: [],
  },
  {
    name: 'registerPrompt with a title',
    code: 'server.registerPrompt("review", { title: "Review", argsSchema: { code: z.string() } }, ({ code }) => ({ messages: [] }));\n',
    tools: [],
  },
  {
    name: 'schema properties named title and annotations are not the tool title or annotations',
    code: lines(
      'server.registerTool(',
      '  "create_note",',
      '  { inputSchema: { title: z.string(), annotations: z.array(z.string()) }, annotations: { readOnlyHint: false } },',
      '  async () => ({ content: [] }),',
      ');',
    ),
    tools: [{ name: 'create_note', title: null, annotations: { readOnlyHint: false } }],
  },
  {
    name: 'content-block annotations { audience, priority } in a CallTool result',
    code: lines(
      'server.setRequestHandler(CallToolRequestSchema, async () => ({',
      '  content: [{ type: "text", text: "hi", annotations: { audience: ["user"], priority: 0.9 } }],',
      '}));',
    ),
    tools: [],
  },
  {
    name: 'an unrelated obj.tool("x")',
    code: 'const t = toolbox.tool("hammer");\nregistry.tool("x", 42);\n',
    tools: [],
  },
  {
    name: 'a local registrar object with its own addTool',
    code: lines(
      'const registrar = {',
      '  tools: [] as unknown[],',
      '  addTool(def: unknown) { this.tools.push(def); },',
      '};',
      'registrar.addTool({ name: "local", description: "d", execute: async () => "" });',
    ),
    tools: [],
  },
  {
    name: 'setRequestHandler for another request schema',
    code: 'server.setRequestHandler(ListResourcesRequestSchema, async () => ({ resources: [{ name: "r", uri: "x://r" }] }));\n',
    tools: [],
  },
  {
    name: 'a tools/list handler that returns nothing static yields no invented tools',
    code: 'server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: await loadTools() }));\n',
    tools: [],
  },
  {
    name: 'obj.tool(name, description) with no callback',
    code: 'registry.tool("name", "description");\n',
    tools: [],
  },
  {
    name: 'LangChain-style agent.addTool(instance)',
    code: 'agent.addTool(new Calculator());\nagent.addTools([new Search(), new Calculator()]);\n',
    tools: [],
  },
  {
    name: 'Mastra createTool({ mcp: { annotations } }) is not an SDK registration',
    code: 'export const t = createTool({ id: "x", mcp: { annotations: { readOnlyHint: true } }, execute: async () => 1 });\n',
    tools: [],
  },
  {
    name: 'registerTool mentioned in a comment or string only',
    code: '// server.registerTool("ghost", {}, cb);\nconst doc = "server.registerTool(\\"ghost2\\", {}, cb)";\n',
    tools: [],
  },
];

runCases('forms: server.tool() shapes', toolShapes);
runCases('forms: registerTool / registerToolTask', registerForms);
runCases('forms: tools/list handlers', listTools);
runCases('forms: fastmcp', fastmcp);
runCases('forms: receivers', receivers);
runCases('forms: static resolution', resolution);
runCases('forms: unresolved values', unresolved);
runCases('forms: look-alikes register nothing', lookAlikes);
runCases('forms: the method called another way', callees);
runCases('forms: a rest parameter spread into the registration call', spreads);
