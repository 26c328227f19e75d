// File system calls: node's fs (callback, sync and promises forms) and common drop-in packages.
import type ts from 'typescript';
import { EMPTY_ENV, type Evaluator } from '../../values';
import type { Effect } from '../model';
import type { CallRecogniser } from '../recogniser';
import { PURE_METHODS } from './ignore';
import { addsMissingKey } from './fs-rewrite';
import { freshName, incidentalPath, ownScratchRemoval, ownSetUp } from './incidental';
import { lookup } from './lookup';

/** Modules whose exports are file-system functions (named, namespace, default and `promises` imports). */
export const FS_MODULES: readonly string[] = ['fs', 'node:fs', 'fs/promises', 'node:fs/promises', 'fs-extra', 'graceful-fs', 'mz/fs'];

/**
 * Method name (without `Sync`) → effect. `writeFile` and `rename` overwrite what is there, so they destroy;
 * `appendFile` adds each time. Everything here is local: closed world.
 */
export const FS_METHODS: Readonly<Record<string, Effect>> = {
  readFile: 'read',
  readdir: 'read',
  stat: 'read',
  lstat: 'read',
  fstat: 'read',
  access: 'read',
  exists: 'read',
  realpath: 'read',
  readlink: 'read',
  opendir: 'read',
  createReadStream: 'read',
  open: 'read',
  read: 'read',
  close: 'read',
  watch: 'read',
  watchFile: 'read',
  readJson: 'read',
  pathExists: 'read',
  statfs: 'read',
  writeFile: 'destroy',
  writeJson: 'destroy',
  outputFile: 'destroy',
  outputJson: 'destroy',
  createWriteStream: 'destroy',
  write: 'destroy',
  copyFile: 'destroy',
  cp: 'destroy',
  copy: 'destroy',
  rename: 'destroy',
  move: 'destroy',
  truncate: 'destroy',
  ftruncate: 'destroy',
  unlink: 'destroy',
  rm: 'destroy',
  rmdir: 'destroy',
  remove: 'destroy',
  emptyDir: 'destroy',
  appendFile: 'append',
  mkdir: 'write',
  mkdirp: 'write',
  ensureDir: 'write',
  ensureFile: 'write',
  mkdtemp: 'append',
  symlink: 'write',
  link: 'write',
  chmod: 'write',
  chown: 'write',
  utimes: 'write',
  lchown: 'write',
  lutimes: 'write',
};

/** The methods that read a file's content or its directory entry (not `open`, `read`, `watch`: local data). */
export const FILE_READS: readonly string[] = ['readFile', 'readdir', 'stat', 'lstat', 'access', 'exists', 'realpath', 'readlink', 'opendir', 'createReadStream', 'readJson', 'pathExists'];

/** `readFileSync` → `readFile`. */
export function withoutSync(method: string): string {
  return method.endsWith('Sync') ? method.slice(0, -4) : method;
}

/** The effect of an fs method, accepting the `Sync` variants. */
export function fsMethodEffect(method: string): Effect | undefined {
  return lookup(FS_METHODS, method) ?? (method.endsWith('Sync') ? lookup(FS_METHODS, method.slice(0, -4)) : undefined);
}

// ---- recogniser (recognisers.ts orders it) ----

/** `fs.writeFile(…)`, `readFileSync(…)`, `fse.remove(…)`: the method decides; temp, log and cache files are bookkeeping. */
export const fsCall: CallRecogniser = (site, walk) => {
  const { origin, last: member, call, sf } = site;
  if (origin.kind !== 'package' || !FS_MODULES.includes(origin.module) || !member) return false;
  const effect = fsMethodEffect(member);
  if (effect) {
    const moves = /^(rename|move)(Sync)?$/.test(member);
    const flag = effect === 'destroy' ? writeFlag(call, sf, walk.evaluator) : undefined;
    // `{ flag: 'wx' }` only creates (it fails when the file exists); `{ flag: 'a' }` appends. Neither overwrites.
    // Making a folder or a link replaces nothing (an existing folder is left as it is; a link fails): it only creates.
    // A file under a name only this call makes (`deploy-${Date.now()}-${randomUUID()}.zip`) is new: writing it
    // replaces nothing, in whatever folder. Nor does writing back what was read with only a key it lacked added.
    const writesPath = /^(?:writeFile|writeJson|outputFile|outputJson|createWriteStream)(?:Sync)?$/.test(member) && call.arguments[0] !== undefined;
    const fresh = writesPath && (freshName(walk, call.arguments[0], sf) || addsMissingKey(call, sf));
    const createOnly = !!flag?.includes('x') || fresh || /^(?:mkdir|mkdirp|ensureDir|ensureFile|mkdtemp|symlink|link)(?:Sync)?$/.test(member);
    const flagged: Effect | undefined = createOnly ? 'write' : flag?.startsWith('a') ? 'append' : undefined;

    // Removing a path is bookkeeping only when the server named the file itself (its own scratch file): `rm("/tmp/x")`
    // may be exactly what the tool is for.
    const removes = /^(?:rm|rmdir|unlink|remove|emptyDir|truncate)/.test(member);
    // Making a folder or marking a file the server chose (its config folder, a binary it resolved) is its set-up.
    const setUp = /^(?:mkdir|mkdirp|ensureDir|chmod|chown|utimes|lchown|lutimes)(?:Sync)?$/.test(member);
    const path = call.arguments[0];
    const incidental = effect === 'read' || !path ? undefined : removes ? ownScratchRemoval(walk, path, sf) : setUp ? (incidentalPath(walk, path, sf) ?? ownSetUp(walk, path)) : incidentalPath(walk, path, sf);
    walk.add({ effect: flagged ?? effect, strength: 'strong', world: 'closed', target: 'file', call: site.text(), fact: { kind: 'file', method: member, ...(flagged ? { flag } : {}) }, ...(createOnly ? { createOnly } : {}), ...(moves ? { notRepeatable: true } : {}), ...(incidental ? { incidental } : {}) }, call, sf);
    return true;
  }
  return PURE_METHODS.includes(member) || member === 'promises';
};

/** The `flag` of a write call's options object (`writeFile(path, data, { flag: 'wx' })`), when it is known. */
function writeFlag(call: ts.CallExpression, sf: ts.SourceFile, evaluator: Evaluator): string | undefined {
  for (const arg of call.arguments.slice(2)) {
    const value = evaluator.evaluate(arg, sf, EMPTY_ENV);
    if (value.kind !== 'object') continue;
    const flag = value.properties.get('flag')?.value;
    if (flag?.kind === 'literal' && typeof flag.value === 'string') return flag.value;
  }
  return undefined;
}
