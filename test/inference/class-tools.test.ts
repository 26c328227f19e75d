// Tools whose handler is a class (issue 20): a server lists one instance per tool and answers tools/call by looking
// the instance up by name (`toolMap.get(name).handleRequest(args)`), or a loop's shared handler constructs the class a
// definition names (`new tool.handler()`). The walk from the registration reaches that class's method, a base class's
// `this.process(…)` runs the subclass's, and a name verb stops counting once the handler is visible.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { honestyFindings, infer } from './harness';
import { checkHonestyRow as check, type HonestyRow as Row } from './harness';


const client = `export class Client {
  async request(path: string, options: { method?: string; body?: unknown } = {}) {
    const { method = "GET", body } = options;
    const res = await fetch("https://api.example.com" + path, { method, body: JSON.stringify(body) });
    return res.json();
  }
  get(path: string) { return this.request(path, { method: "GET" }); }
  patch(path: string, body: unknown) { return this.request(path, { method: "PATCH", body }); }
}
`;

const baseTool = `export class BaseTool {
  tool: { name: string; annotations?: object };
  constructor(tool: { name: string; annotations?: object }) {
    this.tool = tool;
  }
  async handleRequest(args: unknown) {
    try {
      return await this.process(args);
    } catch (error) {
      return { content: [{ type: "text", text: String(error) }], isError: true };
    }
  }
  async process(_args: unknown): Promise<unknown> { return { content: [] }; }
}
`;

/** A tool class per module: its definition goes to the base class's constructor; `process` does the work. */
const toolModule = (cls: string, definition: string, body: string) => `import { BaseTool } from "../base";
import { Client } from "../client";
const ToolDefinition = ${definition};
export class ${cls} extends BaseTool {
  client = new Client();
  constructor() { super(ToolDefinition); }
  async process(args: any) {
${body}
  }
}
`;

const registry = `import { UpdateViewTool } from "./tools/update-view";
import { GetViewTool } from "./tools/get-view";
const toolMap = new Map();
export function registerTool(tool: any) {
  toolMap.set(tool.tool.name, tool);
}
registerTool(new UpdateViewTool());
registerTool(new GetViewTool());
export const getTools = () => Array.from(toolMap.values()).map((impl) => impl.tool);
export async function handleToolCall(name: string, args: unknown) {
  const toolImpl = toolMap.get(name);
  if (!toolImpl) return { content: [{ type: "text", text: "unknown tool" }], isError: true };
  return toolImpl.handleRequest(args);
}
`;

const server = `import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { getTools, handleToolCall } from "./registry";
const server = new Server({ name: "x", version: "1" }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: getTools() }));
server.setRequestHandler(CallToolRequestSchema, async (request) => handleToolCall(request.params.name, request.params.arguments));
`;

const classFiles = (updateDefinition: string, updateBody: string, getDefinition: string) => ({
  '/virtual/base.ts': baseTool,
  '/virtual/client.ts': client,
  '/virtual/registry.ts': registry,
  '/virtual/tools/update-view.ts': toolModule('UpdateViewTool', updateDefinition, updateBody),
  '/virtual/tools/get-view.ts': toolModule('GetViewTool', getDefinition, '    return { content: [{ type: "text", text: JSON.stringify(await this.client.get(`/views/${args.id}`)) }] };'),
});

describe('a class per tool, its instance looked up by name in the tools/call dispatcher', () => {
  const rows: Row[] = [
    {
      name: 'PATCH in the class’s `process`, reached through the base class’s `handleRequest`: an overwrite',
      code: server,
      files: classFiles(
        '{ name: "update-view", annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false } }',
        '    return { content: [{ type: "text", text: JSON.stringify(await this.client.patch(`/views/${args.id}`, { title: args.title })) }] };',
        '{ name: "get-view", annotations: { readOnlyHint: true, openWorldHint: false } }',
      ),
      findings: [{ rule: 'destructive-understated', message: /`destructiveHint: false`, but the handler calls `fetch` \(PATCH\) to a fixed or configured host at client\.ts:4/ }],
    },
    {
      name: 'honest: the class’s `process` only reads, though the name says “update”: no name verb contradicts the visible handler',
      code: server,
      files: classFiles(
        '{ name: "update-views", annotations: { readOnlyHint: true, openWorldHint: false } }',
        '    return { content: [{ type: "text", text: JSON.stringify(await this.client.get(`/views/${args.id}/preview`)) }] };',
        '{ name: "get-view", annotations: { readOnlyHint: true, openWorldHint: false } }',
      ),
      findings: [],
    },
  ];
  for (const row of rows) test(row.name, () => check(row));

  test('each listed tool is walked into its own class: the reader sees a GET, not its neighbour’s PATCH', () => {
    const files = classFiles(
      '{ name: "update-view", annotations: { readOnlyHint: false, destructiveHint: false } }',
      '    return this.client.patch(`/views/${args.id}`, args);',
      '{ name: "get-view", annotations: { readOnlyHint: true } }',
    );
    const reader = infer(server, files, 'get-view');
    assert.ok(reader.evidence.items.some((e) => e.fact.kind === 'request' && e.fact.method === 'GET'), reader.evidence.items.map((e) => e.text).join(' | '));
    assert.ok(!reader.evidence.items.some((e) => e.fact.kind === 'request' && e.fact.method === 'PATCH'));
    const writer = infer(server, files, 'update-view');
    const patch = writer.evidence.items.find((e) => e.fact.kind === 'request' && e.fact.method === 'PATCH');
    assert.ok(patch, writer.evidence.items.map((e) => e.text).join(' | '));
    // The chain shows the way: the dispatcher, the looked-up instance's method, the subclass's `process`, the client.
    assert.deepEqual(patch.chain?.map((hop) => hop.text), ['handleToolCall', 'toolImpl.handleRequest', 'this.process', 'this.client.patch', 'this.request']);
  });

  test('a definition two classes hold is no class’s: the dispatcher is not walked for it', () => {
    const files = {
      ...classFiles('{ name: "update-view", annotations: { readOnlyHint: false, destructiveHint: false } }', '    return this.client.patch(`/views/${args.id}`, args);', '{ name: "get-view", annotations: { readOnlyHint: true } }'),
      '/virtual/tools/update-view.ts': `${toolModule('UpdateViewTool', '{ name: "update-view", annotations: { readOnlyHint: false, destructiveHint: false } }', '    return this.client.patch(`/views/${args.id}`, args);')}export class Other extends BaseTool {\n  constructor() { super(ToolDefinition); }\n}\n`,
    };
    assert.equal(infer(server, files, 'update-view').evidence.handler, 'none');
  });
});

describe('a class a definition names, constructed by a loop’s shared handler', () => {
  const handlers = `import { Client } from "./client";
class BaseHandler {
  client = new Client();
  async runTool(args: any): Promise<unknown> { return this.execute(args); }
  async execute(_args: any): Promise<unknown> { return { content: [] }; }
}
class RespondHandler extends BaseHandler {
  async execute(args: any) { return this.client.patch(\`/events/\${args.id}\`, { response: args.response }); }
}
class ListHandler extends BaseHandler {
  async execute(_args: any) { return this.client.get("/events"); }
}
export const tools = [
  { name: "respond-to-event", annotations: { readOnlyHint: false, destructiveHint: false }, handler: RespondHandler },
  { name: "list-events", annotations: { readOnlyHint: true }, handler: ListHandler },
];
`;

  const rows: Row[] = [
    {
      name: '`new tool.handler()` handed to the server’s own `this.execute.bind(this)`: the PATCH in the class’s method',
      code: `import { tools } from "./handlers";
class CalendarServer {
  register(server: any) {
    registerAll(server, this.executeWithHandler.bind(this));
  }
  async executeWithHandler(handler: any, args: unknown) {
    return handler.runTool(args);
  }
}
function registerAll(server: any, executeWithHandler: (handler: any, args: unknown) => unknown) {
  for (const tool of tools) registerSingle(server, tool, executeWithHandler);
}
function registerSingle(server: any, tool: any, executeWithHandler: (handler: any, args: unknown) => unknown) {
  server.registerTool(tool.name, { description: "x", annotations: tool.annotations }, async (args: unknown) => {
    const handler = new tool.handler();
    return executeWithHandler(handler, args);
  });
}
new CalendarServer().register(server);`,
      files: { '/virtual/handlers.ts': handlers, '/virtual/client.ts': client },
      findings: [{ rule: 'destructive-understated', message: /"respond-to-event": `destructiveHint: false`, but the handler calls `fetch` \(PATCH\)/ }],
    },
    {
      name: '`new tool.handler().runTool(args)` in the loop’s handler itself',
      code: `import { tools } from "./handlers";
for (const tool of tools) {
  server.registerTool(tool.name, { description: "x", annotations: tool.annotations }, async (args: unknown) => {
    const handler = new tool.handler();
    return handler.runTool(args);
  });
}`,
      files: { '/virtual/handlers.ts': handlers, '/virtual/client.ts': client },
      findings: [{ rule: 'destructive-understated', message: /"respond-to-event": `destructiveHint: false`, but the handler calls `fetch` \(PATCH\)/ }],
    },
  ];
  for (const row of rows) test(row.name, () => check(row));

  test('the reader of the same loop is walked into its own class: a GET, read-only likely', () => {
    const code = `import { tools } from "./handlers";
for (const tool of tools) {
  server.registerTool(tool.name, { description: "x", annotations: tool.annotations }, async (args: unknown) => new tool.handler().runTool(args));
}`;
    const reader = infer(code, { '/virtual/handlers.ts': handlers, '/virtual/client.ts': client }, 'list-events');
    assert.ok(reader.evidence.items.some((e) => e.fact.kind === 'request' && e.fact.method === 'GET'), reader.evidence.items.map((e) => e.text).join(' | '));
    assert.ok(!reader.evidence.items.some((e) => e.fact.kind === 'request' && e.fact.method === 'PATCH'));
  });
});

describe('`this` in a base class’s method is the instance the walk came through', () => {
  test('`this.process(…)` in an inherited `handle` runs the subclass’s `process`', () => {
    const findings = honestyFindings(`import { Client } from "./client";
class Base {
  handle(args: any) { return this.process(args); }
  process(_args: any): unknown { return null; }
}
class Rename extends Base {
  client = new Client();
  process(args: any) { return this.client.patch(\`/items/\${args.id}\`, { name: args.name }); }
}
const rename = new Rename();
server.registerTool("rename_item", { description: "x", annotations: { readOnlyHint: false, destructiveHint: false } }, async (args) => rename.handle(args));`, { '/virtual/client.ts': client });
    assert.deepEqual(findings.map((f) => f.rule), ['destructive-understated'], findings.map((f) => f.message).join(' | '));
    assert.match(findings[0].message, /calls `fetch` \(PATCH\)/);
  });

  test('honest: the base class’s own `process` when the instance is of the base class', () => {
    const findings = honestyFindings(`import { Client } from "./client";
class Base {
  client = new Client();
  handle(args: any) { return this.process(args); }
  process(args: any): unknown { return this.client.get(\`/items/\${args.id}\`); }
}
class Rename extends Base {
  process(args: any) { return this.client.patch(\`/items/\${args.id}\`, { name: args.name }); }
}
const base = new Base();
server.registerTool("show_item", { description: "x", annotations: { readOnlyHint: true } }, async (args) => base.handle(args));`, { '/virtual/client.ts': client });
    assert.deepEqual(findings.map((f) => f.rule), []);
  });
});
