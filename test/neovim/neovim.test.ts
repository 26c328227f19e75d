// Proves the language server works in a real editor other than VS Code: Debian's Neovim 0.7.2, headless.
// test/neovim/check.lua drives Neovim (open the fixture, attach the client, wait for pushed diagnostics, hover,
// code action, apply the edit, shut down) and writes what it saw as JSON; this file runs it and judges the JSON.
// Needs `nvim` on PATH (CI installs it: apt-get install -y neovim) and dist/server.js (`npm test` builds it).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';
import { TextDocument } from 'vscode-languageserver-textdocument';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
// MCP_HINTS_NVIM_SERVER points the test at another server build (e.g. a bisect); the default is this checkout's.
const serverJs = process.env.MCP_HINTS_NVIM_SERVER ?? path.join(repoRoot, 'dist', 'server.js');
const checkLua = path.join(repoRoot, 'test', 'neovim', 'check.lua');
const fixture = path.join(repoRoot, 'test', 'neovim', 'fixtures', 'server.ts');

/** Neovim is killed (with the server it started) if it has not quit by then. */
const HARD_TIMEOUT_MS = 40_000;
/** How long check.lua waits for each asynchronous answer (diagnostics, the fix's re-check). */
const WAIT_MS = 20_000;

// LSP shapes as check.lua records them (JSON-decoded by Neovim, re-encoded by it).
interface Position { line: number; character: number }
interface Range { start: Position; end: Position }
interface LspTextEdit { range: Range; newText: string }
interface WorkspaceEdit {
  changes?: Record<string, LspTextEdit[]>;
  documentChanges?: { textDocument?: { uri: string }; edits?: LspTextEdit[]; kind?: string }[];
}
interface CodeAction { title: string; kind?: string; edit?: WorkspaceEdit; isPreferred?: boolean; diagnostics?: unknown[] }
/** A diagnostic as vim.diagnostic.get() returns it: 0-based lines, byte columns, 1 = ERROR … 4 = HINT. */
interface VimDiagnostic { lnum: number; col: number; end_lnum: number; severity: number; message: string; source?: string; code?: string | number }
type HoverContents = string | { value: string } | (string | { value: string })[];

interface CheckResults {
  nvim_version: string;
  filetype?: string;
  errors: string[];
  steps: string[];
  skipped?: string[];
  lsp_log?: string;
  server_pid?: number;
  server_capabilities?: { hoverProvider: unknown; codeActionProvider: unknown };
  published?: { uri: string; diagnostics: unknown[] }[];
  diagnostics_ms?: number;
  diagnostics?: VimDiagnostic[];
  hover?: { contents: HoverContents } | null;
  code_actions?: CodeAction[];
  chosen_action?: CodeAction;
  text_before?: string;
  text_after?: string;
  diagnostics_after_fix?: VimDiagnostic[];
  text_after_undo?: string;
  diagnostics_rule_error?: VimDiagnostic[];
  diagnostics_rule_off?: VimDiagnostic[];
  server_exit?: { code: number; signal: number } | null;
}

interface NvimRun {
  results: CheckResults | null;
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  stdout: string;
  stderr: string;
  elapsedMs: number;
  lspLog: string;
}

function nvimVersion(): string {
  const probe = spawnSync('nvim', ['--version'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) {
    assert.fail(
      `Neovim is required for test/neovim but \`nvim --version\` failed (${probe.error?.message ?? `exit ${probe.status}`}). ` +
        'Install it: apt-get install -y neovim (Debian gives 0.7.2; CI installs it in .ci/run).',
    );
  }
  return probe.stdout.split('\n')[0];
}

/** A throwaway workspace and home: Neovim must read no user config and write nothing outside it. */
function makeSandbox(): { dir: string; root: string; file: string; env: NodeJS.ProcessEnv; out: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-hints-nvim-'));
  const root = path.join(dir, 'project');
  fs.mkdirSync(path.join(root, 'src'), { recursive: true });
  fs.writeFileSync(
    path.join(root, 'package.json'),
    JSON.stringify({ name: 'demo', private: true, dependencies: { '@modelcontextprotocol/sdk': '^1.20.0', zod: '^3.25.0' } }, null, 2),
  );
  const file = path.join(root, 'src', 'server.ts');
  fs.copyFileSync(fixture, file);
  const home = path.join(dir, 'home');
  const xdg = (name: string) => {
    const p = path.join(home, name);
    fs.mkdirSync(p, { recursive: true });
    return p;
  };
  const out = path.join(dir, 'results.json');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOME: home,
    XDG_CONFIG_HOME: xdg('.config'),
    XDG_DATA_HOME: xdg('.local/share'),
    XDG_STATE_HOME: xdg('.local/state'),
    XDG_CACHE_HOME: xdg('.cache'),
    XDG_RUNTIME_DIR: xdg('run'),
    // Neovim's own temp folder too: a killed Neovim cannot remove it, the sandbox's removal does.
    TMPDIR: xdg('tmp'),
    MCP_HINTS_SERVER: serverJs,
    MCP_HINTS_FILE: file,
    MCP_HINTS_ROOT: root,
    MCP_HINTS_OUT: out,
    MCP_HINTS_NODE: process.execPath,
    MCP_HINTS_WAIT_MS: String(WAIT_MS),
  };
  delete env.NVIM_LISTEN_ADDRESS;
  delete env.VIMINIT;
  delete env.NVIM;
  return { dir, root, file, env, out };
}

function runNvim(sandbox: ReturnType<typeof makeSandbox>): Promise<NvimRun> {
  const started = Date.now();
  const args = ['--headless', '--clean', '-n', '-i', 'NONE', '--cmd', 'set noswapfile', '-c', `luafile ${checkLua}`];
  // Its own process group, so that a timeout kills Neovim and the server it started, and nothing else.
  const child = spawn('nvim', args, { cwd: sandbox.root, env: sandbox.env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      child.kill('SIGKILL');
    }
  }, HARD_TIMEOUT_MS);
  return new Promise((resolve) => {
    child.on('close', (exitCode, signal) => {
      clearTimeout(timer);
      let results: CheckResults | null = null;
      try {
        results = JSON.parse(fs.readFileSync(sandbox.out, 'utf8')) as CheckResults;
      } catch {
        results = null;
      }
      const logPath = results?.lsp_log ?? path.join(sandbox.env.XDG_CACHE_HOME!, 'nvim', 'lsp.log');
      const lspLog = fs.existsSync(logPath) ? fs.readFileSync(logPath, 'utf8') : '';
      resolve({ results, exitCode, signal, timedOut, stdout, stderr, elapsedMs: Date.now() - started, lspLog });
    });
  });
}

function hoverText(contents: HoverContents): string {
  const parts = Array.isArray(contents) ? contents : [contents];
  return parts.map((p) => (typeof p === 'string' ? p : p.value)).join('\n');
}

/** Applies the action's edits for `uri` to `text` the way an LSP client must (all ranges against the original). */
function applyWorkspaceEdit(text: string, uri: string, edit: WorkspaceEdit): string {
  const edits: LspTextEdit[] = [];
  for (const [editUri, list] of Object.entries(edit.changes ?? {})) {
    assert.equal(decodeURIComponent(editUri), decodeURIComponent(uri), 'the edit targets another file');
    edits.push(...list);
  }
  for (const change of edit.documentChanges ?? []) {
    assert.ok(change.textDocument && change.edits, `unexpected resource operation in the edit: ${change.kind}`);
    assert.equal(decodeURIComponent(change.textDocument.uri), decodeURIComponent(uri), 'the edit targets another file');
    edits.push(...change.edits);
  }
  assert.ok(edits.length > 0, 'the workspace edit has no text edits');
  return TextDocument.applyEdits(TextDocument.create(uri, 'typescript', 1, text), edits);
}

/** The source between the start of delete_user's registration and the next registration. */
function deleteUserRegistration(text: string): string {
  const start = text.lastIndexOf('server.registerTool', text.indexOf('"delete_user"'));
  const end = text.indexOf('server.registerTool', text.indexOf('"delete_user"'));
  assert.ok(start >= 0 && end > start, 'delete_user registration not found in the text');
  return text.slice(start, end);
}

describe('Neovim 0.7 (headless) with dist/server.js --stdio', () => {
  let run: NvimRun;
  let results: CheckResults;
  let sandbox: ReturnType<typeof makeSandbox>;
  let fixtureText: string;
  let fileUri: string;

  /** Everything a failing assertion needs to be understood without re-running. */
  const context = () =>
    [
      `nvim exit ${run.exitCode} signal ${run.signal}${run.timedOut ? ` (killed after ${HARD_TIMEOUT_MS} ms)` : ''}, ${run.elapsedMs} ms`,
      `steps done: ${results?.steps?.join(', ') ?? '(no results)'}; skipped: ${results?.skipped?.join(', ') ?? 'none'}`,
      `errors: ${results?.errors?.join('\n') || 'none'}`,
      `published: ${JSON.stringify((results?.published ?? []).map((p) => p.diagnostics.map((d) => (d as { code?: unknown }).code)))}`,
      run.stderr && `nvim stderr: ${run.stderr.slice(-2000)}`,
      run.lspLog && `lsp.log (tail): ${run.lspLog.slice(-3000)}`,
    ]
      .filter(Boolean)
      .join('\n');

  before(async () => {
    nvimVersion();
    assert.ok(fs.existsSync(serverJs), `${serverJs} is missing: run \`npm run build\` first (npm test does)`);
    sandbox = makeSandbox();
    fixtureText = fs.readFileSync(sandbox.file, 'utf8');
    fileUri = pathToFileURL(sandbox.file).href;
    run = await runNvim(sandbox);
    assert.ok(run.results, `check.lua wrote no results.\n${context()}`);
    results = run.results;
  });

  after(() => {
    if (sandbox && !process.env.MCP_HINTS_KEEP_TMP) fs.rmSync(sandbox.dir, { recursive: true, force: true });
  });

  test('Neovim ran check.lua to the end without a Lua error and quit by itself', () => {
    assert.equal(run.timedOut, false, context());
    assert.match(results.nvim_version, /^0\.\d+\.\d+$/);
    assert.equal(results.filetype, 'typescript', 'Neovim did not detect the fixture as TypeScript');
    assert.deepEqual(results.errors, [], context());
    assert.deepEqual(
      results.steps,
      ['initialize', 'diagnostics', 'hover', 'codeAction', 'applyEdit', 'diagnosticsAfterFix', 'undo', 'settingsSeverity', 'settingsRuleOff', 'main', 'shutdown'],
      context(),
    );
    assert.equal(run.exitCode, 0, context());
  });

  test('the server pushes a missing-annotations warning for delete_user only', () => {
    const published = results.published ?? [];
    assert.ok(published.length > 0, `no textDocument/publishDiagnostics arrived\n${context()}`);
    assert.ok(
      published.some((p) => decodeURIComponent(p.uri) === decodeURIComponent(fileUri)),
      `diagnostics were published for ${published.map((p) => p.uri).join(', ')}, not ${fileUri}`,
    );
    const missing = (results.diagnostics ?? []).filter((d) => d.code === 'missing-annotations');
    assert.equal(missing.length, 1, `expected one missing-annotations diagnostic, got ${JSON.stringify(results.diagnostics)}`);
    const [diagnostic] = missing;
    assert.equal(diagnostic.source, 'mcp-hints');
    assert.equal(diagnostic.severity, 2, 'missing-annotations should be a warning (vim.diagnostic.severity.WARN)');
    // It sits on delete_user's registration (0-based lines), not on the fully annotated get_user.
    const lines = fixtureText.split('\n');
    const deleteUserLine = lines.findIndex((l) => l.includes('"delete_user"'));
    const getUserLine = lines.findIndex((l) => l.includes('"get_user"'));
    assert.ok(
      diagnostic.lnum >= deleteUserLine - 1 && diagnostic.lnum < getUserLine - 1,
      `the diagnostic is on line ${diagnostic.lnum}, outside delete_user's registration (lines ${deleteUserLine - 1}..${getUserLine - 2})`,
    );
    assert.match(diagnostic.message, /annotation/i);
    // get_user is annotated as the spec intends: nothing at all to report on it.
    const onGetUser = (results.diagnostics ?? []).filter((d) => d.lnum >= getUserLine - 1);
    assert.deepEqual(onGetUser, [], 'the well-annotated get_user got diagnostics');
  });

  test('hover on the tool name explains the defaults the client will assume', () => {
    assert.ok(results.hover, `hover returned nothing at ${JSON.stringify((results as { hover_position?: unknown }).hover_position)}\n${context()}`);
    const text = hoverText(results.hover.contents);
    assert.match(text, /readOnlyHint/);
    assert.match(text, /default/i);
    assert.match(text, /delete_user/);
  });

  test('a quick fix writes annotations, and Neovim applies its edit', () => {
    const action = results.chosen_action;
    assert.ok(action, `no code action writing annotations among ${JSON.stringify(results.code_actions?.map((a) => a.title))}\n${context()}`);
    assert.doesNotMatch(action.title, /disable/i);
    assert.equal(action.kind, 'quickfix');
    assert.ok(action.edit, 'the action has no edit');

    const fixed = applyWorkspaceEdit(fixtureText, fileUri, action.edit);
    const registration = deleteUserRegistration(fixed);
    assert.match(registration, /annotations\s*:\s*\{/, `no annotations object in:\n${registration}`);
    // Which values it writes is the engine's inference; that it writes readOnlyHint explicitly is the point.
    assert.match(registration, /readOnlyHint\s*:\s*(true|false)/);
    // get_user was already annotated: the fix must leave it as it was.
    assert.equal(fixed.slice(fixed.indexOf('"get_user"')), fixtureText.slice(fixtureText.indexOf('"get_user"')));
    // The fixed file still parses.
    const syntax = ts.transpileModule(fixed, { reportDiagnostics: true, fileName: 'server.ts' }).diagnostics ?? [];
    assert.deepEqual(syntax.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')), [], `the fix broke the syntax:\n${fixed}`);

    // Neovim's own apply_workspace_edit produced the same text (it drops the final newline when joining lines).
    assert.equal(results.text_before, fixtureText.replace(/\n$/, ''));
    assert.equal(results.text_after, fixed.replace(/\n$/, ''));
  });

  test('after the fix (sent as didChange) the warning goes away', () => {
    const after = results.diagnostics_after_fix;
    assert.ok(after, context());
    assert.deepEqual(after.filter((d) => d.code === 'missing-annotations'), []);
  });

  test('undo brings the warning back; `settings` (workspace/configuration) change its severity, then turn it off', () => {
    assert.equal(results.text_after_undo, fixtureText.replace(/\n$/, ''), context());
    const asError = (results.diagnostics_rule_error ?? []).filter((d) => d.code === 'missing-annotations');
    assert.deepEqual(asError.map((d) => d.severity), [1], `expected one missing-annotations error: ${JSON.stringify(results.diagnostics_rule_error)}`);
    const off = results.diagnostics_rule_off;
    assert.ok(off, context());
    assert.deepEqual(off.filter((d) => d.code === 'missing-annotations'), []);
  });

  test('the server exits cleanly on shutdown and leaves no orphan process', async () => {
    assert.deepEqual(results.server_exit, { code: 0, signal: 0 }, context());
    const pid = results.server_pid;
    assert.ok(typeof pid === 'number' && pid > 0, 'check.lua did not record the server pid');
    const deadline = Date.now() + 2000;
    let alive = true;
    while (alive && Date.now() < deadline) {
      try {
        process.kill(pid, 0);
        await new Promise((r) => setTimeout(r, 50));
      } catch {
        alive = false;
      }
    }
    assert.equal(alive, false, `server process ${pid} is still running after Neovim quit`);
  });
});
