// A minimal LSP client for protocol tests and the benchmark: spawns `node dist/server.js --stdio`
// and speaks JSON-RPC with vscode-jsonrpc. Capabilities (pull diagnostics, workspace/configuration)
// are chosen per test so both kinds of client are covered.

import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter, type MessageConnection } from 'vscode-jsonrpc/node';
import type {
  CodeAction,
  Diagnostic,
  DocumentDiagnosticReport,
  Hover,
  InitializeResult,
  Position,
  PublishDiagnosticsParams,
  Range,
} from 'vscode-languageserver-protocol';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** The bundled server; MCP_HINTS_SERVER points the tests at another build. */
export const SERVER = process.env.MCP_HINTS_SERVER ?? join(ROOT, 'dist', 'server.js');
export const FIXTURES = join(ROOT, 'test', 'lsp', 'fixtures');

export function fixtureUri(...parts: string[]): string {
  return pathToFileURL(join(FIXTURES, ...parts)).href;
}

export interface ClientOptions {
  /** Announce textDocument/diagnostic support (VS Code); otherwise the client only reads pushed diagnostics (Neovim 0.7). */
  pull?: boolean;
  /** Announce workspace/configuration and answer it with `settings`. */
  configuration?: boolean;
  settings?: (scopeUri: string | undefined, section: string | undefined) => unknown;
  rootUri?: string | null;
}

export class LspClient {
  readonly pushed = new Map<string, PublishDiagnosticsParams[]>();
  refreshRequests = 0;
  configurationRequests = 0;
  stderr = '';
  private listeners: (() => void)[] = [];
  exited = false;

  private constructor(
    readonly connection: MessageConnection,
    readonly process: ChildProcess,
    private readonly options: ClientOptions,
  ) {}

  static async start(options: ClientOptions = {}): Promise<{ client: LspClient; init: InitializeResult }> {
    if (!existsSync(SERVER)) {
      throw new Error(`${SERVER} is missing: run \`npm run build\` first (npm test builds before testing).`);
    }
    const child = spawn(process.execPath, [SERVER, '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
    const connection = createMessageConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
    const client = new LspClient(connection, child, options);
    child.stderr!.on('data', (d: Buffer) => (client.stderr += d.toString()));
    child.on('exit', () => {
      client.exited = true;
      client.notify();
    });
    connection.onNotification('textDocument/publishDiagnostics', (params: PublishDiagnosticsParams) => {
      const list = client.pushed.get(params.uri) ?? [];
      list.push(params);
      client.pushed.set(params.uri, list);
      client.notify();
    });
    connection.onNotification('window/logMessage', (params: { message: string }) => {
      client.stderr += params.message + '\n';
    });
    connection.onRequest('workspace/configuration', (params: { items: { scopeUri?: string; section?: string }[] }) => {
      client.configurationRequests++;
      return params.items.map((item) => client.options.settings?.(item.scopeUri, item.section) ?? null);
    });
    connection.onRequest('workspace/diagnostic/refresh', () => {
      client.refreshRequests++;
      client.notify();
      return null;
    });
    connection.onRequest('client/registerCapability', () => null);
    connection.onRequest('client/unregisterCapability', () => null);
    connection.listen();
    // A server that dies on start-up must fail the test, not leave it pending.
    const exited = new Promise<never>((_, reject) =>
      child.on('exit', (code) => reject(new Error(`server exited with ${code} during initialize:\n${client.stderr}`))),
    );
    exited.catch(() => undefined);
    const init = (await Promise.race([exited, connection.sendRequest('initialize', {
      processId: process.pid,
      rootUri: options.rootUri ?? null,
      workspaceFolders: options.rootUri ? [{ uri: options.rootUri, name: 'root' }] : null,
      capabilities: {
        workspace: {
          configuration: options.configuration ?? false,
          didChangeConfiguration: { dynamicRegistration: true },
          diagnostics: options.pull ? { refreshSupport: true } : undefined,
          workspaceFolders: true,
        },
        textDocument: {
          synchronization: { dynamicRegistration: false },
          hover: { contentFormat: ['markdown', 'plaintext'] },
          publishDiagnostics: { relatedInformation: true, tagSupport: { valueSet: [1, 2] }, codeDescriptionSupport: true },
          diagnostic: options.pull ? { dynamicRegistration: false, relatedDocumentSupport: false } : undefined,
          codeAction: { codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix', 'source', 'source.fixAll'] } }, isPreferredSupport: true },
          inlayHint: {},
        },
      },
    })])) as InitializeResult;
    await connection.sendNotification('initialized', {});
    return { client, init };
  }

  private notify(): void {
    for (const l of this.listeners) l();
  }

  /** Resolves when `check` returns a value other than undefined (checked on every push and refresh). */
  waitFor<T>(check: () => T | undefined, what: string, timeoutMs = 5000): Promise<T> {
    return new Promise((resolve, reject) => {
      const tryIt = () => {
        const value = check();
        if (value !== undefined) {
          done();
          resolve(value);
        } else if (this.exited) {
          done();
          reject(new Error(`server exited while waiting for ${what}\n${this.stderr}`));
        }
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`timed out waiting for ${what}\n${this.stderr}`));
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        this.listeners = this.listeners.filter((l) => l !== tryIt);
      };
      this.listeners.push(tryIt);
      tryIt();
    });
  }

  /** The next pushed diagnostics for `uri` after `after` earlier pushes (optionally for a given version). */
  nextPush(uri: string, after: number, version?: number): Promise<PublishDiagnosticsParams> {
    return this.waitFor(() => {
      const list = this.pushed.get(uri) ?? [];
      return list.slice(after).find((p) => version === undefined || p.version === version);
    }, `diagnostics for ${uri}`);
  }

  pushCount(uri: string): number {
    return this.pushed.get(uri)?.length ?? 0;
  }

  open(uri: string, text: string, languageId = 'typescript', version = 1): Promise<void> {
    return this.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId, version, text } });
  }

  /** Replaces the whole text (a content change without a range). */
  change(uri: string, text: string, version: number): Promise<void> {
    return this.connection.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [{ text }] });
  }

  close(uri: string): Promise<void> {
    return this.connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
  }

  pullReport(uri: string, previousResultId?: string): Promise<DocumentDiagnosticReport> {
    return this.connection.sendRequest('textDocument/diagnostic', { textDocument: { uri }, previousResultId }) as Promise<DocumentDiagnosticReport>;
  }

  async pull(uri: string): Promise<Diagnostic[]> {
    const report = (await this.connection.sendRequest('textDocument/diagnostic', { textDocument: { uri } })) as DocumentDiagnosticReport;
    if (report.kind !== 'full') throw new Error(`expected a full report, got ${report.kind}`);
    return report.items;
  }

  hover(uri: string, position: Position): Promise<Hover | null> {
    return this.connection.sendRequest('textDocument/hover', { textDocument: { uri }, position }) as Promise<Hover | null>;
  }

  codeActions(uri: string, range: Range, diagnostics: Diagnostic[] = [], only?: string[]): Promise<CodeAction[]> {
    return this.connection.sendRequest('textDocument/codeAction', {
      textDocument: { uri },
      range,
      context: { diagnostics, only },
    }) as Promise<CodeAction[]>;
  }

  request<R = unknown>(method: string, params?: unknown): Promise<R> {
    return this.connection.sendRequest(method, params) as Promise<R>;
  }

  async stop(): Promise<void> {
    if (!this.exited) {
      try {
        await Promise.race([this.connection.sendRequest('shutdown'), new Promise((r) => setTimeout(r, 1000))]);
        await this.connection.sendNotification('exit');
      } catch {
        // already gone
      }
    }
    await new Promise((r) => setTimeout(r, 50));
    if (!this.exited) this.process.kill();
    this.connection.dispose();
  }
}

/** Offset of the `nth` occurrence of `needle` in `text` (plus `delta`). */
export function offsetOf(text: string, needle: string, delta = 0, nth = 0): number {
  let index = -1;
  for (let i = 0; i <= nth; i++) {
    index = text.indexOf(needle, index + 1);
    if (index < 0) throw new Error(`${JSON.stringify(needle)} not found`);
  }
  return index + delta;
}

export function positionAt(text: string, offset: number): Position {
  const before = text.slice(0, offset);
  const line = before.split('\n').length - 1;
  return { line, character: offset - (before.lastIndexOf('\n') + 1) };
}

export function offsetAt(text: string, position: Position): number {
  const lines = text.split('\n');
  let offset = 0;
  for (let i = 0; i < position.line && i < lines.length; i++) offset += lines[i]!.length + 1;
  return offset + position.character;
}

/** Applies LSP text edits (non-overlapping, as the protocol requires) to a text. */
export function applyEdits(text: string, edits: { range: Range; newText: string }[]): string {
  const resolved = edits.map((e) => ({ start: offsetAt(text, e.range.start), end: offsetAt(text, e.range.end), newText: e.newText }));
  resolved.sort((a, b) => b.start - a.start || b.end - a.end);
  for (let i = 1; i < resolved.length; i++) {
    if (resolved[i]!.end > resolved[i - 1]!.start) throw new Error('overlapping edits');
  }
  let out = text;
  for (const e of resolved) out = out.slice(0, e.start) + e.newText + out.slice(e.end);
  return out;
}

/** The edits of a code action for one document. */
export function editsFor(action: CodeAction, uri: string): { range: Range; newText: string }[] {
  const edit = action.edit;
  if (!edit) return [];
  const fromChanges = edit.changes?.[uri] ?? [];
  const fromDocumentChanges = (edit.documentChanges ?? []).flatMap((c) =>
    'textDocument' in c && c.textDocument.uri === uri ? c.edits.filter((e): e is { range: Range; newText: string } => 'range' in e) : [],
  );
  return [...fromChanges, ...fromDocumentChanges];
}
