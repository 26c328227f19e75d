// Command-line parsing for `mcp-hints verify`. Usage errors throw UsageError (exit code 2).
import { UsageError } from '../args';

export const VERIFY_FORMATS = ['text', 'json'] as const;
export type VerifyFormat = (typeof VERIFY_FORMATS)[number];

export const DEFAULT_TIMEOUT_MS = 30_000;

export interface VerifyArgs {
  command: 'verify' | 'help';
  paths: string[];
  format: VerifyFormat;
  timeoutMs: number;
  config?: string;
  color: boolean;
  /** The server to start: the words after `--`. */
  server: string[];
}

export const VERIFY_HELP = `Usage: mcp-hints verify [paths...] [options] -- <command> [args...]

Starts <command> as an MCP server over stdio (with the current environment), lists its tools
(tools/list, every page), stops it, and compares the list with the static reading of paths
(default: the current folder). Only the given command is run.

Statuses: match, differs (a value the engine resolved is not what the server sends),
unresolved (the engine could not resolve a value; the server shows it), missing-statically
(listed by the server, not found in the code), not-listed (found in the code, not listed).

Options:
  --format <text|json>  output format (default: text)
  --timeout <ms>        time for the server to start and list its tools (default: ${DEFAULT_TIMEOUT_MS})
  --config <path>       config file (default: the nearest .mcp-hints.json or .mcp-hints.jsonc)
  --no-color            plain text output
  -h, --help            show this help

Exit codes: 0 nothing differs and nothing is missing statically, 1 otherwise,
2 the server could not start, exited early, did not answer in time or answered with an error
(or a usage error).
`;

export function parseVerifyArgs(argv: string[]): VerifyArgs {
  const args: VerifyArgs = { command: 'verify', paths: [], format: 'text', timeoutMs: DEFAULT_TIMEOUT_MS, color: true, server: [] };
  let sawCommand = false;
  let sawSeparator = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--') {
      sawSeparator = true;
      args.server = argv.slice(i + 1);
      break;
    }
    if (!arg.startsWith('-') || arg === '-') {
      if (!sawCommand) {
        if (arg !== 'verify') throw new UsageError(`unknown command "${arg}"`);
        sawCommand = true;
      } else {
        args.paths.push(arg);
      }
      continue;
    }
    const eq = arg.startsWith('--') ? arg.indexOf('=') : -1;
    const name = eq > 0 ? arg.slice(0, eq) : arg;
    const takesValue = name === '--format' || name === '--timeout' || name === '--config';
    let value: string | undefined;
    if (takesValue) {
      value = eq > 0 ? arg.slice(eq + 1) : argv[++i];
      if (value === undefined) throw new UsageError(`${name} needs a value`);
    } else if (eq > 0) {
      throw new UsageError(`${name} takes no value`);
    }
    switch (name) {
      case '-h':
      case '--help':
        return { ...args, command: 'help' };
      case '--format':
        if (!VERIFY_FORMATS.includes(value as VerifyFormat)) throw new UsageError(`verify: unknown format "${value}" (use ${VERIFY_FORMATS.join(', ')})`);
        args.format = value as VerifyFormat;
        break;
      case '--timeout':
        if (!/^\d+$/.test(value!) || Number(value) === 0) throw new UsageError(`--timeout needs a positive whole number of milliseconds, not "${value}"`);
        args.timeoutMs = Number(value);
        break;
      case '--config':
        args.config = value;
        break;
      case '--no-color':
        args.color = false;
        break;
      default:
        throw new UsageError(`verify: unknown option ${name}`);
    }
  }
  if (!sawSeparator || args.server.length === 0) {
    throw new UsageError('verify needs the server command after "--", e.g. mcp-hints verify -- node dist/index.js');
  }
  if (args.paths.length === 0) args.paths = ['.'];
  return args;
}
