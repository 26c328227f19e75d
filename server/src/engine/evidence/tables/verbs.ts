import { lookup } from './lookup';
// Verbs in tool names, titles, descriptions and method names, and what each suggests.
// Data only: extend the lists; name.ts and the opaque fallback of walk.ts read them.
import type { Effect } from '../model';

/** Verbs that write without (necessarily) destroying. Each maps to `write` or, when repeating adds more, `append`. */
export const WRITE_VERBS: Readonly<Record<string, Effect>> = {
  create: 'append',
  add: 'append',
  insert: 'append',
  append: 'append',
  send: 'append',
  post: 'append',
  publish: 'append',
  upload: 'append',
  import: 'append',
  run: 'append',
  exec: 'append',
  execute: 'append',
  deploy: 'append',
  merge: 'append',
  increment: 'append',
  charge: 'append',
  comment: 'append',
  invite: 'append',
  fork: 'append',
  submit: 'append',
  trigger: 'append',
  start: 'write',
  stop: 'write',
  restart: 'write',
  update: 'write',
  set: 'write',
  edit: 'write',
  patch: 'write',
  move: 'write',
  rename: 'write',
  write: 'write',
  save: 'write',
  mark: 'write',
  assign: 'write',
  enable: 'write',
  disable: 'write',
  toggle: 'write',
  scale: 'write',
  install: 'write',
  apply: 'write',
  configure: 'write',
  upsert: 'write',
  put: 'write',
};

/** Verbs that destroy or overwrite. */
export const DESTROY_VERBS: readonly string[] = [
  'delete',
  'remove',
  'drop',
  'purge',
  'clear',
  'reset',
  'revoke',
  'overwrite',
  'replace',
  'force',
  'truncate',
  'cancel',
  'destroy',
  'erase',
  'wipe',
  'kill',
  'terminate',
  'uninstall',
  'unlink',
  'rm',
  'del',
];

/** Verbs that read. A reading name is weak evidence: it never proves read-only on its own. */
export const READ_VERBS: readonly string[] = [
  'get',
  'list',
  'search',
  'read',
  'find',
  'describe',
  'show',
  'query',
  'fetch',
  'count',
  'inspect',
  'view',
  'lookup',
  'check',
  'validate',
  'explain',
  'analyze',
  'preview',
  'download',
  'export',
  'browse',
  'retrieve',
  'resolve',
  'summarize',
  'status',
];

/**
 * Verbs that count when they start a method name of a call the analyser cannot see into
 * (`client.deleteNamespacedPod`, `api.sendMessage`). Kept narrower than the name verbs: builders
 * and response helpers use `set`, `add` and `append` for local work (`response.appendText`).
 */
export const METHOD_VERBS: Readonly<Record<string, Effect>> = {
  delete: 'destroy',
  remove: 'destroy',
  drop: 'destroy',
  purge: 'destroy',
  destroy: 'destroy',
  truncate: 'destroy',
  revoke: 'destroy',
  overwrite: 'destroy',
  terminate: 'destroy',
  kill: 'destroy',
  unlink: 'destroy',
  send: 'append',
  post: 'append',
  publish: 'append',
  insert: 'append',
  create: 'append',
  upload: 'append',
  charge: 'append',
  update: 'write',
  write: 'write',
  upsert: 'write',
  patch: 'write',
};

/** Splits `github_delete_repo`, `deleteRepo`, `delete-repo`, `DeleteRepo`, `HTTPGetUser` into lower-case words. */
export function words(identifier: string): string[] {
  return identifier
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
}

export type VerbClass = { effect: Effect; verb: string };

/** What one word says, by the tables above: a destroying, writing or reading verb, or nothing. */
export function classifyVerb(word: string): VerbClass | undefined {
  if (DESTROY_VERBS.includes(word)) return { effect: 'destroy', verb: word };
  const write = lookup(WRITE_VERBS, word);
  if (write) return { effect: write, verb: word };
  if (READ_VERBS.includes(word)) return { effect: 'read', verb: word };
  return undefined;
}

/** The effect a method name's first word suggests (`deleteNamespacedPod` → destroy), by METHOD_VERBS. */
export function methodVerb(method: string): VerbClass | undefined {
  const first = words(method)[0];
  if (!first) return undefined;
  const effect = lookup(METHOD_VERBS, first);
  return effect ? { effect, verb: first } : undefined;
}

/**
 * Side objects a "get" or "connect" tool may create on the way: a user, a credential, a token or key, an access-list
 * or firewall entry, a role or grant (not a login token). Matched on a method's or an endpoint's words (`createDatabaseUser`,
 * `/accessList`, `/api-keys`).
 */
// Not `token`: fetching an access token (OAuth's POST /token, a client's createToken) is how a read tool logs in.
const SIDE_OBJECT = /^(?:users?|credentials?|keys?|apikeys?|passwords?|secrets?|grants?|roles?|permissions?|whitelist|allowlist|access|firewall|ips?)$/;
const CREATING = /^(?:create|add|generate|issue|grant|provision|mint)$/;

/** The side object a creating method or an endpoint names (`user` in `createDatabaseUser`), if any. */
export function sideObject(name: string, creating = true): string | undefined {
  const list = words(name);
  if (creating && !CREATING.test(list[0] ?? '')) return undefined;
  return list.slice(creating ? 1 : 0).find((word) => SIDE_OBJECT.test(word));
}
