// The one notion of a write (syntax/writes.ts): what each statement writes, described as data, and how a
// reference is used. Each row is a snippet and every write found in it, in source order.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import ts from 'typescript';
import { referenceFlags, writeAt, writtenTargets, type WrittenTarget } from '../../server/src/engine/syntax/writes';

function parse(code: string): ts.SourceFile {
  return ts.createSourceFile('/virtual/writes.ts', code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
}

/** Every write in `sf`, walking every node and asking each. */
function writesIn(sf: ts.SourceFile): WrittenTarget[] {
  const out: WrittenTarget[] = [];
  const visit = (node: ts.Node): void => {
    out.push(...writtenTargets(node));
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

/** `kind target [root:path]`, `?` for a computed path, `-` for no root; then the default, value or mutation. */
function describe(write: WrittenTarget, sf: ts.SourceFile): string {
  const root = write.root ? write.root.getText(sf) : '-';
  const where = write.root ? `[${root}:${write.path ? write.path.join('.') : '?'}]` : '[-]';
  const extra = [
    write.fallback ? `default ${write.fallback.getText(sf)}` : '',
    write.value ? `value ${write.value.getText(sf)}` : '',
    write.mutation ? `${write.mutation} ${write.method}` : '',
    write.key ? `key ${write.key.getText(sf)}` : '',
  ].filter(Boolean);
  return [write.kind, write.target.getText(sf), where, ...extra].join(' ');
}

const valid: [string, string, string[]][] = [
  // Plain, compound and update writes.
  ['assignment', 'x = 1;', ['assign x [x:] value 1']],
  ['member assignment', 'o.a.b = v;', ['assign o.a.b [o:a.b] value v']],
  ['a literal key is a static path', 'o["a"][0] = v;', ['assign o["a"][0] [o:a.0] value v']],
  ['a computed key keeps the root, not the path', 'o[k].a = v;', ['assign o[k].a [o:?] value v']],
  ['parentheses and assertions around the target', '((o as any).a)! = v;', ['assign (o as any).a [o:a] value v']],
  ['this', 'this.items = [];', ['assign this.items [this:items] value []']],
  ['a target hanging from a call has no root', 'f().x = 1;', ['assign f().x [-] value 1']],
  ['chained assignment writes both', 'a = b = 0;', ['assign a [a:] value b = 0', 'assign b [b:] value 0']],
  ['compound', 'n += 2;', ['compound n [n:]']],
  ['logical assignment', 'cache.x ??= load();', ['compound cache.x [cache:x]']],
  ['prefix update', '++counts[k];', ['update counts[k] [counts:?]']],
  ['postfix update', 'o.n--;', ['update o.n [o:n]']],
  ['delete', 'delete o.k;', ['delete o.k [o:k]']],
  ['an array literal that is no pattern: its element assigns', 'f([a = 1]);', ['assign a [a:] value 1']],
  ['an object literal that is no pattern: its value assigns', 'f({ k: a = 1 });', ['assign a [a:] value 1']],
  // Destructuring assignment: every shape.
  ['array pattern', '[a, b] = pair;', ['destructure a [a:]', 'destructure b [b:]']],
  ['array pattern with holes', '[, second, , fourth] = list;', ['destructure second [second:]', 'destructure fourth [fourth:]']],
  ['array pattern with a default', '[a = 1, b] = list;', ['destructure a [a:] default 1', 'destructure b [b:]']],
  ['array rest', '[first, ...rest] = list;', ['destructure first [first:]', 'destructure rest [rest:]']],
  ['array pattern of members', '[o.a, o["b"], this.c] = list;', ['destructure o.a [o:a]', 'destructure o["b"] [o:b]', 'destructure this.c [this:c]']],
  ['array rest into a member', '[...o.rest] = list;', ['destructure o.rest [o:rest]']],
  ['parenthesised targets in a pattern', '[(a), (o.b as any)] = list;', ['destructure a [a:]', 'destructure o.b [o:b]']],
  ['nested array patterns', '[[a, b], [c]] = grid;', ['destructure a [a:]', 'destructure b [b:]', 'destructure c [c:]']],
  ['a nested pattern with a default', '[[a] = [1]] = list;', ['destructure a [a:]']],
  ['object shorthand', '({ a, b } = source);', ['destructure a [a:]', 'destructure b [b:]']],
  ['object shorthand with a default', '({ a = 1 } = source);', ['destructure a [a:] default 1']],
  ['object property into a variable', '({ key: a } = source);', ['destructure a [a:]']],
  ['object property into a member', '({ x: obj.y } = source);', ['destructure obj.y [obj:y]']],
  ['object property with a default', '({ x: obj.y = 2 } = source);', ['destructure obj.y [obj:y] default 2']],
  ['computed key in a pattern', '({ [k]: a } = source);', ['destructure a [a:]']],
  ['object rest', '({ a, ...rest } = source);', ['destructure a [a:]', 'destructure rest [rest:]']],
  ['object rest into a member', '({ ...o.rest } = source);', ['destructure o.rest [o:rest]']],
  ['object pattern nested in an object pattern', '({ a: { b, c: d } } = source);', ['destructure b [b:]', 'destructure d [d:]']],
  ['array pattern nested in an object pattern', '({ list: [first, o.second] } = source);', ['destructure first [first:]', 'destructure o.second [o:second]']],
  ['object pattern nested in an array pattern', '[{ a }, { b: c = 3 }] = pairs;', ['destructure a [a:]', 'destructure c [c:] default 3']],
  ['a nested object pattern with a default', '({ a: { b } = {} } = source);', ['destructure b [b:]']],
  ['a default that assigns is a write of its own', '[a = (b = 2)] = list;', ['destructure a [a:] default (b = 2)', 'assign b [b:] value 2']],
  ['a pattern as the value of an assignment', 'x = [a] = list;', ['assign x [x:] value [a] = list', 'destructure a [a:]']],
  // Loop heads with existing variables.
  ['for…of into a variable', 'for (item of list) {}', ['loop item [item:]']],
  ['for…in into a member', 'for (o.key in source) {}', ['loop o.key [o:key]']],
  ['for await…of', 'async function f() { for await (chunk of stream) {} }', ['loop chunk [chunk:]']],
  ['for…of with an array pattern', 'for ([k, v] of entries) {}', ['destructure k [k:]', 'destructure v [v:]']],
  ['for…of with an object pattern', 'for ({ name, value: o.v = 0 } of items) {}', ['destructure name [name:]', 'destructure o.v [o:v] default 0']],
  // Calls that change their receiver or Object.assign's target.
  ['push fills', 'list.push(x);', ['mutate list [list:] fill push']],
  ['unshift fills', 'list.unshift(x);', ['mutate list [list:] fill unshift']],
  ['a Map set fills a member', 'this.store.set(k, v);', ['mutate this.store [this:store] fill set']],
  ['a Set add fills', 'seen.add(x);', ['mutate seen [seen:] fill add']],
  ['splice removes', 'list.splice(0, 1);', ['mutate list [list:] remove splice']],
  ['delete removes', 'cache.delete(k);', ['mutate cache [cache:] remove delete']],
  ['clear removes', 'cache.clear();', ['mutate cache [cache:] remove clear']],
  ['sort reorders', 'list.sort();', ['mutate list [list:] reorder sort']],
  ['fill overwrites', 'list.fill(0);', ['mutate list [list:] overwrite fill']],
  ['optional chaining', 'list?.push(x);', ['mutate list [list:] fill push']],
  ['Object.assign merges into its target', 'Object.assign(tools, more);', ['mutate tools [tools:] merge assign']],
  ['Object.assign into a member', 'Object.assign(o.tools, more, extra);', ['mutate o.tools [o:tools] merge assign']],
  ['Object.defineProperty defines a member of its target', 'Object.defineProperty(exports, "x", { get: () => y });', ['mutate exports [exports:] define defineProperty key "x"']],
  ['Object.defineProperty on a member, with a computed key', 'Object.defineProperty(module.exports, key, descriptor);', ['mutate module.exports [module:exports] define defineProperty key key']],
];

const invalid: [string, string][] = [
  ['a declaration binds, it does not write', 'const [a, b] = pair; let { c, d: e = 1, ...f } = source;'],
  ['a declared loop variable', 'for (const item of list) {} for (let k in source) {} for (var [a, b] of entries) {}'],
  ['a comparison', 'x == 1; x === 2; x != 3; x <= 4; x >= 5;'],
  ['other unary operators', '-x; !x; ~x; typeof x; void x;'],
  ['a call that reads', 'list.map(f); list.includes(x); map.get(k); store.has(k); Object.keys(o);'],
  ['Object.assign without a source, or of a spread', 'Object.assign(x); Object.assign(...parts);'],
  ['Object.defineProperty without a descriptor, or of a spread', 'Object.defineProperty(x, "k"); Object.defineProperty(...args); Object.defineProperty(x, ...rest);'],
  ['a defineProperty that is not Object\'s', 'proxy.defineProperty(x, "k", d);'],
  ['an array literal that is read', 'f([a, b]); const list = [a, ...rest];'],
  ['an object literal that is read', 'f({ a, b: c, ...rest }); for (const k of [a, b]) {}'],
  ['a parameter default', 'function f(a = 1, { b } = {}, [c] = []) {}'],
  ['a class field', 'class C { x = 1; static y = 2; }'],
];

for (const [name, code, expected] of valid) {
  test(`writes: ${name}`, () => {
    const sf = parse(code);
    const writes = writesIn(sf);
    assert.deepEqual(writes.map((write) => describe(write, sf)), expected);
    // The reverse question agrees: each target is where writeAt finds the same write (a receiver is only read).
    for (const write of writes) {
      const found = writeAt(write.target);
      if (write.kind === 'mutate') assert.equal(found, undefined, `${describe(write, sf)}: a receiver is no target`);
      else assert.deepEqual(found && describe(found, sf), describe(write, sf));
      if (write.kind !== 'mutate') assert.equal(found?.node, write.node);
    }
  });
}

for (const [name, code] of invalid) {
  test(`writes nothing: ${name}`, () => {
    const sf = parse(code);
    assert.deepEqual(writesIn(sf).map((write) => describe(write, sf)), []);
    const visit = (node: ts.Node): void => {
      if (ts.isIdentifier(node)) assert.deepEqual(referenceFlags(node), { read: true, write: false }, node.text);
      ts.forEachChild(node, visit);
    };
    visit(sf);
  });
}

// Each identifier of the snippet named in the row, by its first occurrence.
const references: [string, Record<string, 'read' | 'write' | 'read-write'>][] = [
  ['x = y;', { x: 'write', y: 'read' }],
  ['x += y;', { x: 'read-write' }],
  ['x ||= y;', { x: 'read-write' }],
  ['x++;', { x: 'read-write' }],
  ['--x;', { x: 'read-write' }],
  ['o.k = v;', { o: 'read', v: 'read' }],
  ['[a, ...b] = c;', { a: 'write', b: 'write', c: 'read' }],
  ['[a = d] = c;', { a: 'write', d: 'read' }],
  ['({ a, k: b = d, ...e } = c);', { a: 'write', b: 'write', d: 'read', e: 'write' }],
  ['({ a = d } = c);', { a: 'write', d: 'read' }],
  ['for (x of list) {}', { x: 'write', list: 'read' }],
  ['for ([x] of list) {}', { x: 'write' }],
  ['(x as any) = 1;', { x: 'write' }],
  ['f({ x });', { x: 'read' }],
  ['list.push(x);', { list: 'read', x: 'read' }],
];

for (const [code, expected] of references) {
  test(`reference flags: ${code}`, () => {
    const sf = parse(code);
    const seen = new Map<string, ts.Identifier>();
    const visit = (node: ts.Node): void => {
      if (ts.isIdentifier(node) && !seen.has(node.text)) seen.set(node.text, node);
      ts.forEachChild(node, visit);
    };
    visit(sf);
    for (const [name, use] of Object.entries(expected)) {
      const identifier = seen.get(name);
      assert.ok(identifier, name);
      const flags = referenceFlags(identifier);
      assert.equal(flags.read && flags.write ? 'read-write' : flags.write ? 'write' : 'read', use, name);
    }
  });
}
