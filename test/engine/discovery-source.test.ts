// Discovery on mechanisms met in the sources of real servers (test/corpus/data/src): each row is the mechanism
// written small, with the tools it must give; each failed before the engine evaluated that mechanism.
import { lines, runCases, type Case } from './tester';

const lowLevel = (list: string) =>
  lines(
    'import { Server } from "@modelcontextprotocol/sdk/server/index.js";',
    'import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";',
    'const server = new Server({ name: "x", version: "1" }, { capabilities: { tools: {} } });',
    `server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: ${list} }));`,
  );

// ─── destructuring with an object rest: the object without the keys named beside it ───
const objectRest: Case[] = [
  {
    name: 'a listed array mapped through `({ _meta, ...rest }) => rest` keeps every tool, without the key taken out',
    code: lines(
      'const TOOLS = [',
      '  { name: "list_logs", _meta: { readOnly: true }, annotations: { readOnlyHint: true } },',
      '  { name: "delete_log", _meta: { readOnly: false }, annotations: { destructiveHint: true } },',
      '];',
    ) + lowLevel('TOOLS.map(({ _meta, ...rest }) => rest)'),
    tools: [
      { name: 'list_logs', annotations: { readOnlyHint: true } },
      { name: 'delete_log', annotations: { destructiveHint: true } },
    ],
  },
  {
    name: 'a const destructured with a rest gives the rest (renamed key, the rest registered)',
    code: lines(
      'const full = { secret: 1, name: "get_time", annotations: { readOnlyHint: true } };',
      'const { secret: _s, ...definition } = full;',
    ) + lowLevel('[definition]'),
    tools: [{ name: 'get_time', annotations: { readOnlyHint: true } }],
  },
  {
    name: 'the rest of a parameter in a mapping function declared elsewhere',
    code: lines(
      'function strip({ handler, ...tool }) { return tool; }',
      'const defs = [{ name: "ping", handler: () => 1, annotations: { idempotentHint: true } }];',
    ) + lowLevel('defs.map(strip)'),
    tools: [{ name: 'ping', annotations: { idempotentHint: true } }],
  },
];

runCases('discovery from source: object rest', objectRest);

const registerLoop = (list: string) =>
  lines(
    'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";',
    'export function start(args) {',
    '  const server = new McpServer({ name: "x", version: "1" });',
    `  for (const tool of ${list}) server.registerTool(tool.name, { annotations: tool.annotations }, async () => ({ content: [] }));`,
    '}',
  );

// ─── a push in a loop under a branch that each element decides ───
const decidedPushes: Case[] = [
  {
    name: 'factories and definitions in one list, called or pushed as they are by `typeof tool === "function"`',
    code: lines(
      'const listPages = (args) => ({ name: "list_pages", annotations: { readOnlyHint: true } });',
      'const closePage = { name: "close_page", annotations: { destructiveHint: true } };',
      'function createTools(args) {',
      '  const tools = [];',
      '  for (const tool of [listPages, closePage]) {',
      '    if (typeof tool === "function") {',
      '      tools.push(tool(args));',
      '    } else {',
      '      tools.push(tool);',
      '    }',
      '  }',
      '  return tools;',
      '}',
    ) + registerLoop('createTools(args)'),
    tools: [
      { name: 'list_pages', annotations: { readOnlyHint: true } },
      { name: 'close_page', annotations: { destructiveHint: true } },
    ],
    unenumerated: [],
  },
  {
    name: 'a push under `if (d.wrap)` / `else` decided by a known flag of each element',
    code: lines(
      'const defs = [{ wrap: true, def: { run: () => ({ name: "a", annotations: { readOnlyHint: true } }) } }, { wrap: false, def: { name: "b" } }];',
      'const wrap = (def) => def.run();',
      'function build() {',
      '  const out = [];',
      '  for (const d of defs) { if (d.wrap) out.push(wrap(d.def)); else out.push(d.def); }',
      '  return out;',
      '}',
    ) + registerLoop('build()'),
    tools: [
      { name: 'a', annotations: { readOnlyHint: true } },
      { name: 'b', annotations: null },
    ],
    unenumerated: [],
  },
];

// ─── lists behind a run-time switch whose elements one helper made ───
const switchedLists: Case[] = [
  {
    name: 'definitions made by one helper (the same object literal) in a list chosen at run time stay apart',
    code: lines(
      'function definePageTool(definition) { return { ...definition, pageScoped: true }; }',
      'const click = definePageTool({ name: "click", annotations: { readOnlyHint: false } });',
      'const hover = definePageTool({ name: "hover", annotations: { readOnlyHint: true } });',
      'const shot = definePageTool({ name: "screenshot", annotations: { readOnlyHint: true } });',
    ) + registerLoop('args.slim ? [shot] : [click, hover, shot]'),
    tools: [
      { name: 'screenshot', annotations: { readOnlyHint: true }, conditions: [] },
      { name: 'click', annotations: { readOnlyHint: false }, conditions: [{ text: 'args.slim', negated: true }] },
      { name: 'hover', annotations: { readOnlyHint: true }, conditions: [{ text: 'args.slim', negated: true }] },
    ],
  },
  {
    name: 'factory wrappers made by one helper (the same arrow, closing over each factory) stay apart',
    code: lines(
      'function defineTool(factory) { return (args) => factory(args); }',
      'const a = defineTool(() => ({ name: "a" }));',
      'const b = defineTool(() => ({ name: "b" }));',
      'const c = defineTool(() => ({ name: "c" }));',
      'function createTools(args) {',
      '  const tools = [];',
      '  for (const t of args.slim ? [c] : [a, b]) tools.push(t(args));',
      '  return tools;',
      '}',
    ) + registerLoop('createTools(args)'),
    tools: [{ name: 'c' }, { name: 'a' }, { name: 'b' }],
  },
];

// ─── a listed array whose elements cannot be read is a site that could not be enumerated, never 0 tools in silence ───
const unreadElements: Case[] = [
  {
    name: 'a ListTools handler mapping its list through a function from a package is reported as not enumerated',
    code: lines('import { sanitize } from "some-sanitizer";', 'const TOOLS = [{ name: "a", annotations: { readOnlyHint: true } }];') + lowLevel('TOOLS.map((t) => sanitize(t))'),
    tools: [],
    unenumerated: [{ line: 6, form: 'tools/list', tools: 0, kind: 'runtime', cause: /sanitize/ }],
  },
  {
    name: 'the elements that can be read are tools, the others make the site not enumerated',
    code: lines('import { loaded } from "plugin-pack";', 'const TOOLS = [{ name: "a", annotations: { readOnlyHint: true } }, loaded()];') + lowLevel('TOOLS'),
    tools: [{ name: 'a', annotations: { readOnlyHint: true } }],
    unenumerated: [{ line: 6, form: 'tools/list', tools: 1 }],
  },
];

// ─── a variable filled on first use by a logical assignment (`list ??= await select(all)`) ───
const logicalAssignments: Case[] = [
  {
    name: 'a ListTools handler lists a `let` filled by `??=` in a closure it awaits, from endpoints added by a helper in another file',
    files: {
      'tools/a.ts': lines('export const tool = { name: "list_a", annotations: { readOnlyHint: true } };', 'export default { tool, handler: async () => ({}) };'),
      'tools/b.ts': lines('export const tool = { name: "delete_b", annotations: { destructiveHint: true } };', 'export default { tool, handler: async () => ({}) };'),
      'tools/index.ts': lines('import a from "./a";', 'import b from "./b";', 'export const endpoints = [];', 'function addEndpoint(e) { endpoints.push(e); }', 'addEndpoint(a);', 'addEndpoint(b);'),
    },
    code: lines(
      'import { Server } from "@modelcontextprotocol/sdk/server/index.js";',
      'import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";',
      'import { endpoints } from "./tools/index";',
      'export async function selectTools(list, options) { const included = list.slice(); return included; }',
      'export function init(options) {',
      '  const server = new Server({ name: "x", version: "1" }, { capabilities: { tools: {} } });',
      '  let provided = null;',
      '  const initTools = async () => { provided ??= await selectTools(endpoints, options); };',
      '  server.setRequestHandler(ListToolsRequestSchema, async () => {',
      '    if (provided === null) await initTools();',
      '    return { tools: provided!.map((endpoint) => endpoint.tool) };',
      '  });',
      '}',
    ),
    tools: [
      { name: 'list_a', annotations: { readOnlyHint: true } },
      { name: 'delete_b', annotations: { destructiveHint: true } },
    ],
    unenumerated: [],
  },
  {
    name: '`||=` on a list: the list it had or the right side',
    code: lines('const base = [{ name: "one" }];', 'let tools = [];', 'function load() { tools ||= base; }') + lowLevel('tools'),
    tools: [{ name: 'one' }],
  },
];

runCases('discovery from source: a push decided per element', decidedPushes);
runCases('discovery from source: logical assignments', logicalAssignments);
runCases('discovery from source: unreadable elements of a listed array', unreadElements);
runCases('discovery from source: lists chosen at run time', switchedLists);
