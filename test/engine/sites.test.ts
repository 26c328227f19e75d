// Never a silent pass (issue 19 §1): every registration site either lists its tools or says, in words built from
// the code, why it cannot; such a site is no tool (no made-up name, no default hints, no missing-annotations); a
// project that creates a server and lists no tool says so at the server. One table per trigger; look-alikes stay quiet.
import { lines, runCases, type Case } from './tester';

const SDK = 'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";';
const SERVER = 'const server = new McpServer({ name: "s", version: "1" });';
const cb = 'async () => ({ content: [] })';
const SITE_RULES = ['unenumerated-tools', 'no-tools-found', 'missing-annotations', 'unresolved-annotations'];

const receiverCast: Case[] = [
  {
    name: 'a callee cast to any is still the SDK method: its tool is listed',
    code: lines(SDK, SERVER, `(server.registerTool as any)("ping", { annotations: { readOnlyHint: true } }, ${cb});`),
    tools: [{ name: 'ping', form: 'registerTool', effective: { readOnlyHint: true } }],
    unenumerated: [],
  },
  {
    name: 'a non-null callee and a cast receiver are read through',
    code: lines(SDK, SERVER, `server.registerTool!("a", { annotations: { readOnlyHint: true } }, ${cb});`, `(server as any).registerTool("b", { annotations: { readOnlyHint: true } }, ${cb});`),
    tools: [{ name: 'a' }, { name: 'b' }],
  },
  {
    name: 'a cast callee fed by a parameter nobody supplies is a registration not enumerated',
    code: lines(SDK, SERVER, 'export function add(d: any) {', `  (server.registerTool as any)(d.name, {}, ${cb});`, '}'),
    tools: [],
    unenumerated: [{ line: 4, tools: 0, kind: 'parameter', cause: /^the name comes from the parameter `d` of `add` \(line 3\), which nothing in the project calls/ }],
    only: SITE_RULES,
    findings: [{ rule: 'unenumerated-tools', line: 4, message: 'cannot be listed without running the server' }],
  },
];

const ownMethod: Case[] = [
  {
    name: 'a class method named like the SDK method, fed from runtime JSON: the inner call says where its tools come from',
    code: lines(
      SDK,
      'class MyServer {',
      '  s = new McpServer({ name: "b", version: "1" });',
      '  registerTool(d: any) {',
      '    (this.s.registerTool as any)(d.name, {}, d.run);',
      '  }',
      '}',
      'const srv = new MyServer();',
      'for (const d of JSON.parse(process.env.DEFS ?? "[]")) srv.registerTool(d);',
    ),
    tools: [],
    unenumerated: [{ line: 5, kind: 'runtime', cause: /^the name comes from the parameter `d` of `MyServer\.registerTool` \(line 4\), whose callers pass the loop variable `d` over `JSON\.parse\(process\.env\.DEFS \?\? "\[\]"\)` \(line 9\), known only at run time/ }],
    asProject: true,
    only: SITE_RULES,
    findings: [
      { rule: 'unenumerated-tools', line: 5 },
      { rule: 'no-tools-found', line: 3, message: /found no tool: 1 registration it could not list \(server\.ts:5\)/ },
    ],
  },
  {
    name: 'a class method named like the SDK method, called with literals: each call is one tool',
    code: lines(
      SDK,
      'class MyServer {',
      '  s = new McpServer({ name: "b", version: "1" });',
      '  registerTool(d: any) {',
      '    this.s.registerTool(d.name, { annotations: d.annotations }, d.run);',
      '  }',
      '}',
      'const srv = new MyServer();',
      `srv.registerTool({ name: "list_notes", annotations: { readOnlyHint: true }, run: ${cb} });`,
    ),
    tools: [{ name: 'list_notes', effective: { readOnlyHint: true } }],
    unenumerated: [],
  },
];

const contextField: Case[] = [
  {
    name: 'definitions read from a field of a context object its caller fills from a file read at run time',
    code: lines(
      SDK,
      'import { loadDefinitions } from "./defs.js";',
      'export function registerAll(ctx: any) {',
      '  for (const def of ctx.tools) ctx.server.registerTool(def.name, def.config, def.handler);',
      '}',
      SERVER,
      'registerAll({ server, tools: loadDefinitions() });',
      `server.registerTool("ping", { annotations: { readOnlyHint: true } }, ${cb});`,
    ),
    files: { 'defs.ts': lines('import fs from "node:fs";', 'export function loadDefinitions() { return JSON.parse(fs.readFileSync("defs.json", "utf8")); }') },
    tools: [{ name: 'ping' }],
    unenumerated: [{ line: 4, tools: 0, kind: 'runtime', cause: /^the name comes from the loop variable `def` over `ctx\.tools` \(line 4\), from `JSON\.parse\(fs\.readFileSync\("defs\.json", "utf8"\)\)` \(defs\.ts, line 2\)/ }],
    only: ['unenumerated-tools', 'missing-annotations'],
    findings: [{ rule: 'unenumerated-tools', line: 4, related: [2] }],
  },
  {
    name: 'definitions read from a field of a context object its caller fills with literals: listed',
    code: lines(
      SDK,
      'export function registerAll(ctx: any) {',
      '  for (const def of ctx.tools) ctx.server.registerTool(def.name, { annotations: def.annotations }, def.handler);',
      '}',
      SERVER,
      `registerAll({ server, tools: [{ name: "a", annotations: { readOnlyHint: true }, handler: ${cb} }] });`,
    ),
    tools: [{ name: 'a', effective: { readOnlyHint: true } }],
    unenumerated: [],
  },
];

const runtimeJson: Case[] = [
  {
    name: 'a loop over JSON parsed from an environment variable',
    code: lines(SDK, SERVER, 'const defs = JSON.parse(process.env.TOOLS ?? "[]");', `for (const def of defs) server.registerTool(def.name, { annotations: def.annotations }, ${cb});`),
    tools: [],
    unenumerated: [{ line: 4, kind: 'runtime', cause: /^the name comes from the loop variable `def` over `defs` \(line 4\), from `JSON\.parse\(process\.env\.TOOLS \?\? "\[\]"\)` \(line 3\), known only at run time/ }],
    asProject: true,
    only: SITE_RULES,
    findings: [{ rule: 'unenumerated-tools', line: 4 }, { rule: 'no-tools-found', line: 2 }],
  },
  {
    name: 'a tools/list handler returning what a fetch gives',
    code: lines(
      'import { Server } from "@modelcontextprotocol/sdk/server/index.js";',
      'import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";',
      'const server = new Server({ name: "s", version: "1" }, { capabilities: { tools: {} } });',
      'server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: await (await fetch("https://x.test/tools")).json() }));',
    ),
    tools: [],
    unenumerated: [{ line: 4, form: 'tools/list', tools: 0, cause: /^the list of tools comes from / }],
    asProject: true,
    only: SITE_RULES,
    findings: [{ rule: 'unenumerated-tools', line: 4 }, { rule: 'no-tools-found', line: 3 }],
  },
];

const unknownCallers: Case[] = [
  {
    name: 'the issue example: an exported helper whose callers are not in the project is one registration, not a tool',
    filename: 'src/mcp.ts',
    code: lines(SDK, SERVER, 'export function add(def: any) {', '  server.registerTool(def.name, { description: def.description, annotations: def.annotations }, def.handler);', '}'),
    tools: [],
    unenumerated: [{ line: 4, tools: 0, kind: 'parameter', cause: '(it is exported: its callers are outside the project)' }],
    asProject: true,
    only: SITE_RULES,
    findings: [
      { rule: 'unenumerated-tools', line: 4, message: 'they come from callers outside the project' },
      { rule: 'no-tools-found', line: 2, message: '1 registration it could not list (src/mcp.ts:4)' },
    ],
  },
  {
    name: 'the same helper with a caller in the project lists its tools (a forwarding helper is not itself a site)',
    filename: 'src/mcp.ts',
    code: lines(SDK, SERVER, 'export function add(def: any) {', '  server.registerTool(def.name, { annotations: def.annotations }, def.handler);', '}'),
    files: { 'src/tools.ts': lines('import { add } from "./mcp.js";', `add({ name: "list_notes", annotations: { readOnlyHint: true }, handler: ${cb} });`) },
    tools: [{ name: 'list_notes', effective: { readOnlyHint: true } }],
    unenumerated: [],
    asProject: true,
    only: SITE_RULES,
    findings: [],
  },
  {
    name: 'a name from an environment variable with annotations written is still one tool (its count is known)',
    code: lines(SDK, SERVER, `server.registerTool(process.env.TOOL_NAME, { annotations: { readOnlyHint: true } }, ${cb});`),
    tools: [{ name: null, effective: { readOnlyHint: true } }],
    unenumerated: [],
  },
];

const zeroTools: Case[] = [
  {
    name: 'a server and no registration at all',
    code: lines(SDK, SERVER, 'export default server;'),
    tools: [],
    unenumerated: [],
    asProject: true,
    findings: [{ rule: 'no-tools-found', line: 2, severity: 'warning', message: 'found no tool and no registration it could read' }],
  },
  {
    name: 'a server whose tools are registered in another file of the project: nothing to say',
    code: lines(SDK, SERVER, 'export { server };'),
    files: { 'tools.ts': lines('import { server } from "./server.js";', `server.registerTool("ping", { annotations: { readOnlyHint: true, openWorldHint: false } }, ${cb});`) },
    tools: [],
    asProject: true,
    only: ['no-tools-found'],
    findings: [],
  },
  {
    name: 'no server and no tool (a library): nothing to say',
    code: lines('export const x = 1;'),
    tools: [],
    asProject: true,
    findings: [],
  },
  {
    name: 'a server class imported under another name is still a server construction',
    code: lines('import { McpServer as Mcp } from "@modelcontextprotocol/sdk/server/mcp.js";', 'const s = new Mcp({ name: "s", version: "1" });'),
    tools: [],
    asProject: true,
    findings: [{ rule: 'no-tools-found', line: 2 }],
  },
  {
    name: 'a compiled require, a namespace member and a cast around the class are read through',
    code: lines('const mcp_1 = require("@modelcontextprotocol/sdk/server/mcp.js");', 'const s = new (mcp_1.McpServer as any)({ name: "s", version: "1" });'),
    tools: [],
    asProject: true,
    findings: [{ rule: 'no-tools-found', line: 2 }],
  },
  {
    name: "a class extending the agents package's McpAgent is a server",
    code: lines('import { McpAgent } from "agents/mcp";', 'export class MyMcp extends McpAgent {', '  async init() {}', '}'),
    tools: [],
    asProject: true,
    findings: [{ rule: 'no-tools-found', line: 2 }],
  },
  {
    name: "node's http Server and a name in a string are no MCP server",
    code: lines('import { Server } from "node:http";', 'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";', 'const h = new Server();', 'const note = "new McpServer(";'),
    tools: [],
    asProject: true,
    findings: [],
  },
  {
    name: 'no-tools-found can be turned off',
    code: lines(SDK, SERVER),
    options: { rules: { 'no-tools-found': 'off' } },
    tools: [],
    asProject: true,
    findings: [],
  },
];

const lookAlikes: Case[] = [
  {
    name: "the AI SDK's tool(), LangChain and OpenAI function schemas are neither tools nor sites",
    code: lines(
      SDK,
      'import { tool } from "ai";',
      'import { DynamicTool } from "@langchain/core/tools";',
      SERVER,
      'export const weather = tool({ description: "x", parameters: {}, execute: async () => 1 });',
      'export const lc = new DynamicTool({ name: "search", description: "x", func: async () => "" });',
      'export const openaiTools = [{ type: "function", function: { name: "get_weather", parameters: {} } }];',
      `server.registerTool("ping", { annotations: { readOnlyHint: true, openWorldHint: false } }, ${cb});`,
    ),
    tools: [{ name: 'ping' }],
    unenumerated: [],
    asProject: true,
    only: SITE_RULES,
    findings: [],
  },
  {
    name: "a definition's own tool method called with a constructed client is no registration",
    code: lines(
      SDK,
      'import { Client } from "some-sdk";',
      SERVER,
      'export function run(def: any, args: any, ctx: any) { return def.tool(new Client(), args, ctx); }',
      `server.registerTool("ping", { annotations: { readOnlyHint: true, openWorldHint: false } }, ${cb});`,
    ),
    tools: [{ name: 'ping' }],
    unenumerated: [],
  },
];

runCases('sites: a cast callee', receiverCast);
runCases('sites: an own method named like the SDK method', ownMethod);
runCases('sites: definitions read from a context field', contextField);
runCases('sites: definitions read at run time', runtimeJson);
runCases('sites: a parameter whose callers are not known', unknownCallers);
runCases('sites: a server with no tool', zeroTools);
runCases('sites: look-alikes stay quiet', lookAlikes);
