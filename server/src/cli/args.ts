// Command-line parsing for `mcp-hints check` (verify/args.ts parses `verify`). Usage errors throw UsageError (exit code 2).
import { PROFILES, RULE_SETTINGS } from '../engine';
import type { Profile, RuleSetting } from '../engine';

export const FORMATS = ['text', 'json', 'sarif', 'github'] as const;
/** `report` prints a table for pull requests, or the same rows as JSON. */
export const REPORT_FORMATS = ['markdown', 'json'] as const;
export type Format = (typeof FORMATS)[number] | (typeof REPORT_FORMATS)[number];
export const COMMANDS = ['check', 'approve', 'report'] as const;

export class UsageError extends Error {}

export interface CheckArgs {
  command: (typeof COMMANDS)[number] | 'help' | 'version';
  /** `approve --tool NAME`: approve only this tool's entry. */
  tool?: string;
  paths: string[];
  format: Format;
  /** -1: no limit. */
  maxWarnings: number;
  quiet: boolean;
  profile?: Profile;
  rules: Record<string, RuleSetting>;
  config?: string;
  fix: boolean;
  color: boolean;
  /** Text output: each finding's longer explanation under its line. */
  verbose: boolean;
}

export const HELP = `Usage: mcp-hints check [paths...] [options]
       mcp-hints verify [paths...] [--format text|json] [--timeout <ms>] -- <command> [args...]
       mcp-hints approve [paths...] [--tool NAME]
       mcp-hints report [paths...] [--format markdown|json]

Finds MCP tool registrations in TypeScript and JavaScript and checks their annotations
(readOnlyHint, destructiveHint, idempotentHint, openWorldHint, title).
Paths are files or folders (default: the current folder). Folders skip node_modules, .git,
what .gitignore ignores, test files and .d.ts; files named explicitly are always read.

approve writes each tool's contract (hints, title, inputs, description and schema fingerprints,
evidence) to mcp-hints.lock.json at the project root: the nearest folder upwards holding
mcp-hints.lock.json, else .mcp-hints.json(c) or package.json, else the current folder.
check then reports annotation-drift, safety-weakened and unapproved against it.
report prints one row per tool (hints, evidence, approval, findings) for a pull request comment.

Options:
  --format <text|json|sarif|github>  output format of check (default: text)
  --format <markdown|json>           output format of report (default: markdown)
  --tool <name>                      approve: update only this tool's entry
  --max-warnings <n>                 exit 1 when there are more than n warnings
  --quiet                            report errors only
  --profile <spec|chatgpt|claude>    host profile the rules check for
  --rule <id=severity>               set a rule's severity (error, warning, info, hint, off); repeatable
  --config <path>                    config file (default: the nearest .mcp-hints.json or .mcp-hints.jsonc)
  --fix                              apply safe fixes and write the files
  --verbose                          text output: explain each finding under its line
  --no-color                         plain text output
  -h, --help                         show this help
  -v, --version                      show the version

Exit codes: 0 no errors (and warnings within --max-warnings), 1 too many findings, 2 usage or config error.

verify starts <command> as an MCP server over stdio, lists its tools and compares them with the
static reading of paths; "mcp-hints verify --help" tells more.
`;

/** Options that take a value, and how to store it. */
const VALUE_OPTIONS = new Set(['--format', '--max-warnings', '--profile', '--rule', '--config', '--tool']);

export function parseArgs(argv: string[]): CheckArgs {
  const args: CheckArgs = { command: 'check', paths: [], format: 'text', maxWarnings: -1, quiet: false, rules: {}, fix: false, color: true, verbose: false };
  let sawCommand = false;
  let format: string | undefined;
  let onlyPositionals = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (onlyPositionals || !arg.startsWith('-') || arg === '-') {
      if (!sawCommand) {
        if (!(COMMANDS as readonly string[]).includes(arg)) throw new UsageError(`unknown command "${arg}" (the commands are ${[...COMMANDS, 'verify'].join(', ')})`);
        args.command = arg as CheckArgs['command'];
        sawCommand = true;
      } else {
        args.paths.push(arg);
      }
      continue;
    }
    if (arg === '--') {
      onlyPositionals = true;
      continue;
    }
    const eq = arg.indexOf('=');
    const name = arg.startsWith('--') && eq > 0 ? arg.slice(0, eq) : arg;
    let value: string | undefined;
    if (VALUE_OPTIONS.has(name)) {
      if (eq > 0 && arg.startsWith('--')) value = arg.slice(eq + 1);
      else {
        value = argv[++i];
        if (value === undefined) throw new UsageError(`${name} needs a value`);
      }
    } else if (eq > 0 && arg.startsWith('--')) {
      throw new UsageError(`${name} takes no value`);
    }
    switch (name) {
      case '-h':
      case '--help':
        return { ...args, command: 'help' };
      case '-v':
      case '--version':
        return { ...args, command: 'version' };
      case '--format':
        format = value;
        break;
      case '--tool':
        args.tool = value;
        break;
      case '--max-warnings': {
        if (!/^\d+$/.test(value!)) throw new UsageError(`--max-warnings needs a whole number, not "${value}"`);
        args.maxWarnings = Number(value);
        break;
      }
      case '--profile':
        if (!PROFILES.includes(value as Profile)) throw new UsageError(`unknown profile "${value}" (use ${PROFILES.join(', ')})`);
        args.profile = value as Profile;
        break;
      case '--rule': {
        const match = /^([^=]+)=(.*)$/.exec(value!);
        if (!match) throw new UsageError(`--rule needs id=severity, not "${value}"`);
        const [, id, setting] = match;
        if (!RULE_SETTINGS.includes(setting as RuleSetting)) {
          throw new UsageError(`--rule ${id}: unknown severity "${setting}" (use ${RULE_SETTINGS.join(', ')})`);
        }
        args.rules[id.trim()] = setting as RuleSetting;
        break;
      }
      case '--config':
        args.config = value;
        break;
      case '--quiet':
        args.quiet = true;
        break;
      case '--fix':
        args.fix = true;
        break;
      case '--no-color':
        args.color = false;
        break;
      case '--verbose':
        args.verbose = true;
        break;
      default:
        throw new UsageError(`unknown option ${name}`);
    }
  }
  if (!sawCommand) throw new UsageError('missing command (try "mcp-hints check" or "mcp-hints verify")');
  const formats: readonly string[] = args.command === 'report' ? REPORT_FORMATS : FORMATS;
  if (format !== undefined && !formats.includes(format)) throw new UsageError(`unknown format "${format}" for ${args.command} (use ${formats.join(', ')})`);
  args.format = (format ?? formats[0]) as Format;
  if (args.tool !== undefined && args.command !== 'approve') throw new UsageError('--tool is an option of approve');
  if (args.command !== 'check' && args.fix) throw new UsageError(`--fix is an option of check`);
  if (args.paths.length === 0) args.paths = ['.'];
  return args;
}
