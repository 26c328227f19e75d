// `mcp-hints check`, `approve`, `report` and `verify`: arguments → static reading (read.ts) → output → exit code.
import { join } from 'node:path';
import { HELP, parseArgs, UsageError, type CheckArgs } from './args';
import { formatGithub } from './formats/github';
import { formatJson } from './formats/json';
import { formatSarif } from './formats/sarif';
import { formatText } from './formats/text';
import { readProject, useColor, VERSION, type Io } from './read';
import { countBySeverity, type Report } from './report';
import { runVerify } from './verify/command';
import { runApprove } from './approve';
import { formatReportJson, formatReportMarkdown } from './formats/pr-report';

export { readProject, VERSION, WORKER_THRESHOLD, type Io } from './read';

export async function runCli(argv: string[], io: Io): Promise<number> {
  if (argv[0] === 'verify') return runVerify(argv, io);
  let args: CheckArgs;
  try {
    args = parseArgs(argv);
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr.write(`mcp-hints: ${error.message}\nRun "mcp-hints --help" for usage.\n`);
      return 2;
    }
    throw error;
  }
  if (args.command === 'help') {
    io.stdout.write(HELP);
    return 0;
  }
  if (args.command === 'version') {
    io.stdout.write(`${VERSION}\n`);
    return 0;
  }

  let report: Report;
  try {
    report = await readProject({ ...args, review: true, contracts: args.command !== 'check' }, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr.write(`mcp-hints: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
  if (args.command === 'approve') return runApprove(report, report.analysed ?? [], args.tool, io);
  if (args.command === 'report') {
    io.stdout.write(args.format === 'json' ? formatReportJson(report) : formatReportMarkdown(report));
    return 0;
  }
  if (args.quiet) report = { ...report, diagnostics: report.diagnostics.filter((d) => d.severity === 'error') };

  const color = useColor(args.color, io);
  switch (args.format) {
    case 'json':
      io.stdout.write(formatJson(report));
      break;
    case 'sarif':
      io.stdout.write(formatSarif(report, VERSION));
      break;
    case 'github':
      io.stdout.write(formatGithub(report));
      break;
    default:
      io.stdout.write(formatText(report, { color, quiet: args.quiet }));
  }

  const counts = countBySeverity(report.diagnostics);
  if (counts.error > 0) return 1;
  if (args.maxWarnings >= 0 && counts.warning > args.maxWarnings) {
    if (args.format === 'text') io.stderr.write(`mcp-hints: ${counts.warning} warnings is more than --max-warnings ${args.maxWarnings}\n`);
    return 1;
  }
  return 0;
}

export function defaultWorkerPath(): string {
  return join(__dirname, 'worker.js');
}
