// The held-out set (test/corpus/data/heldout, chosen 2026-12-01): published servers whose sources nobody reads
// while building, measured once at the end by `npm run corpus`. No floors yet; these tests only hold the recorded
// truth to its layout (the one the wild set uses, so the same measurement reads it) and check the pinned tarballs
// still fetch with their sha512. They never run the analyser on the packages nor print anything from them.
import assert from 'node:assert/strict';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { test } from 'node:test';
import { packageFolderName } from './fetch';
import { CORPORA, DEVELOPED } from './location';
import { probeOnce, type ProbedPackage, type RuntimeRecord } from './probe';

interface HeldOutPackage extends ProbedPackage {
  notes: string;
  tools: number;
}

const heldOut = () => CORPORA.heldout.packages() as HeldOutPackage[];
const runtimeOf = (p: HeldOutPackage): RuntimeRecord =>
  JSON.parse(readFileSync(join(CORPORA.heldout.dataDir, 'runtime', `${packageFolderName(p)}.json`), 'utf8'));
const isStringRecord = (value: unknown) =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every((v) => typeof v === 'string');

test('held-out manifest: every entry is pinned by version and sha512 and says how it was started', () => {
  const packages = heldOut();
  assert.ok(packages.length >= 6, `${packages.length} packages`);
  for (const p of packages) {
    const where = `${p.package}@${p.version}`;
    assert.match(p.version, /^\d+\.\d+\.\d+(-[\w.]+)?$/, `${where}: an exact version`);
    assert.match(p.integrity, /^sha512-[A-Za-z0-9+/]{86}==$/, `${where}: the registry's sha512`);
    assert.ok(typeof p.bin === 'string' && p.bin !== '' && !p.bin.startsWith('/') && !p.bin.includes('..'), `${where}: bin is a path inside the package`);
    assert.ok(Array.isArray(p.args) && p.args.every((a) => typeof a === 'string'), `${where}: args are strings`);
    assert.ok(isStringRecord(p.env), `${where}: env maps names to strings`);
    assert.ok(typeof p.notes === 'string' && p.notes.length > 0, `${where}: notes say why it was chosen`);
    assert.ok(Number.isInteger(p.tools) && p.tools > 0, `${where}: lists at least one tool`);
  }
  assert.equal(new Set(packages.map((p) => p.package)).size, packages.length, 'each package once');
});

test('held-out packages are new: none is in the pinned or a developed corpus', () => {
  const known = new Set([CORPORA.pinned, ...DEVELOPED].flatMap((c) => c.packages()).map((p) => p.package));
  assert.deepEqual(heldOut().filter((p) => known.has(p.package)).map((p) => p.package), []);
});

test('held-out runtime files: one per package, in the wild layout, matching the manifest', () => {
  const packages = heldOut();
  const files = readdirSync(join(CORPORA.heldout.dataDir, 'runtime')).sort();
  assert.deepEqual(files, packages.map((p) => `${packageFolderName(p)}.json`).sort(), 'no runtime file without an entry, none missing');
  for (const p of packages) {
    const where = `${p.package}@${p.version}`;
    const runtime = runtimeOf(p);
    assert.equal(runtime.toolCount, runtime.tools.length, `${where}: toolCount counts the tools`);
    assert.equal(runtime.toolCount, p.tools, `${where}: the manifest's tool count is the recorded one`);
    assert.equal(runtime.command, `node node_modules/${p.package}/${p.bin}`, `${where}: started from its bin`);
    assert.deepEqual(runtime.args, p.args, `${where}: the manifest's args`);
    assert.deepEqual(runtime.env, p.env, `${where}: the manifest's env`);
    assert.ok(typeof runtime.serverInfo?.name === 'string', `${where}: the server named itself`);
    const names = runtime.tools.map((t) => t.name);
    assert.ok(names.every((n) => typeof n === 'string' && n !== ''), `${where}: every tool has a name`);
    assert.equal(new Set(names).size, names.length, `${where}: tool names are unique`);
    for (const tool of runtime.tools) {
      assert.deepEqual(Object.keys(tool).filter((k) => !['name', 'title', 'annotations'].includes(k)), [], `${where} ${tool.name}: only name, title, annotations`);
      assert.ok(tool.title === undefined || typeof tool.title === 'string', `${where} ${tool.name}: title is a string when sent`);
      assert.ok(tool.annotations === null || (typeof tool.annotations === 'object' && !Array.isArray(tool.annotations)), `${where} ${tool.name}: annotations are an object or null`);
    }
  }
});

test('held-out packages fetch from the npm registry with their sha512 and hold the bin they were started from', { timeout: 10 * 60_000 }, () => {
  CORPORA.heldout.ensure();
  for (const p of heldOut()) {
    const dir = CORPORA.heldout.packageDir(p);
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name: string; version: string };
    assert.deepEqual([manifest.name, manifest.version], [p.package, p.version]);
    assert.ok(existsSync(join(dir, p.bin)), `${p.package}: ${p.bin} is in the tarball`);
  }
});

test('the probe records every page of tools/list as name, title when sent and annotations, with the command, args and env', async () => {
  // A package "installed" under test/.tmp so the fixture resolves the project's MCP SDK.
  const tmp = resolve(__dirname, '../.tmp');
  mkdirSync(tmp, { recursive: true });
  const dir = mkdtempSync(join(tmp, 'probe-'));
  try {
    mkdirSync(join(dir, 'node_modules/paged-server'), { recursive: true });
    copyFileSync(resolve(__dirname, '../verify/fixtures/pages/server.mjs'), join(dir, 'node_modules/paged-server/server.mjs'));
    const p: ProbedPackage = { package: 'paged-server', version: '0.0.1', integrity: 'sha512-unused', bin: 'server.mjs', args: ['--flag'], env: { TOKEN: 'dummy' } };
    const record = await probeOnce(p, dir);
    assert.deepEqual(record, {
      serverInfo: { name: 'pages', version: '0.0.1' },
      toolCount: 5,
      tools: [
        { name: 'page_one_a', annotations: { readOnlyHint: true } },
        { name: 'page_one_b', annotations: { readOnlyHint: true } },
        { name: 'page_two_a', annotations: { readOnlyHint: false } },
        { name: 'page_two_b', annotations: { destructiveHint: true } },
        { name: 'page_three', annotations: { openWorldHint: false } },
      ],
      command: 'node node_modules/paged-server/server.mjs',
      args: ['--flag'],
      env: { TOKEN: 'dummy' },
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
