// `mcp-hints check`, `approve`, `report` and `verify`: arguments → static reading (read.ts) → output → exit code.
import { join } from 'node:path';
import { HELP, parseArgs, UsageError, type CheckArgs } from './args';
import { formatJson } from './formats/json';
import { formatText } from './formats/text';
import { readProject, useColor, VERSION, type Io } from './read';
import { countBySeverity, type Report } from './report';

export { readProject, VERSION, WORKER_THRESHOLD, type Io } from './read';

// verify, approve, report and the SARIF and GitHub formats are imported when asked for: a start (one file
// checked in well under a second) does not load child_process nor build what it does not print.
export async function runCli(argv: string[], io: Io): Promise<number> {
  if (argv[0] === 'verify') return (await import('./verify/command')).runVerify(argv, io);
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
  if (args.command === 'approve') return (await import('./approve')).runApprove(report, report.analysed ?? [], args.tool, io);
  if (args.command === 'report') {
    const { formatReportJson, formatReportMarkdown } = await import('./formats/pr-report');
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
      io.stdout.write((await import('./formats/sarif')).formatSarif(report, VERSION));
      break;
    case 'github':
      io.stdout.write((await import('./formats/github')).formatGithub(report));
      break;
    default:
      io.stdout.write(formatText(report, { color, quiet: args.quiet, verbose: args.verbose, fix: args.fix }));
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
