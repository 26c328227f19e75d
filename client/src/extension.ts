// The thin VS Code client: starts the language server over IPC, shows a status bar item and the
// tool annotations report. All analysis happens in the server.

import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import {
  CloseAction,
  ErrorAction,
  LanguageClient,
  State,
  TransportKind,
  type ErrorHandler,
  type LanguageClientOptions,
  type ServerOptions,
} from 'vscode-languageclient/node';
import {
  FileSummaryRequest,
  ReportRequest,
  VerifyRequest,
  type FileSummaryResult,
  type LspRange,
  type ReportResult,
  type VerifyParams,
  type VerifyResult,
} from '../../server/src/lsp/protocol';
import { renderReportHtml, renderVerifyHtml, reportRows } from './report';

const LANGUAGES = ['typescript', 'typescriptreact', 'javascript', 'javascriptreact'];
const SECTION = 'mcp-hints';
/** Every `mcp-hints.*` setting, without the prefix (read from the contributed configuration at activation). */
let settingKeys: string[] = [];

/**
 * The `mcp-hints` settings the user set (user, workspace or folder level), without the defaults VS Code
 * fills in from package.json: `getConfiguration().get()` cannot tell a default `profile: "spec"` from a
 * chosen one, and a default must not override the project's `.mcp-hints.json`. Objects (`rules`) merge
 * across levels as VS Code merges them, the narrower level winning per key.
 */
function explicitSettings(scopeUri: string | undefined): Record<string, unknown> {
  const scope = scopeUri ? vscode.Uri.parse(scopeUri) : undefined;
  const config = vscode.workspace.getConfiguration(SECTION, scope);
  const out: Record<string, unknown> = {};
  for (const key of settingKeys) {
    const inspected = config.inspect(key);
    if (!inspected) continue;
    const levels = [inspected.globalValue, inspected.workspaceValue, inspected.workspaceFolderValue].filter((v) => v !== undefined);
    if (levels.length === 0) continue;
    const value = levels.every((v) => typeof v === 'object' && v !== null && !Array.isArray(v)) ? Object.assign({}, ...levels) : levels.at(-1);
    const path = key.split('.');
    let target = out;
    for (const part of path.slice(0, -1)) target = (target[part] ??= {}) as Record<string, unknown>;
    target[path.at(-1)!] = value;
  }
  return out;
}

let client: LanguageClient | undefined;
let output: vscode.LogOutputChannel;
let statusItem: vscode.StatusBarItem;
let reportPanel: vscode.WebviewPanel | undefined;
/** What the report view shows now: the rows its messages refer to, and how to refresh it. */
let shown: { rows: { uri: string | null; range: LspRange | null }[]; refresh(): Promise<void> } | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const contributed = (context.extension.packageJSON as { contributes: { configuration: { properties: Record<string, unknown> } } }).contributes.configuration.properties;
  settingKeys = Object.keys(contributed).map((key) => key.slice(SECTION.length + 1));
  output = vscode.window.createOutputChannel('MCP Hints', { log: true });
  context.subscriptions.push(output);

  const serverModule = context.asAbsolutePath('dist/server.js');
  const serverOptions: ServerOptions = {
    run: { module: serverModule, transport: TransportKind.ipc },
    debug: { module: serverModule, transport: TransportKind.ipc, options: { execArgv: ['--nolazy', '--inspect=6009'] } },
  };

  // languageclient's default handler restarts a crashed server up to 4 times in 3 minutes; we keep that
  // for `closed`. Its `error` shuts the client down on a reader error (count undefined) or once writes fail
  // more than 3 times (the IPC writer counts each failed send twice), and a client stopped that way never
  // restarts. A killed server raises both before its close arrives (two edits typed in that window are
  // enough), so every connection error continues and `closed`, with its restart limit, decides.
  let defaultHandler: ErrorHandler | undefined;
  const errorHandler: ErrorHandler = {
    error: (error, _message, count) => {
      output.error(`connection error (${count === undefined ? 'reader' : `writer, ${count}`}): ${error.message}; the close decides whether to restart`);
      return { action: ErrorAction.Continue };
    },
    closed: async () => {
      const result = await defaultHandler!.closed();
      output.warn(`server connection closed; ${result.action === CloseAction.Restart ? 'restarting it' : 'not restarting it'}${result.message ? `: ${result.message}` : ''}`);
      return result;
    },
  };

  const clientOptions: LanguageClientOptions = {
    documentSelector: LANGUAGES.flatMap((language) => [
      { scheme: 'file', language },
      { scheme: 'untitled', language },
    ]),
    synchronize: {
      fileEvents: [
        vscode.workspace.createFileSystemWatcher('**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs}'),
        // The review record: editing it (or a merge) re-compares the open files.
        vscode.workspace.createFileSystemWatcher('**/mcp-hints.lock.json'),
        // Creating, editing or deleting the project config re-analyses the open files.
        vscode.workspace.createFileSystemWatcher('**/{.mcp-hints.json,.mcp-hints.jsonc}'),
      ],
    },
    middleware: {
      workspace: {
        // The server asks for `mcp-hints`; it gets only what the user set, so `.mcp-hints.json` decides the rest.
        configuration: (params) => params.items.map((item) => (item.section === SECTION ? explicitSettings(item.scopeUri) : null)),
      },
    },
    outputChannel: output,
    errorHandler,
  };

  // The id 'mcp-hints' makes the client read `mcp-hints.trace.server`.
  client = new LanguageClient('mcp-hints', 'MCP Hints', serverOptions, clientOptions);
  defaultHandler = client.createDefaultErrorHandler(4);
  client.onDidChangeState((e) => {
    output.info(`server ${State[e.oldState]} -> ${State[e.newState]}`);
    if (e.newState === State.Running) void updateStatus();
  });

  statusItem = vscode.window.createStatusBarItem('mcp-hints.status', vscode.StatusBarAlignment.Right, 100);
  statusItem.name = 'MCP Hints';
  statusItem.command = 'mcp-hints.showReport';
  context.subscriptions.push(
    statusItem,
    vscode.commands.registerCommand('mcp-hints.restartServer', async () => {
      output.info('restarting the server (command)');
      await client?.restart();
    }),
    vscode.commands.registerCommand('mcp-hints.showReport', () => showReport(context)),
    vscode.commands.registerCommand('mcp-hints.verify', () => verify(context)),
    vscode.window.onDidChangeActiveTextEditor(() => void updateStatus()),
    vscode.languages.onDidChangeDiagnostics((e) => {
      const active = vscode.window.activeTextEditor?.document.uri.toString();
      if (active && e.uris.some((u) => u.toString() === active)) void updateStatus();
    }),
  );

  await client.start();
  output.info('mcp-hints server started');
  void updateStatus();
}

export async function deactivate(): Promise<void> {
  await client?.stop();
  client = undefined;
}

async function updateStatus(): Promise<void> {
  const doc = vscode.window.activeTextEditor?.document;
  if (!client || !doc || !LANGUAGES.includes(doc.languageId) || !client.isRunning()) {
    statusItem?.hide();
    return;
  }
  try {
    const summary = await client.sendRequest<FileSummaryResult>(FileSummaryRequest, { uri: doc.uri.toString() });
    if (summary.toolCount === 0 && !summary.worst && !summary.unenumerated) {
      statusItem.hide();
      return;
    }
    const icon = summary.worst === 'error' ? '$(error)' : summary.worst === 'warning' ? '$(warning)' : summary.worst ? '$(info)' : '$(check)';
    const unlisted = summary.unenumerated ? ` · ${summary.unenumerated} not listed` : '';
    statusItem.text = `${icon} MCP ${summary.toolCount} tool${summary.toolCount === 1 ? '' : 's'}${unlisted}`;
    statusItem.tooltip =
      `${summary.toolCount} MCP tool(s) in this file, ${summary.findingCount} finding(s)${summary.worst ? `, worst: ${summary.worst}` : ''}.` +
      (summary.unenumerated ? ` ${summary.unenumerated} registration(s) whose tools cannot be listed without running the server.` : '') +
      ' Click for the workspace report.';
    statusItem.show();
  } catch (e) {
    output.debug(`file summary failed: ${String(e)}`);
    statusItem.hide();
  }
}

/** The report view (one panel, shared by the report and verify). */
function reportView(context: vscode.ExtensionContext, title: string): vscode.WebviewPanel {
  if (!reportPanel) {
    reportPanel = vscode.window.createWebviewPanel('mcp-hints.report', title, vscode.ViewColumn.Beside, {
      enableScripts: true,
      localResourceRoots: [],
    });
    reportPanel.onDidDispose(() => (reportPanel = undefined), null, context.subscriptions);
    reportPanel.webview.onDidReceiveMessage((message: unknown) => void onReportMessage(message), null, context.subscriptions);
  } else {
    reportPanel.title = title;
    reportPanel.reveal();
  }
  return reportPanel;
}

function pageOptions(panel: vscode.WebviewPanel) {
  return {
    cspSource: panel.webview.cspSource,
    nonce: randomBytes(16).toString('base64'),
    roots: (vscode.workspace.workspaceFolders ?? []).map((f) => f.uri.toString()),
  };
}

async function showReport(context: vscode.ExtensionContext): Promise<void> {
  if (!client) return;
  const panel = reportView(context, 'MCP Tool Annotations');
  try {
    const report = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Window, title: 'MCP Hints: scanning tools' },
      () => client!.sendRequest<ReportResult>(ReportRequest, {}),
    );
    shown = { rows: reportRows(report), refresh: () => showReport(context) };
    panel.webview.html = renderReportHtml(report, pageOptions(panel));
  } catch (e) {
    output.error(`report failed: ${String(e)}`);
    void vscode.window.showErrorMessage(`MCP Hints: the report failed (${e instanceof Error ? e.message : String(e)}).`);
  }
}

/**
 * Verify Against Running Server: the language server starts the folder's `mcp-hints.verify.command` and compares
 * its tools/list with the static reading. It runs workspace code, so only in a trusted workspace (the command is
 * also disabled there by its `enablement`, and the setting is restricted in untrusted workspaces).
 */
async function verify(context: vscode.ExtensionContext, folder?: vscode.WorkspaceFolder): Promise<VerifyResult | undefined> {
  if (!client) return undefined;
  if (!vscode.workspace.isTrusted) {
    void vscode.window.showWarningMessage('MCP Hints: verifying runs the server command, so it is only available in a trusted workspace.');
    return undefined;
  }
  const folders = vscode.workspace.workspaceFolders ?? [];
  folder ??= folders.length > 1 ? await vscode.window.showWorkspaceFolderPick({ placeHolder: 'Folder whose MCP server to verify' }) : folders[0];
  if (!folder) {
    if (folders.length === 0) void vscode.window.showWarningMessage('MCP Hints: open a folder to verify its MCP server.');
    return undefined;
  }
  const target = folder;
  let result: VerifyResult;
  try {
    result = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: 'MCP Hints: listing the tools of the running server' },
      () => client!.sendRequest<VerifyResult>(VerifyRequest, { folderUri: target.uri.toString() } satisfies VerifyParams),
    );
  } catch (e) {
    output.error(`verify failed: ${String(e)}`);
    void vscode.window.showErrorMessage(`MCP Hints: verify failed (${e instanceof Error ? e.message : String(e)}).`);
    return undefined;
  }
  if (!result.ok && result.kind === 'not-configured') {
    void vscode.window.showWarningMessage(`MCP Hints: ${result.message}`, 'Open Settings').then((choice) => {
      if (choice) void vscode.commands.executeCommand('workbench.action.openWorkspaceSettings', 'mcp-hints.verify.command');
    });
    return result;
  }
  output.info(result.ok ? `verify: ${result.tools.length} tool(s)` : `verify: ${result.kind}: ${result.message}`);
  const panel = reportView(context, 'MCP Hints: Verify');
  shown = { rows: result.ok ? result.tools : [], refresh: async () => void (await verify(context, target)) };
  panel.webview.html = renderVerifyHtml(result, pageOptions(panel));
  // Returned for callers of the command (the integration suite); the view is the user's result.
  return result;
}

async function onReportMessage(message: unknown): Promise<void> {
  if (typeof message !== 'object' || message === null) return;
  const { type, index } = message as { type?: unknown; index?: unknown };
  if (type === 'refresh') return shown?.refresh();
  // The webview only sends a row index: the URI and range come from our own copy of the rows.
  if (type !== 'open' || typeof index !== 'number' || !shown) return;
  const tool = shown.rows[index];
  if (!tool?.uri || !tool.range) return;
  const { start, end } = tool.range;
  const range = new vscode.Range(start.line, start.character, end.line, end.character);
  await vscode.window.showTextDocument(vscode.Uri.parse(tool.uri), { selection: range, viewColumn: vscode.ViewColumn.One });
}
