// HTTP clients. A GET reads; POST, PUT, PATCH and DELETE write. Every request reaches the network (open world),
// except a literal local address.
import type { Effect } from '../model';

/** Global functions that send a request; the method comes from the options argument (default GET). */
export const HTTP_GLOBALS: readonly string[] = ['fetch'];

/** Modules whose default export or named `request`/`fetch` sends a request. */
export const HTTP_MODULES: readonly string[] = ['axios', 'got', 'undici', 'node-fetch', 'ky', 'superagent', 'cross-fetch', 'isomorphic-fetch', 'http', 'https', 'node:http', 'node:https', 'needle', 'request', 'ofetch'];

/** `axios.post(…)`, `got.delete(…)`, `http.get(…)`: the member names the method. */
export const HTTP_METHOD_MEMBERS: Readonly<Record<string, string>> = {
  get: 'GET',
  head: 'HEAD',
  options: 'OPTIONS',
  post: 'POST',
  put: 'PUT',
  patch: 'PATCH',
  delete: 'DELETE',
  del: 'DELETE',
};

/** Members that send a request whose method comes from the options (`axios.request`, `http.request`). */
export const HTTP_REQUEST_MEMBERS: readonly string[] = ['request', 'fetch', 'stream'];

/** What an HTTP method does. POST adds (not safe to retry); PUT and DELETE are idempotent by HTTP's own rules. */
export const HTTP_METHOD_EFFECT: Readonly<Record<string, Effect>> = {
  GET: 'read',
  HEAD: 'read',
  OPTIONS: 'read',
  POST: 'append',
  PUT: 'destroy',
  PATCH: 'write',
  DELETE: 'destroy',
};

/** URLs that stay on this machine: not the open world. */
export const LOCAL_URL = /^(?:https?|wss?):\/\/(?:localhost|127\.0\.0\.1|\[::1\]|0\.0\.0\.0)(?:[:/]|$)/i;
