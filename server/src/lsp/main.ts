// The mcp-hints language server: wiring only. Each concern lives in its own module.
// Run with `node dist/server.js --stdio` (or --node-ipc, as the VS Code client does).

import {
  createConnection,
  DidChangeConfigurationNotification,
  DidChangeWatchedFilesNotification,
  ErrorCodes,
  FileChangeType,
  LSPErrorCodes,
  ProposedFeatures,
  ResponseError,
  TextDocuments,
  TextDocumentSyncKind,
  type CancellationToken,
  type InitializeParams,
  type InitializeResult,
} from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { constants, PerformanceObserver } from 'node:perf_hooks';
import { computeCodeActions, FIX_ALL_KIND } from './code-actions';
import { computeCodeLenses } from './code-lens';
import { diagnosticsFor, DiagnosticsScheduler, shownFindings, toDiagnostic } from './diagnostics';
import { computeHover } from './hover';
import { toolDetails, toolDetailsMarkdown } from '../engine';
import type { Tool } from '../engine';
import { computeInlayHints } from './inlay-hints';
import {
  FileSummaryRequest,
  ReportRequest,
  StatsRequest,
  VerifyRequest,
  type FileSummaryParams,
  type FileSummaryResult,
  type StatsResult,
  type VerifyParams,
} from './protocol';
import { ReportBuilder } from './report';
import { SettingsStore, engineOptionsFor, withConfig, type Settings, type UserSettings } from './settings';
import { verifyFolder } from './verify';
import { configIgnores, discoverFilesAsync, diskConfigHost, SKIPPED_FOLDERS, TEST_FILE_PATTERNS } from '../engine';
import { isSourceFile } from '../engine';
import { isResolutionConfig, RESOLUTION_CONFIG_GLOBS } from '../engine';
import { isAbsolute, relative, sep } from 'node:path';
import ignore from 'ignore';
import type { LoadedConfig } from '../engine';
import { CONFIG_GLOB, isConfigFile, PolicyStore } from './policy';
import { computeDocumentSymbols } from './symbols';
import { EditSpans, Workspace } from './workspace';
import { APPROVE_ALL_COMMAND, APPROVE_TOOL_COMMAND, approveActions, contractsIn, ReviewRecords, workspaceFiles, type ApproveToolArgs } from './review';
import type { ApproveResult } from '../engine';

const connection = createConnection(ProposedFeatures.all);
const editSpans = new EditSpans();
const documents = new TextDocuments(editSpans);
const settings = new SettingsStore(connection);
const policies = new PolicyStore(diskConfigHost, connection);
let folders: string[] = [];

// Pages the collector frees are handed back by a background thread; on a busy machine that thread falls behind an
// editing session and the server's RSS grew by ~200 MB over 300 edits of a large file while its heap stayed flat.
// Sweeping on the main thread keeps RSS with the heap, and measured no slower per edit.
setFlagsFromString('--no-concurrent-sweeping');
// An editing session promotes ~2 MB per edit that the next edits make garbage (the buffer's text, the tool cache's
// moved copies), and V8 lets the old generation grow to 4x what is live before collecting it: 46 MB live was a
// 220 MB heap after 100 edits of a 10,000-line file. 1.5x keeps it near 100 MB,
// for a few more (shorter) full collections per hundred edits.
setFlagsFromString('--heap-growing-percent=50');

function log(message: string): void {
  connection.console.error(message);
}

// Collections, for `mcp-hints/stats`: what the heap policy above costs.
const collections: StatsResult['gc'] = { major: { count: 0, ms: 0 }, minor: { count: 0, ms: 0 } };
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    const kind = (entry as { detail?: { kind?: number } }).detail?.kind;
    const counter = kind === constants.NODE_PERFORMANCE_GC_MAJOR ? collections.major : kind === constants.NODE_PERFORMANCE_GC_MINOR ? collections.minor : undefined;
    if (!counter) continue;
    counter.count++;
    counter.ms += entry.duration;
  }
}).observe({ entryTypes: ['gc'] });

// Timings of recent requests, for `mcp-hints/stats` (the benchmark reads them).
const timings: StatsResult['timings'] = { diagnostics: [], hover: [], codeAction: [] };
function timed<T>(kind: keyof StatsResult['timings'], run: () => T): T {
  const start = performance.now();
  try {
    return run();
  } finally {
    const list = timings[kind];
    list.push(performance.now() - start);
    if (list.length > 1000) list.shift();
  }
}

/**
 * Every handler goes through here: an exception becomes a ResponseError and a log line, and the
 * server keeps running. Malformed params surface as TypeErrors caught the same way.
 */
function guard<P, R>(name: string, handler: (params: P, token: CancellationToken) => R | Promise<R>) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the error carries no data, whatever the request's error type
  return async (params: P, token: CancellationToken): Promise<R | ResponseError<any>> => {
    try {
      return await handler(params, token);
    } catch (e) {
      if (e instanceof ResponseError) return e; // invalid params, already explained
      const detail = e instanceof Error ? (e.stack ?? e.message) : String(e);
      log(`${name} failed: ${detail}`);
      return new ResponseError(ErrorCodes.InternalError, `mcp-hints: ${name} failed: ${e instanceof Error ? e.message : String(e)}`);
    }
  };
}

function guardNotification<P>(name: string, handler: (params: P) => void | Promise<void>) {
  return async (params: P): Promise<void> => {
    try {
      await handler(params);
    } catch (e) {
      log(`${name} failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
    }
  };
}

function invalidParams(message: string): ResponseError<void> {
  return new ResponseError(ErrorCodes.InvalidParams, `mcp-hints: ${message}`);
}

function requireUri(params: unknown): string {
  const uri = (params as { textDocument?: { uri?: unknown } } | null)?.textDocument?.uri;
  if (typeof uri !== 'string') throw invalidParams('params.textDocument.uri must be a string');
  return uri;
}

function isPosition(value: unknown): boolean {
  const p = value as { line?: unknown; character?: unknown } | null;
  return typeof p?.line === 'number' && typeof p.character === 'number';
}

function requirePosition(params: unknown): void {
  if (!isPosition((params as { position?: unknown }).position)) throw invalidParams('params.position must be a Position');
}

function requireRange(params: unknown): void {
  const range = (params as { range?: { start?: unknown; end?: unknown } }).range;
  if (!isPosition(range?.start) || !isPosition(range?.end)) throw invalidParams('params.range must be a Range');
}

/** Whether the server asks the client to watch config files (VS Code's client also watches them itself). */
let watchConfigs = false;

/** Which refresh requests (inlayHint, codeLens) the client understands (inlay hints and lenses show hints too). */
const refreshSupport = { inlayHints: false, codeLens: false };

/** Open documents went stale: diagnostics, and the inlay hints and lenses that show the same hints. */
let viewRefreshTimer: NodeJS.Timeout | undefined;
function refreshViews(uris: string[]): void {
  scheduler.refresh(uris);
  if (!refreshSupport.inlayHints && !refreshSupport.codeLens) return;
  // Debounced like diagnostics: typing in an imported constants file must not flood the client.
  if (viewRefreshTimer) clearTimeout(viewRefreshTimer);
  viewRefreshTimer = setTimeout(() => {
    viewRefreshTimer = undefined;
    if (refreshSupport.inlayHints) connection.languages.inlayHint.refresh().catch(() => undefined);
    if (refreshSupport.codeLens) connection.sendRequest('workspace/codeLens/refresh').catch(() => undefined);
  }, 150);
}

const workspace = new Workspace(documents, (uris) => refreshViews(uris), editSpans);
const reports = new ReportBuilder(workspace, (uri) => settingsFor(uri));
const reviewRecords = new ReviewRecords(
  () => folders,
  (uri, diagnostic) => void connection.sendDiagnostics({ uri, diagnostics: diagnostic ? [diagnostic] : [] }).catch(() => undefined),
);
workspace.useReview(reviewRecords);

/** The records changed: re-analyse every open document. */
function reviewRecordsChanged(): void {
  workspace.reviewChanged();
  reports.clear();
  refreshViews(documents.all().map((d) => d.uri));
}

/** The config file in force for a document: the nearest to its file, or to the first folder for unsaved buffers. */
function configFor(uri: string): LoadedConfig | undefined {
  if (uri.startsWith('file:')) return policies.forFile(workspace.pathOf(uri));
  return folders.length > 0 ? policies.forFolder(folders[0]) : undefined;
}

/** One merged object per (user settings, config) pair, so result ids stay stable while neither changes. */
const merged = new WeakMap<UserSettings, WeakMap<object, Settings>>();
const NO_CONFIG = {};

/**
 * Settings for a document: the user's explicit settings over the project's config file over the defaults.
 * The engine's options follow them (one Project, so the document asked about last sets them).
 */
async function settingsFor(uri: string): Promise<Settings> {
  const user = await settings.get(uri);
  const loaded = configFor(uri);
  const config = loaded?.config ?? NO_CONFIG;
  let byConfig = merged.get(user);
  if (!byConfig) merged.set(user, (byConfig = new WeakMap()));
  let s = byConfig.get(config);
  if (!s) byConfig.set(config, (s = withConfig(user, config)));
  workspace.setOptions(engineOptionsFor(user, config, folders));
  // A file its config's `ignore` leaves out is not checked in the editor either (as `check` skips it in folders).
  if (loaded && uri.startsWith('file:') && configIgnores(loaded, workspace.pathOf(uri))) return ignoredSettings(s);
  return s;
}

const ignored = new WeakMap<Settings, Settings>();
function ignoredSettings(s: Settings): Settings {
  let off = ignored.get(s);
  if (!off) ignored.set(s, (off = { ...s, enable: false }));
  return off;
}

/**
 * The workspace's source files, listed as `check` walks a folder (.gitignore, test files and each config's `ignore`
 * skipped) without holding the event loop: the open files get their first diagnostics meanwhile, and are checked
 * again with the whole project once the list is there. Listed again when folders or configs change.
 */
let listing = 0;
async function listProjectFiles(): Promise<void> {
  const generation = ++listing;
  const files = new Set<string>();
  for (const folder of folders) {
    const root = policies.forFolder(folder);
    const found = await discoverFilesAsync([folder], folder, { ignore: root.config.ignore, ignoreBase: root.base });
    if (generation !== listing) return;
    for (const file of found.files) if (!configIgnores(policies.forFile(file), file)) files.add(file);
  }
  workspace.setProjectFiles([...files]);
  reports.clear();
  refreshViews(documents.all().map((d) => d.uri));
}

/** Whether a file created on disk belongs in the list (the walk's rules, for one file). */
function belongsInProject(path: string): boolean {
  if (!isSourceFile(path) || !folders.some((folder) => isInsideFolder(folder, path))) return false;
  const folder = folders.find((f) => isInsideFolder(f, path))!;
  const rel = relative(folder, path).split(sep);
  if (rel.some((part) => SKIPPED_FOLDERS.has(part))) return false;
  if (ignore().add(TEST_FILE_PATTERNS).ignores(rel.join('/'))) return false;
  return !configIgnores(policies.forFile(path), path);
}

function isInsideFolder(folder: string, path: string): boolean {
  const rel = relative(folder, path);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
}

/**
 * Result ids for pull diagnostics: the same analysis object under the same settings object gives the
 * same diagnostics, so a re-pull (after a refresh for another file) can be answered "unchanged".
 */
const resultIds = new WeakMap<object, WeakMap<object, string>>();
let nextResultId = 1;
function resultIdOf(analysis: object, s: Settings): string {
  let bySettings = resultIds.get(analysis);
  if (!bySettings) resultIds.set(analysis, (bySettings = new WeakMap()));
  let id = bySettings.get(s);
  if (!id) bySettings.set(s, (id = String(nextResultId++)));
  return id;
}

async function computeDiagnostics(uri: string, previousResultId?: string) {
  const doc = documents.get(uri);
  if (!doc) return undefined;
  const s = await settingsFor(uri);
  // The document may have changed while the settings were fetched: analyse what is there now.
  const current = documents.get(uri);
  if (!current) return undefined;
  return timed('diagnostics', () => {
    const analysis = workspace.analyze(uri);
    if (!analysis) return { version: current.version, diagnostics: [], resultId: undefined, unchanged: false };
    const resultId = resultIdOf(analysis, s);
    if (resultId === previousResultId) return { version: current.version, diagnostics: [], resultId, unchanged: true };
    return { version: current.version, diagnostics: diagnosticsFor(analysis, s, workspace), resultId, unchanged: false };
  });
}

const scheduler = new DiagnosticsScheduler(connection, computeDiagnostics, (uri) => documents.get(uri)?.version, log);

connection.onInitialize((params: InitializeParams): InitializeResult => {
  const caps = params.capabilities;
  settings.setSupported(!!caps.workspace?.configuration);
  scheduler.pullMode = !!caps.textDocument?.diagnostic;
  scheduler.refreshSupported = !!caps.workspace?.diagnostics?.refreshSupport;
  refreshSupport.inlayHints = !!caps.workspace?.inlayHint?.refreshSupport;
  refreshSupport.codeLens = !!caps.workspace?.codeLens?.refreshSupport;
  watchConfigs = !!caps.workspace?.didChangeWatchedFiles?.dynamicRegistration;
  folders = (params.workspaceFolders ?? []).map((f) => safePath(f.uri)).filter((p): p is string => !!p);
  if (folders.length === 0 && params.rootUri) {
    const root = safePath(params.rootUri);
    if (root) folders = [root];
  }
  const result: InitializeResult = {
    capabilities: {
      textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental },
      hoverProvider: true,
      codeActionProvider: { codeActionKinds: ['quickfix', FIX_ALL_KIND], resolveProvider: false },
      inlayHintProvider: { resolveProvider: false },
      codeLensProvider: { resolveProvider: false },
      documentSymbolProvider: { label: 'MCP tools' },
      executeCommandProvider: { commands: [APPROVE_TOOL_COMMAND, APPROVE_ALL_COMMAND] },
      workspace: { workspaceFolders: { supported: true, changeNotifications: true } },
    },
    serverInfo: { name: 'mcp-hints' },
  };
  if (scheduler.pullMode) {
    result.capabilities.diagnosticProvider = { identifier: 'mcp-hints', interFileDependencies: true, workspaceDiagnostics: false };
  }
  return result;
});

function safePath(uri: string): string | null {
  try {
    return uri.startsWith('file:') ? fileURLToPath(uri) : null;
  } catch {
    return null;
  }
}

connection.onInitialized(
  guardNotification('initialized', async () => {
    if (settings.isSupported()) {
      await connection.client.register(DidChangeConfigurationNotification.type, { section: 'mcp-hints' }).catch(() => undefined);
    }
    if (watchConfigs) {
      const watchers = [CONFIG_GLOB, ...RESOLUTION_CONFIG_GLOBS].map((globPattern) => ({ globPattern }));
      await connection.client.register(DidChangeWatchedFilesNotification.type, { watchers }).catch(() => undefined);
    }
    void listProjectFiles().catch((e: unknown) => log(`listing the workspace failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`));
    connection.workspace.onDidChangeWorkspaceFolders(
      guardNotification('workspace folders', (event) => {
        const removed = new Set(event.removed.map((f) => safePath(f.uri)));
        folders = folders.filter((f) => !removed.has(f));
        for (const f of event.added) {
          const p = safePath(f.uri);
          if (p && !folders.includes(p)) folders.push(p);
        }
        void listProjectFiles();
      }),
    );
  }),
);

connection.onDidChangeConfiguration(
  guardNotification('configuration', (change) => {
    settings.reset(change?.settings);
    reports.clear();
    refreshViews(documents.all().map((d) => d.uri));
  }),
);

documents.onDidOpen((e) => scheduler.schedule(e.document.uri, 0));
documents.onDidChangeContent((e) => scheduler.schedule(e.document.uri));
documents.onDidClose(
  guardNotification('close', (e) => {
    settings.forget(e.document.uri);
    scheduler.closed(e.document.uri);
    workspace.closed(e.document.uri);
  }),
);

connection.onDidChangeWatchedFiles(
  guardNotification('watched files', (params) => {
    let recordsChanged = false;
    let policyChanged = false;
    let listChanged = false;
    for (const change of params.changes) {
      const path = safePath(change.uri);
      if (path && isConfigFile(path)) {
        // Created, edited or deleted: every open file may now have other rules.
        policies.changed(path);
        policyChanged = true;
        continue;
      }
      if (path && reviewRecords.changed(path)) {
        recordsChanged = true;
        continue;
      }
      // Installing dependencies rewrites package.json files in node_modules: not the workspace's resolution.
      if (path && isResolutionConfig(path) && path.split(sep).includes('node_modules')) continue;
      if (path) reports.invalidate(path);
      // A source file created or deleted changes the project's file list (and so every whole-program answer).
      if (path && change.type !== FileChangeType.Changed && isSourceFile(path)) {
        listChanged = workspace.fileListChanged(path, change.type === FileChangeType.Created && belongsInProject(path)) || listChanged;
      }
      workspace.changedOnDisk(change.uri);
    }
    if (recordsChanged) reviewRecordsChanged();
    else if (policyChanged) {
      // A config's `ignore` may add or remove files from the project.
      void listProjectFiles();
      reports.clear();
      refreshViews(documents.all().map((d) => d.uri));
    } else if (listChanged) {
      reports.clear();
      refreshViews(documents.all().map((d) => d.uri));
    }
  }),
);

connection.languages.diagnostics.on(
  guard('diagnostics', async (params, token) => {
    const uri = requireUri(params);
    await settingsFor(uri); // yields once, so a cancellation sent right after the request is seen
    // A newer edit already superseded this request (the client cancels stale pulls): skip the analysis.
    if (token.isCancellationRequested) throw new ResponseError(LSPErrorCodes.RequestCancelled, 'cancelled');
    const result = await computeDiagnostics(uri, typeof params.previousResultId === 'string' ? params.previousResultId : undefined);
    if (result?.unchanged && result.resultId) return { kind: 'unchanged' as const, resultId: result.resultId };
    return { kind: 'full' as const, resultId: result?.resultId, items: result?.diagnostics ?? [] };
  }),
);

connection.onHover(
  guard('hover', async (params) => {
    const uri = requireUri(params);
    requirePosition(params);
    const doc = documents.get(uri);
    if (!doc) return null;
    const s = await settingsFor(uri);
    if (!s.enable) return null;
    return timed('hover', () => {
      const analysis = workspace.analyze(uri);
      if (!analysis) return null;
      const offset = doc.offsetAt(params.position); // clamps out-of-range positions to the document
      // What the code shows about the tool (inferred hints, evidence, name-only notes), from the engine's inference.
      const project = workspace.project;
      const sourceFile = project.getSourceFile(analysis.file);
      const options = project.getOptions();
      const sourceFileOf = (file: string) => project.getSourceFile(file);
      const notes = sourceFile
        ? (tool: Tool) => {
            // A tool another file registers is read with that file (its evidence starts at the registration).
            const context = { sourceFile: sourceFileOf(workspace.registrationFileOf(tool, analysis.file)) ?? sourceFile, sourceFileOf, options };
            return toolDetailsMarkdown(toolDetails(tool, context), context, analysis.file);
          }
        : undefined;
      return computeHover(analysis, doc.getText(), offset, s.profile, (loc) => workspace.locToRange(loc), notes, shownFindings(analysis, s, workspace));
    });
  }),
);

connection.onCodeAction(
  guard('codeAction', async (params) => {
    const uri = requireUri(params);
    requireRange(params);
    const doc = documents.get(uri);
    if (!doc) return [];
    const s = await settingsFor(uri);
    if (!s.enable) return [];
    return timed('codeAction', () => {
      const analysis = workspace.analyze(uri);
      if (!analysis) return [];
      const findings = shownFindings(analysis, s, workspace).map((shown) => ({ ...shown, diagnostic: toDiagnostic(shown, workspace) }));
      const enabledRules = new Set(findings.map((f) => f.finding.rule));
      const approvals = params.context?.only && !params.context.only.some((kind) => 'quickfix'.startsWith(kind)) ? [] : approveActions(uri, params.range, findings);
      return [...approvals, ...computeCodeActions({
        document: doc,
        file: analysis.file,
        findings,
        range: params.range,
        only: params.context?.only,
        uriOf: (path) => workspace.uriOf(path),
        rangeOf: (file, start, end) => workspace.locToRange({ file, start, end }),
        host: { readFile: (path) => workspace.project.getText(path) },
        options: workspace.project.getOptions(),
        enabled: (f) => s.rules[f.rule] !== 'off' && (enabledRules.has(f.rule) || s.rules[f.rule] === undefined),
      })];
    });
  }),
);

/** What an approve command did, for the client to show. */
interface ApproveReply {
  approved: number;
  records: { uri: string; status: 'written' | 'unchanged' }[];
}

function approveReply(results: ApproveResult[]): ApproveReply {
  const failed = results.find((r) => r.status === 'error');
  if (failed && failed.status === 'error') {
    const message = `mcp-hints: ${failed.path}:${failed.error.line}:${failed.error.column}: ${failed.error.message}. The record was left as it is.`;
    // A notification, not a request: the message needs no answer.
    void connection.sendNotification('window/showMessage', { type: 1, message });
    throw new ResponseError(ErrorCodes.InvalidRequest, message);
  }
  const records: ApproveReply['records'] = [];
  let approved = 0;
  for (const result of results) {
    if (result.status === 'written' || result.status === 'unchanged') {
      records.push({ uri: workspace.uriOf(result.path), status: result.status });
      approved += result.approved;
    }
  }
  return { approved, records };
}

connection.onExecuteCommand(
  guard('executeCommand', async (params): Promise<ApproveReply> => {
    workspace.syncAll();
    if (params.command === APPROVE_TOOL_COMMAND) {
      const args = params.arguments?.[0] as ApproveToolArgs | undefined;
      if (typeof args?.uri !== 'string' || typeof args.name !== 'string') throw invalidParams('approveTool needs { uri, name }');
      const doc = documents.get(args.uri);
      const path = workspace.pathOf(args.uri, doc?.languageId);
      const contracts = contractsIn(workspace.project, [path], args.name);
      if (contracts.length === 0) throw invalidParams(`no tool named "${args.name}" in ${args.uri}`);
      const reply = approveReply(reviewRecords.approve(contracts, []));
      reviewRecordsChanged();
      return reply;
    }
    if (params.command === APPROVE_ALL_COMMAND) {
      const files = workspaceFiles(folders);
      const reply = approveReply(reviewRecords.approve(contractsIn(workspace.project, files), files));
      reviewRecordsChanged();
      void connection.sendNotification('window/showMessage', { type: 3, message: `MCP Hints: approved ${reply.approved} tool${reply.approved === 1 ? '' : 's'}.` });
      return reply;
    }
    throw invalidParams(`unknown command ${params.command}`);
  }),
);

connection.languages.inlayHint.on(
  guard('inlayHint', async (params) => {
    const uri = requireUri(params);
    requireRange(params);
    const doc = documents.get(uri);
    if (!doc) return [];
    const s = await settingsFor(uri);
    if (!s.enable || !s.inlayHints.enable) return [];
    const analysis = workspace.analyze(uri);
    return analysis ? computeInlayHints(analysis, doc, params.range, s.profile) : [];
  }),
);

connection.onCodeLens(
  guard('codeLens', async (params) => {
    const uri = requireUri(params);
    const doc = documents.get(uri);
    if (!doc) return [];
    const s = await settingsFor(uri);
    if (!s.enable || !s.codeLens.enable) return [];
    const analysis = workspace.analyze(uri);
    return analysis ? computeCodeLenses(analysis, doc) : [];
  }),
);

connection.onDocumentSymbol(
  guard('documentSymbol', async (params) => {
    const uri = requireUri(params);
    const doc = documents.get(uri);
    if (!doc) return [];
    const s = await settingsFor(uri);
    if (!s.enable) return [];
    const analysis = workspace.analyze(uri);
    return analysis ? computeDocumentSymbols(analysis, doc) : [];
  }),
);

connection.onRequest(
  ReportRequest,
  guard('report', (_params: unknown, token) => reports.build(folders, token)),
);

connection.onRequest(
  VerifyRequest,
  guard('verify', async (params: VerifyParams | null) => {
    const requested = params?.folderUri;
    if (requested !== undefined && typeof requested !== 'string') throw invalidParams('params.folderUri must be a string');
    const folder = requested ? safePath(requested) : folders[0];
    if (!folder) throw invalidParams(requested ? `not a file folder: ${requested}` : 'no workspace folder to verify');
    const s = await settings.get(pathToFileURL(folder).href);
    return verifyFolder(folder, s.verify.command, process.env);
  }),
);

connection.onRequest(
  FileSummaryRequest,
  guard('fileSummary', async (params: FileSummaryParams): Promise<FileSummaryResult> => {
    const uri = (params as FileSummaryParams | null)?.uri;
    if (typeof uri !== 'string') throw invalidParams('params.uri must be a string');
    const analysis = workspace.analyze(uri);
    if (!analysis) return { toolCount: 0, unenumerated: 0, worst: null, findingCount: 0 };
    const findings = shownFindings(analysis, await settingsFor(uri), workspace);
    const order = ['error', 'warning', 'info', 'hint'] as const;
    const worst = order.find((sev) => findings.some((f) => f.severity === sev)) ?? null;
    const unenumerated = analysis.sites.filter((site) => site.status === 'unenumerated').length;
    return { toolCount: analysis.tools.length, unenumerated, worst, findingCount: findings.length };
  }),
);

connection.onRequest(
  StatsRequest,
  guard('stats', (): StatsResult => {
    const memory = process.memoryUsage();
    return { rss: memory.rss, heapUsed: memory.heapUsed, heapTotal: memory.heapTotal, gc: collections, openDocuments: documents.all().length, timings };
  }),
);

documents.listen(connection);
connection.listen();
