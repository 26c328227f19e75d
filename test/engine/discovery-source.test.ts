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
