// Which loop variable, callback parameter or wrapper parameter a value waits on (values/expand/binders.ts, binderOf):
// the one question behind a tool definition read again per loop element and a literal pushed or passed in a loop.
// Each row is a snippet whose `probe(…)` argument is evaluated, and the binder each search finds in it (by the name
// it declares; `-` for none).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import ts from 'typescript';
import { parseSource } from '../../server/src/engine/syntax/parse';
import { binderOf, EMPTY_ENV, Evaluator, type BinderSearch } from '../../server/src/engine/values';

/** The searches of the engine: a tool definition's (find.ts) and a literal's at a push or a call site. */
const SEARCHES = {
  definition: () => ({ keys: new Set(['name', 'annotations']) }),
  site: (site: ts.Node) => ({ site, depth: 2, parameters: false }),
  'site with parameters': (site: ts.Node) => ({ site, depth: 2, parameters: true }),
} satisfies Record<string, (site: ts.Node) => BinderSearch>;

type Search = keyof typeof SEARCHES;

const rows: [string, string, Partial<Record<Search, string>>][] = [
  ['an unknown that waits on a loop variable is its own binder', 'for (const tool of list) probe(tool);', { definition: 'tool', site: 'tool', 'site with parameters': 'tool' }],
  ['a literal in a loop waits on the loop variable its name reads', 'for (const tool of list) probe({ name: tool.name });', { definition: 'tool', site: 'tool', 'site with parameters': 'tool' }],
  ['annotations count for a definition', 'for (const t of list) probe({ name: "x", annotations: t.hints });', { definition: 't', site: 't', 'site with parameters': 't' }],
  ['another member counts for a literal only', 'for (const tool of list) probe({ config: tool.config });', { site: 'tool', 'site with parameters': 'tool' }],
  ['two levels down in a literal', 'for (const tool of list) probe({ mcp: { title: tool.title } });', { site: 'tool', 'site with parameters': 'tool' }],
  ['three levels down is past a literal\'s depth', 'for (const tool of list) probe({ a: { b: { c: tool.c } } });', {}],
  ['a definition nested under its keys at any depth', 'for (const d of list) probe({ annotations: { name: d.name } });', { definition: 'd', site: 'd', 'site with parameters': 'd' }],
  ['a definition built before the site: found for a definition, not in a literal at the site', 'for (const d of defs) { const def = { name: `x_${d.id}` }; probe(def); }', { definition: 'd' }],
  ['a callback parameter is around the site', 'list.forEach((item) => probe({ name: item.name }));', { definition: 'item', site: 'item', 'site with parameters': 'item' }],
  ['a wrapper parameter only with parameters', 'function build(custom) { probe({ name: custom }); }', { definition: 'custom', 'site with parameters': 'custom' }],
  ['a member spread in from elsewhere is not read at the site', 'const base = { name: undefined };\nfor (const t of list) probe({ ...base, other: 1 });', {}],
  ['a value that waits on nothing', 'probe({ name: "fixed", annotations: { readOnlyHint: true } });', {}],
];

function probed(code: string): { call: ts.CallExpression; sf: ts.SourceFile } {
  const sf = parseSource('/virtual/binders.ts', code);
  let call: ts.CallExpression | undefined;
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'probe') call = node;
    ts.forEachChild(node, visit);
  };
  visit(sf);
  assert.ok(call, 'a probe(…) call');
  return { call, sf };
}

for (const [name, code, expected] of rows) {
  test(`binders: ${name}`, () => {
    const { call, sf } = probed(code);
    const evaluator = new Evaluator({ getSourceFile: (path) => (path === sf.fileName ? sf : undefined) }, new Set());
    const value = evaluator.evaluate(call.arguments[0], sf, EMPTY_ENV);
    for (const [search, make] of Object.entries(SEARCHES) as [Search, (site: ts.Node) => BinderSearch][]) {
      const binder = binderOf(value, make(call));
      const found = binder && !ts.isClassLike(binder.declaration) ? binder.declaration.name.getText(sf) : binder ? 'this' : '-';
      assert.equal(found, expected[search] ?? '-', search);
    }
  });
}
