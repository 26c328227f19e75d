// In-process state: module-level containers (`const store = new Map()`), module variables, instance fields and
// `process.env`. A store other code reads is the tool's data; a cache, a flag or a lazily made client is not.
// What is written, and how, is syntax/writes.ts's one notion of a write; what that means as an effect is decided here.
import ts from 'typescript';
import { callMutation, fileIndexOf, findDeclaration, table, type WrittenTarget } from '../../syntax';
import type { Effect, IncidentalReason } from '../model';
import { isInside, isInsideBuilderStep, isInsideConstructor, isMemoWrite, isModuleLevel, truncate } from '../nodes';
import type { CallRecogniser, CallSite, Origin, Walk } from '../recogniser';
import { INCIDENTAL_STATE } from './incidental';

/**
 * The effect of a write. Setting a key or adding to a set changes nothing more when repeated; pushing adds again.
 * Removing and overwriting elements in place destroy what was there.
 */
function writeEffect(write: WrittenTarget): Effect {
  switch (write.kind) {
    case 'compound':
    case 'update':
      return 'append';
    case 'delete':
      return 'destroy';
    case 'mutate':
      if (write.mutation === 'fill') return write.method === 'push' || write.method === 'unshift' ? 'append' : 'write';
      return write.mutation === 'remove' || write.mutation === 'overwrite' ? 'destroy' : 'write';
    default:
      return 'write';
  }
}

const READING_METHODS = new Set(['get', 'has', 'keys', 'values', 'entries', 'forEach', 'find', 'filter', 'map', 'slice', 'includes', 'indexOf', 'some', 'every', 'reduce', 'at', 'join']);

// ---- recogniser (recognisers.ts orders it) ----

/** `store.set(k, v)`, `items.push(x)`, `store.get(k)` on a module-level container. */
export const moduleStateCall: CallRecogniser = (site, walk) => {
  const { origin, last, chain, call, sf } = site;
  if (origin.kind !== 'module-state' || !last || chain.path.length !== 1) return false;
  const write = callMutation(call);
  if (write && write.path?.length === 0) {
    addStateChange(walk, site, write, origin);
    return true;
  }
  if (READING_METHODS.has(last)) {
    walk.add({ effect: 'read', strength: 'strong', world: 'closed', target: 'module-state', call: site.text(), fact: { kind: 'state-read', state: origin.name } }, call, sf);
    return true;
  }
  return false;
};

/** `Object.assign(store, patch)` on a module-level container. */
export const stateMerge: CallRecogniser = (site, walk) => {
  const write = callMutation(site.call);
  if (write?.mutation !== 'merge' || !write.root || !ts.isIdentifier(write.root) || write.path?.length !== 0) return false;
  const origin = walk.originOf(write.root, site.sf);
  if (origin.kind !== 'module-state') return false;
  addStateChange(walk, site, write, origin);
  return true;
};

function addStateChange(walk: Walk, site: CallSite, write: WrittenTarget, origin: Extract<Origin, { kind: 'module-state' }>): void {
  const effect = writeEffect(write);
  // Module state is as often a cache or a session registry as the tool's data: weak unless the name agrees.
  const incidental: IncidentalReason | undefined = INCIDENTAL_STATE.test(origin.name) ? { kind: 'cache-state', state: origin.name } : undefined;
  // Read by code this tool never runs (another tool, a resource): a store, and the write is the tool's effect.
  // Removing from such state stays weak: handle registries and per-call bookkeeping look the same as a store.
  const store = !incidental && effect !== 'destroy' && readElsewhere(walk, origin.decl, site.sf);
  walk.add({ effect, strength: store ? 'strong' : 'weak', world: 'closed', target: 'module-state', call: site.text(), fact: { kind: 'state-call', state: origin.name, store }, ...(incidental ? { incidental } : {}) }, site.call, site.sf);
}

/**
 * `store = …`, `counts[key]++`, `delete cache[key]`, `[a, state.b] = …`, `this.items = …` outside locals: state the
 * tool changes. `write` is one of syntax/writes.ts's writes other than a call's (those are recognised as calls).
 */
export function stateWrite(walk: Walk, write: WrittenTarget, sf: ts.SourceFile): void {
  const { target, node, root } = write;
  const effect = writeEffect(write);
  if (!root) return;
  if (root.kind === ts.SyntaxKind.ThisKeyword) {
    if (write.path?.length === 0) return;
    // Instance state of a class around the handler (a server object): a closed-world write.
    if (isInsideConstructor(node) || isInsideBuilderStep(node)) return;
    const written = truncate(target.getText(sf));
    // A field filled once (`if (!this.path) this.path = …`) is memoisation: bookkeeping, not the tool's effect.
    const memo: IncidentalReason | undefined = ts.isExpression(target) && isMemoWrite(target, sf) ? { kind: 'cache-state', state: written } : undefined;
    // Often a cache, a flag or a lazily created client: weak evidence, never a contradiction on its own.
    walk.add({ effect, strength: 'weak', world: 'closed', target: 'instance-state', fact: { kind: 'assignment', written }, ...(memo ? { incidental: memo } : {}) }, node, sf);
    return;
  }
  const decl = findDeclaration(root.text, root);
  if (decl?.kind === 'variable' && isModuleLevel(decl.declaration)) {
    // `warned = true`, `clientPromise = …`: memoisation and flags look the same as state; only containers
    // (`store.set`, `items.push`) are strong evidence.
    const incidental: IncidentalReason | undefined = INCIDENTAL_STATE.test(root.text) ? { kind: 'cache-state', state: root.text } : undefined;
    walk.add({ effect, strength: 'weak', world: 'closed', target: 'module-state', fact: { kind: 'assignment', written: truncate(target.getText(sf)) }, ...(incidental ? { incidental } : {}) }, node, sf);
  }
  if (!decl && root.text === 'process' && write.path?.[0] === 'env') {
    walk.add({ effect, strength: 'strong', world: 'closed', target: 'environment', fact: { kind: 'assignment', written: truncate(target.getText(sf)) } }, node, sf);
  }
}

/** Is module state `decl` used by a function this tool's walk never entered (another tool's handler, a resource)? */
function readElsewhere(walk: Walk, decl: ts.VariableDeclaration, sf: ts.SourceFile): boolean {
  if (decl.getSourceFile() !== sf) return false;
  const roots = walk.visitedRoots();
  return functionsUsing(decl, sf).some((fn) => !isInside(fn, roots));
}

const FUNCTIONS_USING = table<ts.VariableDeclaration, ts.Node[]>('state:functions-using', 'tree', 'the functions of a tree that mention a module-level variable');

/** The functions of `sf` that mention module-level `decl` (one walk of the file per variable, cached). */
function functionsUsing(decl: ts.VariableDeclaration, sf: ts.SourceFile): ts.Node[] {
  return fileIndexOf(sf).cached(FUNCTIONS_USING, decl, () => usersOf(decl, sf));
}

function usersOf(decl: ts.VariableDeclaration, sf: ts.SourceFile): ts.Node[] {
  const name = ts.isIdentifier(decl.name) ? decl.name.text : undefined;
  const out = new Set<ts.Node>();
  if (name && sf.text.split(name).length <= 200) {
    const visit = (node: ts.Node): void => {
      if (ts.isIdentifier(node) && node.text === name && node !== decl.name && !(ts.isPropertyAccessExpression(node.parent) && node.parent.name === node)) {
        let fn: ts.Node | undefined = node.parent;
        while (fn && !ts.isSourceFile(fn) && !ts.isFunctionLike(fn)) fn = fn.parent;
        const found = findDeclaration(name, node);
        if (fn && ts.isFunctionLike(fn) && found?.kind === 'variable' && found.declaration === decl) out.add(fn);
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return [...out];
}
