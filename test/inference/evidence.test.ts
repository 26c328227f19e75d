// Table tests: one source per evidence kind → the inferred hints (value and confidence) and the evidence text.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { evidenceMarkdown, inferHints } from '../../server/src/engine/evidence/infer';
import type { IncidentalKind } from '../../server/src/engine/evidence/model';
import { analyze, expectHints, honestyFindings, infer, MAIN } from './harness';

const reg = (name: string, handler: string, config = '') => `server.registerTool("${name}", { description: "x"${config ? `, ${config}` : ''} }, ${handler});`;

describe('handler evidence: file system', () => {
  test('writeFile with a create-only or append flag writes without overwriting', () => {
    const createOnly = infer(`import * as fs from "node:fs/promises";\n${reg('create', 'async ({ text }) => { await fs.writeFile("notes.txt", text, { flag: "wx" }); return { content: [] }; }')}`);
    assert.equal(createOnly.hints.readOnlyHint.value, false);
    assert.equal(createOnly.hints.destructiveHint.value, false, createOnly.hints.destructiveHint.reason);
    assert.equal(createOnly.hints.idempotentHint.value, true, 'a second create-only write fails and changes nothing');
    const appending = infer(`import * as fs from "node:fs/promises";\n${reg('log', 'async ({ text }) => { await fs.writeFile("log.txt", text, { flag: "a" }); return { content: [] }; }')}`);
    assert.equal(appending.hints.destructiveHint.value, false, appending.hints.destructiveHint.reason);
    assert.equal(appending.hints.idempotentHint.value, false, 'appending again adds again');
    const overwriting = infer(`import * as fs from "node:fs/promises";\n${reg('save', 'async ({ text }) => { await fs.writeFile("notes.txt", text, { encoding: "utf8" }); return { content: [] }; }')}`);
    assert.equal(overwriting.hints.destructiveHint.value, true);
  });

  test('a namespace fs.writeFile proves a destructive, closed-world write', () => {
    const inference = infer(`import * as fs from "node:fs/promises";\n${reg('save', 'async ({ text }) => { await fs.writeFile("notes.txt", text); return { content: [] }; }')}`);
    expectHints(inference, { readOnlyHint: [false, 'proven'], destructiveHint: [true, 'proven'], openWorldHint: [false, 'proven'] });
    assert.match(inference.hints.readOnlyHint.reason, /calls `fs\.writeFile`/);
  });
  test('named imports, `promises` access and Sync variants are recognised', () => {
    expectHints(infer(`import { unlinkSync } from "fs";\n${reg('rm', '({ p }) => { unlinkSync(p); return { content: [] }; }')}`), { destructiveHint: [true, 'proven'] });
    expectHints(infer(`import fs from "fs";\n${reg('rm', 'async ({ p }) => { await fs.promises.rm(p); return { content: [] }; }')}`), { destructiveHint: [true, 'proven'] });
    expectHints(infer(`const fs = require("fs");\n${reg('append', '({ p }) => { fs.appendFileSync(p, "x"); return { content: [] }; }')}`), { readOnlyHint: [false, 'proven'], destructiveHint: [false, 'proven'], idempotentHint: [false, 'proven'] });
  });
  test('reading a local file is a proven closed-world read', () => {
    const inference = infer(`import { readFile } from "node:fs/promises";\n${reg('read_file', 'async ({ path }) => ({ content: [{ type: "text", text: await readFile(path, "utf8") }] })')}`);
    expectHints(inference, { readOnlyHint: [true, 'proven'], openWorldHint: [false, 'proven'], idempotentHint: [true, 'proven'] });
    assert.equal(inference.hints.readOnlyHint.reason, 'reads local files only');
  });
  test('mkdir is a write that is safe to retry; rename is not', () => {
    expectHints(infer(`import { mkdir } from "fs/promises";\n${reg('mk', 'async ({ p }) => { await mkdir(p, { recursive: true }); return { content: [] }; }')}`), { idempotentHint: [true, 'likely'] });
    expectHints(infer(`import { rename } from "fs/promises";\n${reg('mv', 'async ({ a, b }) => { await rename(a, b); return { content: [] }; }')}`), { idempotentHint: [false, 'likely'] });
  });
});

describe('handler evidence: processes', () => {
  test('running a fixed program leaves every optimistic hint unknown and is not a proven write', () => {
    const inference = infer(`import { execFileSync } from "child_process";\n${reg('run', '({ ref }) => { execFileSync("git", ["log", ref]); return { content: [] }; }')}`);
    expectHints(inference, { readOnlyHint: [false, 'likely'], destructiveHint: [true, 'unknown'], idempotentHint: [false, 'unknown'], openWorldHint: [true, 'unknown'] });
  });
  test('promisify(exec) is still a process call', () => {
    const inference = infer(`import { exec } from "child_process";\nimport { promisify } from "util";\nconst run = promisify(exec);\n${reg('ps', 'async () => { await run("ps aux"); return { content: [] }; }')}`);
    assert.ok(inference.evidence.items.some((e) => e.effect === 'process'), JSON.stringify(inference.evidence.items));
    expectHints(inference, { readOnlyHint: [false, 'likely'] });
  });
  test('webpack: promisify of an external `__webpack_require__("node:child_process")` member is a process call', () => {
    const inference = infer(`var cp = __webpack_require__("node:child_process");\nconst util = require("node:util");\nconst execAsync = (0, util.promisify)(cp.exec);\n${reg('run_command', 'async ({ command }) => { await execAsync(command); return { content: [] }; }')}`);
    assert.ok(inference.evidence.items.some((e) => e.effect === 'process'), JSON.stringify(inference.evidence.items));
  });
  test('compiled CommonJS: (0, util_1.promisify)(child_process_1.execFile) is still a process call', () => {
    const inference = infer(`const child_process_1 = require("child_process");\nconst util_1 = require("util");\nconst run = (0, util_1.promisify)(child_process_1.execFile);\n${reg('tap', 'async () => { await run("idb", ["ui", "tap"]); return { content: [] }; }')}`);
    assert.ok(inference.evidence.items.some((e) => e.effect === 'process'), JSON.stringify(inference.evidence.items));
    expectHints(inference, { readOnlyHint: [false, 'likely'] });
  });
});

describe('handler evidence: HTTP', () => {
  test('fetch of a URL from the arguments: a read that reaches the open world', () => {
    const inference = infer(reg('fetch_page', 'async ({ url }) => { const r = await fetch(url); return { content: [{ type: "text", text: await r.text() }] }; }'));
    expectHints(inference, { readOnlyHint: [true, 'proven'], openWorldHint: [true, 'proven'] });
    assert.match(inference.hints.openWorldHint.reason, /URL from its arguments/);
  });
  test('fetch with method DELETE destroys; axios.post appends', () => {
    expectHints(infer(reg('del', 'async ({ id }) => { await fetch(`https://api.example.com/items/${id}`, { method: "DELETE" }); return { content: [] }; }')), { destructiveHint: [true, 'proven'] });
    expectHints(infer(`import axios from "axios";\n${reg('post', 'async ({ body }) => { await axios.post("https://api.example.com/items", body); return { content: [] }; }')}`), { readOnlyHint: [false, 'likely'], idempotentHint: [false, 'likely'] });
  });
  test('a literal localhost URL stays closed-world', () => {
    expectHints(infer(reg('health', 'async () => { await fetch("http://localhost:8080/health"); return { content: [] }; }')), { openWorldHint: [false, 'proven'] });
  });
  test('a route string names the method: octokit.request("DELETE /repos/…")', () => {
    expectHints(infer(`import { Octokit } from "@octokit/rest";\nconst octokit = new Octokit();\n${reg('del_repo', 'async ({ owner, repo }) => { await octokit.request("DELETE /repos/{owner}/{repo}", { owner, repo }); return { content: [] }; }')}`), { destructiveHint: [true, 'proven'], openWorldHint: [true, 'proven'] });
  });
});

describe('handler evidence: SQL, ORM, SDKs, module state', () => {
  test('SQL text decides: SELECT reads, DELETE destroys, INSERT appends', () => {
    const pg = `import { Pool } from "pg";\nconst pool = new Pool();\n`;
    expectHints(infer(pg + reg('q', 'async () => { const r = await pool.query("SELECT * FROM users WHERE id = $1", [1]); return { content: [] }; }')), { readOnlyHint: [true, 'proven'], openWorldHint: [false, 'proven'] });
    expectHints(infer(pg + reg('d', 'async ({ id }) => { await pool.query("DELETE FROM users WHERE id = $1", [id]); return { content: [] }; }')), { destructiveHint: [true, 'proven'] });
    expectHints(infer(pg + reg('i', 'async ({ n }) => { await pool.query("INSERT INTO users (name) VALUES ($1)", [n]); return { content: [] }; }')), { destructiveHint: [false, 'proven'], idempotentHint: [false, 'proven'] });
  });
  test('SQL in a const and in a tagged template', () => {
    expectHints(infer(`const DROP = "DROP TABLE users";\n${reg('d', 'async () => { await db.execute(DROP); return { content: [] }; }')}`), { destructiveHint: [true, 'proven'] });
    expectHints(infer(reg('t', 'async ({ id }) => { await sql`UPDATE users SET active = false WHERE id = ${id}`; return { content: [] }; }')), { readOnlyHint: [false, 'proven'] });
  });
  test('prisma-style method names', () => {
    expectHints(infer(reg('purge', 'async () => { await prisma.user.deleteMany({}); return { content: [] }; }')), { destructiveHint: [true, 'proven'] });
    expectHints(infer(reg('list', 'async () => { const users = await prisma.user.findMany(); return { content: [{ type: "text", text: JSON.stringify(users) }] }; }')), { readOnlyHint: [true, 'proven'] });
  });
  test('nodemailer sendMail appends and reaches the open world', () => {
    expectHints(infer(`import nodemailer from "nodemailer";\nconst transporter = nodemailer.createTransport({});\n${reg('send_email', 'async (m) => { await transporter.sendMail(m); return { content: [] }; }')}`), {
      readOnlyHint: [false, 'proven'],
      idempotentHint: [false, 'proven'],
      openWorldHint: [true, 'proven'],
    });
  });
  test('AWS SDK commands by verb', () => {
    const s3 = `import { S3Client, DeleteObjectCommand, GetObjectCommand } from "@aws-sdk/client-s3";\nconst s3 = new S3Client({});\n`;
    expectHints(infer(s3 + reg('rm', 'async ({ Key }) => { await s3.send(new DeleteObjectCommand({ Bucket: "b", Key })); return { content: [] }; }')), { destructiveHint: [true, 'proven'], openWorldHint: [true, 'proven'] });
    expectHints(infer(s3 + reg('get', 'async ({ Key }) => { await s3.send(new GetObjectCommand({ Bucket: "b", Key })); return { content: [] }; }')), { readOnlyHint: [true, 'proven'] });
  });
  test('a module-level Map write is a (weak) closed-world write: never read-only', () => {
    const inference = infer(`const store = new Map();\n${reg('remember', '({ k, v }) => { store.set(k, v); return { content: [] }; }')}`);
    expectHints(inference, { readOnlyHint: [false, 'likely'], openWorldHint: [false, 'proven'] });
  });
  test('every shape of a write to module state counts: computed keys, destructuring, for-of heads, Object.assign', () => {
    const stateWrites = (code: string) =>
      infer(code)
        .evidence.items.filter((e) => e.target === 'module-state' && e.effect !== 'read')
        .map((e) => `${e.effect} ${e.fact.kind === 'assignment' ? e.fact.written : e.call}`);
    assert.deepEqual(stateWrites(`const counts = {};\n${reg('hit', '({ k }) => { counts[k]++; return { content: [] }; }')}`), ['append counts[k]']);
    assert.deepEqual(stateWrites(`let first, last;\n${reg('pick', '({ xs }) => { [first, , last] = xs; return { content: [] }; }')}`), ['write first', 'write last']);
    assert.deepEqual(stateWrites(`let current;\n${reg('walk', '({ xs }) => { for (current of xs) {} return { content: [] }; }')}`), ['write current']);
    assert.deepEqual(stateWrites(`const settings = {};\n${reg('configure', '({ patch }) => { Object.assign(settings, patch); return { content: [] }; }')}`), ['write Object.assign']);
    assert.deepEqual(stateWrites(`const items = [];\n${reg('add', '({ x }) => { items.push(x); items.sort(); items.splice(0, 1); return { content: [] }; }')}`), ['append items.push', 'write items.sort', 'destroy items.splice']);
    // A local is not state: nothing.
    assert.deepEqual(stateWrites(reg('local', '({ xs }) => { let a; const o = {}; [a] = xs; o[a] = 1; Object.assign(o, xs); return { content: [] }; }')), []);
  });
});

describe('following calls', () => {
  test('into a function of the same file', () => {
    expectHints(infer(`import * as fs from "fs";\nfunction wipe(p) { fs.rmSync(p, { recursive: true }); }\n${reg('wipe', '({ p }) => { wipe(p); return { content: [] }; }')}`), { destructiveHint: [true, 'proven'] });
  });
  test('into a relatively imported module', () => {
    const inference = infer(`import { removeAll } from "./store";\n${reg('clear', 'async () => { await removeAll(); return { content: [] }; }')}`, {
      '/virtual/store.ts': `import { rm } from "fs/promises";\nexport async function removeAll() { await rm("/data", { recursive: true }); }\n`,
    });
    expectHints(inference, { destructiveHint: [true, 'proven'] });
    assert.equal(inference.evidence.items.find((e) => e.source === 'handler' && e.effect === 'destroy')?.loc.file, '/virtual/store.ts');
  });
  test('into this.method of the enclosing class', () => {
    const code = `import * as fs from "fs";\nclass S { del(p) { fs.unlinkSync(p); }\n init() { this.server.registerTool("del", { description: "x" }, async ({ p }) => { this.del(p); return { content: [] }; }); } }`;
    expectHints(infer(code), { destructiveHint: [true, 'proven'] });
  });
  test('a wrapper of the same file around the callback', () => {
    const code = `import * as fs from "fs";\nfunction safe(fn) { return async (a) => { try { return await fn(a); } catch (e) { return { content: [], isError: true }; } }; }\n${reg('read', 'safe(async ({ p }) => ({ content: [{ type: "text", text: fs.readFileSync(p, "utf8") }] }))')}`;
    expectHints(infer(code), { readOnlyHint: [true, 'proven'] });
  });
  test("a helper's parameter may be a client: `client.find()` and `store.update()` there are opaque", () => {
    const code = `async function load(client, id) { return client.find({ id }); }\nasync function save(store, v) { await store.update(v); }\n`;
    expectHints(infer(code + reg('get_item', 'async ({ id }) => ({ content: [{ type: "text", text: String(await load(getClient(), id)) }] })')), { openWorldHint: [true, 'unknown'] });
    expectHints(infer(code + reg('put_item', 'async ({ v }) => { await save(connection, v); return { content: [] }; }')), { readOnlyHint: [false, 'likely'], idempotentHint: [false, 'unknown'] });
  });
  test("the handler's own arguments are data: string and array methods on them are pure", () => {
    expectHints(infer(reg('shout', 'async ({ text, items }) => ({ content: [{ type: "text", text: text.toUpperCase() + items.find((i) => i).trim() }] })')), { readOnlyHint: [true, 'proven'] });
  });
  test('a call into an unknown package leaves the hints unknown (pessimistic defaults)', () => {
    const inference = infer(`import { client } from "some-sdk";\n${reg('get_thing', 'async ({ id }) => ({ content: [{ type: "text", text: await client.fetchThing(id) }] })')}`);
    expectHints(inference, { readOnlyHint: [false, 'unknown'], destructiveHint: [true, 'unknown'], idempotentHint: [false, 'unknown'], openWorldHint: [true, 'unknown'] });
    assert.equal(inference.evidence.handler, 'partial');
  });
  test('low-level servers: the `case "name":` branch of the tools/call handler is the handler', () => {
    const code = `import * as fs from "fs";
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [{ name: "wipe", description: "x", inputSchema: { type: "object" } }] }));
async function dispatch(request) {
  switch (request.params.name) {
    case "wipe": { fs.rmSync("/tmp/x", { recursive: true }); return { content: [] }; }
  }
}
server.setRequestHandler(CallToolRequestSchema, async (request) => dispatch(request));`;
    expectHints(infer(code), { destructiveHint: [true, 'proven'] });
  });
});

describe('telemetry, logging and protocol calls do not count', () => {
  test('console, logger, trackEvent and progress notifications leave a pure handler read-only', () => {
    const code = `import { logger } from "./log";\nfunction trackEvent(n) { fetch("https://telemetry.example.com", { method: "POST", body: n }); }\n${reg('echo', 'async ({ text }, extra) => { console.log(text); logger.info(text); trackEvent("echo"); await extra.sendNotification({ method: "notifications/progress", params: {} }); return { content: [{ type: "text", text }] }; }')}`;
    const inference = infer(code, { '/virtual/log.ts': 'export const logger = { info() {} };' });
    expectHints(inference, { readOnlyHint: [true, 'proven'], openWorldHint: [false, 'proven'] });
    assert.equal(inference.hints.readOnlyHint.reason, 'its handler only computes its result');
  });
  test('sampling from the client is not a read-only proof', () => {
    expectHints(infer(reg('ask', 'async (a, extra) => { await extra.sendRequest({ method: "sampling/createMessage", params: {} }, Schema); return { content: [] }; }')), { readOnlyHint: [false, 'likely'], openWorldHint: [true, 'likely'] });
  });
});

describe('input evidence', () => {
  const opaque = (schema: string) => `import { api } from "mail-sdk";\nserver.registerTool("get_messages", { description: "x", inputSchema: ${schema} }, async (a) => api.list(a));`;
  test('markAsRead in a Zod shape', () => {
    const inference = infer(opaque('{ folder: z.string(), markAsRead: z.boolean().optional() }'));
    const item = inference.evidence.items.find((e) => e.source === 'input');
    assert.equal(item?.text, 'input `markAsRead`');
    assert.equal(item?.strength, 'strong');
    expectHints(inference, { readOnlyHint: [false, 'likely'] });
  });
  test('a mode enum with write values, in z.object and in JSON Schema', () => {
    assert.ok(infer(opaque('z.object({ action: z.enum(["list", "delete"]) })')).evidence.items.some((e) => e.text === 'input `action` accepts `delete`'));
    assert.ok(infer(opaque('{ type: "object", properties: { operation: { type: "string", enum: ["get", "set"] } } }')).evidence.items.some((e) => e.text === 'input `operation` accepts `set`'));
  });
  test('URL fields: z.string().url(), format uri, a `url` name', () => {
    for (const schema of ['{ target: z.string().url() }', '{ type: "object", properties: { target: { type: "string", format: "uri" } } }', '{ url: z.string() }']) {
      const inference = infer(opaque(schema));
      assert.ok(inference.evidence.items.some((e) => e.source === 'input' && e.world === 'open'), schema);
      expectHints(inference, { openWorldHint: [true, 'likely'] });
    }
  });
  test('an idempotency key makes a create safe to retry', () => {
    const inference = infer(`const orders = new Map();\nserver.registerTool("create_order", { description: "x", inputSchema: { idempotencyKey: z.string() } }, ({ idempotencyKey }) => { orders.set(idempotencyKey, 1); return { content: [] }; });`);
    assert.ok(inference.evidence.items.some((e) => e.effect === 'idempotency-key'));
  });
  test('a schema behind a const is followed', () => {
    assert.ok(infer(`const Shape = z.object({ dryRun: z.boolean() });\nimport { api } from "x";\nserver.registerTool("deploy", { description: "x", inputSchema: Shape.shape }, async (a) => api.go(a));`).evidence.items.some((e) => e.text === 'input `dryRun`'));
  });
});

describe('name evidence', () => {
  test('prefixes and case styles: the first verb counts', () => {
    for (const name of ['github_delete_repo', 'githubDeleteRepo', 'github-delete-repo', 'DeleteRepo']) {
      const item = infer(`import { api } from "x";\n${reg(name, 'async (a) => api.go(a)')}`).evidence.items.find((e) => e.source === 'name' && e.text.startsWith('name'));
      assert.equal(item?.effect, 'destroy', name);
    }
  });
  test('a reading name alone never proves read-only', () => {
    expectHints(infer(`import { api } from "x";\n${reg('get_user', 'async (a) => api.go(a)')}`), { readOnlyHint: [false, 'unknown'] });
  });
  test('a write verb next to a read verb says little (start_search)', () => {
    assert.ok(!infer(`import { api } from "x";\n${reg('start_search', 'async (a) => api.go(a)')}`).evidence.items.some((e) => e.source === 'name' && e.text.startsWith('name')));
  });
  test('the hover note: a writing name whose visible handler only returns text', () => {
    const inference = infer(reg('add_snapshot_commands', 'async () => ({ content: [{ type: "text", text: "ok" }] })'));
    expectHints(inference, { readOnlyHint: [true, 'proven'] });
    assert.match(inference.notes.join('\n'), /name suggests a write \(`add`\).*only computes/);
  });
});

describe('hover markdown', () => {
  test('lists each hint with its confidence and the evidence with its line', async () => {
    const { evidenceMarkdown } = await import('../../server/src/engine/evidence/infer');
    const { analyze, MAIN } = await import('./harness');
    const code = `import * as fs from "fs";\nserver.registerTool("save", { description: "x" }, async ({ t }) => {\n  fs.writeFileSync("f", t);\n  return { content: [] };\n});`;
    const { tools, project } = analyze(code);
    const context = { sourceFile: project.getSourceFile(MAIN)!, sourceFileOf: (f: string) => project.getSourceFile(f) };
    const { inferHints } = await import('../../server/src/engine/evidence/infer');
    const markdown = evidenceMarkdown(inferHints(tools[0], context), context);
    assert.match(markdown, /- `readOnlyHint: false` \(proven\): calls `fs\.writeFileSync`/);
    assert.match(markdown, /- handler: calls `fs\.writeFileSync` at line 3/);
  });
});

describe('constructions and shell templates', () => {
  test('a WebSocket reaches the open world; an unknown global constructor is opaque', () => {
    expectHints(infer(reg('connect', 'async ({ url }) => { const ws = new WebSocket(url); return { content: [] }; }')), { openWorldHint: [true, 'likely'], readOnlyHint: [false, 'likely'] });
    assert.equal(infer(reg('mystery', 'async () => { new Mystery(); return { content: [] }; }')).evidence.handler, 'partial');
  });
  test("a local class's constructor is followed, and so are its instance methods", () => {
    const code = `import * as fs from "fs";\nclass Store { constructor() { fs.writeFileSync("/data/store.json", "{}"); } find() { return 1; } }\n`;
    expectHints(infer(code + reg('init', 'async () => { new Store(); return { content: [] }; }')), { readOnlyHint: [false, 'proven'] });
    const method = infer(`class Api { find() { return fetch("https://x.io/items", { method: "DELETE" }); } }\nconst api = new Api();\n` + reg('get', 'async () => { await api.find(); return { content: [] }; }'));
    expectHints(method, { readOnlyHint: [false, 'proven'], destructiveHint: [true, 'proven'] });
    assert.deepEqual(method.evidence.items.find((e) => e.fact.kind === 'request')?.chain?.map((h) => h.text), ['api.find']);
  });
  test('zx $`…` runs a process', () => {
    expectHints(infer(`import { $ } from "zx";\n${reg('clean', 'async () => { await $`rm -rf /tmp/x`; return { content: [] }; }')}`), { readOnlyHint: [false, 'likely'], openWorldHint: [true, 'unknown'] });
  });
});

// ─── incidental effects: shown, never weighed ───
describe('incidental writes do not make a tool a writer', () => {
  const incidentalOf = (inference: ReturnType<typeof infer>) => inference.evidence.items.flatMap((e) => (e.incidental ? [e.incidental] : []));
  const cases: { name: string; code: string; files?: Record<string, string>; kind: IncidentalKind; why: RegExp }[] = [
    {
      name: 'a log file written by a logging helper',
      code: `import { appendFileSync } from "fs";\nfunction logCall(line) { appendFileSync("server.log", line); }\n${reg('show', 'async ({ id }) => { logCall(id); return { content: [] }; }')}`,
      kind: 'log-file',
      why: /^a log file$/,
    },
    {
      name: 'a temp file under os.tmpdir()',
      code: `import { writeFileSync } from "fs";\nimport { tmpdir } from "os";\nimport { join } from "path";\n${reg('preview', 'async ({ html }) => { writeFileSync(join(tmpdir(), "preview.html"), html); return { content: [] }; }')}`,
      kind: 'temp-file',
      why: /^a temp file$/,
    },
    {
      name: 'a cache kept on disk between calls',
      code: `import { writeFileSync } from "fs";\nconst CACHE_FILE = ".cache/projects.json";\n${reg('projects', 'async () => { writeFileSync(CACHE_FILE, "[]"); return { content: [] }; }')}`,
      kind: 'cache-file',
      why: /^a cache file$/,
    },
    {
      name: 'a memoised response in module state',
      code: `const responseCache = new Map();\n${reg('quote', 'async ({ s }) => { responseCache.set(s, 1); return { content: [] }; }')}`,
      kind: 'cache-state',
      why: /^module state `responseCache` is a cache$/,
    },
    {
      name: 'a debug dump written only in development',
      code: `import { writeFileSync } from "fs";\n${reg('show', 'async ({ id }) => { if (process.env.NODE_ENV === "development") writeFileSync("dump.json", id); return { content: [] }; }')}`,
      kind: 'debug-only',
      why: /development or debug/,
    },
    {
      name: 'a telemetry pixel whose answer is never read',
      code: reg('show', 'async ({ id }) => { fetch("https://stats.example.com/p.gif").catch(() => {}); return { content: [{ type: "text", text: id }] }; }'),
      kind: 'telemetry-ping',
      why: /telemetry ping/,
    },
  ];
  for (const c of cases) {
    test(c.name, () => {
      const inference = infer(c.code, c.files);
      const reasons = incidentalOf(inference);
      assert.deepEqual(reasons.map((r) => r.kind), [c.kind]);
      assert.match(reasons[0].text, c.why);
      expectHints(inference, { readOnlyHint: [true, 'proven'] });
    });
  }
  test('a file at a path the user chose is an artifact, not incidental, whatever its name', () => {
    const inference = infer(`import { writeFileSync } from "fs";\n${reg('export_logs', 'async ({ logFile }) => { writeFileSync(logFile, "x"); return { content: [] }; }')}`);
    expectHints(inference, { readOnlyHint: [false, 'proven'] });
  });
  test('in-process state another tool reads is a store: the write counts', () => {
    const code = `const notes = new Map();\n${reg('add_note', 'async ({ id, t }) => { notes.set(id, t); return { content: [] }; }')}\n${reg('read_note', 'async ({ id }) => ({ content: [{ type: "text", text: notes.get(id) }] })')}`;
    const inference = infer(code, {}, 'add_note');
    expectHints(inference, { readOnlyHint: [false, 'proven'] });
    assert.match(inference.hints.readOnlyHint.reason, /a store other code reads/);
  });
  test('the hover lists incidental effects apart, marked incidental', () => {
    const code = `import { appendFileSync } from "fs";\nfunction logCall(line) { appendFileSync("server.log", line); }\n${reg('show', 'async ({ id }) => { logCall(id); return { content: [] }; }')}`;
    const { tools, project } = analyze(code);
    const context = { sourceFile: project.getSourceFile(MAIN)!, sourceFileOf: (f: string) => project.getSourceFile(f) };
    const markdown = evidenceMarkdown(inferHints(tools[0], context), context);
    assert.match(markdown, /\*\*Incidental\*\* \(not the tool's effect: never raises a contradiction\)\n\n- calls `appendFileSync` at line 2: a log file via `logCall` at line 3/);
  });
});

// ─── following calls across modules and the request method ───
describe('HTTP method evidence', () => {
  const effectsOf = (inference: ReturnType<typeof infer>) => inference.evidence.items.filter((e) => e.source === 'handler' && e.effect !== 'opaque').map((e) => `${e.effect} ${e.text}`);
  test('fetch(url, { method }) through a helper: the caller\'s method, else the helper\'s default', () => {
    const files = { '/virtual/request.ts': 'export async function request(url: string, options: { method?: string } = {}) {\n  const res = await fetch(url, { method: options.method || "GET" });\n  return res.json();\n}\n' };
    const get = infer(`import { request } from "./request";\n${reg('show', 'async ({ id }) => { await request(`https://api.example.com/items/${id}`); return { content: [] }; }')}`, files);
    expectHints(get, { readOnlyHint: [true, 'proven'] });
    const del = infer(`import { request } from "./request";\n${reg('drop', 'async ({ id }) => { await request(`https://api.example.com/items/${id}`, { method: "DELETE" }); return { content: [] }; }')}`, files);
    expectHints(del, { readOnlyHint: [false, 'proven'], destructiveHint: [true, 'proven'] });
    assert.deepEqual(del.hints.destructiveHint.evidence[0].chain?.map((hop) => hop.text), ['request']);
  });
  test('PUT overwrites and is idempotent; POST creates and is not', () => {
    const put = infer(reg('put_item', 'async ({ id, v }) => { await fetch(`https://api.example.com/items/${id}`, { method: "PUT", body: v }); return { content: [] }; }'));
    expectHints(put, { readOnlyHint: [false, 'proven'], destructiveHint: [true, 'proven'], idempotentHint: [true, 'likely'] });
    const post = infer(reg('make_item', 'async ({ v }) => { await fetch("https://api.example.com/items", { method: "POST", body: v }); return { content: [] }; }'));
    expectHints(post, { readOnlyHint: [false, 'likely'], idempotentHint: [false, 'likely'] });
  });
  test('axios verbs and request builders with a method field or a verb-named method', () => {
    assert.deepEqual(effectsOf(infer(`import axios from "axios";\n${reg('drop', 'async ({ id }) => { await axios.delete(`https://api.example.com/x/${id}`); return { content: [] }; }')}`)), ['destroy calls `axios.delete` (DELETE)']);
    assert.deepEqual(effectsOf(infer(`import { client } from "./gen";\n${reg('drop', 'async ({ id }) => { await client.DELETE("/items/{id}", { params: { path: { id } } }); return { content: [] }; }')}`, { '/virtual/gen.ts': 'export declare const client: any;' })), ['destroy calls `client.DELETE` (DELETE)']);
    assert.deepEqual(effectsOf(infer(`import { api } from "sdk";\n${reg('search', 'async ({ q }) => { await api.request("/search", "POST", { q }); return { content: [] }; }')}`)), ['append calls `api.request` (POST)']);
  });
  test('a URL is open world only when its host comes from the arguments', () => {
    const open = infer(reg('fetch_page', 'async ({ url }) => { const r = await fetch(url); return { content: [{ type: "text", text: await r.text() }] }; }'));
    expectHints(open, { openWorldHint: [true, 'proven'] });
    const own = infer(`const BASE = process.env.API_URL;\n${reg('show', 'async ({ id }) => { const r = await fetch(`${BASE}/items/${id}`); return { content: [{ type: "text", text: await r.text() }] }; }')}`);
    assert.ok(own.hints.openWorldHint.evidence.every((e) => e.worldWeak), 'a configured host with an argument in its path is only weakly open');
  });
});

describe('compiled CommonJS', () => {
  test('__importDefault(require("fs")) and (0, helper)() calls are followed', () => {
    const code = `"use strict";
const node_fs_1 = __importDefault(require("node:fs"));
const store_1 = require("./store");
${reg('save', 'async ({ p, t }) => { (0, store_1.save)(p, t); return { content: [] }; }')}`;
    const inference = infer(code, { '/virtual/store.js': 'const fs_1 = __importDefault(require("fs"));\nfunction save(p, t) { fs_1.default.writeFileSync(p, t); }\nexports.save = save;\n' });
    expectHints(inference, { readOnlyHint: [false, 'proven'], destructiveHint: [true, 'proven'] });
  });
});

describe('.mcp-hints.json evidence section', () => {
  test('configured functions are facts: pure, writes, deletes, network', () => {
    const code = `import { db, cache, api } from "./lib";\n${reg('go', 'async ({ id }) => { cache.put(id); await db.exec(id); await purgeAll(); await api.call(id); return { content: [] }; }')}`;
    const { tools, project } = analyze(code, { '/virtual/lib.ts': 'export declare const db: any, cache: any, api: any;' }, { evidence: { pure: ['cache.*'], writes: ['db.exec'], deletes: ['purge*'], network: ['api.call'] } });
    const context = { sourceFile: project.getSourceFile(MAIN)!, sourceFileOf: (f: string) => project.getSourceFile(f), options: project.getOptions() };
    const inference = inferHints(tools[0], context);
    const items = inference.evidence.items.filter((e) => e.source === 'handler');
    assert.deepEqual(items.filter((e) => e.effect !== 'opaque').map((e) => `${e.effect} ${e.world} ${e.text} ${e.detail}`), [
      'write closed calls `db.exec` (a write, per .mcp-hints.json)',
      'destroy closed calls `purgeAll` (deletes or overwrites, per .mcp-hints.json)',
      'read open calls `api.call` (reaches the network, per .mcp-hints.json)',
    ]);
    assert.ok(!items.some((e) => e.text.includes('cache.put')), 'pure calls leave no evidence');
  });
});

describe('evidence chains across modules', () => {
  test('the hover shows tool → helper → effect with file:line at every hop', () => {
    const files = {
      '/virtual/lib/items.ts': 'import { send } from "./http";\nexport function removeItem(id: string) {\n  return send(`/items/${id}`, { method: "DELETE" });\n}\n',
      '/virtual/lib/http.ts': 'export function send(path: string, init: { method?: string } = {}) {\n  return fetch(`https://api.example.com${path}`, { ...init });\n}\n',
    };
    const code = `import { removeItem } from "./lib/items";\n${reg('drop', 'async ({ id }) => { await removeItem(id); return { content: [] }; }')}`;
    const { tools, project } = analyze(code, files);
    const context = { sourceFile: project.getSourceFile(MAIN)!, sourceFileOf: (f: string) => project.getSourceFile(f) };
    const markdown = evidenceMarkdown(inferHints(tools[0], context), context);
    assert.match(markdown, /- handler: calls `fetch` \(DELETE\) to `https:\/\/api\.example\.com\?` at lib\/http\.ts:2 via `removeItem` at line 2 → `send` at lib\/items\.ts:3/);
  });
});

describe('helpers shared by the tools of a file', () => {
  // One analysis reads a helper's callees once for all its tools: each tool must still get the helper's effects,
  // through its own chain, whichever tool was read first.
  const code = [
    'import { writeFile } from "node:fs/promises";',
    'async function save(path: string, lines: string[]) {',
    '  const rows: string[] = [];',
    '  for (const line of lines) rows.push(line.trim());',
    '  await writeFile(path, rows.join("\\n"));',
    '}',
    reg('save_notes', 'async ({ text }) => { await save("notes.txt", [text]); return { content: [] }; }', 'annotations: { readOnlyHint: true }'),
    reg('save_todo', 'async ({ text }) => { await save("todo.txt", [text]); return { content: [] }; }', 'annotations: { readOnlyHint: true }'),
  ].join('\n');

  test('every tool calling the helper gets its write, via the helper', () => {
    const contradicted = honestyFindings(code).filter((f) => f.rule === 'read-only-contradicted');
    assert.deepEqual(contradicted.map((f) => f.tool), ['save_notes', 'save_todo']);
    for (const name of ['save_notes', 'save_todo']) {
      const inference = infer(code, {}, name);
      const write = inference.evidence.items.find((e) => e.text.includes('writeFile'));
      assert.deepEqual(write?.chain?.map((hop) => hop.text), ['save'], name);
    }
  });

  test('a method of a local array is not a helper to follow', () => {
    const inference = infer(code, {}, 'save_notes');
    assert.ok(!inference.evidence.items.some((e) => e.text.includes('rows.')), JSON.stringify(inference.evidence.items.map((e) => e.text)));
    assert.equal(inference.evidence.handler, 'complete');
  });
});
