import { lookup } from './lookup';
// File system calls: node's fs (callback, sync and promises forms) and common drop-in packages.
import type { Effect } from '../model';

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

/** The effect of an fs method, accepting the `Sync` variants. */
export function fsMethodEffect(method: string): Effect | undefined {
  return lookup(FS_METHODS, method) ?? (method.endsWith('Sync') ? lookup(FS_METHODS, method.slice(0, -4)) : undefined);
}
