// Reads, optionally fixes, and analyses a batch of files; turns the engine's model into the CLI's
// plain records (relative paths, 1-based UTF-16 line/column). Runs in the main thread for small
// runs and inside each worker for large ones, so results must stay JSON-serialisable.
import { writeFileSync } from 'node:fs';
import { relative, sep } from 'node:path';
import { createRunHost, guardedAnalyze, readSourceFile, unreadableAnalysis, type ReadResult } from '../engine';
import { HINT_KEYS, type ConditionDependency, type ToolCondition, type FileAnalysis, type HintKey, type HintValue, type Loc, type Severity, type StaticValue } from '../engine';
import type { EngineOptions } from '../engine';
import { fixAll } from '../engine';
import { mayConstructServer, mayRegisterTools } from '../engine';
import type { SiteCauseKind } from '../engine';
import { Project } from '../engine';
import { LineIndex } from './positions';
import { evidenceSummary, toolDetails } from '../engine';
import type { Contract } from '../engine';
import type { ApprovalState } from '../engine';
import { conditionText } from '../engine';

export interface ToolRecord {
  name: string | null;
  /** Environment variables the name is computed from; `name` is the code's default when they are unset. */
  nameDependsOn?: string[];
  file: string;
  line: number;
  column: number;
  form: string;
  annotations: Record<string, StaticValue> | null;
  effective: Record<HintKey, HintValue>;
  title: string | null;
  /** Hints that take the spec default because nothing declares them (text output only). */
  defaulted: HintKey[];
  /** The source text of each annotation whose value is unresolved (verify shows it beside the run-time value). */
  sources: Record<string, string>;
  /** What must hold at run time for the tool to be registered, as one expression; null when nothing guards it. */
  condition: string | null;
  /** Each run-time guard of the registration, outermost first. */
  conditions: ConditionRecord[];
  /** approve and report only (BatchContext.contracts). */
  review?: ToolReviewRecord;
}

export interface ConditionRecord {
  text: string;
  negated: boolean;
  via: ToolCondition['via'];
  file: string;
  line: number;
  column: number;
  dependsOn: ConditionDependency[];
}

export interface ToolReviewRecord {
  /** The contract approve writes (absolute file); null for a tool whose name is not known. */
  contract: Contract | null;
  /** One line: what the code shows ("deletes or overwrites: calls `rm`; reaches the network: calls `fetch`"). */
  evidence: string;
  approval: { state: ApprovalState; changes: { safety: boolean; text: string }[] };
  /** The tool's findings, after settings. */
  findings: { code: string; severity: Severity; message: string }[];
}

export interface DiagnosticRecord {
  file: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  severity: Severity;
  code: string;
  message: string;
  /** The longer explanation (chain, other evidence, how to teach the engine); null when the message says it all. */
  detail: string | null;
  tool: string | null;
  /** The run-time condition of the finding's tool, when it is registered only under one. */
  condition?: string;
}

/** A registration site (engine: RegistrationSite), with the CLI's positions. */
export interface SiteRecord {
  file: string;
  line: number;
  column: number;
  form: string;
  status: 'enumerated' | 'unenumerated';
  /** The call as written, shortened. */
  text: string;
  /** How many tools it lists. */
  tools: number;
  /** Why its tools (or some of them) cannot be listed; null when enumerated. */
  cause: { kind: SiteCauseKind; message: string } | null;
}

/** An MCP server construction (engine: ServerConstruction). */
export interface ServerRecord {
  file: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  text: string;
  library: string;
}

export interface BatchResult {
  tools: ToolRecord[];
  sites: SiteRecord[];
  servers: ServerRecord[];
  diagnostics: DiagnosticRecord[];
  /** Files rewritten by --fix, with the number of fixes applied. */
  fixed: { file: string; fixes: number }[];
  /** With --fix: safe fixes not applied because they edit a generated file (one entry per finding, deduplicated by key). */
  leftAlone?: { file: string; key: string }[];
}

export interface BatchContext {
  cwd: string;
  options: EngineOptions;
  fix: boolean;
  /** Compute each tool's contract and approval (approve, report). */
  contracts?: boolean;
  /** Every file of the run: the project that whole-program questions search. */
  files?: string[];
  /** Files governed by a config other than the run's (a package's own `.mcp-hints.json`): index into `scopedOptions`. */
  optionsIndex?: Record<string, number>;
  scopedOptions?: EngineOptions[];
  /** With --fix: only these files are rewritten (the others are analysed for what they say about these). */
  fixOnly?: string[];
}

/** The options for one file: those of its nearest config, else the run's. */
export function optionsFor(context: BatchContext, file: string): EngineOptions {
  const index = context.optionsIndex?.[file];
  return index === undefined ? context.options : (context.scopedOptions?.[index] ?? context.options);
}

export function relativePath(cwd: string, file: string): string {
  const rel = relative(cwd, file);
  return sep === '/' ? rel : rel.split(sep).join('/');
}

/**
 * Most files of a workspace register nothing: they skip TypeScript's parser, the main cost of a run.
 * The engine makes the same text test after parsing (find.ts) and its rules only report on tools;
 * any `mcp-hints` directive comment still goes to the engine.
 */
function cannotRegisterTools(text: string): boolean {
  return !mayRegisterTools(text) && !text.includes('mcp-hints') && !mayConstructServer(text);
}

/**
 * The read result when `file` needs the engine, undefined for a readable file that cannot register
 * tools (nothing to report, no analysis needed). `skipped` receives the text of such a file: whole-program
 * questions may still search it.
 */
export function readForAnalysis(file: string, skipped?: Map<string, string>): ReadResult | undefined {
  const read = readSourceFile(file);
  if ('error' in read || !cannotRegisterTools(read.text)) return read;
  skipped?.set(file, read.text);
  return undefined;
}

/** Analyses files one after the other in `project`; never throws for a bad file. */
export function analyzeBatch(project: Project, files: string[], context: BatchContext, preRead?: Map<string, ReadResult>): BatchResult {
  const result: BatchResult = { tools: [], sites: [], servers: [], diagnostics: [], fixed: [] };
  const indexes = new Map<string, LineIndex | null>();
  const indexFor = (file: string): LineIndex | null => {
    let index = indexes.get(file);
    if (index === undefined) {
      let text: string | undefined;
      try {
        text = project.getText(file);
      } catch {
        text = undefined;
      }
      index = text === undefined ? null : new LineIndex(text);
      indexes.set(file, index);
    }
    return index;
  };
  const place = (loc: Loc) => {
    const index = indexFor(loc.file);
    const start = index?.position(loc.start) ?? { line: 1, column: 1 };
    const end = index?.position(loc.end) ?? start;
    return { file: relativePath(context.cwd, loc.file), start, end };
  };

  const fixOnly = context.fixOnly && new Set(context.fixOnly);
  for (const file of files) {
    indexes.delete(file);
    const fix = context.fix && (!fixOnly || fixOnly.has(file));
    const options = optionsFor(context, file);
    // Settings only shape findings: another config's file is analysed under its options (files of one config are contiguous).
    if (project.getOptions() !== options) project.setOptions(options);
    let analysis: FileAnalysis;
    const read = preRead?.get(file) ?? readSourceFile(file);
    preRead?.delete(file);
    if ('error' in read) {
      analysis = unreadableAnalysis(file, read.error, options);
    } else if (cannotRegisterTools(read.text)) {
      analysis = { file, tools: [], sites: [], servers: [], findings: [], dependencies: [] };
    } else {
      let text = read.text;
      if (fix) {
        const fixed = applySafeFixes(project, file, text);
        if (fixed.text !== text) {
          try {
            writeFileSync(file, (read.bom ? '\uFEFF' : '') + fixed.text);
            result.fixed.push({ file: relativePath(context.cwd, file), fixes: fixed.applied });
            text = fixed.text;
          } catch (error) {
            result.diagnostics.push({
              file: relativePath(context.cwd, file), line: 1, column: 1, endLine: 1, endColumn: 1, severity: 'error',
              code: 'unreadable-file', message: `Fixes not written: ${error instanceof Error ? error.message : String(error)}.`, detail: null, tool: null,
            });
          }
        }
      }
      analysis = analyzeText(project, file, text);
      if (fix) {
        for (const finding of analysis.findings) {
          const generated = finding.fixes.find((fix) => fix.generatedFile)?.generatedFile;
          if (!generated) continue;
          (result.leftAlone ??= []).push({ file: relativePath(context.cwd, generated), key: `${finding.loc.file}:${finding.loc.start}:${finding.rule}:${finding.toolId ?? ''}` });
        }
      }
    }

    for (const tool of analysis.tools) {
      const { file: toolFile, start } = place(tool.loc);
      const declared = tool.declared;
      const annotations = declared ? Object.fromEntries(declared.properties.map((p) => [p.key, p.value])) : null;
      const declaredKeys = new Set(declared?.properties.map((p) => p.key) ?? []);
      const sources: Record<string, string> = {};
      for (const p of declared?.properties ?? []) {
        if (p.value !== 'unresolved') continue;
        const text = sourceText(project, p.valueLoc);
        if (text !== undefined) sources[p.key] = text;
      }
      result.tools.push({
        name: tool.name,
        ...(tool.nameDependsOn ? { nameDependsOn: tool.nameDependsOn } : {}),
        file: toolFile,
        line: start.line,
        column: start.column,
        form: tool.form,
        annotations,
        effective: { ...tool.effective },
        title: tool.title,
        defaulted: HINT_KEYS.filter((key) => !declaredKeys.has(key) && tool.effective[key] !== 'unresolved'),
        sources,
        condition: tool.conditions ? tool.conditions.map(conditionText).join(' && ') : null,
        conditions: (tool.conditions ?? []).map((c) => {
          const where = place(c.loc);
          return { text: c.text, negated: c.negated, via: c.via, file: where.file, line: where.start.line, column: where.start.column, dependsOn: c.dependsOn.map((d) => ({ ...d })) };
        }),
        ...(context.contracts ? { review: toolReviewRecord(project, analysis, tool, context) } : {}),
      });
    }
    for (const site of analysis.sites) {
      const { file: siteFile, start } = place(site.loc);
      result.sites.push({
        file: siteFile, line: start.line, column: start.column, form: site.form, status: site.status, text: site.text, tools: site.tools,
        cause: site.cause ? { kind: site.cause.kind, message: site.cause.message } : null,
      });
    }
    for (const server of analysis.servers) {
      const { file: serverFile, start, end } = place(server.loc);
      result.servers.push({ file: serverFile, line: start.line, column: start.column, endLine: end.line, endColumn: end.column, text: server.text, library: server.library });
    }
    for (const finding of analysis.findings) {
      const { file: findingFile, start, end } = place(finding.loc);
      result.diagnostics.push({
        file: findingFile,
        line: start.line,
        column: start.column,
        endLine: end.line,
        endColumn: end.column,
        severity: finding.severity,
        code: finding.rule,
        message: finding.message,
        detail: finding.detail ?? null,
        tool: finding.tool,
        ...conditionOfFinding(analysis, finding.toolId),
      });
    }
    indexes.delete(file);
    // Its records are made: the tree need not stay for the rest of the run.
    project.release(file);
  }
  return result;
}

function conditionOfFinding(analysis: FileAnalysis, toolId: string | undefined): { condition?: string } {
  const conditions = toolId ? analysis.tools.find((t) => t.id === toolId)?.conditions : undefined;
  return conditions ? { condition: conditions.map(conditionText).join(' && ') } : {};
}

/** The text at `loc`, whitespace runs folded (an expression written over several lines fits a table cell). */
function sourceText(project: Project, loc: Loc): string | undefined {
  let text: string | undefined;
  try {
    text = project.getText(loc.file);
  } catch {
    return undefined;
  }
  return text?.slice(loc.start, loc.end).replace(/\s+/g, ' ');
}

/** The tool's contract, what its code shows in one line, where it stands against the record, and its findings. */
function toolReviewRecord(project: Project, analysis: FileAnalysis, tool: FileAnalysis['tools'][number], context: BatchContext): ToolReviewRecord {
  const registrationSf = project.getSourceFile(analysis.file);
  const findings = analysis.findings.filter((f) => f.toolId === tool.id).map((f) => ({ code: f.rule, severity: f.severity, message: f.message }));
  if (!registrationSf) return { contract: null, evidence: '', approval: { state: 'no-record', changes: [] }, findings };
  const sourceFileOf = (file: string) => project.getSourceFile(file);
  const details = toolDetails(tool, { sourceFile: registrationSf, sourceFileOf, options: optionsFor(context, analysis.file) });
  const review = details.review;
  return {
    contract: details.contract?.contract ?? null,
    evidence: evidenceSummary(details),
    approval: { state: review?.state ?? 'no-record', changes: (review?.changes ?? []).map(({ safety, text }) => ({ safety, text })) },
    findings,
  };
}

/** `--fix`: the engine's fix-all over this file, analysed in the run's project. */
export function applySafeFixes(project: Project, file: string, original: string): { text: string; applied: number } {
  return fixAll(file, original, (text) => {
    const analysis = guardedAnalyze(project, file, text);
    return analysis.error ? undefined : analysis.findings;
  });
}

/** Texts the CLI has read and not yet analysed, per project (see analyzeText). */
const offeredTexts = new WeakMap<Project, Map<string, string>>();

/**
 * A project over the disk for one run. Its host first serves texts offered by analyzeText, so a
 * file read once by the CLI is not read again, nor handed over with setFileText (which looks for the
 * dependents of every analysed file: quadratic over a run). `alreadyRead` gives texts the run read
 * before, so a whole-program search does not read them again.
 */
export function createProject(options: EngineOptions, files: readonly string[] = [], alreadyRead?: (path: string) => string | undefined): Project {
  const offered = new Map<string, string>();
  const disk = createRunHost();
  const project = new Project({ readFile: (path) => offered.get(path) ?? alreadyRead?.(path) ?? disk.readFile(path) }, options);
  project.setProjectFiles(files);
  offeredTexts.set(project, offered);
  return project;
}

/** Analyses `file` as `text`, which was read from the disk in this run. */
function analyzeText(project: Project, file: string, text: string): FileAnalysis {
  const offered = offeredTexts.get(project);
  if (!offered) return guardedAnalyze(project, file, text);
  offered.set(file, text);
  try {
    return guardedAnalyze(project, file);
  } finally {
    offered.delete(file);
  }
}
