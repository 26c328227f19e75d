// The one owner of every fact the engine caches against a file's nodes (and against what an analysis of the file
// made: its tools, its values). One FileIndex per file: the Project attaches it to each version of the file's tree
// and drops it with the file; a tree made outside a project (a test, a data file read by the evaluator) gets a
// standalone index that lives as long as the tree.
//
// A table says what makes its entries stale, so an edit invalidates exactly this:
// - 'node': the fact is read from the key's own subtree (a node's text, its children). An incremental re-parse
//   reuses unchanged nodes, and their entries stay true in the new version: they are kept.
// - 'tree': the fact reads beyond its key, within this file (ancestors, siblings, declarations elsewhere in it).
//   Every new version of the tree drops it.
// - 'analysis': the fact may read other files, or is keyed by a result of one analysis (a Tool, an evaluator's
//   value). Every analysis of the file starts without it (the Project re-analyses a file when one it read changes).
//
// The tables themselves are declared beside the code that fills them, with `table(id, lifetime, holds)`;
// `TABLES` lists them all (test/engine/file-index.test.ts prints the list docs/architecture.md shows).
import type ts from 'typescript';

export type Lifetime = 'node' | 'tree' | 'analysis';

/** A kind of cached fact: its key and value types, and what makes an entry stale. */
export interface Table<K extends object, V> {
  readonly id: string;
  readonly lifetime: Lifetime;
  /** What an entry holds, for the list of tables. */
  readonly holds: string;
  /** Type marker only. */
  readonly _types?: [K, V];
}

const declared: Table<object, unknown>[] = [];
/** Every table declared so far (a module declares its tables when it is loaded). */
export const TABLES: readonly Table<object, unknown>[] = declared;

export function table<K extends object, V>(id: string, lifetime: Lifetime, holds: string): Table<K, V> {
  if (declared.some((t) => t.id === id)) throw new Error(`file index: table ${id} declared twice`);
  const made: Table<K, V> = { id, lifetime, holds };
  declared.push(made as Table<object, unknown>);
  return made;
}

/** The cached facts of one file. */
export class FileIndex {
  private tables = new Map<Table<object, unknown>, WeakMap<object, unknown>>();

  get<K extends object, V>(t: Table<K, V>, key: K): V | undefined {
    return this.tables.get(t as Table<object, unknown>)?.get(key) as V | undefined;
  }

  has<K extends object, V>(t: Table<K, V>, key: K): boolean {
    return this.tables.get(t as Table<object, unknown>)?.has(key) ?? false;
  }

  set<K extends object, V>(t: Table<K, V>, key: K, value: V): V {
    let entries = this.tables.get(t as Table<object, unknown>);
    if (!entries) this.tables.set(t as Table<object, unknown>, (entries = new WeakMap()));
    entries.set(key, value);
    return value;
  }

  /** The entry for `key`, computed once. */
  cached<K extends object, V>(t: Table<K, V>, key: K, compute: () => V): V {
    const entries = this.tables.get(t as Table<object, unknown>);
    if (entries?.has(key)) return entries.get(key) as V;
    return this.set(t, key, compute());
  }

  /** A new version of the tree: 'tree' and 'analysis' tables are dropped, 'node' tables keep what reused nodes hold. */
  newVersion(): void {
    for (const t of [...this.tables.keys()]) if (t.lifetime !== 'node') this.tables.delete(t);
  }

  /** An analysis of the file begins: what the last one cached from other files may be stale. */
  newAnalysis(): void {
    for (const t of [...this.tables.keys()]) if (t.lifetime === 'analysis') this.tables.delete(t);
  }

  /** Everything dropped (the file was released or closed). */
  clear(): void {
    this.tables = new Map();
  }
}

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
