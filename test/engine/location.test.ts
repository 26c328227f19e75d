// Where a tool is located: where its author wrote it (its name's literal, its definition's property), not the shared
// registration call a loop, a wrapper or a tools/list handler reads it through. tool.loc is what `check` reports.
import { lines, runCases } from './tester';

const SDK = 'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nconst server = new McpServer({ name: "s", version: "1" });';
const cb = 'async () => ({ content: [] })';

runCases('location: at the definition, not at the shared call', [
  {
    name: 'a wrapper called with the name: at each caller\'s name',
    code: lines(SDK, 'function add(name, annotations) {', `  server.registerTool(name, { annotations }, ${cb});`, '}', 'add("get_doc", { readOnlyHint: true });', 'add("delete_doc", { destructiveHint: true });'),
    tools: [
      { name: 'get_doc', line: 6, nameLine: 6 },
      { name: 'delete_doc', line: 7, nameLine: 7 },
    ],
  },
  {
    name: 'a loop over a list of names: at each name',
    code: lines(SDK, 'const names = [', '  "a_tool",', '  "b_tool",', '];', `for (const n of names) server.tool(n, ${cb});`),
    tools: [
      { name: 'a_tool', line: 4 },
      { name: 'b_tool', line: 5 },
    ],
  },
  {
    name: 'a tools/list handler copying each definition in a callback: at the definition\'s name',
    code: lines(
      'import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";',
      'const defs = [',
      '  { name: "get_doc", inputSchema: {} },',
      '  { name: "delete_doc", inputSchema: {} },',
      '];',
      'server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: defs.map((t) => ({ ...t, annotations: { openWorldHint: true } })) }));',
    ),
    tools: [
      { name: 'get_doc', line: 3, form: 'tools/list' },
      { name: 'delete_doc', line: 4, form: 'tools/list' },
    ],
  },
  {
    name: 'unchanged: a definition object of its own, a tools/list literal, a registration with its own literal',
    code: lines(
      SDK,
      'import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";',
      'server.server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [',
      '  { name: "listed", inputSchema: {} },',
      '] }));',
      `server.registerTool("direct", {}, ${cb});`,
      'const defs = [{ name: "from_loop" }];',
      `for (const d of defs) server.registerTool(d.name, {}, ${cb});`,
    ),
    tools: [
      { name: 'listed', line: 5 },
      { name: 'direct', line: 7 },
      { name: 'from_loop', line: 8 },
    ],
  },
  {
    name: 'a computed name stays at the call (its template is shared by every tool)',
    code: lines(SDK, 'for (const kind of ["a", "b"]) {', `  server.tool(\`get_\${kind}\`, ${cb});`, '}'),
    tools: [
      { name: 'get_a', line: 4 },
      { name: 'get_b', line: 4 },
    ],
  },
]);
