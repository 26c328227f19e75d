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
    name: 'stays unresolved: a field a base class may set',
    code: lines('class Base {}', 'class Tools extends Base { constructor() { super(); } }', 'const t = new Tools();', `server.registerTool(t.name, {}, ${cb});`),
    tools: [{ name: null, nameReason: /base class/ }],
  },
  {
    name: 'stays unresolved: an instance of a package class',
    code: lines('import { Registry } from "some-registry";', 'const r = new Registry();', `server.registerTool(r.name, {}, ${cb});`),
    tools: [{ name: null }],
  },
]);
