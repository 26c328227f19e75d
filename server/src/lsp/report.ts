// `mcp-hints/report`: every tool in the open documents and the workspace folders, for the client's
// report view. Reads files (never runs or writes them); results are cached per file while it and its
// dependencies keep their mtime and size.

import { statSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
// The CommonJS build: the ESM one calls createRequire(import.meta.url), which is undefined in our CJS bundle.
import tinyglobby = require('tinyglobby');
import type { CancellationToken } from 'vscode-languageserver/node';
import { profileLine } from '../engine';
import type { FileAnalysis } from '../engine';
import { isSourceFile, mayRegisterTools } from '../engine';
import { diskHost } from '../engine';
import { enabledFindings } from './diagnostics';
import type { ReportResult, ReportSite, ReportTool } from './protocol';
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
        range: workspace.locToRange(finding.loc.file === tool.nameLoc.file ? finding.loc : tool.nameLoc),
      })),
  }));
}

/** The file's registrations whose tools cannot be listed statically. */
export function reportSites(analysis: FileAnalysis, workspace: Workspace): ReportSite[] {
  return analysis.sites
    .filter((site) => site.status === 'unenumerated')
    .map((site) => ({ uri: workspace.uriOf(site.loc.file), range: workspace.locToRange(site.loc), text: site.text, tools: site.tools, why: site.cause?.message ?? null }));
}

interface FileRows {
  tools: ReportTool[];
  sites: ReportSite[];
}

export class ReportBuilder {
  private readonly cache = new Map<string, { stamps: [string, string][]; rows: FileRows }>();

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
    const sites: ReportSite[] = [];
    const errors: ReportResult['errors'] = [];
    const seen = new Set<string>();
    // Open documents first: their buffers win over the disk.
    for (const doc of this.workspace.documents.all()) {
      // Each tool once: listed by the file that registers it.
      const analysis = this.workspace.analyzeOwn(doc.uri);
      if (!analysis) continue;
      seen.add(analysis.file);
      tools.push(...reportTools(analysis, await this.settingsFor(doc.uri), this.workspace));
      sites.push(...reportSites(analysis, this.workspace));
    }
    let truncated = false;
    let count = 0;
    for (const folder of folders) {
      // One settings request per folder, not per file.
      const settings = await this.settingsFor(pathToFileURL(folder).href);
      const found = await workspaceSourceFiles([folder]);
      truncated ||= found.truncated;
      for (const path of found.files) {
        if (seen.has(path)) continue;
        seen.add(path);
        if (token?.isCancellationRequested) break;
        if (++count % 50 === 0) await new Promise((resolve) => setImmediate(resolve)); // let other requests in
        try {
          const rows = this.fileRows(path, settings);
          tools.push(...rows.tools);
          sites.push(...rows.sites);
        } catch (e) {
          errors.push({ uri: this.workspace.uriOf(path), message: e instanceof Error ? e.message : String(e) });
        }
      }
    }
    return { tools, sites, filesScanned: seen.size, errors, truncated };
  }

  /** A file's identity on disk; open buffers get a fresh one each time (they may differ from the disk). */
  private stamp(path: string): string {
    if (this.workspace.isOpen(path)) return `open:${Math.random()}`;
    const stat = statSync(path, { throwIfNoEntry: false });
    return stat ? `${stat.mtimeMs}:${stat.size}` : 'missing';
  }

  private fileRows(path: string, settings: Settings): FileRows {
    const stat = statSync(path, { throwIfNoEntry: false });
    if (!stat || !stat.isFile()) return { tools: [], sites: [] };
    const cached = this.cache.get(path);
    // Valid while the file and every file its analysis read (imported constants) are unchanged.
    if (cached && cached.stamps.every(([p, s]) => this.stamp(p) === s)) return cached.rows;
    let rows: FileRows = { tools: [], sites: [] };
    let dependencies: string[] = [];
    const text = diskHost.readFile(path);
    if (text !== undefined && mayRegisterTools(text)) {
      const project = this.workspace.project;
      const analysis = project.analyzeFile(path);
      if (analysis.error) throw new Error(analysis.error);
      rows = { tools: reportTools(analysis, settings, this.workspace), sites: reportSites(analysis, this.workspace) };
      dependencies = analysis.dependencies;
      // Keep memory flat on big workspaces: nothing open reads this file, so drop its syntax tree.
      if (!this.workspace.isOpen(path) && project.dependentsOf(path).length === 0) {
        project.forget(path);
        this.workspace.dropClosedDocument(path);
      }
    }
    const stamps = [path, ...dependencies].map((p): [string, string] => [p, this.stamp(p)]);
    this.cache.set(path, { stamps, rows });
    return rows;
  }
}
