// RuleTester-style tables for the five honesty rules: source → findings (rule, evidence in the message, line) and
// fixed output; honest tools that must stay quiet; each host profile.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { suggestAnnotations } from '../../server/src/engine/rules/suggest';
import { analyze, applyFix, honestyFindings, lineOf, MAIN } from './harness';
import { closedWorldContradicted } from '../../server/src/engine/rules/closed-world-contradicted';
import { destructiveOmitted } from '../../server/src/engine/rules/destructive-omitted';
import { destructiveOnReadOnly } from '../../server/src/engine/rules/destructive-on-read-only';
import { destructiveUnderstated } from '../../server/src/engine/rules/destructive-understated';
import { idempotentOverclaimed } from '../../server/src/engine/rules/idempotent-overclaimed';
import { readOnlyContradicted } from '../../server/src/engine/rules/read-only-contradicted';

interface InvalidCase {
  name: string;
  code: string;
  files?: Record<string, string>;
  /** `message`: the one sentence a list shows; `detail`: the rest (chain, other evidence, notes), when given. */
  errors: { rule: string; message: RegExp; detail?: RegExp; relatedLine?: number }[];
  /** The code after the first error's "Change to …" fix. */
  output?: string;
}

const invalid: InvalidCase[] = [
  {
    name: 'read-only claim on a tool that writes a file',
    code: `import * as fs from "fs";
server.registerTool("save_note", { description: "x", annotations: { readOnlyHint: true } }, async ({ text }) => {
  fs.writeFileSync("notes.txt", text);
  return { content: [] };
});`,
    errors: [{ rule: 'read-only-contradicted', message: /^`readOnlyHint: true`, but the handler calls `fs\.writeFileSync` at line 3\.$/, relatedLine: 3 }],
    // Writing over a fixed file may overwrite it: the fix writes what the evidence shows once the tool writes.
    output: `import * as fs from "fs";
server.registerTool("save_note", { description: "x", annotations: { readOnlyHint: false, destructiveHint: true } }, async ({ text }) => {
  fs.writeFileSync("notes.txt", text);
  return { content: [] };
});`,
  },
  {
    name: 'read-only claim contradicted by an input when the handler cannot be seen through',
    code: `import { mail } from "mail-sdk";
server.registerTool("get_messages", { description: "x", inputSchema: { markAsRead: z.boolean() }, annotations: { readOnlyHint: true } }, async (a) => mail.list(a));`,
    errors: [{ rule: 'read-only-contradicted', message: /^`readOnlyHint: true`, but the input `markAsRead` \(it changes state when set\) at line 2\.$/, detail: /Part of the handler cannot be seen through/ }],
  },
  {
    name: 'read-only claim contradicted by the name only when no handler is visible',
    code: `server.registerTool("delete_user", { description: "x", annotations: { readOnlyHint: true } }, handlers.deleteUser);`,
    errors: [{ rule: 'read-only-contradicted', message: /^`readOnlyHint: true`, but the name verb `delete` at line 1 suggests otherwise\.$/, detail: /The handler cannot be seen through \(.*\), so the name is the only evidence.*This rests on a guess/ }],
  },
  {
    name: 'destructive understated: rm in an imported helper',
    code: `import { wipe } from "./helpers";
server.registerTool("cleanup", { description: "x", annotations: { readOnlyHint: false, destructiveHint: false } }, async ({ p }) => { await wipe(p); return { content: [] }; });`,
    files: { '/virtual/helpers.ts': `import { rm } from "fs/promises";\nexport async function wipe(p: string) {\n  await rm(p, { recursive: true });\n}\n` },
    errors: [{ rule: 'destructive-understated', message: /^`destructiveHint: false`, but the handler calls `rm` at helpers\.ts:3\.$/, detail: /^Reached through `wipe` at line 2\.$/ }],
    output: `import { wipe } from "./helpers";
server.registerTool("cleanup", { description: "x", annotations: { readOnlyHint: false, destructiveHint: true } }, async ({ p }) => { await wipe(p); return { content: [] }; });`,
  },
  {
    name: 'idempotent overclaimed: sends email',
    code: `import nodemailer from "nodemailer";
const t = nodemailer.createTransport({});
server.registerTool("send_email", { description: "x", annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true } }, async (m) => {
  await t.sendMail(m);
  return { content: [] };
});`,
    errors: [{ rule: 'idempotent-overclaimed', message: /^`idempotentHint: true`, but the handler calls `t\.sendMail` \(nodemailer\) at line 4\.$/ }],
  },
  {
    name: 'idempotent overclaimed: SQL INSERT',
    code: `server.registerTool("add_row", { description: "x", annotations: { readOnlyHint: false, idempotentHint: true } }, async ({ n }) => { await db.query("INSERT INTO t (n) VALUES ($1)", [n]); return { content: [] }; });`,
    errors: [{ rule: 'idempotent-overclaimed', message: /runs SQL `INSERT`/ }],
  },
  {
    name: 'closed world contradicted: fetch of a URL from the arguments',
    code: `server.registerTool("fetch_page", { description: "x", annotations: { readOnlyHint: true, openWorldHint: false } }, async ({ url }) => {
  const res = await fetch(url);
  return { content: [{ type: "text", text: await res.text() }] };
});`,
    errors: [{ rule: 'closed-world-contradicted', message: /^`openWorldHint: false`, but the handler calls `fetch` with a URL from its arguments at line 2\.$/ }],
    output: `server.registerTool("fetch_page", { description: "x", annotations: { readOnlyHint: true, openWorldHint: true } }, async ({ url }) => {
  const res = await fetch(url);
  return { content: [{ type: "text", text: await res.text() }] };
});`,
  },
  {
    name: 'closed world contradicted: a third-party SDK',
    code: `import { WebClient } from "@slack/web-api";
const slack = new WebClient();
server.registerTool("post_message", { description: "x", annotations: { openWorldHint: false } }, async ({ text }) => { await slack.chat.postMessage({ channel: "c", text }); return { content: [] }; });`,
    errors: [{ rule: 'closed-world-contradicted', message: /calls `slack\.chat\.postMessage` \(Slack\)/ }],
  },
  {
    name: 'a shared constant is overridden for this tool, not edited',
    code: `import * as fs from "fs";
const READ_ONLY = { readOnlyHint: true };
server.registerTool("save", { description: "x", annotations: { ...READ_ONLY, title: "Save" } }, async ({ t }) => { fs.writeFileSync("f", t); return { content: [] }; });`,
    errors: [{ rule: 'read-only-contradicted', message: /calls `fs\.writeFileSync`/ }],
    output: `import * as fs from "fs";
const READ_ONLY = { readOnlyHint: true };
server.registerTool("save", { description: "x", annotations: { ...READ_ONLY, title: "Save", readOnlyHint: false, destructiveHint: true } }, async ({ t }) => { fs.writeFileSync("f", t); return { content: [] }; });`,
  },
  {
    name: 'the fix writes what the evidence supports: read-only claimed, a DELETE sent → readOnlyHint: false and destructiveHint: true',
    code: `server.registerTool("forget_user", { description: "x", annotations: { readOnlyHint: true, openWorldHint: false } }, async ({ id }) => {
  await fetch(\`https://api.example.com/users/\${id}\`, { method: "DELETE" });
  return { content: [] };
});`,
    errors: [{ rule: 'read-only-contradicted', message: /calls `fetch` \(DELETE\)/ }],
    output: `server.registerTool("forget_user", { description: "x", annotations: { readOnlyHint: false, openWorldHint: false, destructiveHint: true } }, async ({ id }) => {
  await fetch(\`https://api.example.com/users/\${id}\`, { method: "DELETE" });
  return { content: [] };
});`,
  },
  {
    name: 'the fix corrects a written destructiveHint: false too, in place, when the read-only claim falls to a delete',
    code: `import { rm } from "fs/promises";
server.registerTool("tidy", { description: "x", annotations: { readOnlyHint: true, destructiveHint: false } }, async ({ p }) => { await rm(p); return { content: [] }; });`,
    errors: [
      { rule: 'read-only-contradicted', message: /calls `rm`/ },
      { rule: 'destructive-understated', message: /calls `rm`/ },
    ],
    output: `import { rm } from "fs/promises";
server.registerTool("tidy", { description: "x", annotations: { readOnlyHint: false, destructiveHint: true } }, async ({ p }) => { await rm(p); return { content: [] }; });`,
  },
  {
    name: 'an insert proves it only adds and cannot be repeated: readOnlyHint: false, destructiveHint: false, idempotentHint: false',
    code: `server.registerTool("log_visit", { description: "x", annotations: { readOnlyHint: true } }, async ({ n }) => { await db.query("INSERT INTO visits (n) VALUES ($1)", [n]); return { content: [] }; });`,
    errors: [{ rule: 'read-only-contradicted', message: /runs SQL `INSERT`/ }],
    output: `server.registerTool("log_visit", { description: "x", annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false } }, async ({ n }) => { await db.query("INSERT INTO visits (n) VALUES ($1)", [n]); return { content: [] }; });`,
  },
  {
    name: 'a read-only claim from a shared constant falls to a delete: overridden for this tool, and the written destructiveHint: false corrected in place',
    code: `import { rm } from "fs/promises";
const RO = { readOnlyHint: true };
server.registerTool("tidy", { description: "x", annotations: { ...RO, destructiveHint: false } }, async ({ p }) => { await rm(p); return { content: [] }; });`,
    errors: [
      { rule: 'read-only-contradicted', message: /calls `rm`/ },
      { rule: 'destructive-understated', message: /calls `rm`/ },
    ],
    output: `import { rm } from "fs/promises";
const RO = { readOnlyHint: true };
server.registerTool("tidy", { description: "x", annotations: { ...RO, destructiveHint: true, readOnlyHint: false } }, async ({ p }) => { await rm(p); return { content: [] }; });`,
  },
];

describe('honesty rules: invalid', () => {
  for (const c of invalid) {
    test(c.name, () => {
      const findings = honestyFindings(c.code, c.files);
      assert.deepEqual(findings.map((f) => f.rule), c.errors.map((e) => e.rule), findings.map((f) => f.message).join('\n'));
      c.errors.forEach((expected, i) => {
        const finding = findings[i];
        assert.match(finding.message, expected.message);
        if (expected.detail) assert.match(finding.detail ?? '', expected.detail);
        assert.ok(finding.related && finding.related.length > 0, 'related information points at the evidence');
        if (expected.relatedLine) assert.equal(lineOf(c.code, finding.related![0].loc.start), expected.relatedLine);
        // Contradicted claims are offered, never applied by --fix: a person decides.
        assert.ok(finding.fixes.filter((f) => f.title.startsWith('Change to')).every((f) => !f.safe));
      });
      if (c.output !== undefined) assert.equal(applyFix(c.code, findings[0], /^Change to/), c.output);
    });
  }
});

describe('honesty rules: the fix of destructive-understated on a tool that also claims to only read', () => {
  test('writes readOnlyHint: false beside destructiveHint: true, in one unsafe fix', () => {
    const code = `import { rm } from "fs/promises";
server.registerTool("tidy", { description: "x", annotations: { readOnlyHint: true, destructiveHint: false } }, async ({ p }) => { await rm(p); return { content: [] }; });`;
    const finding = honestyFindings(code).find((f) => f.rule === 'destructive-understated');
    assert.ok(finding, 'destructive-understated fires');
    const fix = finding.fixes.find((f) => f.title.startsWith('Change to'));
    assert.equal(fix?.title, 'Change to readOnlyHint: false, destructiveHint: true (what the evidence shows)');
    assert.equal(fix?.safe, false);
    assert.equal(applyFix(code, finding, /^Change to/), code.replace('readOnlyHint: true, destructiveHint: false', 'readOnlyHint: false, destructiveHint: true'));
  });

  test('an idempotent claim contradicted on a tool that writes nothing else keeps its other hints', () => {
    const code = `server.registerTool("add_row", { description: "x", annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true } }, async ({ n }) => { await db.query("INSERT INTO t (n) VALUES ($1)", [n]); return { content: [] }; });`;
    const [finding] = honestyFindings(code);
    assert.equal(finding.rule, 'idempotent-overclaimed');
    assert.equal(applyFix(code, finding, /^Change to/), code.replace('idempotentHint: true', 'idempotentHint: false'));
  });
});

const valid: { name: string; code: string; files?: Record<string, string> }[] = [
  { name: 'a plain read of a local file', code: `import { readFile } from "fs/promises";\nserver.registerTool("read_file", { description: "x", annotations: { readOnlyHint: true, openWorldHint: false } }, async ({ p }) => ({ content: [{ type: "text", text: await readFile(p, "utf8") }] }));` },
  { name: 'a SELECT', code: `server.registerTool("users", { description: "x", annotations: { readOnlyHint: true, openWorldHint: false } }, async () => { const r = await db.query("SELECT id FROM users"); return { content: [] }; });` },
  { name: 'add_snapshot_commands whose visible handler only returns text', code: `server.registerTool("add_snapshot_commands", { description: "x", annotations: { readOnlyHint: true } }, async () => ({ content: [{ type: "text", text: "ok" }] }));` },
  { name: 'a GET to a fixed backend with openWorldHint false (the server\'s own service)', code: `server.registerTool("status", { description: "x", annotations: { readOnlyHint: true, openWorldHint: false } }, async () => { const r = await fetch(\`\${BASE}/v1/status\`); return { content: [] }; });` },
  { name: 'a search API that takes its query as a POST', code: `server.registerTool("search", { description: "x", annotations: { readOnlyHint: true, openWorldHint: true } }, async ({ q }) => { await fetch("https://api.example.com/search", { method: "POST", body: q }); return { content: [] }; });` },
  { name: 'kubectl get through a process (may only read)', code: `import { execFileSync } from "child_process";\nserver.registerTool("kubectl_get", { description: "x", annotations: { readOnlyHint: true } }, async () => { execFileSync("kubectl", ["get", "pods"]); return { content: [] }; });` },
  { name: 'a cache write in module state on a read tool', code: `const cache = new Map();\nserver.registerTool("get_roots", { description: "x", annotations: { readOnlyHint: true } }, async () => { cache.set("k", 1); return { content: [] }; });` },
  { name: 'an idempotency key on a create', code: `server.registerTool("create_order", { description: "x", inputSchema: { idempotencyKey: z.string() }, annotations: { readOnlyHint: false, idempotentHint: true } }, async (a) => { await fetch("https://shop.example.com/orders", { method: "POST", body: JSON.stringify(a) }); return { content: [] }; });` },
  { name: 'telemetry POSTs do not count', code: `function trackEvent(n) { return fetch("https://t.example.com", { method: "POST", body: n }); }\nserver.registerTool("echo", { description: "x", annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false } }, async ({ t }) => { trackEvent("echo"); return { content: [{ type: "text", text: t }] }; });` },
  { name: 'honest destructive write', code: `import * as fs from "fs";\nserver.registerTool("delete_file", { description: "x", annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false } }, async ({ p }) => { fs.unlinkSync(p); return { content: [] }; });` },
  { name: 'a writing name with an opaque handler and no claim', code: `import { api } from "x";\nserver.registerTool("delete_user", { description: "x", annotations: { readOnlyHint: false } }, async (a) => api.go(a));` },
];

describe('honesty rules: valid (honest tools stay quiet)', () => {
  for (const c of valid) {
    test(c.name, () => {
      assert.deepEqual(honestyFindings(c.code, c.files).map((f) => `${f.rule}: ${f.message}`), []);
    });
  }
});

describe('profile-requirement', () => {
  const code = `server.registerTool("list_files", { description: "x", annotations: { readOnlyHint: true } }, async () => ({ content: [] }));`;
  test('spec requires nothing more', () => {
    assert.deepEqual(honestyFindings(code, {}, { profile: 'spec' }), []);
  });
  test('chatgpt requires destructiveHint and openWorldHint written, even on reads; the fix writes honest values', () => {
    const [finding] = honestyFindings(code, {}, { profile: 'chatgpt' });
    assert.equal(finding.rule, 'profile-requirement');
    assert.match(finding.message, /The chatgpt profile requires destructiveHint and openWorldHint on every tool/);
    const fixed = applyFix(code, finding);
    assert.equal(fixed, `server.registerTool("list_files", { description: "x", annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false } }, async () => ({ content: [] }));`);
    assert.deepEqual(honestyFindings(fixed, {}, { profile: 'chatgpt' }), [], 'a second run changes nothing');
  });
  test('explicit consistent values on a read-only tool are never reported, in any profile', () => {
    const explicit = `server.registerTool("list_files", { title: "List files", description: "x", annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } }, async () => ({ content: [] }));`;
    for (const profile of ['spec', 'chatgpt', 'claude'] as const) {
      assert.deepEqual(analyze(explicit, {}, { profile }).findings.map((f) => f.rule), [], profile);
    }
  });
  test('claude requires a title and the applicable hints', () => {
    const [finding] = honestyFindings(code, {}, { profile: 'claude' });
    assert.match(finding.message, /The claude profile requires a title and openWorldHint/);
    const titled = code.replace('description: "x"', 'title: "List files", description: "x"').replace('readOnlyHint: true', 'readOnlyHint: true, openWorldHint: false');
    assert.deepEqual(honestyFindings(titled, {}, { profile: 'claude' }), []);
  });
  test('the fix never writes a value more optimistic than the evidence', () => {
    const opaque = `import { api } from "x";\nserver.registerTool("sync", { description: "x", annotations: { readOnlyHint: false } }, async (a) => api.go(a));`;
    const [finding] = honestyFindings(opaque, {}, { profile: 'chatgpt' });
    assert.match(applyFix(opaque, finding), /annotations: \{ readOnlyHint: false, destructiveHint: true, openWorldHint: true \}/);
  });
});

describe('"Add annotations" (missing-annotations) writes inferred values with reasons', () => {
  test('title says what it writes and why; the values are the inferred ones', () => {
    const code = `import { readFile } from "fs/promises";\nserver.registerTool("read_note", { description: "x" }, async ({ p }) => ({ content: [{ type: "text", text: await readFile(p, "utf8") }] }));`;
    const finding = analyze(code).findings.find((f) => f.rule === 'missing-annotations')!;
    const fix = finding.fixes.find((f) => f.preferred)!;
    assert.match(fix.title, /^Annotate: read-only, [^(]*closed.world \(reads local files only\)$/);
    assert.match(applyFix(code, finding, /^Annotate/), /annotations: \{ title: "Read Note", readOnlyHint: true, openWorldHint: false \}/);
  });
  test('pessimistic defaults get a trailing comment, off with explainDefaults: false', () => {
    const code = `import { api } from "x";\nserver.registerTool("sync", {\n  description: "x",\n}, async (a) => api.go(a));`;
    const withComments = applyFix(code, analyze(code).findings.find((f) => f.rule === 'missing-annotations')!, /annotations/i);
    assert.match(withComments, /readOnlyHint: false, \/\/ default: no evidence it only reads/);
    assert.match(withComments, /idempotentHint: false, \/\/ default: no evidence it is safe to retry/);
    const without = applyFix(code, analyze(code, {}, { explainDefaults: false }).findings.find((f) => f.rule === 'missing-annotations')!, /annotations/i);
    assert.doesNotMatch(without, /\/\/ default/);
  });
  test('suggestions per profile: chatgpt adds destructiveHint: false on reads', () => {
    const code = `server.registerTool("echo", { description: "x" }, async ({ t }) => ({ content: [{ type: "text", text: t }] }));`;
    const { tools, project } = analyze(code);
    const context = (profile: 'spec' | 'chatgpt') => ({ sourceFile: project.getSourceFile(MAIN)!, sourceFileOf: (f: string) => project.getSourceFile(f), options: { profile } });
    assert.deepEqual(suggestAnnotations(tools[0], context('spec')).map((s) => `${s.key}=${s.value}`), ['readOnlyHint=true', 'openWorldHint=false']);
    assert.deepEqual(suggestAnnotations(tools[0], context('chatgpt')).map((s) => `${s.key}=${s.value}`), ['readOnlyHint=true', 'destructiveHint=false', 'openWorldHint=false']);
  });
});

describe('profile-requirement on shared constants', () => {
  test('the fix is offered but not applied by --fix when the annotations live in a shared constant', () => {
    const code = `const RO = { readOnlyHint: true };\nserver.registerTool("a", { description: "x", annotations: RO }, async () => ({ content: [] }));`;
    const [finding] = honestyFindings(code, {}, { profile: 'chatgpt' });
    assert.equal(finding.rule, 'profile-requirement');
    assert.ok(finding.fixes.filter((f) => f.title.startsWith('Write')).every((f) => !f.safe));
  });
});

// ─── destructive-omitted ───
// Several hosts (Claude Desktop, Claude Code, Gemini CLI policies, Docker's agent) test destructiveHint === true.
describe('destructive-omitted', () => {
  const findings = (code: string, files: Record<string, string> = {}) => analyze(code, files).findings.filter((f) => f.rule === 'destructive-omitted');
  const cases: { name: string; code: string; files?: Record<string, string>; message?: RegExp; detail?: RegExp; output?: string }[] = [
    {
      name: 'an annotations object without destructiveHint on a tool that removes files',
      code: `import { rm } from "fs/promises";
server.registerTool("clear", { description: "x", annotations: { readOnlyHint: false } }, async ({ p }) => { await rm(p, { recursive: true }); return { content: [] }; });`,
      message: /^`destructiveHint` is omitted, but the handler calls `rm` at line 2\.$/,
      detail: /^The spec's default is true, but Claude Desktop, Claude Code, Gemini CLI policies, Docker's agent read a missing destructiveHint as not destructive: write `destructiveHint: true`\.$/,
      output: `import { rm } from "fs/promises";
server.registerTool("clear", { description: "x", annotations: { readOnlyHint: false, destructiveHint: true } }, async ({ p }) => { await rm(p, { recursive: true }); return { content: [] }; });`,
    },
    {
      name: 'a DELETE two modules away: the message names the call, the detail the chain',
      code: `import { removeItem } from "./items";
server.registerTool("drop", { description: "x", annotations: { openWorldHint: false } }, async ({ id }) => { await removeItem(id); return { content: [] }; });`,
      files: {
        '/virtual/items.ts': `import { api } from "./api";\nexport async function removeItem(id: string) {\n  return api(\`/items/\${id}\`, { method: "DELETE" });\n}\n`,
        '/virtual/api.ts': `export async function api(path: string, options: { method?: string } = {}) {\n  return fetch(\`https://example.com\${path}\`, { method: options.method ?? "GET" });\n}\n`,
      },
      message: /the handler calls `fetch` \(DELETE\) to `https:\/\/example\.com\?` at api\.ts:2\.$/,
      detail: /^Reached through `removeItem` at line 2 → `api` at items\.ts:3\. The spec's default/,
    },
  ];
  for (const c of cases) {
    test(c.name, () => {
      const [finding, ...rest] = findings(c.code, c.files);
      assert.ok(finding, 'a finding');
      assert.equal(rest.length, 0);
      if (c.message) assert.match(finding.message, c.message);
      if (c.detail) assert.match(finding.detail ?? '', c.detail);
      if (c.output) assert.equal(applyFix(c.code, finding, /destructiveHint: true/), c.output);
    });
  }
  const quiet: { name: string; code: string }[] = [
    { name: 'destructiveHint written', code: `import { rm } from "fs/promises";\nserver.registerTool("clear", { description: "x", annotations: { readOnlyHint: false, destructiveHint: true } }, async ({ p }) => { await rm(p); return { content: [] }; });` },
    { name: 'a read-only tool', code: `import { readFile } from "fs/promises";\nserver.registerTool("show", { description: "x", annotations: { readOnlyHint: true } }, async ({ p }) => ({ content: [{ type: "text", text: await readFile(p, "utf8") }] }));` },
    { name: 'a tool that only adds', code: `server.registerTool("note", { description: "x", annotations: { readOnlyHint: false } }, async ({ t }) => { await fetch("https://example.com/notes", { method: "POST", body: t }); return { content: [] }; });` },
    { name: 'a name that says delete, with an opaque handler', code: `import { api } from "x";\nserver.registerTool("delete_user", { description: "x", annotations: { readOnlyHint: false } }, async (a) => api.go(a));` },
    { name: 'a temp file overwritten (incidental)', code: `import { writeFileSync } from "fs";\nimport { tmpdir } from "os";\nimport { join } from "path";\nserver.registerTool("render", { description: "x", annotations: { readOnlyHint: false } }, async ({ t }) => { writeFileSync(join(tmpdir(), "render.html"), t); return { content: [] }; });` },
    { name: 'no annotations at all (missing-annotations covers it)', code: `import { rm } from "fs/promises";\nserver.registerTool("clear", { description: "x" }, async ({ p }) => { await rm(p); return { content: [] }; });` },
  ];
  for (const c of quiet) test(`quiet: ${c.name}`, () => assert.deepEqual(findings(c.code).map((f) => f.message), []));
});

// ─── where a message names another file ───
describe('messages name lines of other files by their path from the project folder', () => {
  const code = `import { wipe } from "./lib/helpers";
server.registerTool("cleanup", { description: "x", annotations: { readOnlyHint: false, destructiveHint: false } }, async ({ p }) => { await wipe(p); return { content: [] }; });`;
  const files = { '/virtual/lib/helpers.ts': `import { rm } from "fs/promises";\nexport async function wipe(p: string) {\n  await rm(p, { recursive: true });\n}\n` };
  test('relative to the project folder (roots), "line N" only for the file the finding is in', () => {
    const [finding] = honestyFindings(code, files, { roots: ['/'] });
    assert.match(finding.message, /^`destructiveHint: false`, but the handler calls `rm` at virtual\/lib\/helpers\.ts:3\.$/);
    assert.match(finding.detail ?? '', /^Reached through `wipe` at line 2\.$/);
  });
  test('without a project folder, relative to the registration\'s folder', () => {
    const [finding] = honestyFindings(code, files);
    assert.match(finding.message, /at lib\/helpers\.ts:3\.$/);
  });
});

// ─── catch-all tools ───
describe('catch-all tools (an input switches between reading and deleting)', () => {
  test('a read-only claim on a tool whose `action` can delete describes only the safe branch', () => {
    const code = `import { api } from "x";
server.registerTool("records", { description: "x", inputSchema: { action: z.enum(["list", "delete"]), id: z.string() }, annotations: { readOnlyHint: true } }, async (a) => api.go(a));`;
    const [finding] = honestyFindings(code);
    assert.equal(finding.rule, 'read-only-contradicted');
    assert.match(finding.message, /the input `action` accepts `delete`/);
    assert.match(finding.detail ?? '', /switches the tool between reading and writing: its hints must describe the worst branch.*Consider splitting it/);
  });
  test('an HTTP method input with GET and DELETE is a catch-all too', () => {
    const code = `import { api } from "x";
server.registerTool("call_api", { description: "x", inputSchema: { method: z.enum(["GET", "DELETE"]), path: z.string() }, annotations: { readOnlyHint: false, destructiveHint: false } }, async (a) => api.go(a));`;
    const [finding] = honestyFindings(code);
    assert.equal(finding.rule, 'destructive-understated');
    assert.match(finding.message, /input `method` accepts `DELETE`/);
    assert.match(finding.detail ?? '', /Consider splitting it/);
  });
  test('a mode that only writes is not called a catch-all', () => {
    const code = `import { api } from "x";
server.registerTool("records", { description: "x", inputSchema: { action: z.enum(["create", "delete"]) }, annotations: { readOnlyHint: true } }, async (a) => api.go(a));`;
    const [finding] = honestyFindings(code);
    assert.doesNotMatch(`${finding.message} ${finding.detail}`, /catch-all/);
  });
});

// ─── profiles: chatgpt follows OpenAI's review definitions ───
describe('profiles: what counts as read-only', () => {
  const code = `import { appendFileSync } from "fs";
server.registerTool("show", { title: "Show", description: "x", annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false } }, async ({ id }) => {
  appendFileSync("audit.log", id);
  return { content: [{ type: "text", text: id }] };
});`;
  test('spec and claude: a log file is incidental, the read-only claim stands', () => {
    assert.deepEqual(honestyFindings(code, {}, { profile: 'spec' }), []);
    assert.deepEqual(honestyFindings(code, {}, { profile: 'claude' }), []);
  });
  test('chatgpt: writing logs is not read-only', () => {
    const [finding] = honestyFindings(code, {}, { profile: 'chatgpt' });
    assert.equal(finding?.rule, 'read-only-contradicted');
    assert.match(finding.message, /calls `appendFileSync` at line 3/);
  });
  test('chatgpt: a cache is still not an effect', () => {
    const cached = `const cache = new Map();\nserver.registerTool("show", { title: "Show", description: "x", annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false } }, async ({ id }) => { cache.set(id, 1); return { content: [] }; });`;
    assert.deepEqual(honestyFindings(cached, {}, { profile: 'chatgpt' }), []);
  });
});

// ─── the rule pages' examples are complete files, and they do what the page says ───
describe('rule page examples', () => {
  const rules = [readOnlyContradicted, destructiveUnderstated, idempotentOverclaimed, closedWorldContradicted, destructiveOnReadOnly, destructiveOmitted];
  for (const rule of rules) {
    rule.docs.examples.forEach((example, index) => {
      test(`${rule.id} example ${index + 1}: reported, and its honest version is quiet`, () => {
        assert.match(example.bad, /^import /, 'a complete file starts with its imports');
        assert.deepEqual(analyze(example.bad).findings.filter((f) => f.rule === rule.id).length, 1, 'the reported example is reported');
        assert.deepEqual(analyze(example.good).findings.filter((f) => f.rule === rule.id).map((f) => f.message), []);
      });
    });
  }
});
