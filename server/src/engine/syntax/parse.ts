import ts from 'typescript';

const SCRIPT_KINDS: Record<string, ts.ScriptKind> = {
  '.ts': ts.ScriptKind.TS,
  '.mts': ts.ScriptKind.TS,
  '.cts': ts.ScriptKind.TS,
  '.tsx': ts.ScriptKind.TSX,
  '.js': ts.ScriptKind.JS,
  '.mjs': ts.ScriptKind.JS,
  '.cjs': ts.ScriptKind.JS,
  '.jsx': ts.ScriptKind.JSX,
};

/** File extensions the engine analyses. */
export const SOURCE_EXTENSIONS = Object.keys(SCRIPT_KINDS);

export function isSourceFile(path: string): boolean {
  return SOURCE_EXTENSIONS.some((ext) => path.endsWith(ext)) && !path.endsWith('.d.ts');
}

function scriptKind(path: string): ts.ScriptKind {
  // Data files read by a project (imports, readFileSync): TypeScript's JSON parser keeps each value's location.
  if (path.endsWith('.json')) return ts.ScriptKind.JSON;
  const dot = path.lastIndexOf('.');
  return SCRIPT_KINDS[path.slice(dot)] ?? ts.ScriptKind.TS;
}

/**
 * Parses without binding or type-checking: analysis is syntactic, so this is the only TypeScript cost.
 * Parent pointers are needed to walk up from a call to its enclosing loops and functions.
 */
export function parseSource(path: string, text: string): ts.SourceFile {
  const sourceFile = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, false, scriptKind(path));
  bindChildren(sourceFile);
  return sourceFile;
}

/**
 * The parent pointers `createSourceFile(…, setParentNodes = true)` sets, JSDoc included, in one recursive walk:
 * TypeScript's pass queues the children of every node in new arrays (~70 MB of garbage on the dense bench
 * workspace). Recursion is no risk here: the parser itself recursed deeper to build the tree.
 */
let boundParent: ts.Node;

function bindChildren(node: ts.Node): void {
  const outer = boundParent;
  boundParent = node;
  ts.forEachChild(node, bindChild);
  boundParent = outer;
}

function bindChild(child: ts.Node): undefined {
  (child as { parent: ts.Node }).parent = boundParent;
  const docs = (child as { jsDoc?: ts.Node[] }).jsDoc;
  if (docs) {
    for (const doc of docs) {
      (doc as { parent: ts.Node }).parent = child;
      bindChildren(doc);
    }
  }
  bindChildren(child);
  return undefined;
}
