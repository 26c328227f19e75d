// Where each finding is underlined: the narrowest node that carries it, on one line. A claim is its property
// (`readOnlyHint: true`), an omission is the `annotations` key, a tool as a whole is its name; a registration call
// (which spans its handler) is never the range. Evidence elsewhere is related information, not the range.
// Tool names avoid verbs so that only the handlers' calls are evidence.
import { lines, runCases } from './tester';

const cb = 'async () => ({ content: [] })';
const WRITE_FILE = 'import { writeFile } from "node:fs/promises";';

runCases('finding ranges', [
  {
    name: 'an omitted hint: the `annotations` key, not the object over three lines',
    code: lines('server.registerTool(', '  "frob_widget",', '  {', '    description: "x",', '    annotations: {', '      readOnlyHint: true,', '    },', '  },', `  ${cb},`, ');'),
    only: ['implicit-default'],
    findings: [{ rule: 'implicit-default', line: 5, text: 'annotations' }],
  },
  {
    name: 'a contradicted claim: the property, with the call that contradicts it as related information',
    code: lines(
      WRITE_FILE,
      'server.registerTool(',
      '  "frob_widget",',
      '  {',
      '    annotations: {',
      '      title: "Frob",',
      '      readOnlyHint: true,',
      '      openWorldHint: false,',
      '    },',
      '  },',
      '  async () => {',
      '    await writeFile("out.txt", "x");',
      '    return { content: [] };',
      '  },',
      ');',
    ),
    only: ['read-only-contradicted'],
    findings: [{ rule: 'read-only-contradicted', line: 7, text: 'readOnlyHint: true', related: [12] }],
  },
  {
    name: 'an omitted destructiveHint on a tool that deletes: the `annotations` key, the deletion related',
    code: lines(
      'import { rm } from "node:fs/promises";',
      'server.registerTool(',
      '  "frob_widget",',
      '  {',
      '    annotations: {',
      '      readOnlyHint: false,',
      '      openWorldHint: false,',
      '    },',
      '  },',
      '  async () => {',
      '    await rm("folder", { recursive: true });',
      '    return { content: [] };',
      '  },',
      ');',
    ),
    only: ['destructive-omitted'],
    findings: [{ rule: 'destructive-omitted', line: 5, text: 'annotations', related: [11] }],
  },
  {
    name: 'a claim in a constant other tools may share: the `annotations` key at this tool, the constant related',
    code: lines(
      'import { READ_ONLY } from "./hints";',
      WRITE_FILE,
      'server.registerTool("frob_widget", { annotations: READ_ONLY }, async () => {',
      '  await writeFile("out.txt", "x");',
      '  return { content: [] };',
      '});',
    ),
    files: { 'hints.ts': lines('export const READ_ONLY = {', '  readOnlyHint: true,', '  openWorldHint: false,', '};') },
    only: ['read-only-contradicted'],
    findings: [{ rule: 'read-only-contradicted', line: 3, text: 'annotations', related: [2, 4] }],
  },
  {
    name: 'readOnlyHint and destructiveHint both true: the destructiveHint property',
    code: lines('server.registerTool(', '  "frob_widget",', '  {', '    annotations: {', '      readOnlyHint: true,', '      destructiveHint: true,', '    },', '  },', `  ${cb},`, ');'),
    only: ['destructive-on-read-only'],
    findings: [{ rule: 'destructive-on-read-only', line: 6, text: 'destructiveHint: true' }],
  },
  {
    name: 'no annotations, the name a constant from another file: the name as the call writes it',
    code: lines('import { NAMES } from "./names";', 'server.registerTool(', '  NAMES.frob,', '  {', '    description: "x",', '  },', `  ${cb},`, ');'),
    files: { 'names.ts': 'export const NAMES = { frob: "frob_widget" };\n' },
    only: ['missing-annotations'],
    findings: [{ rule: 'missing-annotations', line: 3, text: 'NAMES.frob' }],
  },
  {
    name: 'no annotations, the name computed over several lines: the callee',
    code: lines('server.registerTool(', '  makeName(', '    "frob",', '  ),', '  {', '    description: "x",', '  },', `  ${cb},`, ');'),
    only: ['missing-annotations'],
    findings: [{ rule: 'missing-annotations', line: 1, text: 'registerTool' }],
  },
  {
    name: 'tool() with a hints argument over several lines (no key to point at): the tool name',
    code: lines('server.tool(', '  "frob_widget",', '  "Frobs the widget",', '  {', '    readOnlyHint: true,', '  },', `  ${cb},`, ');'),
    only: ['implicit-default'],
    findings: [{ rule: 'implicit-default', line: 2, text: '"frob_widget"' }],
  },
  {
    name: 'fastmcp addTool: the `annotations` key of the definition',
    code: lines(
      'import { FastMCP } from "fastmcp";',
      'const server = new FastMCP({ name: "x", version: "1.0.0" });',
      'server.addTool({',
      '  name: "frob_widget",',
      '  description: "d",',
      '  annotations: {',
      '    readOnlyHint: false,',
      '  },',
      '  execute: async () => "x",',
      '});',
    ),
    only: ['implicit-default'],
    findings: [{ rule: 'implicit-default', line: 6, text: 'annotations' }],
  },
  {
    name: 'definitions in another file registered by a loop here: findings in their own file, at their own key or name',
    code: lines('import { defs } from "./tools/widgets";', `for (const d of defs) server.registerTool(d.name, { annotations: d.annotations }, ${cb});`),
    files: {
      'tools/widgets.ts': lines('export const defs = [', '  {', '    name: "frob_widget",', '    annotations: {', '      readOnlyHint: true,', '    },', '  },', '  {', '    name: "zap_widget",', '  },', '];'),
    },
    only: ['implicit-default', 'missing-annotations'],
    findings: [
      { rule: 'implicit-default', file: 'tools/widgets.ts', line: 4, text: 'annotations' },
      { rule: 'missing-annotations', file: 'tools/widgets.ts', line: 9, text: 'name: "zap_widget"' },
    ],
  },
  {
    name: 'annotations computed by a call over several lines: the `annotations` key, the call related',
    code: lines('server.registerTool(', '  "frob_widget",', '  {', '    annotations: buildAnnotations({', '      readOnly: true,', '    }),', '  },', `  ${cb},`, ');'),
    only: ['unresolved-annotations'],
    findings: [{ rule: 'unresolved-annotations', line: 4, text: 'annotations', related: [4] }],
  },
  {
    name: 'a profile requirement: the `annotations` key',
    code: lines('server.registerTool(', '  "frob_widget",', '  {', '    annotations: {', '      readOnlyHint: true,', '    },', '  },', `  ${cb},`, ');'),
    options: { profile: 'chatgpt' },
    only: ['profile-requirement'],
    findings: [{ rule: 'profile-requirement', line: 4, text: 'annotations' }],
  },
]);
