// Shared by the CLI and robustness tests: run dist/cli.js as a child process in a temp folder.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { after } from 'node:test';

export const ROOT = resolve(__dirname, '../..');
/** MCP_HINTS_CLI runs the tests against another build (development only). */
export const CLI = process.env.MCP_HINTS_CLI ?? join(ROOT, 'dist/cli.js');

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

export function runCli(args: string[], cwd: string, env: Record<string, string> = {}, timeoutMs = 60_000): CliResult {
  const started = Date.now();
  const result = spawnSync(process.execPath, [CLI, ...args], {
    cwd,
    encoding: 'utf8',
    timeout: timeoutMs,
    maxBuffer: 1 << 28,
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '', ...env },
  });
  if (result.error) throw result.error;
  return { code: result.status, stdout: result.stdout, stderr: result.stderr, ms: Date.now() - started };
}

/** A fresh temp folder with these files (paths relative, `/`-separated). */
export function workspace(files: Record<string, string | Buffer> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-hints-cli-'));
  writeFiles(dir, files);
  return dir;
}

export function writeFiles(dir: string, files: Record<string, string | Buffer>): void {
  for (const [rel, content] of Object.entries(files)) {
    const path = join(dir, rel);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, content);
  }
}

export function removeWorkspace(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/** `workspace` for one test file: every folder it makes is removed after the file's tests. */
export function workspaces(): (files: Record<string, string>) => string {
  const dirs: string[] = [];
  after(() => dirs.forEach(removeWorkspace));
  return (files) => {
    const dir = workspace(files);
    dirs.push(dir);
    return dir;
  };
}

export interface JsonOutput {
  version: number;
  files: number;
  tools: {
    name: string | null;
    /** Only on a name computed from environment variables (the code's default when they are unset). */
    nameDependsOn?: string[];
    file: string;
    line: number;
    column: number;
    form: string;
    annotations: Record<string, unknown> | null;
    effective: Record<string, boolean | 'unresolved'>;
    title: string | null;
    condition: string | null;
    conditions: { text: string; negated: boolean; via: string; file: string; line: number; column: number; dependsOn: { kind: string; name: string }[] }[];
  }[];
  sites: {
    file: string;
    line: number;
    column: number;
    form: string;
    status: 'enumerated' | 'unenumerated';
    text: string;
    tools: number;
    cause: { kind: string; message: string } | null;
  }[];
  servers: { file: string; line: number; column: number; text: string; library: string }[];
  diagnostics: {
    file: string;
    line: number;
    column: number;
    endLine: number;
    endColumn: number;
    severity: 'error' | 'warning' | 'info' | 'hint';
    code: string;
    message: string;
    detail: string | null;
    tool: string | null;
  }[];
}

export function checkJson(cwd: string, args: string[] = [], env: Record<string, string> = {}, timeoutMs?: number): { result: CliResult; output: JsonOutput } {
  const result = runCli(['check', ...args, '--format', 'json'], cwd, env, timeoutMs);
  let output: JsonOutput;
  try {
    output = JSON.parse(result.stdout) as JsonOutput;
  } catch {
    throw new Error(`not JSON (exit ${result.code}): ${result.stdout.slice(0, 500)}\nstderr: ${result.stderr.slice(0, 2000)}`);
  }
  return { result, output };
}

/** A registration with no annotations: the engine must report `missing-annotations` on it. */
export function unannotated(name: string, receiver = 'server'): string {
  return `${receiver}.registerTool("${name}", { description: "x" }, async () => ({ content: [] }));\n`;
}

/** A fully annotated, honest registration. */
export function annotated(name: string): string {
  return `server.registerTool("${name}", { title: "${name}", description: "Reads.", annotations: { title: "${name}", readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } }, async () => ({ content: [] }));\n`;
}

export const HEADER = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nconst server = new McpServer({ name: "t", version: "1.0.0" });\n`;
