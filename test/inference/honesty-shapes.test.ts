// Table tests for the shapes real servers get wrong (issue 20): each row is a handler (often across modules), the
// contradiction findings it must raise (rule and the call named in the message), or none for an honest look-alike.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { suggestAnnotations } from '../../server/src/engine/rules/suggest';
import { analyze, honestyFindings, MAIN } from './harness';

interface Row {
  name: string;
  code: string;
  files?: Record<string, string>;
  /** The contradiction findings expected: rule and a pattern of the message. Empty: an honest tool, none may fire. */
  findings: { rule: string; message: RegExp }[];
}

function check(row: Row): void {
  const found = honestyFindings(row.code, row.files ?? {}).filter((f) => f.rule !== 'profile-requirement');
  assert.deepEqual(
    found.map((f) => f.rule),
    row.findings.map((f) => f.rule),
    `${row.name}: ${found.map((f) => `${f.rule}: ${f.message}`).join(' | ') || 'no findings'}`,
  );
  row.findings.forEach((expected, i) => assert.match(found[i].message, expected.message, row.name));
}

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
