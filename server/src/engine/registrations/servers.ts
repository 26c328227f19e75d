// Constructions of MCP servers: what tells a project that serves tools (so that finding none is said, never
// passed over as "no problems"). Recognised by the package the class or function is imported from, never by a
// name alone: `new Server(…)` of socket.io or `http` is not one.
import ts from 'typescript';
import type { ServerConstruction } from '../model';
import { importOf, nodeAt, outermost, skipOuterExpressions } from '../syntax';
import { locOf } from '../values';

interface ServerEntry {
  /** Packages (or subpaths, by prefix when ending in `/`) the export comes from. */
  modules: readonly string[];
  exports: readonly string[];
  /** `new X(…)`, a call `x(…)`, or a class that `extends X`. */
  how: 'new' | 'call' | 'extends';
}

const SERVERS: readonly ServerEntry[] = [
  { modules: ['@modelcontextprotocol/sdk/', '@modelcontextprotocol/server'], exports: ['McpServer', 'Server'], how: 'new' },
  { modules: ['fastmcp'], exports: ['FastMCP'], how: 'new' },
  { modules: ['mcp-framework', '@mastra/mcp'], exports: ['MCPServer'], how: 'new' },
  { modules: ['tmcp', 'mcp-lite'], exports: ['McpServer'], how: 'new' },
  { modules: ['mcp-handler', '@vercel/mcp-adapter'], exports: ['createMcpHandler'], how: 'call' },
  { modules: ['mcp-use/server', 'mcp-use'], exports: ['createMCPServer'], how: 'call' },
  { modules: ['@supabase/mcp-utils'], exports: ['createMcpServer'], how: 'call' },
  { modules: ['@cyanheads/mcp-ts-core'], exports: ['createApp'], how: 'call' },
  { modules: ['agents/mcp'], exports: ['McpAgent'], how: 'extends' },
];

/** Methods of the SDK's and fastmcp's server classes: a bundle declares them in its own copy of the class. */
const SERVER_METHODS = new Set(['registerTool', 'setRequestHandler', 'addTool']);

const CLASS_NAMES = [...new Set(SERVERS.filter((e) => e.how !== 'call').flatMap((e) => e.exports))];
const FUNCTION_NAMES = SERVERS.filter((e) => e.how === 'call').flatMap((e) => e.exports);
/** The text test: a construction, and the package it comes from or a bundled copy of the server class. */
const CONSTRUCTION_HINT = new RegExp(`\\bnew\\s*\\(?\\s*(?:[\\w$]+\\.)?(?:${CLASS_NAMES.join('|')})\\s*[(<]|\\b(?:${FUNCTION_NAMES.join('|')})\\s*\\(|\\bextends\\s+(?:[\\w$]+\\.)?McpAgent\\b`);
const LIBRARY_HINT = new RegExp(
  [...SERVERS.flatMap((e) => e.modules).map((m) => m.replace(/[/.]/g, (c) => `\\${c}`)), `\\b(?:class\\s+(?:${CLASS_NAMES.join('|')})\\b|(?:${CLASS_NAMES.join('|')})\\s*=\\s*class\\b)`].join('|'),
);

/** True when the text may construct an MCP server: other files are never walked for one. */
export function mayConstructServer(text: string): boolean {
  return (CONSTRUCTION_HINT.test(text) || RENAMED_HINT.test(text)) && LIBRARY_HINT.test(text);
}

/** The names a construction is written with, and the local names the file gives them (`{ McpServer as M }`, `{ McpServer: M } = require(…)`). */
const SERVER_NAMES = [...CLASS_NAMES, ...FUNCTION_NAMES, 'McpAgent'];
const RENAMED = new RegExp(`\\b(?:${SERVER_NAMES.join('|')})\\s*(?:\\bas\\s+|:\\s*)([\\w$]+)`, 'g');
const RENAMED_HINT = new RegExp(RENAMED.source);

/** Where one of `names` stands as a whole identifier. */
function namesPattern(names: readonly string[]): RegExp {
  return new RegExp(`(?<![\\w$])(?:${names.map((name) => name.replace(/\$/g, '\\$')).join('|')})(?![\\w$])`, 'g');
}
const SERVER_NAME_AT = namesPattern(SERVER_NAMES);

/**
 * Every MCP server the file constructs, in source order. Only the places the text names a server class or
 * function (or a local name for one) are looked at, each by a descent to its node: an edit of a large file does
 * not walk the whole tree again.
 */
export function serverConstructions(sf: ts.SourceFile): ServerConstruction[] {
  if (!mayConstructServer(sf.text)) return [];
  const renamed = new Set([...sf.text.matchAll(RENAMED)].map((match) => match[1]).filter((name) => !SERVER_NAMES.includes(name)));
  const nameAt = renamed.size ? namesPattern([...SERVER_NAMES, ...renamed]) : SERVER_NAME_AT;
  const seen = new Set<ts.Node>();
  const out: { start: number; construction: ServerConstruction }[] = [];
  for (const match of sf.text.matchAll(nameAt)) {
    const identifier = nodeAt(sf, { file: sf.fileName, start: match.index, end: match.index + match[0].length });
    const node = identifier && ts.isIdentifier(identifier) ? constructionNaming(identifier) : undefined;
    if (!node || seen.has(node)) continue;
    seen.add(node);
    const library = serverLibrary(node);
    if (library) out.push({ start: node.getStart(sf), construction: { loc: locOf(node, sf), text: shortText(node, sf), library } });
  }
  return out.sort((a, b) => a.start - b.start).map(({ construction }) => construction);
}

/** The `new`, call or class whose callee or base class is `identifier` (`new X(…)`, `ns.X(…)`, `extends X`). */
function constructionNaming(identifier: ts.Identifier): ts.Node | undefined {
  let expression: ts.Node = identifier;
  if (ts.isPropertyAccessExpression(expression.parent) && expression.parent.name === expression) expression = expression.parent;
  expression = outermost(expression);
  const parent = expression.parent;
  if ((ts.isNewExpression(parent) || ts.isCallExpression(parent)) && parent.expression === expression) return parent;
  if (ts.isExpressionWithTypeArguments(parent) && ts.isHeritageClause(parent.parent) && ts.isClassLike(parent.parent.parent)) return parent.parent.parent;
  return undefined;
}

/** The package a server construction comes from, or undefined when `node` constructs none. */
export function serverLibrary(node: ts.Node): string | undefined {
  if (ts.isNewExpression(node)) return libraryOf(node.expression, 'new') ?? bundledServerClass(node.expression);
  if (ts.isCallExpression(node)) return libraryOf(node.expression, 'call');
  if (ts.isClassLike(node)) {
    const base = node.heritageClauses?.find((clause) => clause.token === ts.SyntaxKind.ExtendsKeyword)?.types[0]?.expression;
    return base ? libraryOf(base, 'extends') : undefined;
  }
  return undefined;
}

function libraryOf(callee: ts.Expression, how: ServerEntry['how']): string | undefined {
  const expr = skipOuterExpressions(callee);
  let name: string | undefined;
  let found: { module: string; exportName: string } | undefined;
  if (ts.isIdentifier(expr)) {
    name = expr.text;
    found = importOf(expr);
  } else if (ts.isPropertyAccessExpression(expr) && ts.isIdentifier(expr.expression)) {
    // A namespace import or a compiled require: `new mcp_js_1.McpServer(…)`.
    name = expr.name.text;
    const namespace = importOf(expr.expression);
    found = namespace && (namespace.exportName === '*' || namespace.exportName === 'default') ? { module: namespace.module, exportName: name } : undefined;
  }
  if (!name || !found) return undefined;
  const { module, exportName } = found;
  const entry = SERVERS.find(
    (e) => e.how === how && e.exports.includes(exportName) && e.modules.some((m) => (m.endsWith('/') ? module.startsWith(m) : module === m || module.startsWith(`${m}/`))),
  );
  return entry ? module : undefined;
}

/** A bundle's own copy of the SDK's class (`var McpServer = class { registerTool(…) {…} }`), named as the SDK names it. */
function bundledServerClass(callee: ts.Expression): string | undefined {
  const expr = skipOuterExpressions(callee);
  if (!ts.isIdentifier(expr) || !CLASS_NAMES.includes(expr.text)) return undefined;
  const sf = expr.getSourceFile();
  const declaration = sf.statements.find((statement) => declaresClass(statement, expr.text));
  return declaration ? `a bundled ${expr.text}` : undefined;
}

function declaresClass(statement: ts.Statement, name: string): boolean {
  let cls: ts.ClassLikeDeclaration | undefined;
  if (ts.isClassDeclaration(statement) && statement.name?.text === name) cls = statement;
  if (ts.isVariableStatement(statement)) {
    for (const declaration of statement.declarationList.declarations) {
      const init = declaration.initializer && skipOuterExpressions(declaration.initializer);
      if (ts.isIdentifier(declaration.name) && declaration.name.text === name && init && ts.isClassExpression(init)) cls = init;
    }
  }
  return !!cls && cls.members.some((member) => ts.isMethodDeclaration(member) && member.name && ts.isIdentifier(member.name) && SERVER_METHODS.has(member.name.text));
}

/** A node's text on one line, cut after its callee and first argument: `new McpServer({ name: "a", … })`. */
export function shortText(node: ts.Node, sf: ts.SourceFile, max = 60): string {
  let text: string;
  if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
    const args = node.arguments ?? [];
    const first = args[0] ? fold(args[0].getText(sf)) : '';
    const callee = fold(node.expression.getText(sf));
    const head = `${ts.isNewExpression(node) ? 'new ' : ''}${callee}(`;
    const room = Math.max(8, max - head.length - 4);
    text = `${head}${first.length > room ? `${first.slice(0, room - 1)}…` : first}${args.length > 1 ? ', …' : ''})`;
    return text;
  }
  if (ts.isClassLike(node)) return `class ${node.name?.text ?? '(anonymous)'}`;
  text = fold(node.getText(sf));
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

function fold(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
