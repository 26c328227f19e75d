// MCP frameworks that declare tools their own way (shared/reference/annotations.md §2): which declarations are
// tools, their names (a map key, a class field, a file name), effective hints and titles; and the look-alikes from
// other libraries that must stay quiet. Frameworks are recognised by the package a symbol is imported from.
import { lines, runCases, type Case } from './tester';

const READ_ONLY = { readOnlyHint: true, destructiveHint: true, idempotentHint: false, openWorldHint: true };

const mastra: Case[] = [
  {
    name: 'Mastra: new MCPServer({ tools: { key: createTool({ mcp: { annotations } }) } }): the key is the name, not the id',
    code: lines(
      'import { MCPServer } from "@mastra/mcp";',
      'import { createTool } from "@mastra/core/tools";',
      'const weather = createTool({',
      '  id: "weather-tool",',
      '  description: "Current weather",',
      '  mcp: { annotations: { readOnlyHint: true, openWorldHint: true, title: "Weather" } },',
      '  execute: async () => ({}),',
      '});',
      'export const server = new MCPServer({ name: "s", version: "1", tools: { getWeather: weather, deleteCity: createTool({ id: "d", execute: async () => ({}) }) } });',
    ),
    tools: [
      { name: 'getWeather', form: 'mastra', annotations: { readOnlyHint: true, openWorldHint: true, title: 'Weather' }, title: 'Weather', effective: READ_ONLY, line: 3 },
      { name: 'deleteCity', form: 'mastra', annotations: null, effective: { readOnlyHint: false, destructiveHint: true }, slot: 'none', line: 9 },
    ],
  },
  {
    name: 'Mastra: shorthand keys and a spread map from another file',
    files: {
      'docs.ts': lines('import { createTool } from "@mastra/core/tools";', 'export const docsTools = { searchDocs: createTool({ id: "s", mcp: { annotations: { readOnlyHint: true } }, execute: async () => ({}) }) };'),
    },
    code: lines(
      'import { MCPServer } from "@mastra/mcp";',
      'import { createTool } from "@mastra/core/tools";',
      'import { docsTools } from "./docs";',
      'const startCourse = createTool({ id: "start", execute: async () => ({}) });',
      'new MCPServer({ name: "s", version: "1", tools: { startCourse, ...docsTools } });',
    ),
    tools: [
      { name: 'startCourse', form: 'mastra', annotations: null, line: 4 },
      { name: 'searchDocs', form: 'mastra', effective: { readOnlyHint: true } },
    ],
  },
  {
    name: 'look-alike: an MCPServer from another package is not Mastra',
    code: lines('import { MCPServer } from "./my-server";', 'new MCPServer({ tools: { a: { description: "x" } } });'),
    tools: [],
  },
];

const supabase: Case[] = [
  {
    name: '@supabase/mcp-utils: createMcpServer({ tools: { list_tables: tool({ annotations }) } }); hidden tools are not listed',
    code: lines(
      'import { createMcpServer, tool } from "@supabase/mcp-utils";',
      'createMcpServer({',
      '  name: "db",',
      '  version: "1",',
      '  tools: {',
      '    list_tables: tool({ description: "List tables", parameters: {}, annotations: { title: "List tables", readOnlyHint: true, openWorldHint: false }, execute: async () => [] }),',
      '    drop_table: tool({ description: "Drop", parameters: {}, execute: async () => [] }),',
      '    debug_dump: tool({ description: "Internal", hidden: true, parameters: {}, execute: async () => [] }),',
      '  },',
      '});',
    ),
    tools: [
      { name: 'list_tables', form: 'supabase', title: 'List tables', effective: { readOnlyHint: true, openWorldHint: false }, line: 6, slot: 'property' },
      { name: 'drop_table', form: 'supabase', annotations: null, effective: { destructiveHint: true }, line: 7, slot: 'property' },
    ],
  },
  {
    name: '@supabase/mcp-utils: tools as an async function merging groups from other files',
    files: {
      'database.ts': lines('import { tool } from "@supabase/mcp-utils";', 'export function getDatabaseTools() {', '  return { execute_sql: tool({ annotations: { readOnlyHint: false, destructiveHint: true }, execute: async () => 1 }) };', '}'),
      'docs.ts': lines('import { tool } from "@supabase/mcp-utils";', 'export const docsTools = { search_docs: tool({ annotations: { readOnlyHint: true }, execute: async () => 1 }) };'),
    },
    code: lines(
      'import { createMcpServer } from "@supabase/mcp-utils";',
      'import { getDatabaseTools } from "./database";',
      'import { docsTools } from "./docs";',
      'createMcpServer({',
      '  name: "supabase",',
      '  tools: async () => {',
      '    const tools = {};',
      '    return { ...getDatabaseTools(), ...docsTools };',
      '  },',
      '});',
    ),
    tools: [
      { name: 'execute_sql', form: 'supabase', effective: { readOnlyHint: false, destructiveHint: true } },
      { name: 'search_docs', form: 'supabase', effective: { readOnlyHint: true } },
    ],
  },
  {
    name: '@supabase/mcp-utils: a map filled by Object.assign per feature group, each group behind its own run-time condition',
    files: {
      'groups.ts': lines(
        'import { tool } from "@supabase/mcp-utils";',
        'export function accountTools() {',
        '  return {',
        '    list_orgs: tool({ annotations: { readOnlyHint: true, openWorldHint: false }, execute: async () => 1 }),',
        '    create_org: tool({ annotations: { readOnlyHint: false, destructiveHint: false }, execute: async () => 1 }),',
        '  };',
        '}',
        'export function debuggingTools({ queryLogs }) {',
        '  return {',
        '    get_logs: tool({ hidden: !!queryLogs, annotations: { readOnlyHint: true }, execute: async () => 1 }),',
        '    ...(queryLogs && { query_logs: tool({ annotations: { readOnlyHint: true, idempotentHint: true }, execute: async () => 1 }) }),',
        '  };',
        '}',
      ),
    },
    code: lines(
      'import { createMcpServer } from "@supabase/mcp-utils";',
      'import { accountTools, debuggingTools } from "./groups";',
      'const WRITE_TOOLS = new Set(["create_org"]);',
      'export function createServer({ features, readOnly, debugging }) {',
      '  return createMcpServer({',
      '    name: "s",',
      '    tools: async () => {',
      '      const tools = {};',
      '      if (features.has("account")) Object.assign(tools, accountTools());',
      '      debugging && Object.assign(tools, debuggingTools(debugging));',
      '      // In read-only mode write tools are hidden: when it is off they are listed as defined above.',
      '      if (readOnly) for (const [name, t] of Object.entries(tools)) if (WRITE_TOOLS.has(name)) tools[name] = { ...t, hidden: true };',
      '      return tools;',
      '    },',
      '  });',
      '}',
    ),
    tools: [
      { name: 'list_orgs', form: 'supabase', effective: { readOnlyHint: true, openWorldHint: false }, conditions: [{ text: 'features.has("account")' }] },
      { name: 'create_org', form: 'supabase', effective: { readOnlyHint: false, destructiveHint: false }, conditions: [{ text: 'features.has("account")' }] },
      { name: 'get_logs', form: 'supabase', effective: { readOnlyHint: true }, conditions: [{ text: 'debugging' }, { text: '!!queryLogs', negated: true }] },
      { name: 'query_logs', form: 'supabase', effective: { readOnlyHint: true, idempotentHint: true }, conditions: [{ text: 'queryLogs' }, { text: 'debugging' }] },
    ],
  },
  {
    name: '@supabase/mcp-utils in a CommonJS build: utils.createMcpServer.call(void 0, …) from require()',
    filename: 'server.cjs',
    code: lines(
      '"use strict";',
      'var _mcputils = require("@supabase/mcp-utils");',
      'function create() {',
      '  return _mcputils.createMcpServer.call(void 0, {',
      '    name: "db",',
      '    tools: { list_tables: { annotations: { readOnlyHint: true }, execute: async () => [] } },',
      '  });',
      '}',
      'exports.create = create;',
    ),
    tools: [{ name: 'list_tables', form: 'supabase', effective: { readOnlyHint: true } }],
  },
  {
    name: "look-alike: the AI SDK's tool() from 'ai' in a tools map is not an MCP tool",
    code: lines(
      'import { generateText, tool } from "ai";',
      'await generateText({ model, tools: { weather: tool({ description: "Weather", parameters: schema, execute: async () => 1 }) }, prompt: "x" });',
    ),
    tools: [],
  },
];

const mcpFramework: Case[] = [
  {
    name: 'mcp-framework: class X extends MCPTool { name = …; annotations = … }',
    filename: 'src/tools/GetUserTool.ts',
    code: lines(
      'import { MCPTool } from "mcp-framework";',
      'import { z } from "zod";',
      'class GetUserTool extends MCPTool {',
      '  name = "get_user";',
      '  description = "Read one user";',
      '  annotations = { title: "Get user", readOnlyHint: true, openWorldHint: false };',
      '  schema = { id: { type: z.string(), description: "id" } };',
      '  async execute(input) { return input.id; }',
      '}',
      'export default GetUserTool;',
    ),
    tools: [{ name: 'get_user', form: 'mcp-framework', title: 'Get user', effective: { readOnlyHint: true, openWorldHint: false }, line: 4 }],
  },
  {
    name: 'mcp-framework: compiled JS sets the fields in the constructor',
    filename: 'dist/tools/DeleteTool.js',
    code: lines(
      'import { MCPTool } from "mcp-framework";',
      'export default class DeleteTool extends MCPTool {',
      '  constructor() {',
      '    super(...arguments);',
      '    this.name = "delete_note";',
      '    this.annotations = { destructiveHint: true, idempotentHint: true };',
      '  }',
      '}',
    ),
    tools: [{ name: 'delete_note', form: 'mcp-framework', effective: { readOnlyHint: false, destructiveHint: true, idempotentHint: true }, line: 5 }],
  },
  {
    name: 'look-alike: a class extending a local MCPTool, and LangChain tools',
    code: lines(
      'import { DynamicStructuredTool, tool } from "@langchain/core/tools";',
      'class MCPTool {}',
      'class Mine extends MCPTool { name = "mine"; }',
      'const lc = new DynamicStructuredTool({ name: "lc", description: "x", schema, func: async () => "" });',
      'const lc2 = tool(async () => "", { name: "lc2", schema });',
    ),
    tools: [],
  },
];

const xmcp: Case[] = [
  {
    name: 'xmcp: src/tools/*.ts exports metadata with annotations',
    filename: 'src/tools/greet.ts',
    code: lines(
      'import { z } from "zod";',
      'import { type InferSchema, type ToolMetadata } from "xmcp";',
      'export const schema = { name: z.string() };',
      'export const metadata: ToolMetadata = {',
      '  name: "greet",',
      '  description: "Greet the user",',
      '  annotations: { title: "Greet", readOnlyHint: true, idempotentHint: true },',
      '};',
      'export default async function greet({ name }: InferSchema<typeof schema>) { return `Hello ${name}`; }',
    ),
    tools: [{ name: 'greet', form: 'xmcp', title: 'Greet', effective: { readOnlyHint: true, idempotentHint: true }, line: 4, slot: 'property' }],
  },
  {
    name: 'xmcp: the name is the file name when metadata has none',
    filename: 'src/tools/delete-file.ts',
    code: lines('import type { ToolMetadata } from "xmcp";', 'export const metadata: ToolMetadata = { description: "Delete a file" };', 'export default async function run() {}'),
    tools: [{ name: 'delete-file', form: 'xmcp', annotations: null, effective: { destructiveHint: true } }],
  },
  {
    name: 'look-alike: a metadata export outside tools/ or without xmcp',
    filename: 'src/lib/meta.ts',
    code: lines('import type { ToolMetadata } from "xmcp";', 'export const metadata: ToolMetadata = { name: "not_a_tool", description: "x" };'),
    tools: [],
  },
];

const nestjs: Case[] = [
  {
    name: 'NestJS (@rekog/mcp-nest): @Tool({ name, annotations }) on a method',
    code: lines(
      'import { Injectable } from "@nestjs/common";',
      'import { Tool } from "@rekog/mcp-nest";',
      '@Injectable()',
      'export class GreetingTool {',
      '  @Tool({',
      '    name: "greet_user",',
      '    description: "Greets",',
      '    annotations: { readOnlyHint: true, openWorldHint: false },',
      '  })',
      '  async greet() { return { content: [] }; }',
      '  @Tool({ name: "reset_greetings", description: "Reset" })',
      '  async reset() { return { content: [] }; }',
      '}',
    ),
    tools: [
      { name: 'greet_user', form: 'nestjs', effective: { readOnlyHint: true, openWorldHint: false }, line: 5, slot: 'property' },
      { name: 'reset_greetings', form: 'nestjs', annotations: null, line: 11 },
    ],
  },
  {
    name: 'look-alike: a @Tool decorator from another package',
    code: lines('import { Tool } from "./decorators";', 'class A { @Tool({ name: "x" }) run() {} }'),
    tools: [],
  },
];

const nuxt: Case[] = [
  {
    name: 'Nuxt (@nuxtjs/mcp-toolkit): auto-imported defineMcpTool in server/mcp/tools/, named by the file',
    filename: 'server/mcp/tools/list-todos.ts',
    code: lines('import { z } from "zod";', 'export default defineMcpTool({', '  description: "List todos",', '  annotations: { readOnlyHint: true },', '  handler: async () => ({ content: [] }),', '});'),
    tools: [{ name: 'list-todos', form: 'nuxt', effective: { readOnlyHint: true }, line: 2 }],
  },
  {
    name: 'Nuxt: an explicit name wins over the file name',
    filename: 'server/mcp/tools/todo.ts',
    code: lines('import { defineMcpTool } from "@nuxtjs/mcp-toolkit/server";', 'export default defineMcpTool({ name: "create_todo", annotations: { idempotentHint: false }, handler: async () => ({ content: [] }) });'),
    tools: [{ name: 'create_todo', form: 'nuxt', effective: { idempotentHint: false } }],
  },
  {
    name: 'look-alike: defineMcpTool outside server/mcp/tools/, or declared locally',
    filename: 'server/mcp/tools/local.ts',
    code: lines('function defineMcpTool(x) { return x; }', 'export default defineMcpTool({ name: "local", handler: () => 1 });'),
    tools: [],
  },
];

const tmcp: Case[] = [
  {
    name: 'tmcp: server.tool({ name, annotations }, cb)',
    code: lines('import { McpServer } from "tmcp";', 'server.tool({ name: "add", description: "Add", annotations: { readOnlyHint: true, openWorldHint: false } }, async () => ({ content: [] }));'),
    tools: [{ name: 'add', form: 'tool', effective: { readOnlyHint: true, openWorldHint: false }, line: 2 }],
  },
  {
    name: 'tmcp: defineTool + server.tools([...])',
    files: { 'tools/remove.ts': lines('import { defineTool } from "tmcp/tool";', 'export const remove = defineTool({ name: "remove", description: "Remove", annotations: { destructiveHint: true } }, async () => ({ content: [] }));') },
    code: lines(
      'import { defineTool } from "tmcp/tool";',
      'import { remove } from "./tools/remove";',
      'const list = defineTool({ name: "list", description: "List", annotations: { readOnlyHint: true } }, async () => ({ content: [] }));',
      'server.tools([list, remove]);',
    ),
    tools: [
      { name: 'list', form: 'tools', effective: { readOnlyHint: true }, line: 3 },
      { name: 'remove', form: 'tools', effective: { readOnlyHint: false, destructiveHint: true } },
    ],
  },
  {
    name: 'tmcp: server.tools.call(server, [...]) and server.tools.apply(server, [[...]])',
    code: lines(
      'import { defineTool } from "tmcp/tool";',
      'const list = defineTool({ name: "list", description: "List", annotations: { readOnlyHint: true } }, async () => ({ content: [] }));',
      'const drop = defineTool({ name: "drop", description: "Drop", annotations: { destructiveHint: true } }, async () => ({ content: [] }));',
      'server.tools.call(server, [list]);',
      'server.tools.apply(server, [[drop]]);',
    ),
    tools: [
      { name: 'list', form: 'tools', effective: { readOnlyHint: true }, line: 2 },
      { name: 'drop', form: 'tools', effective: { destructiveHint: true }, line: 3 },
    ],
  },
  {
    name: 'look-alike: .tools.call(x, [...]) of plain objects is no tmcp registration',
    code: lines('agent.tools.call(agent, [{ name: "x", description: "y" }]);', 'client.tools.apply(client, [[{ name: "z" }]]);'),
    tools: [],
  },
  {
    name: 'look-alike: .tools([...]) of plain objects (an agent config, OpenAI function schemas)',
    code: lines(
      'agent.tools([{ name: "x", description: "y" }]);',
      'const fns = [{ type: "function", function: { name: "get_weather", description: "Weather", parameters: {} } }];',
      'client.tools(fns);',
      'await openai.chat.completions.create({ model, messages, tools: fns });',
    ),
    tools: [],
  },
];

const sdkHosts: Case[] = [
  {
    name: 'mcp-use: server.tool({ name, title, annotations }, cb)',
    code: lines('import { MCPServer } from "mcp-use/server";', 'server.tool({ name: "search", title: "Search", annotations: { readOnlyHint: true } }, async () => ({ content: [] }));'),
    tools: [{ name: 'search', form: 'tool', title: 'Search', effective: { readOnlyHint: true } }],
  },
  {
    name: 'mcp-lite: server.tool(name, { annotations, handler })',
    code: lines('import { McpServer } from "mcp-lite";', 'server.tool("echo", { description: "Echo", annotations: { idempotentHint: true, readOnlyHint: true }, handler: (args) => ({ content: [] }) });'),
    tools: [{ name: 'echo', form: 'tool', effective: { readOnlyHint: true, idempotentHint: true } }],
  },
  {
    name: 'Cloudflare McpAgent: this.server.registerTool inside init()',
    code: lines(
      'import { McpAgent } from "agents/mcp";',
      'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";',
      'export class MyMCP extends McpAgent {',
      '  server = new McpServer({ name: "Demo", version: "1.0.0" });',
      '  async init() {',
      '    this.server.registerTool("add", { annotations: { readOnlyHint: true, openWorldHint: false } }, async () => ({ content: [] }));',
      '  }',
      '}',
    ),
    tools: [{ name: 'add', form: 'registerTool', receiver: 'this.server', effective: { readOnlyHint: true, openWorldHint: false }, line: 6 }],
  },
  {
    name: 'Vercel createMcpHandler(server => server.registerTool(…))',
    code: lines(
      'import { createMcpHandler } from "mcp-handler";',
      'const handler = createMcpHandler((server) => {',
      '  server.registerTool("roll_dice", { title: "Roll", annotations: { readOnlyHint: true } }, async () => ({ content: [] }));',
      '});',
      'export { handler as GET, handler as POST };',
    ),
    tools: [{ name: 'roll_dice', form: 'registerTool', title: 'Roll', effective: { readOnlyHint: true }, line: 3 }],
  },
];

const mcpTsCore: Case[] = [
  {
    name: '@cyanheads/mcp-ts-core: createApp({ tools }) with tool("name", { annotations }) from other files, one behind a flag',
    filename: 'index.ts',
    code: lines(
      'import { createApp } from "@cyanheads/mcp-ts-core";',
      'import { searchTool } from "./tools/search.tool.js";',
      'import { purgeTool } from "./tools/purge.tool.js";',
      'import { extraTool } from "./tools/extra.tool.js";',
      'const config = getServerConfig();',
      'const tools = [searchTool, purgeTool, ...(config.extraEnabled ? [extraTool] : [])];',
      'await createApp({ tools, resources: [], prompts: [] });',
    ),
    files: {
      'tools/search.tool.ts': lines(
        'import { tool, z } from "@cyanheads/mcp-ts-core";',
        'export const searchTool = tool("search_items", {',
        '  description: "Search",',
        '  annotations: { readOnlyHint: true, openWorldHint: true },',
        '  input: z.object({ q: z.string() }),',
        '  handler: async (input) => ({ items: [] }),',
        '});',
      ),
      'tools/purge.tool.ts': lines(
        'import { tool, z } from "@cyanheads/mcp-ts-core";',
        'export const purgeTool = tool("purge_items", { title: "Purge", description: "Purge", annotations: { destructiveHint: true }, input: z.object({}), handler: async () => ({}) });',
      ),
      'tools/extra.tool.ts': lines('import { tool } from "@cyanheads/mcp-ts-core";', 'export const extraTool = tool("extra_search", { description: "More", annotations: { readOnlyHint: true }, handler: async () => ({}) });'),
    },
    tools: [
      { name: 'search_items', form: 'mcp-ts-core', title: null, annotations: { readOnlyHint: true, openWorldHint: true } },
      { name: 'purge_items', form: 'mcp-ts-core', title: 'Purge', effective: { destructiveHint: true } },
      { name: 'extra_search', form: 'mcp-ts-core', effective: { readOnlyHint: true } },
    ],
  },
  {
    name: "look-alike: a createApp and tool() from other packages (a web framework, the AI SDK) declare no MCP tool",
    code: lines(
      'import { createApp } from "h3";',
      'import { tool } from "ai";',
      'const weather = tool({ description: "Weather", parameters: schema, execute: async () => 1 });',
      'createApp({ tools: [weather], onError: () => {} });',
    ),
    tools: [],
  },
];

runCases('frameworks: Mastra', mastra);
runCases('frameworks: @supabase/mcp-utils', supabase);
runCases('frameworks: mcp-framework', mcpFramework);
runCases('frameworks: xmcp', xmcp);
runCases('frameworks: NestJS', nestjs);
runCases('frameworks: Nuxt', nuxt);
runCases('frameworks: tmcp', tmcp);
runCases('frameworks: @cyanheads/mcp-ts-core', mcpTsCore);
runCases('frameworks: SDK calls inside mcp-use, mcp-lite, Cloudflare and Vercel', sdkHosts);
