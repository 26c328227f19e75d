// One owner of caches (issue 18): every fact the engine caches against a file lives in a file-index table
// (syntax/file-index.ts), whose header lists each table under what invalidates it. Read from the sources:
// - no module-level cache: a top-level `new Map/Set/WeakMap/WeakSet` written (`.set`, `.add`, …) inside a function,
//   or a top-level `let` assigned inside one, outside the file index itself;
// - every other top-level collection is a constant table, listed in CONSTANT_TABLES;
// - the header's list of tables is the list the engine declares (printed when it is out of date).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import ts from 'typescript';
import { findDeclaration, skipOuterExpressions } from '../../server/src/engine/syntax/scope';
import { TABLES, type Lifetime } from '../../server/src/engine/syntax/file-index';

const engine = join(__dirname, '../../server/src/engine');

/** Folders left out of the checks while their caches were being converted: empty, and it stays so. */
const FOLDERS_NOT_YET_CONVERTED: readonly string[] = [];

/** Top-level collections built once from constants (in their initializer, or by code run when the module loads): not caches. */
const CONSTANT_TABLES: readonly string[] = [
  'values/execute.ts:PURE_METHODS',
  'values/expand/binders.ts:ITERATING_METHODS',
  'values/expressions.ts:ORDER_COMPARISONS',
  'values/modules.ts:STAR_RE_EXPORT_HELPERS',
  'values/values.ts:EMPTY_ENV',
  'evidence/name.ts:OPEN_WORLD_WORDS',
  'evidence/tables/ignore.ts:EVENT_METHODS',
  'evidence/tables/ignore.ts:REQUEST_PARTS',
  'evidence/tables/state.ts:READING_METHODS',
  'project/files.ts:SKIPPED_FOLDERS',
  'project/module-resolution.ts:CONDITIONS',
  'project/module-resolution.ts:OUTPUT_FOLDERS',
  'registrations/annotations.ts:HINTS',
  'registrations/conditions.ts:ITERATING',
  'registrations/find.ts:FORM_BY_METHOD',
  'registrations/servers.ts:SERVER_METHODS',
  'registrations/sites.ts:ITERATING',
  'review/contract.ts:WRITE_KINDS',
  'review/contract.ts:ZOD_MODIFIERS',
  'review/contract.ts:ZOD_NEUTRAL',
  'rules/directives.ts:LITERAL_KINDS',
  'rules/helpers.ts:NAME_FIRST_FORMS',
  'rules/implicit-default.ts:HINT_SET',
  'rules/kinds.ts:BY_ID',
  'rules/non-boolean-hint.ts:HINTS',
  'rules/unknown-annotation-key.ts:KNOWN',
  'rules/unresolved-annotations.ts:HINTS',
];

/** Module state written at run time that is no cache, and why. */
const NOT_CACHES: Record<string, string> = {
  'syntax/file-index.ts:attached': 'the file index itself: which index each tree carries',
  'syntax/parse.ts:boundParent': 'the parent of the walk in progress, set and restored within one walk',
  'values/yaml-data.ts:yamlModule': 'the yaml package, required at the first YAML file (a lazy import, not a fact about any file)',
};

const COLLECTIONS = new Set(['Map', 'Set', 'WeakMap', 'WeakSet']);
const WRITES = new Set(['set', 'add', 'delete', 'clear']);

interface ModuleState {
  /** `folder/file.ts:name`. */
  id: string;
  kind: 'collection' | 'variable';
  /** Where it is written besides its initializer: 'run time' (inside a function), 'load time', or not at all. */
  written: 'run time' | 'load time' | undefined;
}

interface Source {
  /** Relative to the engine folder. */
  path: string;
  text: string;
}

function engineSources(dir = engine): Source[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? engineSources(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [{ path: relative(engine, join(dir, entry.name)), text: readFileSync(join(dir, entry.name), 'utf8') }] : [],
  );
}

function insideFunction(node: ts.Node): boolean {
  for (let at = node.parent; at; at = at.parent) if (ts.isFunctionLike(at) || ts.isClassStaticBlockDeclaration(at)) return true;
  return false;
}

/** Top-level collections and `let`/`var` variables of `sources`, with where each is written. */
export function moduleState(sources: readonly Source[]): ModuleState[] {
  const trees = sources.map((source) => ({ ...source, sf: ts.createSourceFile(source.path, source.text, ts.ScriptTarget.Latest, true) }));
  const found: { state: ModuleState; declaration: ts.VariableDeclaration; name: string; exported: boolean; file: string }[] = [];
  for (const { path, sf } of trees) {
    for (const statement of sf.statements) {
      if (!ts.isVariableStatement(statement)) continue;
      const exported = statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword) ?? false;
      const mutable = !(statement.declarationList.flags & ts.NodeFlags.Const);
      for (const declaration of statement.declarationList.declarations) {
        if (!ts.isIdentifier(declaration.name)) continue;
        const init = declaration.initializer && skipOuterExpressions(declaration.initializer);
        const collection = !!init && ts.isNewExpression(init) && ts.isIdentifier(init.expression) && COLLECTIONS.has(init.expression.text);
        if (!collection && !mutable) continue;
        const name = declaration.name.text;
        found.push({ state: { id: `${path}:${name}`, kind: collection ? 'collection' : 'variable', written: undefined }, declaration, name, exported, file: path });
      }
    }
  }
  const byDeclaration = new Map(found.map((entry) => [entry.declaration, entry]));
  const note = (entry: (typeof found)[number], at: ts.Node) => {
    const when = insideFunction(at) ? 'run time' : 'load time';
    if (entry.state.written !== 'run time') entry.state.written = when;
  };
  for (const { path, sf } of trees) {
    // An exported collection written where it is imported under its name.
    const imported = new Map<string, (typeof found)[number]>();
    for (const statement of sf.statements) {
      const bindings = ts.isImportDeclaration(statement) ? statement.importClause?.namedBindings : undefined;
      if (!bindings || !ts.isNamedImports(bindings)) continue;
      for (const element of bindings.elements) {
        const entry = found.find((f) => f.exported && f.name === (element.propertyName ?? element.name).text && f.file !== path);
        if (entry) imported.set(element.name.text, entry);
      }
    }
    const target = (identifier: ts.Identifier) => {
      const declared = findDeclaration(identifier.text, identifier);
      if (declared?.kind === 'variable' && byDeclaration.get(declared.declaration)?.file === path) return byDeclaration.get(declared.declaration);
      return declared?.kind === 'import' ? imported.get(identifier.text) : undefined;
    };
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && WRITES.has(node.expression.name.text)) {
        const receiver = skipOuterExpressions(node.expression.expression);
        const entry = ts.isIdentifier(receiver) ? target(receiver) : undefined;
        if (entry?.state.kind === 'collection') note(entry, node);
      }
      const assigned =
        ts.isBinaryExpression(node) && node.operatorToken.kind >= ts.SyntaxKind.FirstAssignment && node.operatorToken.kind <= ts.SyntaxKind.LastAssignment
          ? node.left
          : (ts.isPrefixUnaryExpression(node) || ts.isPostfixUnaryExpression(node)) && (node.operator === ts.SyntaxKind.PlusPlusToken || node.operator === ts.SyntaxKind.MinusMinusToken)
            ? node.operand
            : undefined;
      if (assigned && ts.isIdentifier(assigned)) {
        const entry = target(assigned);
        if (entry?.state.kind === 'variable') note(entry, node);
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return found.map((entry) => entry.state);
}

const folderOf = (id: string) => (id.includes('/') ? id.slice(0, id.indexOf('/')) : '');

test('no module-level cache outside the file index (FOLDERS_NOT_YET_CONVERTED only shrinks)', () => {
  const state = moduleState(engineSources());
  const checked = state.filter((s) => !FOLDERS_NOT_YET_CONVERTED.includes(folderOf(s.id)));
  const caches = checked.filter((s) => s.written === 'run time' && !(s.id in NOT_CACHES));
  assert.deepEqual(
    caches.map((s) => s.id),
    [],
    'module-level state written at run time: make it a file-index table (syntax/file-index.ts) or a field of the object whose lifetime it shares',
  );
  const collections = checked.filter((s) => s.kind === 'collection' && s.written !== 'run time');
  assert.deepEqual(
    collections.map((s) => s.id).filter((id) => !CONSTANT_TABLES.includes(id)),
    [],
    'top-level collections that are not listed: a constant table goes in CONSTANT_TABLES, a cache in the file index',
  );
  assert.deepEqual(CONSTANT_TABLES.filter((id) => !collections.some((s) => s.id === id)), [], 'CONSTANT_TABLES entries that are gone or written: delete them');
  assert.deepEqual(Object.keys(NOT_CACHES).filter((id) => !state.some((s) => s.id === id && s.written === 'run time')), [], 'NOT_CACHES entries that no longer occur: delete them');
  assert.deepEqual(
    FOLDERS_NOT_YET_CONVERTED.filter((folder) => !state.some((s) => folderOf(s.id) === folder && s.written === 'run time')),
    [],
    'folders without module-level caches left: delete them from FOLDERS_NOT_YET_CONVERTED',
  );
});

test('the check tells a cache from a constant table and from a local of the same name', () => {
  const state = moduleState([
    {
      path: 'a/cache.ts',
      text: [
        'const seen = new WeakMap<object, number>();',
        'const NAMES = new Set(["a", "b"]);',
        'export const shared = new Map<string, number>();',
        'const BUILT = new Map<string, number>();',
        'for (const name of ["x"]) BUILT.set(name, 1);',
        'let last: string | undefined;',
        'let counter = 0;',
        'export function f(key: object): number {',
        '  const NAMES = new Set<string>(); NAMES.add("c");',
        '  last = "x";',
        '  if (!seen.has(key)) seen.set(key, 1);',
        '  return seen.get(key)!;',
        '}',
      ].join('\n'),
    },
    { path: 'b/user.ts', text: 'import { shared } from "../a/cache";\nexport function g(): void { shared.set("k", 1); }\n' },
  ]);
  const byId = Object.fromEntries(state.map((s) => [s.id, s.written]));
  assert.deepEqual(byId, {
    'a/cache.ts:seen': 'run time',
    'a/cache.ts:NAMES': undefined,
    'a/cache.ts:shared': 'run time',
    'a/cache.ts:BUILT': 'load time',
    'a/cache.ts:last': 'run time',
    'a/cache.ts:counter': undefined,
  });
});

// The header of syntax/file-index.ts lists every table under the lifetime that says what invalidates it.
const LIFETIMES: Record<Lifetime, string> = {
  node: 'node (kept while its key lives: a re-parse reuses the node with its subtree; cleared with the file)',
  tree: 'tree (dropped by every new version of the tree)',
  analysis: 'analysis (dropped when the file is analysed anew, and whenever any analysis of the project may have gone stale)',
};

/** Where each table is declared: `table(…, 'id', …)` calls in the sources. */
function declaringFiles(): Map<string, string> {
  const out = new Map<string, string>();
  for (const { path, text } of engineSources()) {
    const sf = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'table' && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) {
        out.set(node.arguments[0].text, path);
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return out;
}

test('the file index’s header lists every table the engine declares, under what invalidates it', () => {
  // A module declares its tables when it is loaded: load them all.
  for (const { path } of engineSources()) require(join(engine, path));
  const where = declaringFiles();
  const tables = TABLES.filter((t) => !t.id.startsWith('test:'));
  assert.deepEqual(tables.filter((t) => !where.has(t.id)).map((t) => t.id), [], 'tables declared other than by table("id", …) in the engine');
  const lines = ['// tables:begin'];
  for (const lifetime of Object.keys(LIFETIMES) as Lifetime[]) {
    lines.push(`// ${LIFETIMES[lifetime]}:`);
    const group = tables.filter((t) => t.lifetime === lifetime).sort((a, b) => (a.id < b.id ? -1 : 1));
    if (group.length === 0) lines.push('// - none');
    for (const t of group) lines.push(`// - ${t.id}: ${t.holds} (${where.get(t.id)})`);
  }
  lines.push('// tables:end');
  const expected = lines.join('\n');
  const header = readFileSync(join(engine, 'syntax/file-index.ts'), 'utf8');
  const block = header.slice(header.indexOf('// tables:begin'), header.indexOf('// tables:end') + '// tables:end'.length);
  assert.equal(block, expected, `syntax/file-index.ts's list of tables is out of date; it should read:\n${expected}\n`);
});
