// Starts an MCP server over stdio, lists its tools and stops it: what `mcp-hints verify` learns at run time.
//
// A small newline-delimited JSON-RPC client rather than the SDK's Client + StdioClientTransport, because verify
// needs three things that transport does not give: (1) the whole process group killed when a server hangs (the
// transport signals only the process it spawned, so a wrapper's children, e.g. `npx tsx server.ts`, live on);
// (2) lines on stdout that are not JSON-RPC skipped and counted (the transport reports each one as an error);
// (3) which failure happened (could not start, exited with a code, timed out) with the tail of stderr. The
// protocol part is four messages, and the SDK stays a test-only dependency instead of being bundled.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { RuntimeTool } from '../../engine';

/** The protocol revision we ask for; servers answer with the one they speak, and tools/list is the same in all. */
export const PROTOCOL_VERSION = '2025-06-18';
const STDERR_KEPT_LINES = 20;
/** After stdin closes, then after SIGTERM: how long the server gets to exit before the next step. */
const GRACE_MS = 1500;
/** A server that hands out cursors forever is stopped here. */
const MAX_PAGES = 1000;

export interface ListOptions {
  cwd: string;
  env: Record<string, string | undefined>;
  /** For everything: start, handshake and every page of tools/list. */
  timeoutMs: number;
  clientVersion: string;
}

export interface Listed {
  ok: true;
  server: { name: string | null; version: string | null };
  tools: RuntimeTool[];
  /** Lines on the server's stdout that were not JSON-RPC messages (logs), skipped. */
  skippedLines: number;
}

export type FailureKind = 'cannot-start' | 'exited' | 'timeout' | 'error-response';

export interface Failure {
  ok: false;
  kind: FailureKind;
  /** One sentence: which failure, and when. */
  message: string;
  /** The last lines the server wrote to stderr. */
  stderrTail: string[];
  skippedLines: number;
}

interface JsonRpcMessage {
  jsonrpc?: unknown;
  id?: unknown;
  method?: unknown;
  result?: unknown;
  error?: { code?: unknown; message?: unknown };
}

class Stop extends Error {
  constructor(
    readonly kind: FailureKind,
    message: string,
  ) {
    super(message);
  }
}

/** Whether a process is still alive (a zombie left unreaped counts as gone). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    // /proc/<pid>/stat: "pid (comm) STATE ..."; comm may hold spaces or parentheses, so read after the last ')'.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true;
  }
}

/** Signals the server's whole process group (it was started as a group leader), or just the server on Windows. */
function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    if (process.platform === 'win32') child.kill(signal);
    else process.kill(-child.pid, signal);
  } catch {
    // ESRCH: the group is already gone.
  }
}

export async function listToolsOverStdio(command: string[], options: ListOptions): Promise<Listed | Failure> {
  const [file, ...args] = command;
  let child: ChildProcess;
  const stderrLines: string[] = [];
  let stderrPartial = '';
  let skippedLines = 0;
  try {
    // detached: the server leads a new process group, so a hung server is killed together with its children.
    child = spawn(file, args, { cwd: options.cwd, env: options.env, stdio: ['pipe', 'pipe', 'pipe'], detached: process.platform !== 'win32' });
  } catch (error) {
    return { ok: false, kind: 'cannot-start', message: `could not start ${file}: ${(error as Error).message}`, stderrTail: [], skippedLines };
  }

  let exited: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  const exitedPromise = new Promise<void>((resolve) => {
    child.on('exit', (code, signal) => {
      exited = { code, signal };
      resolve();
    });
    child.on('error', () => resolve());
  });

  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (chunk: string) => {
    const parts = (stderrPartial + chunk).split(/\r?\n/);
    stderrPartial = (parts.pop() ?? '').slice(-4000); // a line without end (a progress bar) stays bounded
    stderrLines.push(...parts);
    if (stderrLines.length > STDERR_KEPT_LINES) stderrLines.splice(0, stderrLines.length - STDERR_KEPT_LINES);
  });
  child.stdin!.on('error', () => undefined); // EPIPE when the server is gone: the exit handler tells the story

  const pending = new Map<number, { resolve(result: unknown): void; reject(error: Error): void; method: string }>();
  let fail: (error: Stop) => void = () => undefined;
  const failed = new Promise<never>((_, reject) => (fail = reject));
  failed.catch(() => undefined);

  const send = (message: object) => {
    if (child.stdin!.writable) child.stdin!.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
  };
  let nextId = 1;
  const request = (method: string, params: object): Promise<unknown> => {
    const id = nextId++;
    const answered = new Promise<unknown>((resolve, reject) => pending.set(id, { resolve, reject, method }));
    send({ id, method, params });
    return Promise.race([answered, failed]);
  };

  const onMessage = (message: JsonRpcMessage) => {
    if (typeof message.method === 'string') {
      // A request from the server (ping, roots/list, sampling): answer so it does not wait on us.
      if (message.id === undefined || message.id === null) return;
      if (message.method === 'ping') send({ id: message.id, result: {} });
      else send({ id: message.id, error: { code: -32601, message: `mcp-hints verify does not support ${message.method}` } });
      return;
    }
    const waiting = typeof message.id === 'number' ? pending.get(message.id) : undefined;
    if (!waiting) return;
    pending.delete(message.id as number);
    if (message.error) {
      waiting.reject(new Stop('error-response', `the server answered ${waiting.method} with an error: ${String(message.error.message ?? message.error.code)}`));
    } else {
      waiting.resolve(message.result);
    }
  };

  let stdoutPartial = '';
  child.stdout!.setEncoding('utf8');
  child.stdout!.on('data', (chunk: string) => {
    const lines = (stdoutPartial + chunk).split('\n');
    stdoutPartial = lines.pop() ?? '';
    for (const raw of lines) {
      const line = raw.trim();
      if (line === '') continue;
      let message: unknown;
      try {
        message = JSON.parse(line);
      } catch {
        skippedLines++;
        continue;
      }
      if (typeof message !== 'object' || message === null || (message as JsonRpcMessage).jsonrpc !== '2.0') {
        skippedLines++;
        continue;
      }
      onMessage(message as JsonRpcMessage);
    }
  });

  let stage = 'answering initialize';
  child.on('error', (error: NodeJS.ErrnoException) => fail(new Stop('cannot-start', `could not start ${file}: ${error.code === 'ENOENT' ? 'command not found' : error.message}`)));
  child.on('exit', (code, signal) => {
    const how = signal ? `was killed by ${signal}` : `exited with code ${code}`;
    // Its last answer may still be in the pipe: read stdout to the end first (a child holding it open gets a moment).
    const report = () => fail(new Stop('exited', `the server ${how} before ${stage}`));
    if (child.stdout!.closed) return setImmediate(report);
    const late = setTimeout(report, 500);
    child.stdout!.once('close', () => {
      clearTimeout(late);
      setImmediate(report);
    });
  });
  const timer = setTimeout(() => fail(new Stop('timeout', `the server did not finish ${stage} within ${options.timeoutMs} ms`)), options.timeoutMs);

  let result: Listed | Failure;
  try {
    const init = (await request('initialize', {
      protocolVersion: PROTOCOL_VERSION,
      capabilities: {},
      clientInfo: { name: 'mcp-hints verify', version: options.clientVersion },
    })) as { serverInfo?: { name?: unknown; version?: unknown } } | null;
    send({ method: 'notifications/initialized' });
    const tools: RuntimeTool[] = [];
    const seenCursors = new Set<string>();
    let cursor: string | undefined;
    for (let page = 1; page <= MAX_PAGES; page++) {
      stage = page === 1 ? 'answering tools/list' : `answering tools/list (page ${page})`;
      const listed = (await request('tools/list', cursor === undefined ? {} : { cursor })) as { tools?: unknown; nextCursor?: unknown } | null;
      if (Array.isArray(listed?.tools)) {
        for (const tool of listed.tools) if (tool && typeof (tool as RuntimeTool).name === 'string') tools.push(tool as RuntimeTool);
      }
      const next = listed?.nextCursor;
      if (typeof next !== 'string' || seenCursors.has(next)) break;
      seenCursors.add(next);
      cursor = next;
    }
    const info = init?.serverInfo;
    result = {
      ok: true,
      server: { name: typeof info?.name === 'string' ? info.name : null, version: typeof info?.version === 'string' ? info.version : null },
      tools,
      skippedLines,
    };
  } catch (error) {
    const stop = error instanceof Stop ? error : new Stop('error-response', String(error));
    result = { ok: false, kind: stop.kind, message: stop.message, stderrTail: [], skippedLines };
  } finally {
    clearTimeout(timer);
  }

  await shutdown(child, exitedPromise, () => exited !== null);
  if (!result.ok) {
    const tail = [...stderrLines, ...(stderrPartial ? [stderrPartial] : [])].slice(-STDERR_KEPT_LINES);
    result = { ...result, stderrTail: tail, skippedLines };
  }
  return result;
}

/**
 * The MCP stdio shutdown: close stdin and wait, then SIGTERM and wait, then SIGKILL. Whatever the server leaves
 * behind in its process group is then stopped too, so verify never leaves processes running.
 */
async function shutdown(child: ChildProcess, exitedPromise: Promise<void>, hasExited: () => boolean): Promise<void> {
  const waitExit = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      void exitedPromise.then(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  if (child.pid !== undefined) {
    child.stdin!.end();
    if (!hasExited()) await waitExit(GRACE_MS);
    if (!hasExited()) {
      signalGroup(child, 'SIGTERM');
      await waitExit(GRACE_MS);
    }
    if (!hasExited()) {
      signalGroup(child, 'SIGKILL');
      await waitExit(GRACE_MS);
    }
    // Children the server started and left behind (its own process exited, theirs did not).
    signalGroup(child, 'SIGTERM');
  }
  child.stdout?.destroy();
  child.stderr?.destroy();
}
