// The TextMate injection grammars in syntaxes/, checked three ways:
// 1. vscode-tmgrammar-test runs the assertion fixtures in test/grammar/fixtures (with TypeScript's and
//    JavaScript's own grammars from the tm-grammars package, as VS Code would have them);
// 2. a deliberately broken copy of each grammar must make those fixtures fail (so the fixtures can fail);
// 3. injecting must not change how any other line is tokenized (fixtures, a synthetic file, and the
//    real servers in .cache/corpus when they are there).
import { ensureCorpus } from '../corpus/location';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createRegistryFromGrammars } from 'vscode-tmgrammar-test/dist/common/index.js';
import { parseGrammarTestCase, runGrammarTestCase } from 'vscode-tmgrammar-test/dist/unit/index.js';

const root = path.resolve(import.meta.dirname, '../..');
const fixtures = path.join(root, 'test/grammar/fixtures');
const tmgrammarTest = path.join(root, 'node_modules/.bin/vscode-tmgrammar-test');
const baseGrammarDir = path.join(root, 'node_modules/tm-grammars/grammars');
/** Root scope -> the file of its grammar in tm-grammars. */
const baseGrammars: Record<string, string> = {
  'source.ts': 'typescript.json',
  'source.tsx': 'tsx.json',
  'source.js': 'javascript.json',
  'source.js.jsx': 'jsx.json',
};

interface GrammarContribution {
  scopeName: string;
  path: string;
  injectTo?: string[];
}
const packageJson = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const contributed: GrammarContribution[] = packageJson.contributes?.grammars ?? [];

function runFixtures(configPath: string): { status: number | null; output: string } {
  const grammarArgs = Object.values(baseGrammars).flatMap((file) => ['-g', path.join(baseGrammarDir, file)]);
  const result = spawnSync(
    process.execPath,
    [tmgrammarTest, '--compact', '--config', configPath, ...grammarArgs, path.join(fixtures, '*')],
    { cwd: root, encoding: 'utf8' },
  );
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

test('package.json contributes both injection grammars, injected into TS, TSX, JS and JSX', () => {
  const scopes = contributed.map((g) => g.scopeName).sort();
  assert.deepEqual(scopes, ['mcp-hints.annotations.injection', 'mcp-hints.directives.injection']);
  for (const g of contributed) {
    const grammar = JSON.parse(fs.readFileSync(path.join(root, g.path), 'utf8'));
    assert.equal(grammar.scopeName, g.scopeName, `${g.path} declares the scopeName package.json gives it`);
    assert.deepEqual([...(g.injectTo ?? [])].sort(), Object.keys(baseGrammars).sort());
    for (const scope of Object.keys(baseGrammars)) {
      assert.match(grammar.injectionSelector, new RegExp(`L:${scope.replace(/\./g, '\\.')}[ ,]`), `${g.path} selects ${scope}`);
    }
  }
});

test('the grammar fixtures pass (vscode-tmgrammar-test)', () => {
  const { status, output } = runFixtures(path.join(root, 'package.json'));
  assert.equal(status, 0, output);
  const files = fs.readdirSync(fixtures);
  assert.ok(files.length >= 5, 'all fixture files are there');
  for (const file of files) assert.match(output, new RegExp(`✓ .*${file.replace('.', '\\.')} run successfuly`), output);
});

/** Runs every fixture in-process against the contributed grammars, with `mutate` applied to one of them. */
async function fixtureFailuresWith(scopeName: string, mutate: (text: string) => string): Promise<string[]> {
  const grammars = [
    ...Object.entries(baseGrammars).map(([scope, file]) => ({ scopeName: scope, path: path.join(baseGrammarDir, file) })),
    ...contributed.map((g) => ({ ...g, path: path.join(root, g.path) })),
  ].map((grammar) => {
    const text = fs.readFileSync(grammar.path, 'utf8');
    if (grammar.scopeName !== scopeName) return { grammar, content: text };
    const mutated = mutate(text);
    assert.notEqual(mutated, text, 'the mutation changed the grammar');
    return { grammar, content: mutated };
  });
  const registry = createRegistryFromGrammars(grammars);
  const failures: string[] = [];
  for (const file of fs.readdirSync(fixtures)) {
    const testCase = parseGrammarTestCase(fs.readFileSync(path.join(fixtures, file), 'utf8'));
    for (const f of await runGrammarTestCase(registry, testCase)) {
      failures.push(`${file}:${f.line + 1}:${f.start} missing [${f.missing}] unexpected [${f.unexpected}]`);
    }
  }
  return failures;
}

const mutations: Array<[string, string, (text: string) => string]> = [
  [
    'annotation keys lose their scope',
    'mcp-hints.annotations.injection',
    (t) => t.replaceAll('support.type.property-name.mcp-hints-annotation', 'support.type.property-name.broken'),
  ],
  ['title is no longer an annotation key', 'mcp-hints.annotations.injection', (t) => t.replaceAll('|openWorldHint|title)', '|openWorldHint)')],
  ['hints are matched as a ternary branch', 'mcp-hints.annotations.injection', (t) => t.replaceAll('|\\\\?\\\\s|', '|')],
  ['the comment selector is dropped', 'mcp-hints.directives.injection', (t) => t.replace(/"injectionSelector": "[^"]*"/, '"injectionSelector": "L:source.ts -comment"')],
  ['a directive without a reason is accepted', 'mcp-hints.directives.injection', (t) => t.replace('\\\\s+(--)(?!-)\\\\s*((?:(?!\\\\*/).)*?\\\\S)', '(?:\\\\s+(--)(?!-)\\\\s*((?:(?!\\\\*/).)*?\\\\S))?')],
];

for (const [what, scopeName, mutate] of mutations) {
  test(`the fixtures catch a broken grammar: ${what}`, async () => {
    const failures = await fixtureFailuresWith(scopeName, mutate);
    assert.ok(failures.length > 0, 'the fixtures still pass');
  });
}

test('the in-process fixture run agrees with the CLI on the real grammars', async () => {
  assert.deepEqual(await fixtureFailuresWith('no grammar is mutated', (t) => t), []);
});

// ---- injecting changes nothing outside the injected tokens ----

type Token = { start: number; end: number; scopes: string[] };

type Grammar = NonNullable<Awaited<ReturnType<ReturnType<typeof createRegistryFromGrammars>['loadGrammar']>>>;
const registries = new Map<boolean, ReturnType<typeof createRegistryFromGrammars>>();
const grammarCache = new Map<string, Promise<Grammar>>();

/** The grammar for a root scope, with or without the injections (registries are built once: WASM loads are slow). */
function loadGrammar(scope: string, withInjections: boolean): Promise<Grammar> {
  const key = `${withInjections}:${scope}`;
  let cached = grammarCache.get(key);
  if (!cached) {
    let registry = registries.get(withInjections);
    if (!registry) {
      const configs = Object.entries(baseGrammars).map(([scopeName, file]) => ({ scopeName, path: path.join(baseGrammarDir, file) }));
      if (withInjections) configs.push(...contributed.map((g) => ({ ...g, path: path.join(root, g.path) })));
      registry = createRegistryFromGrammars(configs.map((grammar) => ({ grammar, content: fs.readFileSync(grammar.path, 'utf8') })));
      registries.set(withInjections, registry);
    }
    cached = registry.loadGrammar(scope).then((grammar) => {
      assert.ok(grammar, `grammar ${scope} loads`);
      return grammar;
    });
    grammarCache.set(key, cached);
  }
  return cached;
}

async function tokenizeBoth(text: string, scope: string): Promise<Array<{ line: string; plain: Token[]; injected: Token[] }>> {
  const [plainGrammar, injectedGrammar] = await Promise.all([loadGrammar(scope, false), loadGrammar(scope, true)]);
  const lines = text.split(/\r?\n/);
  const out: Array<{ line: string; plain: Token[]; injected: Token[] }> = [];
  let plainStack = null as Parameters<Grammar['tokenizeLine']>[1];
  let injectedStack = null as Parameters<Grammar['tokenizeLine']>[1];
  for (const line of lines) {
    const a = plainGrammar.tokenizeLine(line, plainStack);
    const b = injectedGrammar.tokenizeLine(line, injectedStack);
    plainStack = a.ruleStack;
    injectedStack = b.ruleStack;
    out.push({ line, plain: a.tokens.map(copy), injected: b.tokens.map(copy) });
  }
  return out;
}
const copy = (t: { startIndex: number; endIndex: number; scopes: string[] }): Token => ({ start: t.startIndex, end: t.endIndex, scopes: [...t.scopes] });

/** Every line the injections did not touch is tokenized exactly as without them. Returns the touched line count. */
async function assertOnlyInjectedLinesChange(text: string, scope: string, label: string): Promise<number> {
  let touched = 0;
  for (const [i, { line, plain, injected }] of (await tokenizeBoth(text, scope)).entries()) {
    if (injected.some((t) => t.scopes.some((s) => s.includes('mcp-hints')))) {
      touched++;
      continue;
    }
    assert.deepEqual(injected, plain, `${label}:${i + 1} is tokenized differently with the injections: ${line}`);
  }
  return touched;
}

const scopeOfFile = (file: string) =>
  file.endsWith('.tsx') ? 'source.tsx' : file.endsWith('.jsx') ? 'source.js.jsx' : /\.[cm]?ts$/.test(file) ? 'source.ts' : 'source.js';

test('injections leave every other line of the fixtures alone', async () => {
  let touched = 0;
  for (const file of fs.readdirSync(fixtures)) {
    touched += await assertOnlyInjectedLinesChange(fs.readFileSync(path.join(fixtures, file), 'utf8'), scopeOfFile(file), file);
  }
  assert.ok(touched > 20, `the injections touched ${touched} fixture lines`);
});

test('after a multi-line annotations object the rest of the file is tokenized as usual', async () => {
  const source = [
    'server.registerTool("delete_user", {',
    '  annotations: {',
    '    title: "Delete",',
    '    destructiveHint: true,',
    '    nested: { deep: [1, 2, { x: "}" }] },',
    '    note: `template with ${"}"} brace`,',
    '  },',
    '}, async () => ({ content: [] }));',
    'class Foo<T> extends Bar { method(a: string): T { return a as unknown as T; } }',
    'const re = /}\\/[a-z]+/g; // done',
  ].join('\n');
  const rows = await tokenizeBoth(source, 'source.ts');
  const lastTwo = rows.slice(-3);
  for (const { line, plain, injected } of lastTwo) assert.deepEqual(injected, plain, `changed: ${line}`);
  // The brace inside the string and the nested object did not close the annotations object early.
  const noteLine = rows[5];
  assert.ok(noteLine.injected.some((t) => t.scopes.includes('meta.objectliteral.mcp-hints-annotations')));
});

test('injections leave the real servers\' code alone (corpus)', async () => {
  const corpus = ensureCorpus();
  const files = (fs.readdirSync(corpus, { recursive: true }) as string[])
    .filter((f) => /\.(ts|js|mjs|cjs)$/.test(f) && !f.endsWith('.d.ts') && !f.includes('node_modules') && !f.includes('third_party'))
    .map((f) => path.join(corpus, f))
    .filter((f) => fs.statSync(f).size < 100_000 && /Hint|annotations|mcp-hints/.test(fs.readFileSync(f, 'utf8')))
    .slice(0, 60);
  assert.ok(files.length > 5, 'corpus files with annotations were found');
  let touched = 0;
  for (const file of files) {
    touched += await assertOnlyInjectedLinesChange(fs.readFileSync(file, 'utf8'), scopeOfFile(file), path.relative(corpus, file));
  }
  assert.ok(touched > 0, 'the corpus has annotation keys the grammar scoped');
});
