// Records the truth for a corpus: installs each pinned package with npm (--ignore-scripts) into its own folder,
// starts it over stdio with the recorded bin, args and env, and writes what it answers to `tools/list` (all pages)
// to data/<corpus>/runtime/<name with / as __>@<version>.json. Every package is listed twice; a package whose two
// answers differ is reported and not written. The packages' code is only run, never read.
//
//   node --import tsx test/corpus/probe.ts heldout [package...]          re-record (all, or the packages named)
//   node --import tsx test/corpus/probe.ts --entry '<json entry>'        probe one entry not in a manifest; print it
//
// Installs go to $MCP_HINTS_PROBE_DIR or <tmp>/mcp-hints-probe and are reused when the lock file's integrity for the
// package equals the manifest's.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { listToolsOverStdio } from '../../server/src/cli/verify/stdio-client';
import type { RuntimeTool } from '../../server/src/engine/review/runtime-compare';
import { packageFolderName, type PinnedPackage } from './fetch';

const repo = resolve(__dirname, '../..');
const TIMEOUT_MS = 60_000;

export interface ProbedPackage extends PinnedPackage {
  /** The script started, as a path inside the package. */
  bin: string;
  args: string[];
  env: Record<string, string>;
}

export interface RuntimeRecord {
  serverInfo: { name: string | null; version: string | null };
  toolCount: number;
  tools: { name: string; title?: string; annotations: Record<string, unknown> | null }[];
  command: string;
  args: string[];
  env: Record<string, string>;
}

/** Installs `p` alone into its own folder (reused when already there with the same integrity); returns the folder. */
export function install(p: ProbedPackage, root: string): string {
  const dir = join(root, packageFolderName(p));
  if (installedIntegrity(dir, p) !== p.integrity) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'package.json'), `${JSON.stringify({ name: 'probe', private: true })}\n`);
    execFileSync('npm', ['install', '--ignore-scripts', '--no-audit', '--no-fund', '--save-exact', `${p.package}@${p.version}`], {
      cwd: dir,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const got = installedIntegrity(dir, p);
    if (got !== p.integrity) throw new Error(`${p.package}@${p.version}: npm installed integrity ${got}, the manifest says ${p.integrity}`);
  }
  return dir;
}

function installedIntegrity(dir: string, p: ProbedPackage): string | undefined {
  const lock = join(dir, 'package-lock.json');
  if (!existsSync(lock)) return undefined;
  const entry = JSON.parse(readFileSync(lock, 'utf8')).packages?.[`node_modules/${p.package}`];
  return entry?.version === p.version ? entry.integrity : undefined;
}

/** The tool as the corpus keeps it: name, top-level title when sent, annotations or null. */
const recordedTool = (tool: RuntimeTool): RuntimeRecord['tools'][number] => ({
  name: tool.name,
  ...(typeof tool.title === 'string' ? { title: tool.title } : {}),
  annotations: tool.annotations && typeof tool.annotations === 'object' ? tool.annotations : null,
});

/** Starts the installed server once and lists its tools. */
export async function probeOnce(p: ProbedPackage, dir: string): Promise<RuntimeRecord> {
  const script = `node_modules/${p.package}/${p.bin}`;
  // A fresh HOME in the install folder: no saved config or token of the machine's user changes the list.
  const home = join(dir, 'home');
  mkdirSync(home, { recursive: true });
  const env = { PATH: process.env.PATH, HOME: home, ...p.env };
  const listed = await listToolsOverStdio([process.execPath, script, ...p.args], { cwd: dir, env, timeoutMs: TIMEOUT_MS, clientVersion: '0.1.0' });
  if (!listed.ok) throw new Error(`${p.package}@${p.version}: ${listed.message}\n  ${listed.stderrTail.join('\n  ')}`);
  const tools = listed.tools.map(recordedTool);
  return { serverInfo: listed.server, toolCount: tools.length, tools, command: `node ${script}`, args: p.args, env: p.env };
}

/** Lists the tools twice; throws when the two answers differ. */
export async function probeTwice(p: ProbedPackage, root: string): Promise<RuntimeRecord> {
  const dir = install(p, root);
  const first = await probeOnce(p, dir);
  const second = await probeOnce(p, dir);
  if (JSON.stringify(first) !== JSON.stringify(second)) {
    throw new Error(`${p.package}@${p.version}: two runs answered differently (${first.toolCount} then ${second.toolCount} tools)`);
  }
  return first;
}

const probeRoot = () => process.env.MCP_HINTS_PROBE_DIR ?? join(tmpdir(), 'mcp-hints-probe');

async function main(argv: string[]): Promise<number> {
  if (argv[0] === '--entry') {
    const record = await probeTwice(JSON.parse(argv[1]) as ProbedPackage, probeRoot());
    console.log(JSON.stringify(record, null, 2));
    return 0;
  }
  const [corpus, ...only] = argv;
  if (!corpus) {
    console.error('usage: probe.ts <corpus> [package...] | --entry <json>');
    return 2;
  }
  const dataDir = join(repo, 'test/corpus/data', corpus);
  const packages = (JSON.parse(readFileSync(join(dataDir, 'packages.json'), 'utf8')) as ProbedPackage[]).filter(
    (p) => only.length === 0 || only.includes(p.package),
  );
  let failures = 0;
  for (const p of packages) {
    try {
      const record = await probeTwice(p, probeRoot());
      mkdirSync(join(dataDir, 'runtime'), { recursive: true });
      writeFileSync(join(dataDir, 'runtime', `${packageFolderName(p)}.json`), `${JSON.stringify(record, null, 2)}\n`);
      const annotated = record.tools.filter((t) => t.annotations && Object.keys(t.annotations).length > 0).length;
      console.log(`ok   ${p.package}@${p.version}: ${record.toolCount} tools, ${annotated} annotated`);
    } catch (error) {
      failures++;
      console.log(`FAIL ${(error as Error).message}`);
    }
  }
  return failures === 0 ? 0 : 1;
}

if (require.main === module) {
  main(process.argv.slice(2)).then((code) => process.exit(code));
}
