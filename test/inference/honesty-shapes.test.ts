// Table tests for the shapes real servers get wrong (issue 20): each row is a handler (often across modules), the
// contradiction findings it must raise (rule and the call named in the message), or none for an honest look-alike.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { inferHints } from '../../server/src/engine/evidence/infer';
import { suggestAnnotations } from '../../server/src/engine/rules/suggest';
import { analyze, honestyFindings, MAIN } from './harness';
import { checkHonestyRow as check, type HonestyRow as Row } from './harness';


const fsHead = `import * as fs from "node:fs";\nimport * as path from "node:path";\nimport * as os from "node:os";\n`;

describe('where a written path comes from', () => {
  const rows: Row[] = [
    {
      name: 'a file name from the arguments, two helpers down, under a folder named like a log folder: the caller chooses the file',
      code: `import { respond } from "./respond";
server.registerTool("get_screenshot", { description: "x", annotations: { readOnlyHint: true } }, async (args) => respond(args.filename, "png-bytes"));`,
      files: {
        '/virtual/respond.ts': `import { save } from "./save";\nexport async function respond(name: string, data: string) {\n  await save(name, data);\n  return { content: [] };\n}\n`,
        '/virtual/save.ts': `${fsHead}const logsDir = "/var/app/logs";\nexport async function save(file: string, data: string) {\n  await fs.promises.writeFile(path.join(logsDir, file), data);\n}\n`,
      },
      findings: [{ rule: 'read-only-contradicted', message: /calls `fs\.promises\.writeFile` at save\.ts:6/ }],
    },
    {
      name: 'a default the caller can override (`args.saveTo ?? a temp path`) is the caller’s path',
      code: `${fsHead}server.registerTool("capture", { description: "x", annotations: { readOnlyHint: true } }, async (args) => {
  const target = args.saveTo ?? path.join(os.tmpdir(), "capture.png");
  fs.writeFileSync(target, "bytes");
  return { content: [] };
});`,
      findings: [{ rule: 'read-only-contradicted', message: /calls `fs\.writeFileSync` at line 6/ }],
    },
    {
      name: 'a helper parameter with a default, filled from the arguments',
      code: `${fsHead}function exportTo(data: string, dir = "/srv/exports") {\n  fs.writeFileSync(path.join(dir, "export.csv"), data);\n}
server.registerTool("get_report", { description: "x", annotations: { readOnlyHint: true } }, async ({ folder }) => {
  exportTo("a,b", folder);
  return { content: [] };
});`,
      findings: [{ rule: 'read-only-contradicted', message: /calls `fs\.writeFileSync` at line 5/ }],
    },
    {
      name: 'honest: a trace file the server names itself (a timestamp) in its own output folder',
      code: `${fsHead}const OUTPUT_DIR = path.join(os.homedir(), ".acme", "traces");
server.registerTool("get_page", { description: "x", annotations: { readOnlyHint: true } }, async ({ id }) => {
  fs.writeFileSync(path.join(OUTPUT_DIR, \`trace-\${Date.now()}.json\`), JSON.stringify({ id }));
  return { content: [] };
});`,
      findings: [],
    },
    {
      name: 'honest: creating the server’s own config folder before reading its config',
      code: `${fsHead}const CONFIG = path.join(os.homedir(), ".acme", "config.json");
server.registerTool("get_config", { description: "x", annotations: { readOnlyHint: true } }, async () => {
  const dir = path.dirname(CONFIG);
  if (!fs.existsSync(dir)) fs.mkdirSync(dir, { recursive: true });
  return { content: [{ type: "text", text: fs.readFileSync(CONFIG, "utf8") }] };
});`,
      findings: [],
    },
    {
      name: 'honest: arguments only in a file name the server makes unique, under its own temp folder',
      code: `${fsHead}const REPLAYS = path.join(os.tmpdir(), "acme-replays");
async function writeReplay(data: string, session: string) {
  const name = \`replay_\${session}_\${Date.now()}.json\`;
  const file = path.join(REPLAYS, name);
  await fs.promises.writeFile(file, data);
  return file;
}
server.registerTool("get_replay", { description: "x", annotations: { readOnlyHint: true } }, async ({ sessionId }) => ({ content: [{ type: "text", text: await writeReplay("{}", sessionId) }] }));`,
      findings: [],
    },
    {
      name: 'a generated name in a folder the caller names is the caller’s folder',
      code: `${fsHead}server.registerTool("get_screenshot", { description: "x", annotations: { readOnlyHint: true } }, async ({ outDir }) => {
  fs.writeFileSync(path.join(outDir, \`shot-\${Date.now()}.png\`), "bytes");
  return { content: [] };
});`,
      findings: [{ rule: 'read-only-contradicted', message: /calls `fs\.writeFileSync` at line 5/ }],
    },
    {
      name: 'a low-level server: the `case` clause reads its path from the request’s arguments',
      code: `${fsHead}server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [{ name: "export", description: "x", inputSchema: { type: "object" }, annotations: { readOnlyHint: true } }] }));
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  switch (request.params.name) {
    case "export": {
      const { dir } = request.params.arguments;
      fs.mkdirSync(path.join(dir, "export"), { recursive: true });
      return { content: [] };
    }
  }
});`,
      findings: [{ rule: 'read-only-contradicted', message: /calls `fs\.mkdirSync` at line 9/ }],
    },
    {
      name: 'a folder the caller names is a write to the environment',
      code: `${fsHead}server.registerTool("get_folder", { description: "x", annotations: { readOnlyHint: true } }, async ({ dir }) => {
  fs.mkdirSync(dir, { recursive: true });
  return { content: [] };
});`,
      findings: [{ rule: 'read-only-contradicted', message: /calls `fs\.mkdirSync` at line 5/ }],
    },
    {
      name: 'honest: a scratch file under the temp folder with a generated name, removed afterwards',
      code: `${fsHead}server.registerTool("render_chart", { description: "x", annotations: { readOnlyHint: false, destructiveHint: false } }, async ({ spec }) => {
  const tmp = path.join(os.tmpdir(), \`chart-\${Math.random().toString(36).slice(2)}.svg\`);
  fs.writeFileSync(tmp, spec);
  const svg = fs.readFileSync(tmp, "utf8");
  fs.unlinkSync(tmp);
  await fetch("https://charts.example.com/upload", { method: "POST", body: svg });
  return { content: [] };
});`,
      findings: [],
    },
    {
      name: 'removing a path the caller names stays destructive',
      code: `${fsHead}server.registerTool("clean", { description: "x", annotations: { readOnlyHint: false, destructiveHint: false } }, async ({ target }) => {
  fs.unlinkSync(path.join(os.tmpdir(), target));
  return { content: [] };
});`,
      findings: [{ rule: 'destructive-understated', message: /calls `fs\.unlinkSync` at line 5/ }],
    },
  ];
  for (const row of rows) test(row.name, () => check(row));

  test('"Add annotations" gives no destructive reason for making a folder: it replaces nothing', () => {
    const code = `${fsHead}server.registerTool("make_folder", { description: "x" }, async ({ dir }) => {
  fs.mkdirSync(dir, { recursive: true });
  return { content: [] };
});`;
    const { tools, project } = analyze(code);
    const hints = suggestAnnotations(tools[0], { sourceFile: project.getSourceFile(MAIN)!, sourceFileOf: (f) => project.getSourceFile(f), options: {} });
    assert.deepEqual(hints.map((h) => [h.key, h.value]), [['readOnlyHint', false], ['destructiveHint', false], ['idempotentHint', true], ['openWorldHint', false]]);
    assert.match(hints.find((h) => h.key === 'destructiveHint')!.reason, /^only adds: calls `fs\.mkdirSync`$/);
  });

  test('"Add annotations" gives no destructive reason for removing its own scratch file', () => {
    const code = `${fsHead}server.registerTool("render_chart", { description: "x" }, async ({ spec }) => {
  const tmp = path.join(os.tmpdir(), \`chart-\${Date.now()}.svg\`);
  fs.writeFileSync(tmp, spec);
  fs.unlinkSync(tmp);
  await fetch("https://charts.example.com/upload", { method: "POST", body: spec });
  return { content: [] };
});`;
    const { tools, project } = analyze(code);
    const sourceFile = project.getSourceFile(MAIN)!;
    const hints = suggestAnnotations(tools[0], { sourceFile, sourceFileOf: (f) => project.getSourceFile(f), options: {} });
    const destructive = hints.find((h) => h.key === 'destructiveHint')!;
    assert.equal(destructive.value, false, destructive.reason);
    assert.doesNotMatch(destructive.reason, /unlink/);
    assert.match(destructive.reason, /only adds: calls `fetch` \(POST\)/);
  });
});

const flagsClient = `export class FlagsClient {
  base = "https://flags.example.com";
  get(path: string, options: Record<string, unknown> = {}) { return this.request(path, { ...options, method: "GET" }); }
  put(path: string, options: Record<string, unknown> = {}) { return this.request(path, { ...options, method: "PUT" }); }
  async request(path: string, options: Record<string, unknown>) {
    const { headers: _ignored, ...rest } = options;
    const res = await fetch(\`\${this.base}\${path}\`, { ...rest, headers: { accept: "application/json" } });
    return res.json();
  }
}
`;

const apiClient = `export class ApiClient {
  constructor(private base = "https://api.example.com") {}
  async request(method: string, path: string, body?: unknown) {
    const res = await fetch(this.base + path, { method, body: JSON.stringify(body) });
    return res.json();
  }
  listDashboards() { return this.request("GET", "/dashboards"); }
  updateDashboard(id: string, patch: unknown) { return this.request("PATCH", \`/dashboards/\${id}\`, patch); }
  remove(id: string) { return this.request("DELETE", \`/dashboards/\${id}\`); }
}
`;

describe('HTTP method semantics through the project’s own clients', () => {
  const rows: Row[] = [
    {
      name: 'PATCH through `client.update…(…)` → `this.request("PATCH", …)` in another module: an overwrite',
      code: `import { ApiClient } from "./client";
const client = new ApiClient();
server.registerTool("update_dashboard", { description: "x", annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true } }, async ({ id, title }) => {
  await client.updateDashboard(id, { title });
  return { content: [] };
});`,
      files: { '/virtual/client.ts': apiClient },
      findings: [{ rule: 'destructive-understated', message: /calls `fetch` \(PATCH\) to a fixed or configured host at client\.ts:4/ }],
    },
    {
      name: 'PUT through a method inherited from a base client in a third module: destructive, and idempotent stays honest',
      code: `import { api } from "./flags";
server.registerTool("set_flag", { description: "x", annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true } }, async ({ key, on }) => {
  await api.put(\`/flags/\${key}\`, { on });
  return { content: [] };
});`,
      files: {
        '/virtual/base.ts': `import axios from "axios";\nexport class Base {\n  send(method: string, url: string, data?: unknown) {\n    return axios({ method, url: "https://flags.example.com" + url, data });\n  }\n}\n`,
        '/virtual/flags.ts': `import { Base } from "./base";\nclass FlagsClient extends Base {\n  put(url: string, data: unknown) { return this.send("PUT", url, data); }\n}\nexport const api = new FlagsClient();\n`,
      },
      findings: [{ rule: 'destructive-understated', message: /calls `axios` \(PUT\) to a fixed or configured host at base\.ts:4/ }],
    },
    {
      name: 'DELETE through a helper whose parameter is typed with the client class',
      code: `import { ApiClient } from "./client";
async function drop(api: ApiClient, id: string) { return api.remove(id); }
server.registerTool("archive_dashboard", { description: "x", annotations: { readOnlyHint: false, destructiveHint: false } }, async ({ id }) => {
  await drop(new ApiClient(), id);
  return { content: [] };
});`,
      files: { '/virtual/client.ts': apiClient },
      findings: [{ rule: 'destructive-understated', message: /calls `fetch` \(DELETE\)/ }],
    },
    {
      name: 'a POST whose body forwards `deleted` flags from the arguments deletes',
      code: `import axios from "axios";
server.registerTool("sync_memberships", { description: "x", annotations: { readOnlyHint: false, destructiveHint: false } }, async (args) => {
  await axios.post("https://api.example.com/memberships/sync", { items: args.members.map((m) => ({ id: m.id, deleted: m.deleted })) });
  return { content: [] };
});`,
      findings: [{ rule: 'destructive-understated', message: /forwarding `deleted` flags at line 3/ }],
    },
    {
      name: 'honest: a GET through the same client on a read-only tool',
      code: `import { ApiClient } from "./client";
const client = new ApiClient();
server.registerTool("list_dashboards", { description: "x", annotations: { readOnlyHint: true, openWorldHint: true } }, async () => ({ content: [{ type: "text", text: JSON.stringify(await client.listDashboards()) }] }));`,
      files: { '/virtual/client.ts': apiClient },
      findings: [],
    },
    {
      name: 'PUT through a client handed to each tool module by a loop’s shared handler (`tool.handler(args, { client })` → `extra.client.put` → `this.request(path, { ...options, method })` → `fetch(url, { ...rest })`)',
      code: `import * as updateFlag from "./tools/update-flag";
import * as getFlag from "./tools/get-flag";
import { FlagsClient } from "./http";
const tools = [updateFlag, getFlag];
for (const tool of tools) {
  server.registerTool(tool.name, { description: "x", annotations: tool.annotations }, async (args, extra) => {
    const client = new FlagsClient();
    return tool.handler(args, { client, signal: extra.signal });
  });
}`,
      files: {
        '/virtual/http.ts': flagsClient,
        '/virtual/tools/update-flag.ts': `export const name = "update_flag";\nexport const annotations = { readOnlyHint: false, destructiveHint: false, idempotentHint: true };\nexport async function handler(args: { key: string; on: boolean }, extra: { client: any }) {\n  const result = await extra.client.put(\`/flags/\${args.key}\`, { body: JSON.stringify({ on: args.on }) });\n  return { content: [{ type: "text", text: JSON.stringify(result) }] };\n}\n`,
        '/virtual/tools/get-flag.ts': `export const name = "get_flag";\nexport const annotations = { readOnlyHint: true, openWorldHint: false };\nexport async function handler(args: { key: string }, extra: { client: any }) {\n  const result = await extra.client.get(\`/flags/\${args.key}\`);\n  return { content: [{ type: "text", text: JSON.stringify(result) }] };\n}\n`,
      },
      findings: [{ rule: 'destructive-understated', message: /"update_flag": `destructiveHint: false`, but the handler calls `fetch` \(PUT\) to a fixed or configured host at http\.ts:7/ }],
    },
    {
      name: 'the method chosen from a tool definition’s field, through two helpers to `fetch(url, init)`: PUT overwrites, GET reads',
      code: `import { send } from "./api";
const defs = [
  { name: "get_item", method: "GET", path: "/items", annotations: { readOnlyHint: true, openWorldHint: false } },
  { name: "replace_item", method: "PUT", path: "/items", annotations: { readOnlyHint: false, destructiveHint: false } },
];
for (const def of defs) {
  server.registerTool(def.name, { description: "x", annotations: def.annotations }, async (args) => send(def.method, def.path, args));
}`,
      files: { '/virtual/api.ts': `export async function send(method: string, path: string, body: unknown) {\n  return call(path, { method, body: JSON.stringify(body) });\n}\nasync function call(path: string, init: RequestInit) {\n  const res = await fetch("https://api.example.com" + path, init);\n  return res.json();\n}\n` },
      findings: [{ rule: 'destructive-understated', message: /"replace_item": `destructiveHint: false`, but the handler calls `fetch` \(PUT\) to a fixed or configured host at api\.ts:5/ }],
    },
    {
      name: 'honest: the same helpers with the method taken from the caller’s arguments (chosen at run time: no contradiction, no GET)',
      code: `import { send } from "./api";
server.registerTool("call_api", { description: "x", annotations: { readOnlyHint: false, destructiveHint: true } }, async (args) => send(args.method, "/items", args.body));`,
      files: { '/virtual/api.ts': `export async function send(method: string, path: string, body: unknown) {\n  return call(path, { method, body: JSON.stringify(body) });\n}\nasync function call(path: string, init: RequestInit) {\n  const res = await fetch("https://api.example.com" + path, init);\n  return res.json();\n}\n` },
      findings: [],
    },
    {
      name: 'honest: a POST that sets `deleted: false` creates, it deletes nothing',
      code: `import axios from "axios";
server.registerTool("add_member", { description: "x", annotations: { readOnlyHint: false, destructiveHint: false } }, async ({ id }) => {
  await axios.post("https://api.example.com/members", { id, deleted: false });
  return { content: [] };
});`,
      findings: [],
    },
  ];
  for (const row of rows) test(row.name, () => check(row));

  test("a client's memoised field and a builder's fields are not the tool's state", () => {
    const code = `import { Schema } from "./schema";
server.registerTool("describe", { description: "x" }, async ({ name }) => {
  const schema = new Schema();
  schema.field(name);
  return { content: [{ type: "text", text: schema.path() }] };
});`;
    const files = { '/virtual/schema.ts': `export class Schema {\n  fields: Record<string, string> = {};\n  resolved?: string;\n  field(name: string) { this.fields[name] = "string"; return this; }\n  path() { if (!this.resolved) this.resolved = Object.keys(this.fields).join("/"); return this.resolved; }\n}\n` };
    const { tools, project } = analyze(code, files);
    const inference = inferHints(tools[0], { sourceFile: project.getSourceFile(MAIN)!, sourceFileOf: (f) => project.getSourceFile(f) });
    const writes = inference.evidence.items.filter((e) => e.target === 'instance-state');
    assert.deepEqual(writes.map((e) => [e.text, e.incidental?.kind]), [['changes `this.resolved`', 'cache-state']]);
    assert.equal(inference.hints.readOnlyHint.value, true, inference.hints.readOnlyHint.reason);
  });
});

const dbModule = `import { Pool } from "pg";\nconst pool = new Pool();\nexport async function runQuery(sql: string) {\n  const result = await pool.query(sql);\n  return result.rows;\n}\n`;

describe('inputs that carry the operation', () => {
  const rows: Row[] = [
    {
      name: 'the caller’s SQL reaches `pool.query` unchanged through a helper module',
      code: `import { runQuery } from "./db";
server.registerTool("run_query", { description: "x", annotations: { readOnlyHint: true } }, async (args) => ({ content: [{ type: "text", text: JSON.stringify(await runQuery(args.sql)) }] }));`,
      files: { '/virtual/db.ts': dbModule },
      findings: [{ rule: 'read-only-contradicted', message: /passes the input `sql` unchanged to `pool\.query` \(the caller's statement: it may write or destroy, depending on the input\) at db\.ts:4/ }],
    },
    {
      name: 'honest: a statement check on the way (`/^\\s*select\\b/i.test(sql)`)',
      code: `import { runQuery } from "./db";
server.registerTool("run_query", { description: "x", annotations: { readOnlyHint: true } }, async ({ sql }) => {
  if (!/^\\s*select\\b/i.test(sql)) throw new Error("only SELECT statements are allowed");
  return { content: [{ type: "text", text: JSON.stringify(await runQuery(sql)) }] };
});`,
      files: { '/virtual/db.ts': dbModule },
      findings: [],
    },
    {
      name: 'honest: a read-only transaction around the statement',
      code: `import { Pool } from "pg";
const pool = new Pool();
server.registerTool("run_query", { description: "x", annotations: { readOnlyHint: true } }, async ({ query }) => {
  const client = await pool.connect();
  await client.query("BEGIN TRANSACTION READ ONLY");
  const rows = await client.query(query);
  await client.query("ROLLBACK");
  return { content: [{ type: "text", text: JSON.stringify(rows) }] };
});`,
      findings: [],
    },
    {
      name: 'an aggregation pipeline from the arguments can `$out` or `$merge`',
      code: `import { MongoClient } from "mongodb";
const db = new MongoClient("mongodb://localhost").db("app");
server.registerTool("aggregate", { description: "x", annotations: { readOnlyHint: true } }, async ({ collection, pipeline }) => ({ content: [{ type: "text", text: JSON.stringify(await db.collection(collection).aggregate(pipeline).toArray()) }] }));`,
      findings: [{ rule: 'read-only-contradicted', message: /passes the input `pipeline` unchanged to `db\.collection\(collection\)\.aggregate`/ }],
    },
    {
      name: 'honest: a stage filter rejects `$out` and `$merge`',
      code: `import { MongoClient } from "mongodb";
const db = new MongoClient("mongodb://localhost").db("app");
server.registerTool("aggregate", { description: "x", annotations: { readOnlyHint: true } }, async ({ collection, pipeline }) => {
  if (pipeline.some((stage) => "$out" in stage || "$merge" in stage)) throw new Error("write stages are not allowed");
  return { content: [{ type: "text", text: JSON.stringify(await db.collection(collection).aggregate(pipeline).toArray()) }] };
});`,
      findings: [],
    },
    {
      name: 'a command line from the arguments, and a kubectl subcommand after a fixed program',
      code: `import { execSync } from "node:child_process";
server.registerTool("run_command", { description: "x", annotations: { readOnlyHint: true } }, async ({ command }) => ({ content: [{ type: "text", text: execSync(command).toString() }] }));
server.registerTool("kubectl", { description: "x", annotations: { readOnlyHint: true } }, async (args) => ({ content: [{ type: "text", text: execSync(\`kubectl \${args.command}\`).toString() }] }));`,
      findings: [
        { rule: 'read-only-contradicted', message: /passes the input `command` unchanged to `execSync` \(the caller's command line/ },
        { rule: 'read-only-contradicted', message: /passes the input `command` unchanged to `execSync`/ },
      ],
    },
    {
      name: 'honest: a read-only mode on by default guards the command',
      code: `import { execSync } from "node:child_process";
const READ_ONLY = process.env.ALLOW_WRITES !== "true";
const SAFE = ["get", "describe", "logs"];
server.registerTool("kubectl", { description: "x", annotations: { readOnlyHint: true } }, async ({ command }) => {
  if (READ_ONLY && !SAFE.includes(command.split(" ")[0])) throw new Error("read-only mode");
  return { content: [{ type: "text", text: execSync(command).toString() }] };
});`,
      findings: [],
    },
    {
      name: 'honest look-alikes: a key to a cache, an argument inside a fixed SELECT',
      code: `import { LRUCache } from "lru-cache";
import { Pool } from "pg";
const cache = new LRUCache({ max: 10 });
const pool = new Pool();
server.registerTool("get_cached", { description: "x", annotations: { readOnlyHint: true } }, async ({ key }) => ({ content: [{ type: "text", text: String(cache.get(key)) }] }));
server.registerTool("get_user", { description: "x", annotations: { readOnlyHint: true } }, async ({ id }) => ({ content: [{ type: "text", text: JSON.stringify(await pool.query(\`SELECT * FROM users WHERE id = \${id}\`)) }] }));`,
      findings: [],
    },
  ];
  for (const row of rows) test(row.name, () => check(row));

  test('the finding says which restriction would make the claim honest', () => {
    const [finding] = honestyFindings(`import { runQuery } from "./db";
server.registerTool("run_query", { description: "x", annotations: { readOnlyHint: true } }, async (args) => ({ content: [{ type: "text", text: JSON.stringify(await runQuery(args.sql)) }] }));`, { '/virtual/db.ts': dbModule });
    assert.match(finding.detail ?? '', /Reached through `runQuery` at line 2\..*`readOnlyHint: true` is honest only with a read-only transaction or connection, or a check that the statement is a SELECT/);
  });
});

describe('name and title verbs never contradict a visible handler', () => {
  const rows: Row[] = [
    {
      name: 'honest: "start_session" whose visible handler only sets a module flag',
      code: `let active = false;
server.registerTool("start_session", { description: "x", annotations: { readOnlyHint: true } }, async () => { active = true; return { content: [] }; });`,
      findings: [],
    },
    {
      name: 'honest: a title verb ("Stop watching") over a handler that only resets its own field',
      code: `class Watcher {
  running = false;
  register() {
    server.registerTool("watch_status", { title: "Stop watching", description: "x", annotations: { readOnlyHint: true } }, async () => { this.running = false; return { content: [] }; });
  }
}`,
      findings: [],
    },
    {
      name: 'honest: "create_preview" whose visible handler only computes',
      code: `server.registerTool("create_preview", { description: "x", annotations: { readOnlyHint: true } }, async ({ text }) => ({ content: [{ type: "text", text: text.toUpperCase() }] }));`,
      findings: [],
    },
    {
      name: 'a POST the name agrees with ("send_message") is still reported',
      code: `server.registerTool("send_message", { description: "x", annotations: { readOnlyHint: true } }, async ({ text }) => { await fetch("https://chat.example.com/messages", { method: "POST", body: text }); return { content: [] }; });`,
      findings: [{ rule: 'read-only-contradicted', message: /calls `fetch` \(POST\)/ }],
    },
    {
      name: 'a handler that cannot be seen: the name verb still counts, and the finding says so',
      code: `server.registerTool("save_draft", { description: "x", annotations: { readOnlyHint: true } }, handlers.saveDraft);`,
      findings: [{ rule: 'read-only-contradicted', message: /the name verb `save` at line 1 suggests otherwise/ }],
    },
  ];
  for (const row of rows) test(row.name, () => check(row));

  test('the verb next to a handler that only sets flags is a note in the hover', () => {
    const { tools, project } = analyze(`let active = false;\nserver.registerTool("start_session", { description: "x", annotations: { readOnlyHint: true } }, async () => { active = true; return { content: [] }; });`);
    const inference = inferHints(tools[0], { sourceFile: project.getSourceFile(MAIN)!, sourceFileOf: (f) => project.getSourceFile(f) });
    assert.deepEqual(inference.notes, ['The name suggests a write (`start`); the visible handler only sets its own flags or fields (changes module state `active`), which no contradiction counts.']);
  });
});

describe('side objects created on the way', () => {
  const rows: Row[] = [
    {
      name: 'a "connect" tool that creates a temporary database user through an SDK',
      code: `import { AtlasClient } from "atlas-admin-sdk";
const atlas = new AtlasClient();
server.registerTool("connect_cluster", { description: "x", annotations: { readOnlyHint: true } }, async ({ cluster }) => {
  const user = await atlas.createDatabaseUser({ cluster, expiresInMinutes: 60 });
  return { content: [{ type: "text", text: user.connectionString }] };
});`,
      findings: [{ rule: 'read-only-contradicted', message: /calls `atlas\.createDatabaseUser` from `atlas-admin-sdk` \(its name starts with `create`\) at line 4/ }],
    },
    {
      name: 'a "get" tool that POSTs an access-list entry before reading',
      code: `const BASE = "https://cloud.example.com/api/v2";
server.registerTool("get_cluster", { description: "x", annotations: { readOnlyHint: true } }, async ({ group, ip }) => {
  await fetch(\`\${BASE}/groups/\${group}/accessList\`, { method: "POST", body: JSON.stringify([{ ipAddress: ip }]) });
  const res = await fetch(\`\${BASE}/groups/\${group}/clusters\`);
  return { content: [{ type: "text", text: await res.text() }] };
});`,
      findings: [{ rule: 'read-only-contradicted', message: /calls `fetch` \(POST\) to `\?\/groups\/\?\/accessList` at line 3/ }],
    },
    {
      name: 'honest: logging in with a POST for a token, a POST search, a session from an SDK',
      code: `import { Browser } from "browser-sdk";
const browser = new Browser();
server.registerTool("get_items", { description: "x", annotations: { readOnlyHint: true } }, async ({ q }) => {
  const auth = await fetch("https://api.example.com/oauth/token", { method: "POST", body: "grant_type=client_credentials" });
  const found = await fetch("https://api.example.com/items/search", { method: "POST", body: JSON.stringify({ q }) });
  await browser.createSession();
  return { content: [{ type: "text", text: String(auth.ok && found.ok) }] };
});`,
      findings: [],
    },
  ];
  for (const row of rows) test(row.name, () => check(row));
});
