// `mcp-hints verify`: the static reading of a folder against what its server really lists. Shared by the CLI
// and the language server (the editor's "Verify Against Running Server" command).
import { compareWithRuntime, COMPARED_KEYS, type ComparedKey, type ComparedTool, type Comparison, type VerifyStatus } from '../../engine';
import { readProject, VERSION, type Io } from '../read';
import { listToolsOverStdio, type Failure, type FailureKind } from './stdio-client';

export interface VerifyOptions {
  paths: string[];
  config?: string;
  /** The server command and its arguments. */
  server: string[];
  timeoutMs: number;
}

/** `--format json`, version 1: a contract like check's (keys listed explicitly so internal fields never leak). */
export interface VerifyJson {
  version: 1;
  command: string[];
  server: { name: string | null; version: string | null };
  tools: {
    name: string;
    status: VerifyStatus;
    file: string | null;
    line: number | null;
    /** What the registration waits on (a flag, an environment variable), when it is conditional. */
    condition: string | null;
    static: ComparedTool['static'];
    runtime: ComparedTool['runtime'];
    differences: { key: ComparedKey; static: unknown; runtime: unknown }[];
  }[];
}

export interface Verified {
  ok: true;
  output: VerifyJson;
  comparison: Comparison;
  skippedLines: number;
}

export type VerifyResult = Verified | Failure;

export const STATUS_ORDER: VerifyStatus[] = ['match', 'differs', 'unresolved', 'missing-statically', 'not-listed'];

/** Reads `paths` statically, lists the server's tools, compares. Throws UsageError for a bad config or path. */
export async function verifyProject(options: VerifyOptions, io: Io): Promise<VerifyResult> {
  const report = await readProject({ paths: options.paths, config: options.config, rules: {}, fix: false, around: false }, io);
  const listed = await listToolsOverStdio(options.server, { cwd: io.cwd, env: io.env, timeoutMs: options.timeoutMs, clientVersion: VERSION });
  if (!listed.ok) return listed;
  const comparison = compareWithRuntime(report.tools, listed.tools);
  // A registration whose tools the static reading could not list is a site, not a tool: it cannot be matched by name either.
  for (const site of report.sites) {
    if (site.status === 'unenumerated' && site.tools === 0) comparison.unnamed.push({ name: null, file: site.file, line: site.line, annotations: null, title: null });
  }
  const output: VerifyJson = {
    version: 1,
    command: options.server,
    server: listed.server,
    tools: comparison.tools.map((t) => ({
      name: t.name,
      status: t.status,
      file: t.file,
      line: t.line,
      condition: t.condition ?? null,
      static: t.static,
      runtime: t.runtime,
      differences: t.differences.map((d) => ({ key: d.key, static: d.static, runtime: d.runtime })),
    })),
  };
  return { ok: true, output, comparison, skippedLines: listed.skippedLines };
}

/** 0 when nothing differs and nothing is missing statically, else 1. */
export function verifyExitCode(comparison: Comparison): 0 | 1 {
  return comparison.counts.differs === 0 && comparison.counts['missing-statically'] === 0 ? 0 : 1;
}

const FAILURE_LABEL: Record<FailureKind, string> = {
  'cannot-start': 'cannot start',
  exited: 'exited early',
  timeout: 'timeout',
  'error-response': 'error answer',
};

/** The exit-2 message: which failure, then the last lines of the server's stderr. */
export function formatFailure(failure: Failure): string {
  const lines = [`mcp-hints verify: ${FAILURE_LABEL[failure.kind]}: ${failure.message}.`];
  if (failure.skippedLines > 0) lines.push(`skipped ${failure.skippedLines} non-JSON line${failure.skippedLines === 1 ? '' : 's'} on stdout`);
  if (failure.stderrTail.length > 0) lines.push('Last lines of its stderr:', ...failure.stderrTail.map((l) => `  | ${l}`));
  else lines.push('It wrote nothing to stderr.');
  return `${lines.join('\n')}\n`;
}

function show(value: unknown): string {
  return value === undefined || value === null ? '—' : typeof value === 'string' && value !== 'unresolved' ? JSON.stringify(value) : String(value);
}

/** What a row says beyond its status: the values that differ, or the run-time values of unresolved source. */
export function rowDetail(tool: ComparedTool): string {
  if (tool.status === 'differs') return tool.differences.map((d) => `${d.key}: ${show(d.static)} → ${show(d.runtime)}`).join('; ');
  const unresolvedKeys = tool.static ? COMPARED_KEYS.filter((k) => tool.static![k] === 'unresolved') : [];
  if (unresolvedKeys.length > 0) {
    return unresolvedKeys
      .map((k) => {
        const source = tool.unresolvedSources?.[k] ?? '?';
        return tool.runtime ? `${k}: ${source} → ${show(tool.runtime[k])}` : `${k}: ${source}`;
      })
      .join('; ');
  }
  if (tool.status === 'missing-statically' && tool.runtime) {
    const sent = COMPARED_KEYS.filter((k) => k in tool.runtime!).map((k) => `${k}: ${show(tool.runtime![k])}`);
    return sent.length ? `sends ${sent.join(', ')}` : 'sends no annotations';
  }
  return tool.condition ? `when ${tool.condition}` : '';
}

export function formatVerifyText(result: Verified, color: boolean): string {
  const paint = (code: number) => (s: string) => (color ? `\u001b[${code}m${s}\u001b[39m` : s);
  const statusColor: Record<VerifyStatus, (s: string) => string> = {
    match: paint(32),
    differs: paint(31),
    unresolved: paint(33),
    'missing-statically': paint(31),
    'not-listed': paint(34),
  };
  const { comparison, output } = result;
  const rows = comparison.tools.map((t) => ({
    status: t.status,
    name: t.name,
    location: t.file ? `${t.file}:${t.line}` : '',
    detail: rowDetail(t),
  }));
  const width = (pick: (r: (typeof rows)[number]) => string, header: string) => Math.max(header.length, ...rows.map((r) => pick(r).length));
  const ws = width((r) => r.status, 'status');
  const wn = width((r) => r.name, 'tool');
  const wl = width((r) => r.location, 'location');
  const lines: string[] = [];
  const server = output.server.name ? `${output.server.name}${output.server.version ? ` ${output.server.version}` : ''}` : 'the server';
  if (rows.length > 0) {
    lines.push(`${'status'.padEnd(ws)}  ${'tool'.padEnd(wn)}  ${'location'.padEnd(wl)}  details`.trimEnd());
    for (const r of rows) lines.push(`${statusColor[r.status](r.status.padEnd(ws))}  ${r.name.padEnd(wn)}  ${r.location.padEnd(wl)}  ${r.detail}`.trimEnd());
    lines.push('');
  }
  if (comparison.unnamed.length > 0) {
    const n = comparison.unnamed.length;
    lines.push(`${n} registration${n === 1 ? '' : 's'} in the code ${n === 1 ? 'has its' : 'have their'} name computed at run time (${comparison.unnamed.map((t) => `${t.file}:${t.line}`).join(', ')}).`);
  }
  const counts = STATUS_ORDER.filter((s) => comparison.counts[s] > 0).map((s) => `${comparison.counts[s]} ${s.replace('-', ' ')}`);
  const total = comparison.tools.length;
  lines.push(`${server}: ${total} tool${total === 1 ? '' : 's'}${counts.length ? `: ${counts.join(', ')}` : ''}.`);
  return `${lines.join('\n')}\n`;
}
