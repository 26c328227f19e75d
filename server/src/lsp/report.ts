// `mcp-hints/report`: every tool in the open documents and the workspace folders, for the client's
// report view. Reads files (never runs or writes them); results are cached per file by mtime and size.

import { statSync } from 'node:fs';
// The CommonJS build: the ESM one calls createRequire(import.meta.url), which is undefined in our CJS bundle.
import tinyglobby = require('tinyglobby');
import type { CancellationToken } from 'vscode-languageserver/node';
import { profileLine } from '../engine/describe';
import type { FileAnalysis } from '../engine/model';
import { isSourceFile, mayRegisterTools } from '../engine/parse';
import { diskHost } from '../engine/project';
import { enabledFindings } from './diagnostics';
import type { ReportResult, ReportTool } from './protocol';
import type { Settings } from './settings';
import type { Workspace } from './workspace';

const SOURCE_GLOB = '**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs}';
const IGNORE = [
  '**/node_modules/**',
  '**/.git/**',
  '**/*.d.ts',
  // Test files register fake tools.
  '**/*.test.*',
  '**/*.spec.*',
  '**/__tests__/**',
  '**/test/**',
  '**/tests/**',
];
const MAX_FILES = 20000;

/** Workspace source files, relative patterns resolved against each folder. */
export async function workspaceSourceFiles(folders: string[]): Promise<{ files: string[]; truncated: boolean }> {
  const files: string[] = [];
  for (const folder of folders) {
    const found = await tinyglobby.glob(SOURCE_GLOB, { cwd: folder, absolute: true, ignore: IGNORE, followSymbolicLinks: false, dot: false });
    files.push(...found.filter(isSourceFile));
  }
  const unique = [...new Set(files)].sort();
  return { files: unique.slice(0, MAX_FILES), truncated: unique.length > MAX_FILES };
}

export function reportTools(analysis: FileAnalysis, settings: Settings, workspace: Workspace): ReportTool[] {
  const findings = enabledFindings(analysis, settings);
  return analysis.tools.map((tool) => ({
    name: tool.name,
    form: tool.form,
    uri: workspace.uriOf(tool.nameLoc.file),
    range: workspace.locToRange(tool.nameLoc),
    effective: tool.effective,
    profile: profileLine(tool.effective),
    title: tool.title,
    annotated: tool.declared !== null,
    findings: findings
      .filter(({ finding }) => finding.toolId === tool.id || (finding.toolId === undefined && finding.tool !== null && finding.tool === tool.name))
      .map(({ finding, severity }) => ({
        rule: finding.rule,
        severity,
        message: finding.message,
        range: finding.loc.file === analysis.file ? workspace.locToRange(finding.loc) : workspace.locToRange(tool.nameLoc),
      })),
  }));
}

export class ReportBuilder {
  private readonly cache = new Map<string, { mtimeMs: number; size: number; tools: ReportTool[] }>();

  constructor(
    private readonly workspace: Workspace,
    private readonly settingsFor: (uri: string) => Promise<Settings>,
  ) {}

  /** Settings or options changed: cached tools may carry other findings. */
  clear(): void {
    this.cache.clear();
  }

  invalidate(path: string): void {
    this.cache.delete(path);
  }

  async build(folders: string[], token?: CancellationToken): Promise<ReportResult> {
    const tools: ReportTool[] = [];
    const errors: ReportResult['errors'] = [];
    const seen = new Set<string>();
    // Open documents first: their buffers win over the disk.
    for (const doc of this.workspace.documents.all()) {
      const analysis = this.workspace.analyze(doc.uri);
      if (!analysis) continue;
      seen.add(analysis.file);
      tools.push(...reportTools(analysis, await this.settingsFor(doc.uri), this.workspace));
    }
    const { files, truncated } = await workspaceSourceFiles(folders);
    let count = 0;
    for (const path of files) {
      if (seen.has(path)) continue;
      seen.add(path);
      if (token?.isCancellationRequested) break;
      if (++count % 50 === 0) await new Promise((resolve) => setImmediate(resolve)); // let other requests in
      try {
        tools.push(...(await this.fileTools(path)));
      } catch (e) {
        errors.push({ uri: this.workspace.uriOf(path), message: e instanceof Error ? e.message : String(e) });
      }
    }
    return { tools, filesScanned: seen.size, errors, truncated };
  }

  private async fileTools(path: string): Promise<ReportTool[]> {
    const stat = statSync(path, { throwIfNoEntry: false });
    if (!stat || !stat.isFile()) return [];
    const cached = this.cache.get(path);
    if (cached && cached.mtimeMs === stat.mtimeMs && cached.size === stat.size) return cached.tools;
    let tools: ReportTool[] = [];
    const text = diskHost.readFile(path);
    if (text !== undefined && mayRegisterTools(text)) {
      const project = this.workspace.project;
      const analysis = project.analyzeFile(path);
      if (analysis.error) throw new Error(analysis.error);
      tools = reportTools(analysis, await this.settingsFor(this.workspace.uriOf(path)), this.workspace);
      // Keep memory flat on big workspaces: nothing open reads this file, so drop its syntax tree.
      if (!this.workspace.isOpen(path) && project.dependentsOf(path).length === 0) {
        project.forget(path);
        this.workspace.dropClosedDocument(path);
      }
    }
    this.cache.set(path, { mtimeMs: stat.mtimeMs, size: stat.size, tools });
    return tools;
  }
}
