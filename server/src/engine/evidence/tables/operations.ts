// Inputs that carry the operation: a tool argument handed unchanged to a query, command or pipeline executor
// (`pool.query(args.sql)`, `exec(args.command)`, `collection.aggregate(args.pipeline)`) can write and delete,
// whatever the tool's name says, unless a restriction is visible on the way (a read-only transaction or mode, a
// statement check, a stage filter). The evidence says which restriction would make `readOnlyHint: true` honest.
import ts from 'typescript';
import { skipOuterExpressions } from '../../syntax';
import { argumentName, argumentUnchanged } from '../arguments';
import type { CallRecogniser, CallSite, Walk } from '../recogniser';
import { isProcessCall } from './process';
import { SQL_METHODS } from './sql';

export type OperationLanguage = 'sql' | 'pipeline' | 'command';

/** Methods that run a statement or a query text whatever the receiver (the generic ones need a telling input name). */
const STATEMENT_METHODS: readonly string[] = ['query', 'execute', 'raw', 'unsafe', '$queryRawUnsafe', '$executeRawUnsafe', 'queryRaw', 'executeRaw', 'sql', 'executeQuery', 'runQuery', 'executeSql', 'executeStatement'];
/** Methods that only ever run raw SQL text. */
const RAW_SQL_METHODS: readonly string[] = ['$queryRawUnsafe', '$executeRawUnsafe', 'unsafe', 'executeSql'];
/** Methods that run an aggregation pipeline or a database command. */
const PIPELINE_METHODS: readonly string[] = ['aggregate', 'runCommand', 'command'];
/** Input names that say the input is a statement, a query text, a pipeline or a command line. */
const OPERATION_INPUT = /^(?:sql|query|statement|stmt|cypher|gremlin|sparql|pipeline|stages|command|cmd|script|commandline|command_line|shell)$|(?:sql|query|statement|pipeline|command)$/i;
/** Programs that run their argument as a command line. */
const SHELLS = /^(?:sh|bash|zsh|dash|cmd(?:\.exe)?|powershell(?:\.exe)?|pwsh)$/;

/** What would make a read-only claim honest, per kind of operation. */
export const RESTRICTION: Readonly<Record<OperationLanguage, string>> = {
  sql: 'a read-only transaction or connection, or a check that the statement is a SELECT',
  pipeline: 'a stage filter that rejects `$out` and `$merge`, or a read-only mode on by default',
  command: 'an allow-list of read-only commands, or a read-only mode on by default',
};

// ---- recogniser (recognisers.ts orders it) ----

/** `db.query(args.sql)`, `exec(args.command)`, `coll.aggregate(args.pipeline)`: the caller's operation, run as given. */
export const operationInput: CallRecogniser = (site, walk) => {
  const found = operationOf(site, walk);
  if (!found) return false;
  const { language, input } = found;
  // A restriction on the way: the tool may well be read-only; what the executor does is left to the other recognisers.
  if (restricted(walk, input.name)) return false;
  walk.add(
    {
      effect: 'destroy',
      strength: 'strong',
      target: language === 'command' ? 'process' : 'database',
      ...(language === 'command' ? {} : { world: 'closed' as const }),
      call: site.text(),
      // What it does depends on the input: a second call may act again (an INSERT, a `$merge`).
      notRepeatable: true,
      fact: { kind: 'operation-input', input: input.name ?? 'input', language, restriction: RESTRICTION[language] },
    },
    site.call,
    site.sf,
  );
  // A command line may also reach anything (`curl`, `ssh`): the process itself stays evidence of any effect.
  if (language === 'command') walk.add({ effect: 'process', strength: 'strong', target: 'process', call: site.text(), fact: { kind: 'process', form: 'call' } }, site.call, site.sf);
  return true;
};

function operationOf(site: CallSite, walk: Walk): { language: OperationLanguage; input: { name: string | undefined } } | undefined {
  const { call, method, origin, fullPath } = site;
  const first = call.arguments[0];
  if (!first) return undefined;
  const unchanged = (expr: ts.Expression) => argumentUnchanged(walk, expr);
  // A process: the command line is the argument, or a shell runs it (`spawn("sh", ["-c", args.command])`).
  if (origin.kind === 'package' && (isProcessCall(origin.module, fullPath.at(-1)) || (fullPath.length === 0 && isProcessCall(origin.module, '*')))) {
    if (unchanged(first) || programThenArgument(walk, first)) return { language: 'command', input: { name: argumentName(innerArgument(first)) } };
    const shell = skipOuterExpressions(first);
    const list = call.arguments[1] && skipOuterExpressions(call.arguments[1]);
    if (ts.isStringLiteralLike(shell) && SHELLS.test(shell.text) && list && ts.isArrayLiteralExpression(list)) {
      const line = list.elements.find((e) => !ts.isSpreadElement(e) && unchanged(e));
      if (line) return { language: 'command', input: { name: argumentName(line) } };
    }
    return undefined;
  }
  if (!method || !unchanged(first)) return undefined;
  const name = argumentName(first);
  const telling = name !== undefined && OPERATION_INPUT.test(name);
  // `index.query(args.filter)`, `prisma.user.aggregate(args)`: the input's name must say it is the operation, except
  // for methods that only ever run raw SQL.
  if (PIPELINE_METHODS.includes(method) && telling) return { language: 'pipeline', input: { name } };
  if (RAW_SQL_METHODS.includes(method) || ((STATEMENT_METHODS.includes(method) || SQL_METHODS.includes(method)) && telling)) return { language: 'sql', input: { name } };
  return undefined;
}

/** `\`kubectl ${args.command}\``: one program word, then the caller's whole command. */
function programThenArgument(walk: Walk, expr: ts.Expression): boolean {
  const inner = skipOuterExpressions(expr);
  if (!ts.isTemplateExpression(inner) || inner.templateSpans.length !== 1 || inner.templateSpans[0].literal.text.trim() !== '') return false;
  return /^\s*[\w./-]+\s+$/.test(inner.head.text) && argumentUnchanged(walk, inner.templateSpans[0].expression);
}

function innerArgument(expr: ts.Expression): ts.Expression {
  const inner = skipOuterExpressions(expr);
  return ts.isTemplateExpression(inner) ? inner.templateSpans[0].expression : inner;
}

/** Words that name a restriction to reading (a read-only transaction, connection or mode). */
const READ_ONLY_WORDS = /read[\s_-]?only|readonly|READ ONLY|default_transaction_read_only/i;
/** Text a statement or stage check tests for. */
const CHECKED_TEXT = /\bselect\b|\binsert\b|\bupdate\b|\bdelete\b|\bdrop\b|\balter\b|\btruncate\b|\$out\b|\$merge\b|\bwith\b|\bshow\b|\bexplain\b/i;
const CHECK_METHODS: readonly string[] = ['test', 'startsWith', 'includes', 'has', 'match', 'some', 'every', 'indexOf', 'search'];

/**
 * A restriction visible in the functions walked on the way: read-only words, a stage name (`$out`, `$merge`), or a
 * check on the input (`/^\s*select/i.test(sql)`, `ALLOWED.includes(cmd)`, `if (sql.startsWith("SELECT"))`).
 */
function restricted(walk: Walk, input: string | undefined): boolean {
  for (const root of walk.visitedRoots()) {
    const sf = root.getSourceFile();
    let found = false;
    const visit = (node: ts.Node): void => {
      if (found) return;
      if ((ts.isStringLiteralLike(node) || ts.isRegularExpressionLiteral(node)) && (READ_ONLY_WORDS.test(node.text) || /\$(?:out|merge)\b/.test(node.text))) found = true;
      else if (ts.isIdentifier(node) && READ_ONLY_WORDS.test(node.text)) found = true;
      else if (ts.isCallExpression(node) && isCheck(node, sf, input)) found = true;
      ts.forEachChild(node, visit);
    };
    visit(root);
    if (found) return true;
  }
  return false;
}

/** `re.test(sql)`, `sql.trim().toUpperCase().startsWith("SELECT")`, `ALLOWED.includes(cmd)`: a check on the input. */
function isCheck(call: ts.CallExpression, sf: ts.SourceFile, input: string | undefined): boolean {
  const callee = skipOuterExpressions(call.expression);
  if (!ts.isPropertyAccessExpression(callee) || !CHECK_METHODS.includes(callee.name.text)) return false;
  const text = call.getText(sf);
  const mentionsInput = input !== undefined && new RegExp(`\\b${input.replace(/[$]/g, '\\$')}\\b`).test(text);
  const tested = [callee.expression, ...call.arguments].some((part) => {
    const inner = skipOuterExpressions(part);
    return (ts.isRegularExpressionLiteral(inner) || ts.isStringLiteralLike(inner)) && CHECKED_TEXT.test(inner.text);
  });
  // A literal test of statement text, or a list check on the input itself (an allow-list).
  return tested || (mentionsInput && /^(?:includes|has)$/.test(callee.name.text) && !mentionsInputAsReceiver(callee, input));
}

function mentionsInputAsReceiver(callee: ts.PropertyAccessExpression, input: string | undefined): boolean {
  const receiver = skipOuterExpressions(callee.expression);
  return input !== undefined && ts.isIdentifier(receiver) && receiver.text === input;
}
