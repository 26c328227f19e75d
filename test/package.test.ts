// Packages the extension with the project's own `npm run package` command line (vsce, no questions asked) into a
// temp folder, then reads the VSIX (a zip) and checks that it holds exactly the files meant to ship; lists what
// `npm pack` would put in the npm tarball (the CLI) and checks the manifest is ready to publish.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
const packageJson = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));

/** The entries of a zip file, read from its central directory; `read` inflates one. */
function readZip(file: string): { names: string[]; sizes: Map<string, number>; read: (name: string) => Buffer } {
  const zip = fs.readFileSync(file);
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  assert.ok(eocd >= 0, 'the VSIX is a zip (end of central directory found)');
  const count = zip.readUInt16LE(eocd + 10);
  let offset = zip.readUInt32LE(eocd + 16);
  const entries = new Map<string, { method: number; compressedSize: number; size: number; localHeader: number }>();
  for (let i = 0; i < count; i++) {
    assert.equal(zip.readUInt32LE(offset), 0x02014b50, 'central directory entry signature');
    const method = zip.readUInt16LE(offset + 10);
    const compressedSize = zip.readUInt32LE(offset + 20);
    const size = zip.readUInt32LE(offset + 24);
    const nameLength = zip.readUInt16LE(offset + 28);
    const extraLength = zip.readUInt16LE(offset + 30);
    const commentLength = zip.readUInt16LE(offset + 32);
    const localHeader = zip.readUInt32LE(offset + 42);
    const name = zip.subarray(offset + 46, offset + 46 + nameLength).toString('utf8');
    entries.set(name, { method, compressedSize, size, localHeader });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return {
    names: [...entries.keys()].sort(),
    sizes: new Map([...entries].map(([name, e]) => [name, e.size])),
    read(name) {
      const e = entries.get(name);
      assert.ok(e, `${name} is in the VSIX`);
      const start = e.localHeader + 30 + zip.readUInt16LE(e.localHeader + 26) + zip.readUInt16LE(e.localHeader + 28);
      const data = zip.subarray(start, start + e.compressedSize);
      return e.method === 0 ? data : zlib.inflateRawSync(data);
    },
  };
}

/** `npm run package` (scripts/package-vsix.mjs, which runs vsce), with `-o` pointing into a temp folder. */
function packageInto(out: string) {
  const script: string = packageJson.scripts.package;
  const args = script.split(/\s+/);
  assert.deepEqual(args.slice(0, 2), ['node', 'scripts/package-vsix.mjs'], 'the package script runs scripts/package-vsix.mjs');
  // stdin is closed, as in CI: vsce must not ask anything.
  return spawnSync(process.execPath, [...args.slice(1), '-o', out], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 300_000 });
}

/** Builds dist/ when a bundle is missing (a test run builds first; a single test file may not). */
function ensureBuilt() {
  const bundles = ['extension.js', 'server.js', 'cli.js', 'cli-bundle.js', 'worker.js', 'worker-bundle.js', 'typescript.js'];
  if (bundles.some((b) => !fs.existsSync(path.join(root, 'dist', b)))) {
    const build = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: root, encoding: 'utf8' });
    assert.equal(build.status, 0, `build failed: ${build.stderr}`);
  }
}

test('the VSIX holds only the built extension, its grammars, icon and docs', () => {
  ensureBuilt();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-hints-vsix-'));
  try {
    const out = path.join(dir, `mcp-hints-${packageJson.version}.vsix`);
    const result = packageInto(out);
    assert.equal(result.status, 0, `vsce failed:\n${result.stdout}\n${result.stderr}`);
    assert.ok(fs.existsSync(out), 'the VSIX was written where -o said');

    const vsix = readZip(out);
    const files = vsix.names.filter((n) => n.startsWith('extension/')).map((n) => n.slice('extension/'.length));

    // What must be there.
    for (const required of [
      'package.json',
      'dist/extension.js',
      'dist/server.js',
      // The server's TypeScript, one copy shared with the CLI and its workers.
      'dist/typescript.js',
      'images/icon.png',
      'syntaxes/mcp-hints-annotations.injection.tmLanguage.json',
      'syntaxes/mcp-hints-directives.injection.tmLanguage.json',
      'schemas/mcp-hints.schema.json',
      'LICENSE.txt',
      'changelog.md',
    ]) {
      assert.ok(files.includes(required), `${required} is in the VSIX; it has: ${files.join(', ')}`);
    }
    if (fs.existsSync(path.join(root, 'README.md'))) assert.ok(files.includes('readme.md'), 'README.md is shipped');

    // Nothing else: every file matches one of the shipped shapes.
    const allowed = [
      /^package\.json$/,
      /^dist\/(extension|server|cli|cli-bundle|worker|worker-bundle|typescript)\.js$/,
      /^syntaxes\/[\w.-]+\.tmLanguage\.json$/,
      /^schemas\/mcp-hints\.schema\.json$/,
      /^images\/icon\.png$/,
      /^images\/screenshot-[\w-]+\.png$/,
      /^(readme|changelog)\.md$/,
      /^LICENSE\.txt$/,
    ];
    const unexpected = files.filter((f) => !allowed.some((re) => re.test(f)));
    assert.deepEqual(unexpected, [], 'only the shipped files are packaged');
    for (const f of files) {
      assert.doesNotMatch(f, /(^|\/)(node_modules|src|client|server|test|scripts|examples|docs|\.cache)\//, f);
      assert.doesNotMatch(f, /\.(ts|map)$/, f);
    }

    // The packaged manifest: it runs in untrusted workspaces (verify's command setting restricted), starts from the bundle and contributes the grammars.
    const manifest = JSON.parse(vsix.read('extension/package.json').toString('utf8'));
    assert.equal(manifest.capabilities?.untrustedWorkspaces?.supported, 'limited');
    assert.deepEqual(manifest.capabilities.untrustedWorkspaces.restrictedConfigurations, ['mcp-hints.verify.command']);
    assert.equal(manifest.main, './dist/extension.js');
    assert.equal(manifest.icon, 'images/icon.png');
    for (const g of manifest.contributes.grammars) {
      assert.ok(files.includes(path.posix.normalize(g.path)), `grammar ${g.path} is packaged`);
    }
    for (const v of manifest.contributes.jsonValidation) {
      assert.ok(files.includes(path.posix.normalize(v.url)), `config schema ${v.url} is packaged`);
    }

    // The icon is the 128x128 PNG the marketplace wants.
    const icon = vsix.read('extension/images/icon.png');
    assert.equal(icon.subarray(1, 4).toString('ascii'), 'PNG');
    assert.deepEqual([icon.readUInt32BE(16), icon.readUInt32BE(20)], [128, 128]);

    // Small: the bundles dominate; the whole VSIX stays well under 8 MB.
    const size = fs.statSync(out).size;
    assert.ok(size < 8 * 1024 * 1024, `the VSIX is ${(size / 1024 / 1024).toFixed(2)} MB`);
    const manifestXml = vsix.read('extension.vsixmanifest').toString('utf8');
    assert.match(manifestXml, /<License>extension\/LICENSE\.txt<\/License>/);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('the LICENSE is MIT, held by the mcp-hints contributors', () => {
  const license = fs.readFileSync(path.join(root, 'LICENSE'), 'utf8');
  assert.match(license, /^MIT License/);
  assert.match(license, /Copyright \(c\) \d{4} mcp-hints contributors/);
  assert.equal(packageJson.license, 'MIT');
});

/** The files `npm pack` would put in the tarball, as npm itself lists them (no build scripts run). */
function npmPackFiles(): string[] {
  const npm = spawnSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: root, encoding: 'utf8', timeout: 120_000 });
  assert.equal(npm.status, 0, `npm pack --dry-run failed:\n${npm.stderr}`);
  const [pack] = JSON.parse(npm.stdout) as { name: string; version: string; filename: string; files: { path: string }[] }[];
  assert.equal(pack.filename, `mcp-hints-${packageJson.version}.tgz`);
  return pack.files.map((f) => f.path).sort();
}

test('the npm tarball holds the CLI and nothing for development', () => {
  ensureBuilt();
  const files = npmPackFiles();
  // The CLI's launcher and bundle, its worker's, the TypeScript they share, the config schema users point
  // `$schema` at, and the documents npm always shows.
  assert.deepEqual(files, [
    'CHANGELOG.md',
    'LICENSE',
    'README.md',
    'dist/cli-bundle.js',
    'dist/cli.js',
    'dist/typescript.js',
    'dist/worker-bundle.js',
    'dist/worker.js',
    'package.json',
    'schemas/mcp-hints.schema.json',
  ]);
  for (const f of files) {
    assert.doesNotMatch(f, /^(test|server|client|scripts|examples|docs|images|syntaxes|node_modules|\.cache|\.ci)\//, f);
    assert.doesNotMatch(f, /\.(ts|map|vsix|tgz)$/, f);
  }
  for (const [name, target] of Object.entries(packageJson.bin as Record<string, string>)) {
    assert.ok(files.includes(path.posix.normalize(target)), `bin ${name} (${target}) is in the tarball`);
    assert.match(fs.readFileSync(path.join(root, target), 'utf8'), /^#!\/usr\/bin\/env node\n/, `bin ${name} starts with a node shebang`);
  }
  // The CLI runs a worker from beside itself (server/src/cli/run.ts) and loads TypeScript from dist/typescript.js.
  assert.ok(files.includes('dist/worker.js') && files.includes('dist/typescript.js'));
});

test('package.json is ready to publish', () => {
  assert.equal(packageJson.name, 'mcp-hints');
  assert.match(packageJson.version, /^\d+\.\d+\.\d+$/);
  assert.equal(packageJson.license, 'MIT');
  assert.match(packageJson.engines.node, /^>=\s*20/);
  assert.equal(packageJson.repository.type, 'git');
  assert.match(packageJson.repository.url, /^git\+https:\/\/github\.com\/[\w-]+\/[\w-]+\.git$/);
  assert.ok(packageJson.keywords.includes('mcp') && packageJson.keywords.length >= 3);
  assert.deepEqual(Object.keys(packageJson.bin), ['mcp-hints']);
  // Everything the CLI runs is bundled into dist/ (the install test runs it from the tarball alone).
  assert.deepEqual(packageJson.dependencies ?? {}, {});
  assert.match(packageJson.scripts.prepublishOnly, /^npm run build\b/, 'publishing builds first');
  // `npm start` leaves both packages: the VSIX and the npm tarball.
  assert.match(packageJson.scripts.start, /npm run package\b.*npm pack\b/);
});
