// The engine's layers, read from the import declarations (docs/architecture.md explains them):
// - each folder of server/src/engine imports only folders below it in LAYERS, and only through their index.ts;
// - model.ts and options.ts are plain data every layer may read; engine/index.ts is the API and nothing inside imports it;
// - the language server and the CLI import the engine only through engine/index.ts;
// - no import circle, type-only imports included.
// ALLOWED lists the violations still to remove. It may only shrink: an entry that no longer occurs fails too.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import ts from 'typescript';

const repo = join(__dirname, '..');
const src = join(repo, 'server/src');
const engine = join(src, 'engine');

/** Bottom to top. '' is the engine's root: model.ts and options.ts. */
export const LAYERS = ['', 'syntax', 'fixes', 'values', 'registrations', 'evidence', 'review', 'rules', 'project'] as const;

const ALLOWED: readonly string[] = [
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
  );
}

/** Every relative module a file names: import/export declarations, `import('…')` types and calls, `require('…')`. */
function importedSpecifiers(file: string): string[] {
  const sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const specifiers: string[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      specifiers.push(node.moduleSpecifier.text);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      specifiers.push(node.argument.literal.text);
    } else if (
      ts.isCallExpression(node) &&
      (node.expression.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(node.expression) && node.expression.text === 'require')) &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      specifiers.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return specifiers.filter((s) => s.startsWith('.'));
}

const known = new Set(sourceFiles(src));
function resolveSpecifier(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  return [`${base}.ts`, join(base, 'index.ts')].find((candidate) => known.has(candidate));
}

/** The layer folder of an engine file ('' for the root), or undefined outside the engine. */
function layerOf(file: string): string | undefined {
  const rel = relative(engine, file);
  if (rel.startsWith('..')) return undefined;
  const parts = rel.split('/');
  return parts.length === 1 ? '' : parts[0];
}

const name = (file: string): string => relative(src, file).replace(/\.ts$/, '');

/** What is wrong with `from` importing `to`, or undefined. */
export function violation(from: string, to: string): string | undefined {
  const fromLayer = layerOf(from);
  const toLayer = layerOf(to);
  if (toLayer === undefined) return undefined;
  if (fromLayer === undefined) return to === join(engine, 'index.ts') ? undefined : 'an adapter imports the engine other than through engine/index.ts';
  if (to === join(engine, 'index.ts')) return 'engine/index.ts is the API: nothing inside the engine imports it';
  if (from === join(engine, 'index.ts')) return toLayer === '' || to === join(engine, toLayer, 'index.ts') ? undefined : 'engine/index.ts re-exports a folder other than through its index.ts';
  if (fromLayer === toLayer || toLayer === '') return undefined;
  if (!(LAYERS as readonly string[]).includes(toLayer) || !(LAYERS as readonly string[]).includes(fromLayer)) return `a folder that is not a layer (${toLayer || fromLayer})`;
  if (LAYERS.indexOf(toLayer as (typeof LAYERS)[number]) > LAYERS.indexOf(fromLayer as (typeof LAYERS)[number])) return `${fromLayer || 'the root'} imports ${toLayer}, a layer above it`;
  if (to !== join(engine, toLayer, 'index.ts')) return `imports into ${toLayer}'s internals instead of ${toLayer}/index.ts`;
  return undefined;
}

export function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of known) {
    graph.set(file, importedSpecifiers(file).flatMap((s) => resolveSpecifier(file, s) ?? []));
  }
  return graph;
}

/** Strongly connected components of more than one file, or a file importing itself (Tarjan). */
export function circles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const connect = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        connect(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || (graph.get(node) ?? []).includes(node)) found.push(component.map(name).sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) connect(node);
  return found;
}

test('architecture: every import follows the layers (ALLOWED only shrinks)', () => {
  const seen = new Set<string>();
  const unexpected: string[] = [];
  for (const [from, targets] of importGraph()) {
    for (const to of targets) {
      const why = violation(from, to);
      if (!why) continue;
      const entry = `${name(from)} -> ${name(to)}`;
      seen.add(entry);
      if (!ALLOWED.includes(entry)) unexpected.push(`${entry}: ${why}`);
    }
  }
  assert.deepEqual(unexpected, [], 'imports against the layers (fix them; do not add them to ALLOWED)');
  assert.deepEqual(ALLOWED.filter((entry) => !seen.has(entry)), [], 'ALLOWED entries that no longer occur: delete them');
});

/** Circles still to break, each as its sorted files joined by ' '. Only shrinks, like ALLOWED. */
const ALLOWED_CIRCLES: readonly string[] = [
];

test('architecture: no import circles (ALLOWED_CIRCLES only shrinks)', () => {
  const found = circles(importGraph()).map((component) => component.join(' '));
  assert.deepEqual(found.filter((c) => !ALLOWED_CIRCLES.includes(c)), [], 'import circles');
  assert.deepEqual(ALLOWED_CIRCLES.filter((c) => !found.includes(c)), [], 'ALLOWED_CIRCLES entries that no longer occur: delete them');
});

test('architecture: the check itself tells a violation from a legal import', () => {
  const at = (path: string): string => join(engine, path);
  assert.equal(violation(at('registrations/find.ts'), at('values/index.ts')), undefined);
  assert.equal(violation(at('registrations/find.ts'), at('model.ts')), undefined);
  assert.match(violation(at('values/evaluator.ts'), at('registrations/index.ts')) ?? '', /layer above/);
  assert.match(violation(at('rules/run.ts'), at('values/evaluator.ts')) ?? '', /internals/);
  assert.match(violation(join(src, 'lsp/main.ts'), at('project/project.ts')) ?? '', /adapter/);
  assert.equal(violation(join(src, 'lsp/main.ts'), at('index.ts')), undefined);
  const found = circles(new Map([['/a.ts', ['/b.ts']], ['/b.ts', ['/a.ts']], ['/c.ts', ['/a.ts']]]));
  assert.equal(found.length, 1);
  assert.equal(found[0].length, 2);
  assert.deepEqual(circles(new Map([['/a.ts', ['/b.ts']], ['/b.ts', []]])), []);
});
