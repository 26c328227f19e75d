// Whole-program discovery: tools that projects declare through their own abstractions (classes, catalogues,
// lists built step by step, compiled output) and register somewhere else. Each table reads as documentation of one
// mechanism; the look-alikes at the end must stay quiet.
import { lines, runCases, type Case } from './tester';

// ─── this.x: a base class registers, each concrete subclass is one tool with its own `this` ───
const classes: Case[] = [
  {
    name: 'a base class method registers this.name and this.annotations of every subclass (other files)',
    filename: 'base.ts',
    code: lines(
      'export class BaseTool {',
      '  installTo(server) {',
      '    return server.registerTool(this.name, { description: this.description, annotations: this.annotations }, (a) => this.run(a));',
      '  }',
      '}',
    ),
    files: {
      'length.ts': lines('import { BaseTool } from "./base";', 'export class LengthTool extends BaseTool {', '  name = "length_tool";', '  annotations = { readOnlyHint: true, openWorldHint: false };', '}'),
      'geocode.ts': lines('import { BaseTool } from "./base.js";', 'export class GeocodeTool extends BaseTool {', '  name = "geocode_tool";', '  annotations = { readOnlyHint: true };', '}'),
    },
    tools: [
      { name: 'length_tool', annotations: { readOnlyHint: true, openWorldHint: false } },
      { name: 'geocode_tool', annotations: { readOnlyHint: true } },
    ],
  },
  {
    name: 'an intermediate class passes this through: only the leaves are tools',
    filename: 'base.ts',
    code: lines('export class BaseTool {', '  install(server) { server.registerTool(this.name, { annotations: this.annotations }, async () => ({ content: [] })); }', '}'),
    files: {
      'api.ts': lines('import { BaseTool } from "./base";', 'export class ApiTool extends BaseTool {', '  annotations = { openWorldHint: true };', '}'),
      'search.ts': lines('import { ApiTool } from "./api";', 'export class SearchTool extends ApiTool {', '  name = "search";', '}'),
    },
    tools: [{ name: 'search', annotations: { openWorldHint: true } }],
  },
  {
    name: 'a getter deciding the annotations from a field of the subclass',
    filename: 'base.ts',
    code: lines(
      'export class ShopTool {',
      '  get annotations() { return { readOnlyHint: this.access === "read" }; }',
      '  register(server) { server.registerTool(this.id, { annotations: this.annotations }, async () => ({ content: [] })); }',
      '}',
      'class ListOrders extends ShopTool { id = "list_orders"; access = "read"; }',
      'class CancelOrder extends ShopTool { id = "cancel_order"; access = "write"; }',
    ),
    tools: [
      { name: 'list_orders', effective: { readOnlyHint: true } },
      { name: 'cancel_order', effective: { readOnlyHint: false } },
    ],
  },
  {
    name: 'a field assigned in another method of the same class (this.tools = …) is read for a tools/list handler',
    code: lines(
      'const make = () => [{ name: "a", inputSchema: {} }, { name: "b", inputSchema: {} }];',
      'class App {',
      '  tools;',
      '  start() { this.tools = make(); }',
      '  setup() { this.server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: this.tools })); }',
      '}',
    ),
    tools: [{ name: 'a', form: 'tools/list' }, { name: 'b', form: 'tools/list' }],
  },
];

// ─── lists and objects built step by step ───
const collections: Case[] = [
  {
    name: 'a list reassigned through filters and a run-time choice: every list it may hold',
    code: lines(
      'const all = [{ name: "read_a", inputSchema: {} }, { name: "write_b", inputSchema: {} }];',
      'let shown = mode === "full" ? all : all.filter((t) => t.name.startsWith("read"));',
      'if (denied) shown = shown.filter((t) => !denied.test(t.name));',
      'server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: shown }));',
    ),
    tools: [{ name: 'read_a' }, { name: 'write_b' }],
  },
  {
    name: 'a cache filled on first use (let x = null; … x = list) holds the list',
    code: lines(
      'let cache = null;',
      'function tools() { if (cache) return cache; cache = [{ name: "one", inputSchema: {} }]; return cache; }',
      'server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: tools() }));',
    ),
    tools: [{ name: 'one' }],
  },
  {
    name: 'a static allow-list decides: an entry no path keeps is not a tool',
    code: lines(
      'const ALLOWED = new Set(["keep"]);',
      'const defs = [{ name: "keep", inputSchema: {} }, { name: "drop", inputSchema: {} }];',
      'server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: defs.filter((d) => ALLOWED.has(d.name)) }));',
    ),
    tools: [{ name: 'keep' }],
  },
  {
    name: 'hints derived per definition in the map callback: a local object filled before it is returned',
    code: lines(
      'const READ_ONLY = new Set(["get_x"]);',
      'const defs = [{ name: "get_x", inputSchema: {} }, { name: "del_x", inputSchema: {} }];',
      'server.setRequestHandler(ListToolsRequestSchema, async () => ({',
      '  tools: defs.map((d) => {',
      '    const wire = { ...d };',
      '    if (wire.inputSchema) wire.inputSchema = { ...wire.inputSchema };',
      '    wire.annotations = { ...(READ_ONLY.has(d.name) ? { readOnlyHint: true } : {}), openWorldHint: true };',
      '    return wire;',
      '  }),',
      '}));',
    ),
    tools: [
      { name: 'get_x', annotations: { readOnlyHint: true, openWorldHint: true } },
      { name: 'del_x', annotations: { openWorldHint: true } },
    ],
  },
  {
    name: 'a registration call whose shape waits on the loop (description and schema from the definition)',
    filename: 'server.js',
    code: lines(
      'import tools from "./tools.js";',
      'export class Server extends McpServer {',
      '  constructor() {',
      '    super({ name: "x" });',
      '    tools.forEach((tool) => {',
      '      const write = Object.values(tool.actions).some((a) => a.write === true);',
      '      this.tool(tool.method, tool.description, tool.parameters.shape, { readOnlyHint: !write }, async () => ({ content: [] }));',
      '    });',
      '  }',
      '}',
    ),
    files: {
      'tools.js': lines(
        'const tools = [',
        '  { method: "list_items", description: "List items", parameters: schemaA, actions: { items: { read: true } } },',
        '  { method: "create_item", description: "Create an item", parameters: schemaB, actions: { items: { write: true } } },',
        '];',
        'export default tools;',
      ),
    },
    tools: [
      { name: 'list_items', effective: { readOnlyHint: true } },
      { name: 'create_item', effective: { readOnlyHint: false } },
    ],
  },
  {
    name: 'tool factories gathered by category and flattened (flatMap over creators with a destructured parameter)',
    code: lines(
      'import { createUserTools } from "./users";',
      'const CREATORS = [{ category: "Users", creator: createUserTools }];',
      'const createAll = (client) => CREATORS.flatMap(({ creator }) => creator(client));',
      'class App { start() { this.tools = createAll(this.client); } setup() { this.server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: this.tools })); } }',
    ),
    files: {
      'users.ts': lines(
        'const createTool = (config) => { const handler = async () => config.execute(); return { name: config.name, description: config.description, inputSchema: {}, handler }; };',
        'export function createUserTools(client) {',
        '  return [createTool({ name: "get_user", description: "Get", execute: () => client.get() }), createTool({ name: "delete_user", description: "Delete", execute: () => client.del() })];',
        '}',
      ),
    },
    tools: [{ name: 'get_user' }, { name: 'delete_user' }],
  },
];

// ─── compiled output: CommonJS re-exports and async helpers ───
const compiled: Case[] = [
  {
    name: 'tsc CommonJS: __importStar(require()), Object.defineProperty re-exports, __awaiter handlers',
    filename: 'server.js',
    code: lines(
      '"use strict";',
      'const types_js_1 = require("@modelcontextprotocol/sdk/types.js");',
      'const Charts = __importStar(require("./charts/index.js"));',
      'function setup(server) {',
      '  server.setRequestHandler(types_js_1.ListToolsRequestSchema, () => __awaiter(this, void 0, void 0, function* () {',
      '    return ({ tools: Object.values(Charts).map((chart) => chart.tool) });',
      '  }));',
      '}',
    ),
    files: {
      'charts/index.js': lines(
        '"use strict";',
        'Object.defineProperty(exports, "__esModule", { value: true });',
        'exports.pie = exports.bar = void 0;',
        'var bar_1 = require("./bar.js");',
        'Object.defineProperty(exports, "bar", { enumerable: true, get: function () { return bar_1.bar; } });',
        'var pie_1 = require("./pie.js");',
        'Object.defineProperty(exports, "pie", { enumerable: true, get: function () { return pie_1.pie; } });',
      ),
      'charts/bar.js': lines('"use strict";', 'exports.bar = void 0;', 'const tool = { name: "generate_bar_chart", inputSchema: {}, annotations: { readOnlyHint: true } };', 'exports.bar = { tool };'),
      'charts/pie.js': lines('"use strict";', 'exports.pie = void 0;', 'const tool = { name: "generate_pie_chart", inputSchema: {}, annotations: { readOnlyHint: true } };', 'exports.pie = { tool };'),
    },
    tools: [
      { name: 'generate_pie_chart', effective: { readOnlyHint: true } },
      { name: 'generate_bar_chart', effective: { readOnlyHint: true } },
    ],
  },
];

// ─── look-alikes: classes and lists that are not MCP registrations ───
const lookAlikes: Case[] = [
  {
    name: 'a class instance that defines registerTool itself is still read where the SDK is called (bundled SDK)',
    code: lines(
      'class Sdk { registerTool(name, config, cb) { return this._create(name, config, cb); } }',
      'class App { constructor() { this.server = new Sdk(); } init() { this.server.registerTool("ping", { annotations: { readOnlyHint: true } }, async () => ({ content: [] })); } }',
    ),
    tools: [{ name: 'ping', effective: { readOnlyHint: true } }],
  },
  {
    name: 'LangChain tool classes (a _call method, no MCP server) register nothing',
    code: lines('class Calculator extends Tool { name = "calculator"; async _call(input) { return input; } }', 'agent.addTools([new Calculator()]);'),
    tools: [],
  },
  {
    name: 'OpenAI function schemas in a filtered list are not tools',
    code: lines('const functions = [{ name: "get_weather", parameters: {} }];', 'const enabled = functions.filter((f) => f.name !== "x");', 'openai.chat.completions.create({ tools: enabled.map((f) => ({ type: "function", function: f })) });'),
    tools: [],
  },
  {
    name: 'AI SDK tool() values collected in an object are not MCP tools',
    code: lines('const tools = { weather: tool({ description: "w", parameters: z.object({}), execute: async () => 1 }) };', 'await generateText({ model, tools });'),
    tools: [],
  },
];

runCases('discovery: this.x through classes and subclasses', classes);
runCases('discovery: lists and objects built step by step', collections);
runCases('discovery: compiled output', compiled);
runCases('discovery: look-alikes stay quiet', lookAlikes);
