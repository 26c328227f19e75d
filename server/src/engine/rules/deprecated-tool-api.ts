import ts from 'typescript';
import { nodeAt } from '../syntax';
import { eol, indentUnit, lineIndent } from '../fixes';
import type { Fix, Loc, Tool } from '../model';
import type { Rule, RuleContext } from './rule';
import { exampleFile, ZOD } from './example';

export const deprecatedToolApi: Rule = {
  id: 'deprecated-tool-api',
  aboutCode: true,
  defaultSeverity: 'info',
  docs: {
    what: '`server.tool(...)`, deprecated since @modelcontextprotocol/sdk 1.22 and removed in v2.',
    why: '`registerTool(name, { title, description, inputSchema, annotations }, cb)` replaces it and has no ambiguous argument slots: in `tool()`, an object is read as a schema or as annotations depending on its contents.',
    examples: [
      {
        bad: exampleFile([ZOD], `server.tool("search", "Search docs", { q: z.string() }, { readOnlyHint: true }, async ({ q }) => ({\n  content: [{ type: "text", text: q }],\n}));`),
        good: exampleFile([ZOD], `server.registerTool("search", { description: "Search docs", inputSchema: { q: z.string() }, annotations: { readOnlyHint: true } }, async ({ q }) => ({\n  content: [{ type: "text", text: q }],\n}));`),
      },
    ],
  },
  check(context) {
    const { tool, tools } = context;
    if (tool.form !== 'tool' || tool.config !== null) return [];
    // Tools expanded from one call (a loop, a wrapper) share it: one report, at the call.
    const first = tool.callArgs?.[0];
    if (first && tools.some((other, i) => i < tools.indexOf(tool) && other.form === 'tool' && other.callArgs?.[0]?.start === first.start && other.callArgs[0].file === first.file)) return [];
    const fix = convertFix(tool, context);
    return [
      {
        message: '`tool()` is deprecated and removed in SDK v2: use `registerTool()`.',
        detail: 'Deprecated since @modelcontextprotocol/sdk 1.22. `registerTool(name, { description, inputSchema, annotations }, cb)` has no ambiguous argument slots: in `tool()`, an object is read as a schema or as annotations depending on its contents.',
        loc: calleeLoc(tool, context) ?? tool.loc,
        tags: ['deprecated'],
        fixes: fix ? [fix] : [],
      },
    ];
  },
};

/** The `tool(...)` call: the tool's own location, or (for tools expanded from data) the call holding its arguments. */
function callAt(tool: Tool, context: RuleContext): { call: ts.CallExpression; sf: ts.SourceFile } | undefined {
  const sf = context.sourceFileOf(tool.loc.file);
  const node = sf && nodeAt(sf, tool.loc);
  if (sf && node && ts.isCallExpression(node)) return { call: node, sf };
  const firstArg = tool.callArgs?.[0];
  const argSf = firstArg && context.sourceFileOf(firstArg.file);
  const arg = argSf && nodeAt(argSf, firstArg);
  const call = arg?.parent;
  return argSf && call && ts.isCallExpression(call) && call.arguments[0] === arg ? { call, sf: argSf } : undefined;
}

function calleeLoc(tool: Tool, context: RuleContext): Loc | undefined {
  const found = callAt(tool, context);
  if (!found || !ts.isPropertyAccessExpression(found.call.expression)) return undefined;
  const name = found.call.expression.name;
  return { file: found.sf.fileName, start: name.getStart(found.sf), end: name.getEnd() };
}

const same = (loc: Loc | null | undefined, node: ts.Node, sf: ts.SourceFile) => !!loc && loc.start === node.getStart(sf) && loc.end === node.getEnd();

/** Rewrites the call as registerTool, keeping every argument's text. */
function convertFix(tool: Tool, context: RuleContext): Fix | undefined {
  const found = callAt(tool, context);
  if (!found || !ts.isPropertyAccessExpression(found.call.expression)) return undefined;
  const { call, sf } = found;
  const args = call.arguments;
  const [nameArg, ...rest] = args;
  const callback = rest.pop();
  if (!nameArg || !callback) return undefined;
  // Roles by position, as the SDK assigns them: the annotations argument is known; of the others, the schema
  // (when the tool has one) is the last and a description comes first. (tool.inputSchema points at the resolved
  // value, which is not the argument when the schema is a constant.)
  const annotationsArg = rest.find((arg) => same(tool.declared?.loc, arg, sf));
  const others = rest.filter((arg) => arg !== annotationsArg);
  const schemaArg = tool.inputSchema ? others.at(-1) : undefined;
  const properties: string[] = [];
  for (const arg of rest) {
    const text = arg.getText(sf);
    if (arg === schemaArg) properties.push(`inputSchema: ${text}`);
    else if (arg === annotationsArg) properties.push(`annotations: ${text}`);
    else properties.push(`description: ${text}`);
  }
  const text = sf.text;
  const multiLine = text.slice(call.getStart(sf), call.getEnd()).includes('\n');
  const nl = eol(sf);
  // Arguments on their own lines keep that layout: the config becomes one more argument line.
  const nameLineStart = text.lastIndexOf('\n', nameArg.getStart(sf) - 1) + 1;
  const argumentsOnOwnLines = multiLine && /^[ \t]*$/.test(text.slice(nameLineStart, nameArg.getStart(sf)));
  const indent = argumentsOnOwnLines ? lineIndent(text, nameArg.getStart(sf)) : lineIndent(text, call.getStart(sf));
  const inner = indent + indentUnit(sf);
  const config = properties.length === 0 ? '{}' : multiLine ? `{${nl}${properties.map((p) => `${inner}${p},`).join(nl)}${nl}${indent}}` : `{ ${properties.join(', ')} }`;
  const between = argumentsOnOwnLines ? `,${nl}${indent}${config},${nl}${indent}` : `, ${config}, `;
  const method = (call.expression as ts.PropertyAccessExpression).name;
  return {
    title: 'Convert to registerTool(name, { description, inputSchema, annotations }, cb)',
    safe: false,
    edits: [
      { file: sf.fileName, start: method.getStart(sf), end: method.getEnd(), newText: 'registerTool' },
      { file: sf.fileName, start: nameArg.getEnd(), end: callback.getStart(sf), newText: between },
    ],
  };
}
