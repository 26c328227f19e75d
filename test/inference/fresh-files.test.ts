// Writes that replace nothing (issue 20: "a temp-file delete is no reason for destructiveHint: true"): a file under a
// name only this call makes (a timestamp and a random id), even in the caller's folder, is new when written and the
// call's own scratch when removed; a file written back with only a key it lacked added keeps what it held. Each row
// has a look-alike that does replace something and stays reported.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { analyze } from './harness';
import { suggestAnnotations } from '../../server/src/engine/rules/suggest';
import { inferHints } from '../../server/src/engine/evidence/infer';
import { MAIN } from './harness';

const RULES = ['read-only-contradicted', 'destructive-understated', 'destructive-omitted', 'idempotent-overclaimed'];

interface Row {
  name: string;
  code: string;
  /** The findings expected: rule and a pattern of the message. Empty: none of RULES may fire. */
  findings: { rule: string; message: RegExp }[];
}

function check(row: Row): void {
  const found = analyze(row.code).findings.filter((f) => RULES.includes(f.rule));
  assert.deepEqual(found.map((f) => f.rule), row.findings.map((f) => f.rule), `${row.name}: ${found.map((f) => `${f.rule}: ${f.message}`).join(' | ') || 'no findings'}`);
  row.findings.forEach((expected, i) => assert.match(found[i].message, expected.message, row.name));
}

const head = `import * as fs from "node:fs";\nimport { rm, writeFile, readFile, mkdir } from "node:fs/promises";\nimport * as path from "node:path";\nimport { randomUUID } from "node:crypto";\n`;

/** Zips the caller's folder into a scratch file there, uploads it, removes it (`deploy-site`'s shape). */
const deploy = (removal: string) => `${head}async function zipInto({ directory, zipPath }: { directory: string; zipPath: string }) {
  const out = fs.createWriteStream(zipPath);
  out.end(directory);
}
server.registerTool("deploy_site", { description: "x", annotations: { readOnlyHint: false } }, async ({ deployDirectory, siteId }) => {
  const fileName = \`deploy-\${Date.now()}-\${randomUUID()}.zip\`;
  const zipPath = path.resolve(deployDirectory, fileName);
  await zipInto({ directory: deployDirectory, zipPath });
  await fetch(\`https://api.example.com/sites/\${siteId}/builds\`, { method: "POST", body: fs.readFileSync(zipPath) });
  ${removal}
  return { content: [] };
});`;

describe('a file under a name only this call makes replaces nothing', () => {
  const rows: Row[] = [
    {
      name: 'honest (destructive omitted): the scratch zip written into the caller’s folder, uploaded with a POST, removed again',
      code: deploy('await rm(zipPath);'),
      findings: [],
    },
    {
      name: 'reported: the same tool removing a file the caller names in that folder',
      code: deploy('await rm(path.join(deployDirectory, "dist.zip"));'),
      findings: [{ rule: 'destructive-omitted', message: /calls `rm` at line 14/ }],
    },
    {
      name: 'reported: a file name the caller gives, with a timestamp in it, is still the caller’s choice',
      code: `${head}server.registerTool("export_page", { description: "x", annotations: { readOnlyHint: false, destructiveHint: false } }, async ({ dir, name }) => {
  await writeFile(path.join(dir, \`\${name}-\${Date.now()}.pdf\`), "bytes");
  return { content: [] };
});`,
      findings: [{ rule: 'destructive-understated', message: /calls `writeFile` at line 6/ }],
    },
    {
      name: 'reported (read-only): a fresh file in the caller’s folder still changes the caller’s workspace, though it destroys nothing',
      code: `${head}server.registerTool("get_snapshot", { description: "x", annotations: { readOnlyHint: true } }, async ({ dir }) => {
  fs.writeFileSync(path.join(dir, \`snapshot-\${Date.now()}-\${randomUUID()}.json\`), "{}");
  return { content: [] };
});`,
      findings: [{ rule: 'read-only-contradicted', message: /calls `fs\.writeFileSync` at line 6/ }],
    },
  ];
  for (const row of rows) test(row.name, () => check(row));

  test('"Add annotations" gives no destructive reason for the scratch zip, and marks its removal as the call’s own', () => {
    const { tools, project } = analyze(deploy('await rm(zipPath);'));
    const context = { sourceFile: project.getSourceFile(MAIN)!, sourceFileOf: (f: string) => project.getSourceFile(f), options: {} };
    const inference = inferHints(tools[0], context);
    const removal = inference.evidence.items.find((e) => e.fact.kind === 'file' && e.fact.method === 'rm');
    assert.equal(removal?.incidental?.kind, 'scratch-file');
    const destructive = suggestAnnotations(tools[0], context).find((h) => h.key === 'destructiveHint');
    assert.ok(destructive, 'no destructiveHint suggested');
    assert.doesNotMatch(destructive.reason, /`rm`|createWriteStream/, destructive.reason);
  });
});

/** Reads a state file in the caller's folder and writes it back after `change`. */
const stateFile = (annotations: string, change: string) => `${head}server.registerTool("link_site", { description: "x", annotations: ${annotations} }, async ({ projectDir, siteId }) => {
  const stateFilePath = path.resolve(projectDir, ".acme", "state.json");
  let content = "{}";
  try {
    content = await readFile(stateFilePath, "utf-8");
  } catch {}
  let state: Record<string, unknown> = {};
  try {
    state = JSON.parse(content);
  } catch {}
${change}
  return { content: [] };
});`;

describe('a file written back with only a key it lacked added keeps what it held', () => {
  const rows: Row[] = [
    {
      name: 'honest: `if (!state.siteId) { state.siteId = …; writeFile(file, JSON.stringify(state)) }`',
      code: stateFile('{ readOnlyHint: false, destructiveHint: false }', `  if (!state.siteId) {
    state.siteId = siteId;
    await mkdir(path.dirname(stateFilePath), { recursive: true });
    await writeFile(stateFilePath, JSON.stringify(state, null, 2));
  }`),
      findings: [],
    },
    {
      name: 'reported: the key set whatever it held (no guard) overwrites it',
      code: stateFile('{ readOnlyHint: false, destructiveHint: false }', `  state.siteId = siteId;
  await writeFile(stateFilePath, JSON.stringify(state, null, 2));`),
      findings: [{ rule: 'destructive-understated', message: /calls `writeFile` at line 16/ }],
    },
    {
      name: 'reported: the guard names one key, another is set',
      code: stateFile('{ readOnlyHint: false, destructiveHint: false }', `  if (!state.siteId) {
    state.siteId = siteId;
    state.updatedAt = Date.now();
    await writeFile(stateFilePath, JSON.stringify(state, null, 2));
  }`),
      findings: [{ rule: 'destructive-understated', message: /calls `writeFile` at line 18/ }],
    },
    {
      name: 'reported: what is written is not what was read',
      code: stateFile('{ readOnlyHint: false, destructiveHint: false }', `  if (!state.siteId) {
    state = { siteId };
    await writeFile(stateFilePath, JSON.stringify(state, null, 2));
  }`),
      findings: [{ rule: 'destructive-understated', message: /calls `writeFile` at line 17/ }],
    },
  ];
  for (const row of rows) test(row.name, () => check(row));
});
