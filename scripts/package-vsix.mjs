// `npm run package`: packages the VS Code extension (mcp-hints-<version>.vsix) with vsce.
// package.json's `files` says what npm publishes (the CLI) and .vscodeignore what the VSIX ships (extension, server,
// CLI, grammars); vsce refuses a folder that has both. So the shipped files are copied into a staging folder with a
// package.json without `files`, and vsce packages that: .vscodeignore alone decides the VSIX.
// Arguments go to `vsce package`; without `-o`/`--out` the VSIX is written here, as vsce would.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { globSync } from 'tinyglobby';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const vscodeignore = readFileSync(join(root, '.vscodeignore'), 'utf8');
// .vscodeignore excludes everything (`**`) and lists the shipped files as `!pattern` lines.
const shipped = vscodeignore
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line.startsWith('!'))
  .map((line) => line.slice(1));

const args = process.argv.slice(2);
const outAt = args.findIndex((a) => a === '-o' || a === '--out');
if (outAt === -1) args.push('-o', join(root, `${manifest.name}-${manifest.version}.vsix`));
else if (args[outAt + 1]) args[outAt + 1] = resolve(args[outAt + 1]);

const stage = mkdtempSync(join(tmpdir(), 'mcp-hints-vsix-stage-'));
let status = 1;
try {
  for (const file of globSync(shipped, { cwd: root, dot: true })) cpSync(join(root, file), join(stage, file));
  cpSync(join(root, '.vscodeignore'), join(stage, '.vscodeignore'));
  const { files: _npmFiles, ...vsixManifest } = manifest;
  writeFileSync(join(stage, 'package.json'), `${JSON.stringify(vsixManifest, null, 2)}\n`);
  const vsce = createRequire(join(root, 'package.json')).resolve('@vscode/vsce/vsce');
  // stdin is closed: vsce must not ask anything.
  const result = spawnSync(process.execPath, [vsce, 'package', '--no-dependencies', '--no-rewrite-relative-links', ...args], {
    cwd: stage,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  status = result.status ?? 1;
} finally {
  rmSync(stage, { recursive: true, force: true });
}
process.exit(status);
