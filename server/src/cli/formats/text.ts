// `--format text` (the default): per file, the tools found with their effective hints, then the
// findings; a summary at the end. This is what `npm start` shows a newcomer first.
import { HINT_KEYS, type HintKey, type HintValue } from '../../engine';
import type { DiagnosticRecord, ToolRecord } from '../analyze';
import { countBySeverity, type Report } from '../report';

export interface TextOptions {
  color: boolean;
  /** Errors only: no tool listing. */
  quiet: boolean;
  /** Each finding's detail under its line. */
  verbose?: boolean;
  /** The run was asked to fix: say what it changed, or that nothing was safe to fix. */
  fix?: boolean;
}

/** The width the text output is laid out for (a finding stays on one line; --verbose wraps its detail to this). */
export const TEXT_WIDTH = 100;

/** `text` broken into lines of at most `width` characters (a longer word stays whole), each after `indent`. */
export function wrap(text: string, indent: string, width = TEXT_WIDTH): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      if (line && indent.length + line.length + 1 + word.length > width) {
        lines.push(indent + line);
        line = word;
      } else line = line ? `${line} ${word}` : word;
    }
    if (line) lines.push(indent + line);
  }
  return lines;
}

/** Under the message column: position (4 + 8) and severity (7 + 2). */
const DETAIL_INDENT = ' '.repeat(21);

const SHORT: Record<HintKey, string> = { readOnlyHint: 'RO', destructiveHint: 'DE', idempotentHint: 'ID', openWorldHint: 'OW' };

interface Paint {
  bold(s: string): string;
  dim(s: string): string;
  red(s: string): string;
  yellow(s: string): string;
  blue(s: string): string;
  green(s: string): string;
  underline(s: string): string;
}

function painter(color: boolean): Paint {
  const wrap = (open: number, close: number) => (s: string) => (color ? `\u001b[${open}m${s}\u001b[${close}m` : s);
  return {
    bold: wrap(1, 22),
    dim: wrap(2, 22),
    red: wrap(31, 39),
    yellow: wrap(33, 39),
    blue: wrap(34, 39),
    green: wrap(32, 39),
    underline: wrap(4, 24),
  };
}

function plural(n: number, word: string, many = `${word}s`): string {
  return `${n} ${n === 1 ? word : many}`;
}

function hintText(value: HintValue): string {
  return value === 'unresolved' ? '?' : String(value);
}

function toolLine(tool: ToolRecord, nameWidth: number, paint: Paint): string {
  const name = tool.name ?? '<dynamic name>';
  const hints = HINT_KEYS.map((key) => {
    const cell = `${SHORT[key]}=${hintText(tool.effective[key])}`.padEnd(SHORT[key].length + 6);
    return tool.defaulted.includes(key) ? paint.dim(cell) : cell;
  }).join(' ');
  let note = '';
  if (tool.annotations === null) note = 'no annotations: all defaults';
  else if (tool.defaulted.length === HINT_KEYS.length) note = 'all defaults';
  else if (tool.defaulted.length > 0) note = `defaults: ${tool.defaulted.map((k) => SHORT[k]).join(', ')}`;
  if (HINT_KEYS.some((k) => tool.effective[k] === 'unresolved')) note = note ? `${note}; ? = unresolved` : '? = unresolved';
  const position = `${tool.line}:${tool.column}`.padEnd(8);
  const title = tool.title ? paint.dim(`  ${JSON.stringify(tool.title)}`) : '';
  return `    ${paint.dim(position)}${paint.bold(name.padEnd(nameWidth))}  ${hints.trimEnd()}${note ? `  ${paint.dim(`(${note})`)}` : ''}${title}`;
}

function severityLabel(severity: DiagnosticRecord['severity'], paint: Paint): string {
  const label = severity.padEnd(7);
  if (severity === 'error') return paint.red(label);
  if (severity === 'warning') return paint.yellow(label);
  return paint.blue(label);
}

/** What the tool count leaves out: registrations whose tools could not be listed, a server with none found. */
function notListed(report: Report): string {
  const parts: string[] = [];
  const unenumerated = report.sites.filter((site) => site.status === 'unenumerated').length;
  if (unenumerated > 0) parts.push(`${plural(unenumerated, 'registration')} not enumerated (unenumerated-tools)`);
  if (report.tools.length === 0 && report.servers.length > 0) parts.push(`${plural(report.servers.length, 'MCP server')} created, no tool found (no-tools-found)`);
  return parts.length > 0 ? `; ${parts.join('; ')}` : '';
}

export function formatText(report: Report, options: TextOptions): string {
  const paint = painter(options.color);
  const files = new Set<string>();
  const toolsByFile = new Map<string, ToolRecord[]>();
  const diagnosticsByFile = new Map<string, DiagnosticRecord[]>();
  for (const tool of report.tools) {
    files.add(tool.file);
    toolsByFile.set(tool.file, [...(toolsByFile.get(tool.file) ?? []), tool]);
  }
  for (const d of report.diagnostics) {
    files.add(d.file);
    diagnosticsByFile.set(d.file, [...(diagnosticsByFile.get(d.file) ?? []), d]);
  }

  const out: string[] = [];
  for (const file of [...files].sort()) {
    const tools = options.quiet ? [] : (toolsByFile.get(file) ?? []);
    const diagnostics = diagnosticsByFile.get(file) ?? [];
    if (tools.length === 0 && diagnostics.length === 0) continue;
    out.push(paint.underline(file));
    if (tools.length > 0) {
      out.push(`  ${paint.dim(plural(tools.length, 'tool'))}`);
      const width = Math.min(40, Math.max(...tools.map((t) => (t.name ?? '<dynamic name>').length)));
      for (const tool of tools) out.push(toolLine(tool, width, paint));
    }
    if (diagnostics.length > 0) {
      if (tools.length > 0) out.push(`  ${paint.dim(plural(diagnostics.length, 'finding'))}`);
      for (const d of diagnostics) {
        const position = `${d.line}:${d.column}`.padEnd(8);
        const message = d.message.replace(/\s*\r?\n\s*/g, ' ');
        out.push(`    ${paint.dim(position)}${severityLabel(d.severity, paint)}  ${message}  ${paint.dim(d.code)}`);
        if (options.verbose && d.detail) out.push(...wrap(d.detail, DETAIL_INDENT).map((line) => paint.dim(line)));
      }
    }
    out.push('');
  }

  const counts = countBySeverity(report.diagnostics);
  const problems = report.diagnostics.length;
  const toolFiles = new Set(report.tools.map((t) => t.file)).size;
  const parts = [plural(counts.error, 'error'), plural(counts.warning, 'warning')];
  if (counts.info > 0) parts.push(`${counts.info} info`);
  if (counts.hint > 0) parts.push(plural(counts.hint, 'hint'));
  const verdict =
    problems === 0
      ? paint.green('✔ no problems')
      : (counts.error > 0 ? paint.red : counts.warning > 0 ? paint.yellow : paint.blue)(`✖ ${plural(problems, 'problem')} (${parts.join(', ')})`);
  out.push(paint.bold(verdict));
  out.push(`${plural(report.tools.length, 'tool')} in ${plural(toolFiles, 'file')} (${plural(report.files, 'file')} checked)${notListed(report)}`);
  if (report.fixed.length > 0) {
    const fixes = report.fixed.reduce((sum, f) => sum + f.fixes, 0);
    const files = report.fixed.map((f) => `${f.file} (${f.fixes})`);
    out.push(`fixed ${plural(fixes, 'problem')} in ${plural(report.fixed.length, 'file')}: ${files.slice(0, 3).join(', ')}${files.length > 3 ? ', …' : ''}`);
  } else if (options.fix) {
    out.push('nothing safe to fix');
  }
  if (report.leftAlone && report.leftAlone.length > 0) {
    const findings = new Set(report.leftAlone.map((l) => l.key)).size;
    const files = [...new Set(report.leftAlone.map((l) => l.file))].sort();
    out.push(`not fixed: ${plural(findings, 'fix', 'fixes')} left alone in ${plural(files.length, 'generated file')} (${files.slice(0, 3).join(', ')}${files.length > 3 ? ', …' : ''}): make these changes in the generator's input`);
  }
  if (!options.quiet && report.tools.length > 0) {
    out.push(paint.dim('hints: RO readOnlyHint, DE destructiveHint, ID idempotentHint, OW openWorldHint; dim = spec default'));
  }
  return `${out.join('\n')}\n`;
}
