// The corpus groups hold each published server once, pinned by version and sha512, each with its recorded
// `tools/list` answer in the layout wild.ts reads (a name listed twice, as one server does, counts once there).
// These checks read only the committed facts (no package is fetched and none is analysed), so a copy that drops a
// runtime file, or a package added to two groups, fails fast here.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { packageFolderName } from './fetch';
import { CORPORA, DEVELOPED } from './location';

interface Entry {
  package: string;
  version: string;
  integrity: string;
  bin: string;
  args: string[];
  env: Record<string, string>;
  tools: number;
}

const ALL = [CORPORA.pinned, ...DEVELOPED, CORPORA.heldout];

test('every published server is in one corpus group only', () => {
  const seen = new Map<string, string>();
  const twice: string[] = [];
  for (const corpus of ALL) {
    for (const p of corpus.packages()) {
      const other = seen.get(p.package);
      if (other) twice.push(`${p.package}: ${other} and ${corpus.name}`);
      seen.set(p.package, corpus.name);
    }
  }
  assert.deepEqual(twice, []);
});

for (const corpus of DEVELOPED) {
  test(`${corpus.name} manifest: pinned entries, each with its runtime file and its tool count`, () => {
    const packages = corpus.packages() as unknown as Entry[];
    assert.ok(packages.length > 0, 'the group is not empty');
    const files = readdirSync(join(corpus.dataDir, 'runtime')).sort();
    assert.deepEqual(files, packages.map((p) => `${packageFolderName(p)}.json`).sort(), 'no runtime file without an entry, none missing');
    for (const p of packages) {
      const where = `${p.package}@${p.version}`;
      assert.match(p.version, /^\d+\.\d+\.\d+(-[\w.]+)?$/, `${where}: an exact version`);
      assert.match(p.integrity, /^sha512-[A-Za-z0-9+/]{86}==$/, `${where}: the registry's sha512`);
      assert.ok(typeof p.bin === 'string' && p.bin !== '' && !p.bin.startsWith('/') && !p.bin.includes('..'), `${where}: bin is a path inside the package`);
      assert.ok(Array.isArray(p.args) && p.args.every((a) => typeof a === 'string'), `${where}: args are strings`);
      assert.ok(typeof p.env === 'object' && Object.values(p.env).every((v) => typeof v === 'string'), `${where}: env maps names to strings`);
      const runtime = JSON.parse(readFileSync(join(corpus.dataDir, 'runtime', `${packageFolderName(p)}.json`), 'utf8')) as {
        toolCount: number;
        tools: { name: string }[];
      };
      assert.equal(runtime.toolCount, runtime.tools.length, `${where}: toolCount counts the tools`);
      assert.equal(runtime.toolCount, p.tools, `${where}: the manifest's tool count is the recorded one`);
      assert.ok(runtime.tools.length > 0, `${where}: lists at least one tool`);
    }
  });
}
