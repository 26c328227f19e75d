// What a scope writes, by the name of the variable written, and the identifiers a scope passes as arguments. Which
// nodes write what is syntax/writes.ts's one notion of a write; what a write means for a variable's value is decided
// here: a call that fills the variable itself (`list.push(x)`, `map.set(k, v)`, `set.add(x)`) adds elements
// (`pushes`); a reorder (`list.sort()`) keeps the same elements and means nothing; every other write (assignments,
// compound, `++`/`--`, `delete`, destructuring, loop heads, `Object.assign` and `Object.defineProperty`, removing or
// overwriting elements, any call that changes a member of it) is one the evaluator follows or refuses
// (declarations.ts). Each found in one walk and kept with its node in the file index: read from the node's own
// subtree, so a node an incremental re-parse reuses keeps them ('node' tables).
import ts from 'typescript';
import { fileIndexOf, fileIndexOfNode, keptEnds, skipOuterExpressions, table, writtenTargets, type WrittenTarget } from '../syntax';

/** A write whose changed storage hangs from a variable (not `this`, not a call's result). */
export type VariableWrite = WrittenTarget & { root: ts.Identifier };

export interface Mutations {
  /** Writes that change the variable or a member of it, by the variable's name, in source order. */
  writes: Map<string, VariableWrite[]>;
  /** Calls that fill the variable itself (`push`, `unshift`, a Map's `set`, a Set's `add`), by name. */
  pushes: Map<string, VariableWrite[]>;
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
const NO_MUTATIONS: Mutations = { writes: new Map(), pushes: new Map() };

function statementMutations(statement: ts.Node): Mutations {
  const index = fileIndexOfNode(statement);
  const cached = index.get(STATEMENT_MUTATIONS, statement);
  if (cached) return cached;
  let mutations = NO_MUTATIONS;
  const own = () => (mutations === NO_MUTATIONS ? (mutations = { writes: new Map(), pushes: new Map() }) : mutations);
  const visit = (node: ts.Node): void => {
    // Every node of a scope is visited (the whole file for module-level variables): writtenTargets is one switch.
    for (const write of writtenTargets(node)) {
      const root = write.root;
      if (!root || !ts.isIdentifier(root)) continue;
      const meaning = writeMeaning(write);
      if (!meaning) continue;
      const byName = meaning === 'fill' ? own().pushes : own().writes;
      byName.set(root.text, [...(byName.get(root.text) ?? []), write as VariableWrite]);
    }
    ts.forEachChild(node, visit);
  };
  visit(statement);
  return index.set(STATEMENT_MUTATIONS, statement, mutations);
}

/**
 * What a write means for the value of the variable it hangs from: elements added to it (`fill`), a change to follow
 * or refuse (`change`), or nothing (a reorder keeps the elements: a reader of the collection sees the same ones).
 */
function writeMeaning(write: WrittenTarget): 'fill' | 'change' | undefined {
  if (write.kind !== 'mutate') return 'change';
  if (write.mutation === 'reorder') return undefined;
  return write.mutation === 'fill' && write.target === write.root ? 'fill' : 'change';
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
