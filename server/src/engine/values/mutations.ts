// What a scope writes: assignments, `++`/`--`, `delete`, `Object.assign` into a variable, and the calls that fill a
// collection (`push`, `set`, `add`), by the name of the variable; and the identifiers a scope passes as arguments.
// Each found in one walk and kept with its node in the file index: read from the node's own subtree, so a node an
// incremental re-parse reuses keeps them ('node' tables).
import ts from 'typescript';
import { fileIndexOf, fileIndexOfNode, keptEnds, skipOuterExpressions, table } from '../syntax';
import { objectAssignTarget } from './assigned';

export interface Mutations {
  /** Assignments, `++`/`--` and `delete` by the name of the variable they change (directly or a member of it). */
  writes: Map<string, { node: ts.Node; root: ts.Identifier }[]>;
  /** `name.push(…)` calls by name (also `unshift`, a Map's `set` and a Set's `add`). */
  pushes: Map<string, ts.CallExpression[]>;
}

/**
 * Every write and push in a scope, found in one walk and kept with the scope node. A re-parse makes new nodes
 * for whatever changed, so a reused node's index stays true.
 */
const SCOPE_MUTATIONS = table<ts.Node, Mutations>('mutations:scope', 'node', 'the writes and fills of a scope (a block or a tree), by variable name');

export function scopeMutations(scope: ts.Node): Mutations {
  const index = fileIndexOfNode(scope);
  const cached = index.get(SCOPE_MUTATIONS, scope);
  if (cached) return cached;
  const mutations = (ts.isSourceFile(scope) && unchangedModuleMutations(scope)) || mergedMutations(scope);
  if (ts.isSourceFile(scope)) rememberModule(scope, mutations);
  return index.set(SCOPE_MUTATIONS, scope, mutations);
}

function mergedMutations(scope: ts.Node): Mutations {
  // Per statement, so that after an edit only the statements the re-parse made anew are walked again.
  const mutations: Mutations = { writes: new Map(), pushes: new Map() };
  ts.forEachChild(scope, (child) => {
    const part = statementMutations(child);
    // Most statements write nothing: iterating their empty maps allocated two iterators per statement per edit.
    if (part === NO_MUTATIONS) return;
    for (const [name, list] of part.writes) mutations.writes.set(name, [...(mutations.writes.get(name) ?? []), ...list]);
    for (const [name, list] of part.pushes) mutations.pushes.set(name, [...(mutations.pushes.get(name) ?? []), ...list]);
  });
  return mutations;
}

interface ModuleMerge {
  statements: readonly ts.Statement[];
  mutations: Mutations;
}

/**
 * The file's module scope merged last (a previous version of the tree), found through its first or last statement,
 * which the next version reuses when an edit leaves it alone; checked against the tree asking before it is used.
 */
const LAST_MODULE = table<ts.Statement, ModuleMerge>('mutations:last-module', 'node', 'the last merge of a module scope\'s writes whose tree began or ended with this statement (checked against the tree asking before it is used)');

function rememberModule(sf: ts.SourceFile, mutations: Mutations): void {
  const { statements } = sf;
  if (statements.length === 0) return;
  const index = fileIndexOf(sf);
  const merge = { statements, mutations };
  index.set(LAST_MODULE, statements[0]!, merge);
  index.set(LAST_MODULE, statements[statements.length - 1]!, merge);
}

function lastModuleOf(sf: ts.SourceFile): ModuleMerge | undefined {
  const { statements } = sf;
  if (statements.length === 0) return undefined;
  const index = fileIndexOf(sf);
  return index.get(LAST_MODULE, statements[0]!) ?? index.get(LAST_MODULE, statements[statements.length - 1]!);
}

/**
 * The last module's mutations when `sf` is a re-parse of it whose changed statements (those it replaced and those it
 * made) write and fill nothing: the statements kept are the same nodes, in the same order, so the merge is the same.
 * Merging every statement again cost ~1 ms per edit of a 10,000-statement file.
 */
function unchangedModuleMutations(sf: ts.SourceFile): Mutations | undefined {
  const lastModule = lastModuleOf(sf);
  if (!lastModule) return undefined;
  const old = lastModule.statements;
  const now = sf.statements;
  const { first, last } = keptEnds(old, now);
  if (first === 0 && last === 0) return undefined;
  for (let index = first; index < old.length - last; index++) if (statementMutations(old[index]!) !== NO_MUTATIONS) return undefined;
  for (let index = first; index < now.length - last; index++) if (statementMutations(now[index]!) !== NO_MUTATIONS) return undefined;
  return lastModule.mutations;
}

const STATEMENT_MUTATIONS = table<ts.Node, Mutations>('mutations:statement', 'node', 'the writes and fills inside one statement, by variable name');
const FILLING_CALLS = new Set(['push', 'unshift', 'set', 'add']);
const NO_MUTATIONS: Mutations = { writes: new Map(), pushes: new Map() };

function statementMutations(statement: ts.Node): Mutations {
  const index = fileIndexOfNode(statement);
  const cached = index.get(STATEMENT_MUTATIONS, statement);
  if (cached) return cached;
  let mutations = NO_MUTATIONS;
  const own = () => (mutations === NO_MUTATIONS ? (mutations = { writes: new Map(), pushes: new Map() }) : mutations);
  const rootOf = (target: ts.Expression): ts.Identifier | undefined => {
    let node = skipOuterExpressions(target);
    while (ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node)) node = skipOuterExpressions(node.expression);
    return ts.isIdentifier(node) ? node : undefined;
  };
  const visit = (node: ts.Node): void => {
    let target: ts.Expression | undefined;
    // One switch per node: every node of a scope is visited (the whole file for module-level variables).
    switch (node.kind) {
      case ts.SyntaxKind.BinaryExpression: {
        const operator = (node as ts.BinaryExpression).operatorToken.kind;
        if (operator >= ts.SyntaxKind.FirstAssignment && operator <= ts.SyntaxKind.LastAssignment) target = (node as ts.BinaryExpression).left;
        break;
      }
      case ts.SyntaxKind.PrefixUnaryExpression:
      case ts.SyntaxKind.PostfixUnaryExpression: {
        const unary = node as ts.PrefixUnaryExpression | ts.PostfixUnaryExpression;
        if (unary.operator === ts.SyntaxKind.PlusPlusToken || unary.operator === ts.SyntaxKind.MinusMinusToken) target = unary.operand;
        break;
      }
      case ts.SyntaxKind.DeleteExpression:
        target = (node as ts.DeleteExpression).expression;
        break;
      case ts.SyntaxKind.CallExpression: {
        const call = node as ts.CallExpression;
        target = objectAssignTarget(call);
        if (!target && ts.isPropertyAccessExpression(call.expression) && FILLING_CALLS.has(call.expression.name.text) && ts.isIdentifier(call.expression.expression)) {
          const name = call.expression.expression.text;
          const pushes = own().pushes;
          pushes.set(name, [...(pushes.get(name) ?? []), call]);
        }
        break;
      }
    }
    const root = target && rootOf(target);
    if (root) {
      const writes = own().writes;
      writes.set(root.text, [...(writes.get(root.text) ?? []), { node, root }]);
    }
    ts.forEachChild(node, visit);
  };
  visit(statement);
  return index.set(STATEMENT_MUTATIONS, statement, mutations);
}

/**
 * Identifiers passed as arguments of a call or `new` in a scope, by name: one walk per scope (a bundle's module scope
 * declares thousands of variables). Kept with the scope node, which a re-parse makes anew when anything in it changes.
 */
const ARGUMENTS = table<ts.Node, Map<string, ts.Identifier[]>>('mutations:arguments', 'node', 'the identifiers a scope passes as arguments of a call or `new`, by name');

export function argumentsIn(scope: ts.Node): Map<string, ts.Identifier[]> {
  return fileIndexOfNode(scope).cached(ARGUMENTS, scope, () => findArguments(scope));
}

function findArguments(scope: ts.Node): Map<string, ts.Identifier[]> {
  const byName = new Map<string, ts.Identifier[]>();
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
      for (const arg of node.arguments ?? []) {
        const inner = skipOuterExpressions(ts.isSpreadElement(arg) ? arg.expression : arg);
        if (!ts.isIdentifier(inner)) continue;
        const list = byName.get(inner.text);
        if (list) list.push(inner);
        else byName.set(inner.text, [inner]);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(scope);
  return byName;
}
