// The one owner of every fact the engine caches against a file's nodes (and against what an analysis of the file
// made: its tools, its values). One FileIndex per file: the Project attaches it to each version of the file's tree
// and drops it with the file; a tree made outside a project (a test, a data file read by the evaluator) gets a
// standalone index that lives as long as the tree.
//
// A table says what makes its entries stale, so an edit invalidates exactly this:
// - 'node': the fact is read from the key's own subtree: what the node and its descendants are (kinds, names,
//   texts), never where they are (offsets, lines), their parent or their tree. An incremental re-parse
//   (syntax/incremental.ts) reuses a node only with its whole subtree unchanged; it moves it and may give it a new
//   parent, so exactly these facts stay true: they are kept. A tree itself as key is new in every version.
// - 'tree': the fact reads beyond its key, within this file (ancestors, siblings, declarations elsewhere in it), or
//   reads positions or lines. Every new version of the tree drops it.
// - 'analysis': the fact may read other files, or is keyed by a result of one analysis (a Tool, an evaluator's
//   value). Dropped when the file is analysed anew, and in every index whenever the Project's analyses may have gone
//   stale (a text changed or was forgotten; settings, the project's file list or a resolution config changed): a
//   fact here may have read any file. A new version drops it too.
//
// Who calls what: Project (project/project.ts) keeps one index per file path. A full parse gets the path's index
// (attachFileIndex, after newVersion); an incremental re-parse carries the previous tree's index to the new tree
// itself, calling newVersion first (reparse); releasing or forgetting a file clears its index and the next tree of
// the path starts a new one.
//
// The tables, declared beside the code that fills them with `table(id, lifetime, holds)` (the list below is checked
// against TABLES by test/engine/file-index-tables.test.ts, which prints it when it is out of date):
// tables:begin
// node (kept while its key lives: a re-parse reuses the node with its subtree; cleared with the file):
// - calls:named-calls: every call of a tree with the name it calls, in source order (syntax/calls.ts)
// - classes:this-assignments: `this.key = value` written in a class's own members, by key (values/classes.ts)
// - collections:method-fills: the calls that fill a collection field in a class's constructor and instance methods, by field (values/collections.ts)
// - declarations:may-declare: the declaration forms whose text test a tree passes (registrations/forms/declarations.ts)
// - edits:eol: the line end a tree’s text writes (fixes/edits.ts)
// - edits:indent-unit: one level of indentation as a tree’s text writes it (fixes/edits.ts)
// - edits:quote: the quote most string literals of a tree’s text use (fixes/edits.ts)
// - find:registration-calls: the registration calls inside a top-level statement (registrations/find.ts)
// - handler:call-tool-branches: every `case "name":` clause and `if (name === "name")` branch of a tree, by the tool name it handles (evidence/handler.ts)
// - incremental:own-strings: nodes whose strings are their own copies, with everything inside them (a mark of work done: without it the strings are only copied again) (syntax/incremental.ts)
// - mutations:arguments: the identifiers a scope passes as arguments of a call or `new`, by name (values/mutations.ts)
// - mutations:last-module: the last merge of a module scope's writes whose tree began or ended with this statement (checked against the tree asking before it is used) (values/mutations.ts)
// - mutations:scope: the writes and fills of a scope (a block or a tree), by variable name (values/mutations.ts)
// - mutations:statement: the writes and fills inside one statement, by variable name (values/mutations.ts)
// - nodes:returns: the `return` statements of a function body or statement, nested functions aside (values/nodes.ts)
// - scope:first-statement: the last statement list indexed that began with this statement, with its index (checked against the list asking before it is used) (syntax/scope.ts)
// - scope:statement-list: the names a statement list declares directly, and where (syntax/scope.ts)
// - tool-cache:declared-names: the names a top-level statement declares anywhere inside (project/tool-cache.ts)
// - tool-cache:module-variables: the names of a tree’s module-level variables (project/tool-cache.ts)
// tree (dropped by every new version of the tree):
// - builtins:module-binding: the Node module and export an identifier is bound to, by import or require (values/builtins.ts)
// - line-mention:written: the line references lineMention wrote naming lines of this version of the tree (syntax/line-mention.ts)
// - state:functions-using: the functions of a tree that mention a module-level variable (evidence/tables/state.ts)
// analysis (dropped when the file is analysed anew, and whenever any analysis of the project may have gone stale):
// - builtins:file-text: the file a value read by `readFileSync(path)` stands for the text of (an evaluator's value) (values/builtins.ts)
// - collect:sessions: the evidence session of the tools read through one file reader (evidence/collect.ts)
// - collect:tool-evidence: a tool’s evidence, with the evidence config it was read under (evidence/collect.ts)
// - contract:detail: a tool’s contract and the evidence behind it (review/contract.ts)
// - definers:defined-by: the framework whose definer gave a definition (an evaluator's value) (values/definers.ts)
// - infer:inference: a tool’s inferred hints, with the evidence config they were inferred under (evidence/infer.ts)
// - kept:conditions: the run-time conditions that kept a value in its list (an evaluator's value) (values/kept.ts)
// - properties:origin: the property a value was first read from, for its location (an evaluator's value) (values/properties.ts)
// - tool-review:review: a tool against its review record, with the options it was read under (review/tool-review.ts)
// tables:end
import type ts from 'typescript';

export type Lifetime = 'node' | 'tree' | 'analysis';

/** A kind of cached fact: its key and value types, and what makes an entry stale. */
export interface Table<K extends object, V> {
  readonly id: string;
  readonly lifetime: Lifetime;
  /** What an entry holds, for the list of tables. */
  readonly holds: string;
  /** Where an index keeps this table's entries (tables are few and fixed: an array beats a map on the hot paths). */
  readonly slot: number;
  /** Type marker only. */
  readonly _types?: [K, V];
}

const declared: Table<object, unknown>[] = [];
/** Every table declared so far (a module declares its tables when it is loaded). */
export const TABLES: readonly Table<object, unknown>[] = declared;

export function table<K extends object, V>(id: string, lifetime: Lifetime, holds: string): Table<K, V> {
  if (declared.some((t) => t.id === id)) throw new Error(`file index: table ${id} declared twice`);
  const made: Table<K, V> = { id, lifetime, holds, slot: declared.length };
  declared.push(made as Table<object, unknown>);
  return made;
}

/** The cached facts of one file. */
export class FileIndex {
  /** Per table slot, its entries once one was set. */
  private entries: (WeakMap<object, unknown> | undefined)[] = [];

  get<K extends object, V>(t: Table<K, V>, key: K): V | undefined {
    return this.entries[t.slot]?.get(key) as V | undefined;
  }

  has<K extends object, V>(t: Table<K, V>, key: K): boolean {
    return this.entries[t.slot]?.has(key) ?? false;
  }

  set<K extends object, V>(t: Table<K, V>, key: K, value: V): V {
    let entries = this.entries[t.slot];
    if (!entries) this.entries[t.slot] = entries = new WeakMap();
    entries.set(key, value);
    return value;
  }

  /** The entry for `key`, computed once. */
  cached<K extends object, V>(t: Table<K, V>, key: K, compute: () => V): V {
    const entries = this.entries[t.slot];
    if (entries?.has(key)) return entries.get(key) as V;
    return this.set(t, key, compute());
  }

  /** A new version of the tree: 'tree' and 'analysis' tables are dropped, 'node' tables keep what reused nodes hold. */
  newVersion(): void {
    this.drop((lifetime) => lifetime !== 'node');
  }

  /** An analysis of the file begins, or one it may have read went stale: what the last one cached may be stale. */
  newAnalysis(): void {
    this.drop((lifetime) => lifetime === 'analysis');
  }

  /** Everything dropped (the file was released or closed). */
  clear(): void {
    this.entries = [];
  }

  private drop(stale: (lifetime: Lifetime) => boolean): void {
    for (let slot = 0; slot < this.entries.length; slot++) if (this.entries[slot] && stale(declared[slot].lifetime)) this.entries[slot] = undefined;
  }
}

/** The index each tree carries (the attachment itself, not a fact about the tree: the one map outside the tables). */
const attached = new WeakMap<ts.SourceFile, FileIndex>();

/** The index of `sf`: the one its Project attached, or a standalone one made at first use. */
export function fileIndexOf(sf: ts.SourceFile): FileIndex {
  let index = attached.get(sf);
  if (!index) attached.set(sf, (index = new FileIndex()));
  return index;
}

/** The index of the tree `node` belongs to. */
export function fileIndexOfNode(node: ts.Node): FileIndex {
  return fileIndexOf(node.getSourceFile());
}

/** The Project's hand-over: `sf` is the newest version of the file `index` belongs to. */
export function attachFileIndex(sf: ts.SourceFile, index: FileIndex): void {
  attached.set(sf, index);
}
