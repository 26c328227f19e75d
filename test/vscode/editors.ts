// Shared plumbing for the VS Code end-to-end tests: build the extension and the integration suite, start
// code-server (real VS Code, installed by scripts/install-editors.sh) on a free loopback port, and drive it
// with Debian's Chromium through playwright-core. Nothing here skips: a missing editor is a failure.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, cpSync } from 'node:fs';
import { createServer } from 'node:net';
import { homedir, tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import * as esbuild from 'esbuild';
import { chromium, type BrowserContext } from 'playwright-core';

export const REPO_ROOT = resolve(import.meta.dirname, '../..');
export const CODE_SERVER_VERSION = '4.100.3';
/** Same folder as scripts/install-editors.sh. */
export const CODE_SERVER_DIR = join(
  process.env.MCP_HINTS_EDITORS_DIR ?? join(homedir(), '.cache', 'mcp-hints'),
  `code-server-${CODE_SERVER_VERSION}`,
);
export const CODE_SERVER_ENTRY = join(CODE_SERVER_DIR, 'node_modules', 'code-server', 'out', 'node', 'entry.js');
export const CHROMIUM = process.env.MCP_HINTS_CHROMIUM ?? '/usr/bin/chromium';
export const EXTENSION_ID = 'mcp-hints.mcp-hints';
export const FIXTURES = join(REPO_ROOT, 'test', 'vscode', 'fixtures');
/** Where the suite is bundled to (git-ignored). */
export const SUITE_OUT = join(REPO_ROOT, 'test', '.tmp', 'vscode-suite');
export const SCREENSHOTS = join(REPO_ROOT, 'test', 'screenshots');

export function assertEditorsInstalled(): void {
  const missing: string[] = [];
  if (!existsSync(CODE_SERVER_ENTRY)) missing.push(`code-server (${CODE_SERVER_ENTRY})`);
  if (!existsSync(CHROMIUM)) missing.push(`chromium (${CHROMIUM})`);
  if (missing.length > 0) {
    throw new Error(`missing ${missing.join(' and ')}: run \`bash scripts/install-editors.sh\` first`);
  }
}

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** Runs `npm run build` unless dist/ is newer than every source it is built from. */
export function buildExtensionIfStale(): void {
  const outputs = ['dist/extension.js', 'dist/server.js'].map((f) => join(REPO_ROOT, f));
  const sources = ['client/src', 'server/src', 'package.json'].map((f) => join(REPO_ROOT, f)).filter(existsSync);
  const oldestOutput = Math.min(...outputs.map((f) => (existsSync(f) ? statSync(f).mtimeMs : 0)));
  if (oldestOutput > Math.max(...sources.map(newestMtime))) return;
  const result = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: REPO_ROOT, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`npm run build failed:\n${result.stdout}${result.stderr}`);
}

/** Bundles test/vscode/suite/*.ts (mocha included, `vscode` left to the extension host) into SUITE_OUT. */
export async function buildSuite(): Promise<string> {
  rmSync(SUITE_OUT, { recursive: true, force: true });
  const suiteDir = join(REPO_ROOT, 'test', 'vscode', 'suite');
  const entryPoints = readdirSync(suiteDir)
    .filter((f) => f.endsWith('.ts'))
    .map((f) => join(suiteDir, f));
  await esbuild.build({
    entryPoints,
    outdir: SUITE_OUT,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    external: ['vscode'],
    sourcemap: 'inline',
    logLevel: 'error',
  });
  return join(SUITE_OUT, 'index.js');
}

/** A scratch workspace holding copies of the fixtures (or of `from`), so no test writes into the repository. */
export function makeWorkspace(from = FIXTURES): string {
  const workspace = mkdtempSync(join(tmpdir(), 'mcp-hints-ws-'));
  cpSync(from, workspace, { recursive: true });
  return workspace;
}

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Every log file of an output channel under a VS Code logs folder (`exthost1/<extension id>/<channel>.log`). */
function outputChannelLogs(logsDir: string, channel: string): string {
  if (!existsSync(logsDir)) return '';
  const found = (readdirSync(logsDir, { recursive: true }) as string[]).filter((file) => basename(file) === `${channel}.log`);
  return found.map((file) => `--- ${file} ---\n${readFileSync(join(logsDir, file), 'utf8')}`).join('\n');
}

export interface CodeServer {
  port: number;
  /** `http://127.0.0.1:PORT` */
  origin: string;
  /** The authority `vscode-remote://` URIs need. */
  authority: string;
  /** Everything code-server printed so far (for failure messages). */
  output(): string;
  /** The extension's own output channel log ("MCP Hints"), as VS Code wrote it (for failure messages). */
  extensionLog(): string;
  stop(): Promise<void>;
}

/** User settings that keep the workbench quiet and deterministic for tests. */
const TEST_SETTINGS = {
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.enableExperiments': false,
  'workbench.welcomePage.walkthroughs.openOnInstall': false,
  'security.workspace.trust.enabled': false,
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'extensions.ignoreRecommendations': true,
  'git.enabled': false,
  // The fixtures import an SDK the scratch workspace does not install; TypeScript's own errors are noise here.
  'typescript.validate.enable': false,
  'javascript.validate.enable': false,
  'chat.commandCenter.enabled': false,
  'chat.disableAIFeatures': true,
  'editor.hover.delay': 200,
  'editor.minimap.enabled': false,
  'files.autoSave': 'off',
  'window.commandCenter': false,
  'workbench.layoutControl.enabled': false,
};

export async function startCodeServer(options: { env?: Record<string, string> } = {}): Promise<CodeServer> {
  assertEditorsInstalled();
  const scratch = mkdtempSync(join(tmpdir(), 'mcp-hints-code-server-'));
  const userDataDir = join(scratch, 'user-data');
  mkdirSync(join(userDataDir, 'User'), { recursive: true });
  writeFileSync(join(userDataDir, 'User', 'settings.json'), JSON.stringify(TEST_SETTINGS, null, 2));
  const port = await freePort();
  const args = [
    CODE_SERVER_ENTRY,
    '--auth', 'none',
    '--bind-addr', `127.0.0.1:${port}`,
    '--disable-telemetry',
    '--disable-update-check',
    '--disable-workspace-trust',
    '--disable-getting-started-override',
    '--disable-file-downloads',
    '--user-data-dir', userDataDir,
    '--extensions-dir', join(scratch, 'extensions'),
  ];
  const child = spawn(process.execPath, args, {
    cwd: scratch,
    env: {
      ...process.env,
      XDG_CONFIG_HOME: join(scratch, 'config'),
      XDG_DATA_HOME: join(scratch, 'data'),
      XDG_CACHE_HOME: join(scratch, 'cache'),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true, // its own process group, so stop() also ends the extension host and language server
  });
  // The process group outlives us if this process dies first (CI timeout, Ctrl+C): take it down on the way out.
  const killGroup = () => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
  };
  const exitOnSignal = (signal: NodeJS.Signals) => {
    killGroup();
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.on('exit', killGroup);
  process.once('SIGINT', exitOnSignal);
  process.once('SIGTERM', exitOnSignal);
  const forgetExitHooks = () => {
    process.off('exit', killGroup);
    process.off('SIGINT', exitOnSignal);
    process.off('SIGTERM', exitOnSignal);
  };
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const origin = `http://127.0.0.1:${port}`;
  const server: CodeServer = {
    port,
    origin,
    authority: `127.0.0.1:${port}`,
    output: () => output,
    extensionLog: () => outputChannelLogs(join(userDataDir, 'logs'), 'MCP Hints'),
    stop: () =>
      stopProcessGroup(child).finally(() => {
        forgetExitHooks();
        rmSync(scratch, { recursive: true, force: true });
      }),
  };
  try {
    await waitFor(async () => {
      if (child.exitCode !== null) throw new Error(`code-server exited with ${child.exitCode}:\n${output}`);
      const response = await fetch(`${origin}/healthz`).catch(() => null);
      return response?.ok ?? false;
    }, 30_000, 'code-server to listen');
  } catch (error) {
    await server.stop();
    throw error;
  }
  return server;
}

async function stopProcessGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return;
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    return;
  }
  const timer = setTimeout(() => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
  }, 3_000);
  await exited;
  clearTimeout(timer);
  // The extension host and the language server are in the same group; make sure none outlives the test.
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // group already empty
  }
}

export async function waitFor<T>(probe: () => Promise<T | false | null | undefined>, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Headless Debian Chromium with a fresh profile. */
export async function launchChromium(
  viewport = { width: 1280, height: 800 },
): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  const profile = mkdtempSync(join(tmpdir(), 'mcp-hints-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
  return {
    context,
    close: async () => {
      await context.close().catch(() => undefined);
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** The workbench URL for a folder, optionally running extension tests (VS Code web's `payload` parameter). */
export function workbenchUrl(
  server: CodeServer,
  folder: string,
  development?: { extensionDevelopmentPath: string; extensionTestsPath?: string },
): string {
  const url = new URL(server.origin + '/');
  url.searchParams.set('folder', folder);
  if (development) {
    const remote = (path: string) => `vscode-remote://${server.authority}${path}`;
    const payload: [string, string][] = [['extensionDevelopmentPath', remote(development.extensionDevelopmentPath)]];
    if (development.extensionTestsPath) payload.push(['extensionTestsPath', remote(development.extensionTestsPath)]);
    url.searchParams.set('payload', JSON.stringify(payload));
  }
  return url.toString();
}

/** Teardown steps run last-in first-out (node:test runs `t.after` hooks in registration order). */
export class Teardown {
  private readonly steps: (() => unknown)[] = [];
  add(step: () => unknown): void {
    this.steps.push(step);
  }
  async run(): Promise<void> {
    for (const step of this.steps.reverse()) {
      try {
        await step();
      } catch (error) {
        console.error('teardown step failed:', error);
      }
    }
  }
}
