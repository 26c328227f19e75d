// Every unknown value says why as data (issue 18, "typed facts between phases"): the evaluator gives it a cause
// (`budget`, `runtime`, `unsupported`, `binder`), and phases decide from that, never from the reason's words. One
// table of snippets → the cause of the value `probe` is given; one of registrations → the cause kind of the site
// that cannot be enumerated (built from the unknown's cause) or of the tool whose name is unknown.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import ts from 'typescript';
import type { UnknownCause } from '../../server/src/engine/model';
import { parseSource } from '../../server/src/engine/syntax/parse';
import { Evaluator, type Value } from '../../server/src/engine/values';
import { lines, runCases, type Case } from './tester';

const FILE = '/project/src/server.ts';

/** `const c0 = "x"; const c1 = c0; …; const c<n> = c<n-1>;`: each link one evaluation deeper (the depth limit is 40). */
function constantChain(n: number): string {
  return ['const c0 = "x";', ...Array.from({ length: n }, (_, i) => `const c${i + 1} = c${i};`)].join('\n');
}

/**
 * Functions that each call the one below ten times (`[f0(), …, f0()][9]`): a million calls, six deep, which spends
 * the step budget (200,000) long before the depth limit. The last element is read after the budget ran out.
 */
function callTree(levels: number): string {
  const out = ['function f0() { return "x"; }'];
  for (let i = 1; i <= levels; i++) out.push(`function f${i}() { return [${Array.from({ length: 10 }, () => `f${i - 1}()`).join(', ')}][9]; }`);
  return out.join('\n');
}

/** The declaration `const probe = …` (anywhere in the file) and its initializer. */
function probeOf(sf: ts.SourceFile, name = 'probe'): ts.Expression {
  let found: ts.Expression | undefined;
  const visit = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.name.text === name && node.initializer) found = node.initializer;
    ts.forEachChild(node, visit);
  };
  visit(sf);
  assert.ok(found, `no \`const ${name} = …\` in the snippet`);
  return found;
}

function evaluatorFor(code: string): { evaluator: Evaluator; sf: ts.SourceFile } {
  const sf = parseSource(FILE, code);
  const evaluator = new Evaluator({ getSourceFile: (path) => (path === FILE ? sf : undefined), listDirectory: () => undefined }, new Set());
  return { evaluator, sf };
}

function unknownCause(value: Value): UnknownCause | undefined {
  return value.kind === 'unknown' ? value.cause : undefined;
}

interface ValueCase {
  name: string;
  code: string;
  cause: UnknownCause;
}

const valueCases: ValueCase[] = [
  // budget: the evaluator gave up; another reading with a fresh budget may go further.
  { name: 'a chain of constants deeper than the depth limit', code: lines(constantChain(60), 'const probe = c60;'), cause: { kind: 'budget', limit: 'depth' } },
  { name: 'calls that spend the step budget', code: lines(callTree(6), 'const probe = f6();'), cause: { kind: 'budget', limit: 'steps' } },
  // runtime: only the running server has the value.
  { name: 'an environment variable', code: 'const probe = process.env.TOOL_NAME;', cause: { kind: 'runtime', source: 'environment' } },
  { name: 'an environment variable read through env-var', code: lines('import env from "env-var";', 'const probe = env.get("PREFIX").asArray();'), cause: { kind: 'runtime', source: 'environment' } },
  { name: 'the text of a file read at a known path', code: lines('import { readFileSync } from "node:fs";', 'const probe = readFileSync("/project/tools.txt", "utf8");'), cause: { kind: 'runtime', source: 'file' } },
  { name: 'a file read at a path given at run time', code: lines('import { readFileSync } from "node:fs";', 'const probe = JSON.parse(readFileSync(process.env.TOOLS_FILE!, "utf8"));'), cause: { kind: 'runtime', source: 'call' } },
  { name: 'a module chosen at run time', code: 'const probe = await import(process.env.PLUGIN!);', cause: { kind: 'runtime', source: 'module' } },
  { name: 'a value a run-time condition chooses', code: lines('const a = "x";', 'const b = "y";', 'const probe = Math.random() > 0.5 ? a : b;'), cause: { kind: 'runtime', source: 'condition' } },
  { name: 'a variable changed after its declaration', code: lines('let name = "a";', 'if (process.argv.length > 2) name = process.argv[2];', 'const probe = name;'), cause: { kind: 'runtime', source: 'write' } },
  // unsupported: code the evaluator does not model.
  { name: 'a member read with a key known only at run time', code: lines('const names = { a: "x" };', 'const probe = names[process.env.KEY!];'), cause: { kind: 'unsupported', construct: 'computed-member' } },
  { name: 'an expression kind the evaluator does not read', code: 'const probe = /tool_[a-z]+/;', cause: { kind: 'unsupported', construct: 'syntax' } },
  { name: 'a relative import that does not resolve', code: lines('import { NAME } from "./missing";', 'const probe = NAME;'), cause: { kind: 'unsupported', construct: 'import' } },
  { name: 'an import from a package', code: lines('import { NAME } from "some-package";', 'const probe = NAME;'), cause: { kind: 'unsupported', construct: 'package' } },
  { name: 'a recursive call', code: lines('function f(n: number): string { return f(n); }', 'const probe = f(1);'), cause: { kind: 'unsupported', construct: 'recursion' } },
  // binder: waits on a caller, a loop or a subclass.
  { name: 'a parameter', code: 'export function add(def: { name: string }) { const probe = def; }', cause: { kind: 'binder', binder: 'parameter', name: 'def' } },
  { name: 'a parameter the call did not pass', code: lines('function named(n?: string) { return n; }', 'const probe = named();'), cause: { kind: 'binder', binder: 'parameter', name: 'n', passed: false } },
  { name: 'a loop variable', code: 'for (const d of JSON.parse("[]")) { const probe = d; }', cause: { kind: 'binder', binder: 'loop-variable', name: 'd' } },
  // A reason built from another value's keeps that value's cause.
  { name: 'a member of a value cut short keeps its cause', code: lines(constantChain(60), 'const probe = c60.name;'), cause: { kind: 'budget', limit: 'depth' } },
  { name: 'a key of an object with a spread of a package import keeps the spread cause', code: lines('import { BASE } from "some-package";', 'const object = { ...BASE };', 'const probe = object.name;'), cause: { kind: 'unsupported', construct: 'package' } },
];

describe('unknown causes: the cause of an unknown value', () => {
  for (const c of valueCases) {
    test(c.name, () => {
      const { evaluator, sf } = evaluatorFor(c.code);
      const value = evaluator.evaluate(probeOf(sf), sf);
      assert.equal(value.kind, 'unknown', `the value is known: ${JSON.stringify(value.kind === 'literal' ? value.value : value.kind)}`);
      assert.deepEqual(unknownCause(value), c.cause, `reason: ${value.kind === 'unknown' ? value.reason : ''}`);
    });
  }

  test('a module constant cut short by the budget is not kept: read again with a fresh budget, it is known', () => {
    const { evaluator, sf } = evaluatorFor(lines(constantChain(60), 'const probe = c60;', 'const again = c30;'));
    const first = evaluator.evaluate(probeOf(sf), sf);
    assert.deepEqual(unknownCause(first), { kind: 'budget', limit: 'depth' });
    // c30 was on the path of the first reading, which gave up below it: had that unknown been kept, c30 would be unknown.
    const again = evaluator.evaluate(probeOf(sf, 'again'), sf);
    assert.equal(again.kind === 'literal' ? again.value : again.kind, 'x');
  });

  test('a module constant unknown for another cause is kept (read once)', () => {
    const { evaluator, sf } = evaluatorFor(lines('const base = process.env.BASE;', 'const probe = base;', 'const again = base;'));
    const first = evaluator.evaluate(probeOf(sf), sf);
    const again = evaluator.evaluate(probeOf(sf, 'again'), sf);
    assert.deepEqual(unknownCause(first), { kind: 'runtime', source: 'environment' });
    assert.equal(again, first, 'the constant was evaluated again');
  });
});

const SDK = 'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";';
const SERVER = 'const server = new McpServer({ name: "s", version: "1" });';
const cb = 'async () => ({ content: [] })';
const REGISTER_EACH = `for (const d of load()) server.registerTool(d.name, { annotations: { readOnlyHint: true } }, ${cb});`;

// The list each tool is made for comes from `load()`: the site's cause kind is that of the list's unknown value.
const siteCases: Case[] = [
  {
    name: 'site: a list cut short by the depth limit is code the engine did not finish reading',
    code: lines(SDK, SERVER, constantChain(60), 'function load(): any[] { return c60 as any; }', REGISTER_EACH),
    tools: [],
    unenumerated: [{ line: 65, kind: 'unsupported', cause: /which mcp-hints does not evaluate \(too deeply nested to follow\)/ }],
  },
  {
    name: 'site: a list cut short by the step budget is code the engine did not finish reading',
    code: lines(SDK, SERVER, callTree(6), 'function load(): any[] { return f6() as any; }', REGISTER_EACH),
    tools: [],
    unenumerated: [{ line: 11, kind: 'unsupported', cause: /which mcp-hints does not evaluate \(too complex to follow statically\)/ }],
  },
  {
    name: 'site: a list read from a file at a run-time path is known only at run time',
    code: lines(SDK, SERVER, 'import { readFileSync } from "node:fs";', 'function load(): any[] { return JSON.parse(readFileSync(process.env.TOOLS!, "utf8")); }', REGISTER_EACH),
    tools: [],
    unenumerated: [{ line: 5, kind: 'runtime', cause: /known only at run time \(the result of `JSON\.parse\(\)`\)/ }],
  },
  {
    name: 'site: a list given by an expression the engine does not read',
    code: lines(SDK, SERVER, 'function load(): any[] { return /tools/ as any; }', REGISTER_EACH),
    tools: [],
    unenumerated: [{ line: 4, kind: 'unsupported', cause: /which mcp-hints does not evaluate \(a run-time expression \(RegularExpressionLiteral\)\)/ }],
  },
  {
    name: 'site: a list from a parameter the call does not pass waits on a caller',
    code: lines(SDK, SERVER, 'function load(list?: any[]): any[] { return list as any; }', REGISTER_EACH),
    tools: [],
    unenumerated: [{ line: 4, kind: 'parameter', cause: /known only at run time \(the parameter `list` \(not passed\)\)/ }],
  },
];

// One tool whose name only is unknown: the tool says why as data.
const nameCases: Case[] = [
  {
    name: 'tool: a name read from the environment',
    code: lines(SDK, SERVER, `server.registerTool(process.env.TOOL!, { annotations: { readOnlyHint: true } }, ${cb});`),
    tools: [{ name: null, nameReason: /the environment variable TOOL/, nameCause: 'runtime' }],
  },
  {
    name: 'tool: a name read with a computed key',
    code: lines(SDK, SERVER, 'const names: Record<string, string> = { a: "x" };', `server.registerTool(names[process.argv[2]], { annotations: { readOnlyHint: true } }, ${cb});`),
    tools: [{ name: null, nameReason: /a computed member/, nameCause: 'unsupported' }],
  },
  {
    name: 'tool: a name cut short by the depth limit',
    code: lines(SDK, SERVER, constantChain(60), `server.registerTool(c60, { annotations: { readOnlyHint: true } }, ${cb});`),
    tools: [{ name: null, nameReason: /too deeply nested/, nameCause: 'budget' }],
  },
];

runCases('unknown causes: registration sites', siteCases);
runCases('unknown causes: tool names', nameCases);
