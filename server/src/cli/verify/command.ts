// `mcp-hints verify [paths…] [--format text|json] [--timeout <ms>] -- <command> [args…]`: arguments → verify →
// output → exit code (0 all agree, 1 something differs or is missing statically, 2 the server failed or usage).
import { UsageError } from '../args';
import { useColor, type Io } from '../read';
import { parseVerifyArgs, VERIFY_HELP, type VerifyArgs } from './args';
import { formatFailure, formatVerifyText, verifyExitCode, verifyProject, type VerifyResult } from './verify';

export async function runVerify(argv: string[], io: Io): Promise<number> {
  let args: VerifyArgs;
  try {
    args = parseVerifyArgs(argv);
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr.write(`mcp-hints: ${error.message}\nRun "mcp-hints verify --help" for usage.\n`);
      return 2;
    }
    throw error;
  }
  if (args.command === 'help') {
    io.stdout.write(VERIFY_HELP);
    return 0;
  }
  let result: VerifyResult;
  try {
    result = await verifyProject({ paths: args.paths, config: args.config, server: args.server, timeoutMs: args.timeoutMs }, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr.write(`mcp-hints: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
  if (!result.ok) {
    io.stderr.write(formatFailure(result));
    return 2;
  }
  if (result.skippedLines > 0) {
    io.stderr.write(`mcp-hints verify: skipped ${result.skippedLines} non-JSON line${result.skippedLines === 1 ? '' : 's'} on stdout\n`);
  }
  if (args.format === 'json') {
    io.stdout.write(`${JSON.stringify(result.output, null, 2)}\n`);
  } else {
    io.stdout.write(formatVerifyText(result, useColor(args.color, io)));
  }
  return verifyExitCode(result.comparison);
}
