// Allow-lists and modes read from the environment (`ALLOWED_TOOLS`, `TOOLSETS`, a read-only or non-destructive
// switch) decide at run time which tools are registered: every tool such a filter may drop is reported with the
// condition, and what it reads. Look-alikes (a filter that reads only the definitions, one whose result is never
// registered, a lookup inside a handler) add no condition.
import { lines, runCases } from './tester';

const SDK = 'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nconst server = new McpServer({ name: "s", version: "1" });';
const LIST = 'import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";';
const cb = 'async () => ({ content: [] })';
const DEFS = 'const defs = [{ name: "get_doc", annotations: { readOnlyHint: true } }, { name: "delete_doc", annotations: { readOnlyHint: false, destructiveHint: true } }];';
const REGISTER = (list: string) => `for (const t of ${list}) server.registerTool(t.name, { annotations: t.annotations }, ${cb});`;

runCases('environment modes: a switch that filters the list', [
  {
    name: 'a read-only mode reassigning the list: the writes are registered only when it is off',
    code: lines(SDK, DEFS, 'let tools = defs;', 'if (process.env.READ_ONLY) tools = tools.filter((t) => t.annotations?.readOnlyHint);', REGISTER('tools')),
    tools: [
      { name: 'get_doc', conditions: [] },
      { name: 'delete_doc', conditions: [{ text: 'process.env.READ_ONLY', negated: true, via: 'if', dependsOn: ['env READ_ONLY'] }] },
    ],
  },
  {
    name: 'a non-destructive switch in a settings object, in a block',
    code: lines(
      SDK,
      DEFS,
      'const config = { nonDestructive: process.env.NON_DESTRUCTIVE === "1" };',
      'let tools = defs;',
      'if (config.nonDestructive) {',
      '  tools = tools.filter((t) => !t.annotations.destructiveHint);',
      '}',
      REGISTER('tools'),
    ),
    tools: [
      { name: 'get_doc', conditions: [] },
      { name: 'delete_doc', conditions: [{ text: 'config.nonDestructive', negated: true, via: 'if', dependsOn: ['env NON_DESTRUCTIVE'] }] },
    ],
  },
  {
    name: 'the mode inside the predicate: `!readOnly || t.readOnly` keeps the reads for certain',
    code: lines(SDK, DEFS, 'const readOnly = process.env.READ_ONLY === "true";', `defs.filter((d) => !readOnly || d.annotations.readOnlyHint).forEach((t) => server.registerTool(t.name, { annotations: t.annotations }, ${cb}));`),
    tools: [
      { name: 'get_doc', conditions: [] },
      { name: 'delete_doc', conditions: [{ text: '!readOnly || d.annotations.readOnlyHint', via: 'filter', dependsOn: ['env READ_ONLY'] }] },
    ],
  },
  {
    name: 'the same predicate over a for…of',
    code: lines(SDK, DEFS, 'const readOnly = process.env.READ_ONLY === "true";', REGISTER('defs.filter((d) => !readOnly || d.annotations.readOnlyHint)')),
    tools: [
      { name: 'get_doc', conditions: [] },
      { name: 'delete_doc', conditions: [{ text: '!readOnly || d.annotations.readOnlyHint', dependsOn: ['env READ_ONLY'] }] },
    ],
  },
  {
    name: 'a read-only mode in a class method, compared with a string',
    code: lines(
      'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";',
      DEFS,
      'class App {',
      '  server = new McpServer({ name: "s", version: "1" });',
      '  start() {',
      '    let tools = defs;',
      '    if (process.env.READ_ONLY === "true") tools = tools.filter((t) => t.annotations.readOnlyHint === true);',
      `    for (const t of tools) this.server.registerTool(t.name, { annotations: t.annotations }, ${cb});`,
      '  }',
      '}',
    ),
    tools: [
      { name: 'get_doc', conditions: [] },
      { name: 'delete_doc', conditions: [{ text: 'process.env.READ_ONLY === "true"', negated: true, dependsOn: ['env READ_ONLY'] }] },
    ],
  },
  {
    name: 'a command-line flag choosing the list a tools/list handler returns',
    code: lines(
      LIST,
      'const defs = [{ name: "get_doc", inputSchema: {}, annotations: { readOnlyHint: true } }, { name: "delete_doc", inputSchema: {}, annotations: { readOnlyHint: false } }];',
      'const READ_ONLY = process.argv.includes("--read-only");',
      'server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: READ_ONLY ? defs.filter((t) => t.annotations.readOnlyHint) : defs }));',
    ),
    tools: [
      { name: 'get_doc', conditions: [] },
      { name: 'delete_doc', conditions: [{ text: 'READ_ONLY', negated: true, dependsOn: ['argument process.argv'] }] },
    ],
  },
]);

runCases('environment allow-lists: every tool depends on the list', [
  {
    name: '`ALLOWED_TOOLS` split from a string, the whole list when it is unset',
    code: lines(SDK, DEFS, 'const allowed = process.env.ALLOWED_TOOLS?.split(",");', 'const tools = allowed ? defs.filter((d) => allowed.includes(d.name)) : defs;', REGISTER('tools')),
    tools: [
      { name: 'get_doc', conditions: [{ text: '!(allowed) || allowed.includes(d.name)', via: 'if', dependsOn: ['env ALLOWED_TOOLS'] }] },
      { name: 'delete_doc', conditions: [{ text: '!(allowed) || allowed.includes(d.name)', via: 'if', dependsOn: ['env ALLOWED_TOOLS'] }] },
    ],
  },
  {
    name: 'an empty set means every tool: the plain list first, a default the engine reads',
    code: lines(
      SDK,
      DEFS,
      'const enabled = new Set((process.env.ENABLED_TOOLS ?? "").split(",").filter(Boolean));',
      'function selected() { return enabled.size === 0 ? defs : defs.filter((d) => enabled.has(d.name)); }',
      REGISTER('selected()'),
    ),
    tools: [
      { name: 'get_doc', conditions: [{ text: 'enabled.size === 0 || enabled.has(d.name)', dependsOn: ['env ENABLED_TOOLS'] }] },
      { name: 'delete_doc', conditions: [{ text: 'enabled.size === 0 || enabled.has(d.name)', dependsOn: ['env ENABLED_TOOLS'] }] },
    ],
  },
  {
    name: 'a list reassigned only when the variable is set',
    code: lines(SDK, DEFS, 'let tools = defs;', 'const only = process.env.ENABLED_TOOLS;', 'if (only) tools = tools.filter((t) => only.split(",").includes(t.name));', REGISTER('tools')),
    tools: [
      { name: 'get_doc', conditions: [{ text: '!(only) || only.split(",").includes(t.name)', dependsOn: ['env ENABLED_TOOLS'] }] },
      { name: 'delete_doc', conditions: [{ text: '!(only) || only.split(",").includes(t.name)', dependsOn: ['env ENABLED_TOOLS'] }] },
    ],
  },
  {
    name: 'filters in steps: toolsets, then a hidden list applied only when it is set',
    code: lines(
      SDK,
      'const defs = [{ name: "get_doc", group: "docs" }, { name: "delete_doc", group: "admin" }];',
      'const groups = new Set((process.env.TOOLSETS ?? "docs").split(","));',
      'const hidden = new Set((process.env.HIDDEN_TOOLS || "").split(",").filter(Boolean));',
      'let tools = defs.filter((t) => groups.has(t.group));',
      'if (hidden.size > 0) {',
      '  tools = tools.filter((t) => !hidden.has(t.name));',
      '}',
      `for (const t of tools) server.tool(t.name, ${cb});`,
    ),
    tools: [
      {
        name: 'get_doc',
        conditions: [
          { text: 'groups.has(t.group)', via: 'filter', dependsOn: ['env TOOLSETS'] },
          { text: '!(hidden.size > 0) || !hidden.has(t.name)', via: 'if', dependsOn: ['env HIDDEN_TOOLS'] },
        ],
      },
      {
        name: 'delete_doc',
        conditions: [
          { text: 'groups.has(t.group)', via: 'filter', dependsOn: ['env TOOLSETS'] },
          { text: '!(hidden.size > 0) || !hidden.has(t.name)', via: 'if', dependsOn: ['env HIDDEN_TOOLS'] },
        ],
      },
    ],
  },
  {
    name: 'a deny-list read through `some`',
    code: lines(SDK, DEFS, 'const disabled = (process.env.DISABLED_TOOLS || "").split(",");', REGISTER('defs.filter((t) => !disabled.some((d) => d === t.name))')),
    tools: [
      { name: 'get_doc', conditions: [{ text: '!disabled.some((d) => d === t.name)', dependsOn: ['env DISABLED_TOOLS'] }] },
      { name: 'delete_doc', conditions: [{ text: '!disabled.some((d) => d === t.name)', dependsOn: ['env DISABLED_TOOLS'] }] },
    ],
  },
  {
    name: 'an allow-list read twice in the predicate inside a tools/list handler: the variable once',
    code: lines(
      LIST,
      'const defs = [{ name: "get_doc", inputSchema: {} }, { name: "delete_doc", inputSchema: {} }];',
      'server.setRequestHandler(ListToolsRequestSchema, async () => {',
      '  const allow = process.env.ALLOWED_TOOLS?.split(",") ?? [];',
      '  return { tools: defs.filter((t) => allow.length === 0 || allow.includes(t.name)) };',
      '});',
    ),
    tools: [
      { name: 'get_doc', conditions: [{ text: 'allow.length === 0 || allow.includes(t.name)', via: 'filter', dependsOn: ['env ALLOWED_TOOLS'] }] },
      { name: 'delete_doc', conditions: [{ text: 'allow.length === 0 || allow.includes(t.name)', via: 'filter', dependsOn: ['env ALLOWED_TOOLS'] }] },
    ],
  },
  {
    name: 'toolsets named by an environment variable, skipped in the loop',
    code: lines(
      SDK,
      'const defs = [{ name: "get_doc", toolset: "docs" }, { name: "delete_doc", toolset: "admin" }];',
      'const toolsets = process.env.TOOLSETS?.split(",").map((s) => s.trim()) ?? ["docs"];',
      `for (const t of defs) { if (!toolsets.includes(t.toolset)) continue; server.tool(t.name, ${cb}); }`,
    ),
    tools: [
      { name: 'get_doc', conditions: [{ text: '!toolsets.includes(t.toolset)', negated: true, via: 'early-exit', dependsOn: ['env TOOLSETS'] }] },
      { name: 'delete_doc', conditions: [{ text: '!toolsets.includes(t.toolset)', negated: true, via: 'early-exit', dependsOn: ['env TOOLSETS'] }] },
    ],
  },
]);

runCases('environment look-alikes: no condition', [
  {
    name: 'a filter that reads only the definitions, beside an unrelated variable',
    code: lines(SDK, 'const defs = [{ name: "a", hidden: false }, { name: "b", hidden: true }];', 'const port = process.env.PORT;', `for (const t of defs.filter((d) => !d.hidden)) server.tool(t.name, ${cb});`),
    tools: [{ name: 'a', conditions: [] }],
  },
  {
    name: 'an allow-list filter whose result is only logged',
    code: lines(SDK, DEFS, 'const allowed = (process.env.ALLOWED ?? "").split(",");', 'console.log(defs.filter((d) => allowed.includes(d.name)).map((d) => d.name));', REGISTER('defs')),
    tools: [
      { name: 'get_doc', conditions: [] },
      { name: 'delete_doc', conditions: [] },
    ],
  },
  {
    name: 'a lookup by an environment variable inside the handler',
    code: lines(SDK, DEFS, `for (const t of defs) server.registerTool(t.name, { annotations: t.annotations }, async () => { const x = defs.find((d) => d.name === process.env.X); return { content: [] }; });`),
    tools: [
      { name: 'get_doc', conditions: [] },
      { name: 'delete_doc', conditions: [] },
    ],
  },
  {
    name: 'a mode switch that picks the same list either way',
    code: lines(SDK, DEFS, 'const tools = process.env.READ_ONLY ? defs.filter(() => true) : defs;', REGISTER('tools')),
    tools: [
      { name: 'get_doc', conditions: [] },
      { name: 'delete_doc', conditions: [] },
    ],
  },
  {
    name: 'a predicate decided for every tool, under a run-time switch that only logs',
    code: lines(SDK, DEFS, 'let tools = defs;', 'if (process.env.DEBUG) console.log(tools.filter((t) => t.annotations.readOnlyHint));', REGISTER('tools')),
    tools: [
      { name: 'get_doc', conditions: [] },
      { name: 'delete_doc', conditions: [] },
    ],
  },
]);
