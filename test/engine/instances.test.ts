// Objects made by `new` of a class in the project: the fields its constructor sets, with the constructor's
// parameters bound to the arguments (generated API clients keep their endpoint tables this way).
import { lines, runCases } from './tester';

const cb = 'async () => ({ content: [] })';

runCases('instances of project classes', [
  {
    name: 'new Client(endpoints): this.endpoints = endpoints.map(…) in the constructor, registered in a loop',
    files: {
      'client.ts': lines(
        'class Client {',
        '  kind = "rest";',
        '  constructor(endpoints, options = {}) {',
        '    if (typeof endpoints === "string") throw new Error("no");',
        '    this.endpoints = endpoints.map((endpoint) => { endpoint.parameters = endpoint.parameters || []; return endpoint; });',
        '  }',
        '}',
        'export const api = new Client([',
        '  { alias: "list-mail", method: "get" },',
        '  { alias: "send-mail", method: "post" },',
        ']);',
      ),
    },
    code: lines(
      'import { api } from "./client";',
      'for (const endpoint of api.endpoints) {',
      `  server.registerTool(endpoint.alias, { annotations: { readOnlyHint: endpoint.method.toUpperCase() === "GET" } }, ${cb});`,
      '}',
    ),
    tools: [
      { name: 'list-mail', effective: { readOnlyHint: true } },
      { name: 'send-mail', effective: { readOnlyHint: false } },
    ],
  },
  {
    name: 'a field a base class sets from its constructor parameter, passed on by super(…)',
    code: lines(
      'class Base { constructor(name, access = "read") { this.name = name; this.access = access; } }',
      'class Tools extends Base { constructor(prefix) { super(`${prefix}_tools`); } }',
      'const t = new Tools("mail");',
      `server.registerTool(t.name, { annotations: { readOnlyHint: t.access === "read" } }, ${cb});`,
    ),
    tools: [{ name: 'mail_tools', effective: { readOnlyHint: true } }],
  },
  {
    name: 'fields set through `this["key"]` and through a cast of `this`',
    code: lines(
      'class Tools { constructor(prefix) { this["name"] = `${prefix}_tools`; (this as any).access = "read"; } }',
      'const t = new Tools("mail");',
      `server.registerTool(t.name, { annotations: { readOnlyHint: t.access === "read" } }, ${cb});`,
    ),
    tools: [{ name: 'mail_tools', effective: { readOnlyHint: true } }],
  },
  {
    name: 'a collection field a method fills through a cast of `this`, read once per call of the method',
    code: lines(
      'class Registry {',
      '  tools = [];',
      '  add(def) { (this as any).tools.push(def); }',
      '}',
      'const registry = new Registry();',
      'registry.add({ name: "ra", annotations: { readOnlyHint: true } });',
      'registry.add({ name: "rb", annotations: { readOnlyHint: false } });',
      `for (const t of registry.tools) server.registerTool(t.name, { annotations: t.annotations }, ${cb});`,
    ),
    tools: [
      { name: 'ra', effective: { readOnlyHint: true } },
      { name: 'rb', effective: { readOnlyHint: false } },
    ],
  },
  {
    name: 'stays unresolved: a field a base class that cannot be read may set',
    code: lines('import { Base } from "some-framework";', 'class Tools extends Base { constructor() { super(); } }', 'const t = new Tools();', `server.registerTool(t.name, {}, ${cb});`),
    tools: [{ name: null, nameReason: /base class/ }],
  },
  {
    name: 'stays unresolved: an instance of a package class',
    code: lines('import { Registry } from "some-registry";', 'const r = new Registry();', `server.registerTool(r.name, {}, ${cb});`),
    tools: [{ name: null }],
  },
]);

runCases('helpers that decide a hint', [
  {
    name: 'a helper with guard returns: the return the known arguments select; a run-time argument stays unresolved',
    code: lines(
      'function isDestructive(method, config) {',
      '  const upper = method.toUpperCase();',
      '  if (!["POST", "PATCH", "PUT", "DELETE"].includes(upper)) return false;',
      '  if (upper === "POST" && config?.readOnly) return false;',
      '  return true;',
      '}',
      `server.registerTool("get-mail", { annotations: { destructiveHint: isDestructive("get") } }, ${cb});`,
      `server.registerTool("delete-mail", { annotations: { destructiveHint: isDestructive("delete") } }, ${cb});`,
      `server.registerTool("send-mail", { annotations: { destructiveHint: isDestructive("post", loadConfig()) } }, ${cb});`,
    ),
    tools: [
      { name: 'get-mail', effective: { destructiveHint: false } },
      { name: 'delete-mail', effective: { destructiveHint: true } },
      { name: 'send-mail', effective: { destructiveHint: 'unresolved' } },
    ],
  },
  {
    name: 'list.find(cb) over data: the first element the callback keeps',
    files: { 'endpoints.json': '[{ "toolName": "list-mail", "readOnly": true }, { "toolName": "send-mail" }]' },
    code: lines(
      'import endpoints from "./endpoints.json";',
      'for (const name of ["list-mail", "send-mail", "other"]) {',
      '  const config = endpoints.find((e) => e.toolName === name);',
      `  server.registerTool(name, { annotations: { readOnlyHint: config?.readOnly === true } }, ${cb});`,
      '}',
    ),
    tools: [
      { name: 'list-mail', effective: { readOnlyHint: true } },
      { name: 'send-mail', effective: { readOnlyHint: false } },
      { name: 'other', effective: { readOnlyHint: false } },
    ],
  },
]);
