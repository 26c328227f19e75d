// Settings a server reads at start-up through common libraries: known only at run time, but with a default written
// in the code. yargs `yargs(argv).option("prefix", { default: "" }).parseSync()` gives an object whose `prefix` is
// unknown with the unset default "", and env-var `env.get("PREFIX").default("").asString()` is unknown with the
// unset default "". As with `process.env.X ?? "d"` (unset-env.ts), only a tool's name may be shown as the default.
import ts from 'typescript';
import { importedExpression, propertyNameText, skipOuterExpressions } from '../syntax';
import { defaultOf, withUnsetDefault } from './unset-env';
import type { UnsetDefault } from './values';
import { unknown, type ObjectValue, type UnknownCause, type Value } from './values';

const ENVIRONMENT: UnknownCause = { kind: 'runtime', source: 'environment' };

interface ChainStep {
  method: string;
  call: ts.CallExpression;
}

/** `root.a(…).b(…).c(…)` as its root expression and the method calls in order. */
function methodChain(expr: ts.CallExpression): { root: ts.Expression; steps: ChainStep[] } {
  const steps: ChainStep[] = [];
  let node: ts.Expression = expr;
  while (ts.isCallExpression(node)) {
    const callee = skipOuterExpressions(node.expression);
    // `(0, yargs_1.default)(…)` calls the library's default export (compiled `yargs(…)`): the chain starts there.
    if (!ts.isPropertyAccessExpression(callee) || importedExpression(callee)?.exportName === 'default') break;
    steps.unshift({ method: callee.name.text, call: node });
    node = skipOuterExpressions(callee.expression);
  }
  return { root: node, steps };
}

/** An import of one of `modules` (also `require`d: `yargs_1.default` of compiled CommonJS). */
function importedFrom(expr: ts.Expression, modules: readonly string[]): boolean {
  const imported = importedExpression(expr);
  return !!imported && modules.includes(imported.module);
}

/** The value of a call to one of the option libraries, or undefined for any other call. */
export function optionLibraryCall(expr: ts.CallExpression, sf: ts.SourceFile, evaluate: (expr: ts.Expression) => Value): Value | undefined {
  const { root, steps } = methodChain(expr);
  const last = steps[steps.length - 1]?.method;
  if (!last) return undefined;
  if (last.startsWith('as') && steps[0].method === 'get' && importedFrom(root, ['env-var'])) return envVarValue(expr, sf, steps, evaluate);
  if ((last === 'parseSync' || last === 'parse') && expr.arguments.length === 0 && ts.isCallExpression(root) && importedFrom(skipOuterExpressions(root.expression), ['yargs', 'yargs/yargs'])) {
    return yargsArguments(expr, sf, steps, evaluate);
  }
  return undefined;
}

/** env-var: `get(NAME)`, an optional `.default(D)`, then `asString()`, `asBool()`, `asInt()`…: the unset default is D converted. */
function envVarValue(expr: ts.CallExpression, sf: ts.SourceFile, steps: ChainStep[], evaluate: (expr: ts.Expression) => Value): Value {
  const nameArg = steps[0].call.arguments[0];
  const name = nameArg && evaluate(nameArg);
  if (!name || name.kind !== 'literal' || typeof name.value !== 'string') return unknown(expr, sf, 'an environment variable chosen at run time', ENVIRONMENT);
  const reason = `the environment variable ${name.value}`;
  const defaultStep = steps.find((step) => step.method === 'default');
  const written = defaultStep?.call.arguments[0] ? defaultOf(evaluate(defaultStep.call.arguments[0])) : undefined;
  if (defaultStep && !written) return unknown(expr, sf, reason, ENVIRONMENT);
  const raw = written ? written.value.value : undefined;
  const text = raw === undefined || raw === null ? undefined : String(raw);
  let converted: string | number | boolean | undefined;
  switch (steps[steps.length - 1].method) {
    case 'asString':
      converted = text;
      break;
    case 'asBool':
    case 'asBoolStrict':
      converted = text === undefined ? undefined : text === 'true' || text === '1';
      break;
    case 'asInt':
    case 'asIntPositive':
    case 'asIntNegative':
      converted = text === undefined ? undefined : Number.parseInt(text, 10);
      break;
    default:
      // Arrays, JSON, URLs…: not a value a name is made of.
      return unknown(expr, sf, reason, ENVIRONMENT);
  }
  return withUnsetDefault(expr, sf, reason, [{ variables: [name.value, ...(written?.variables ?? [])], value: { kind: 'literal', value: converted, node: expr, sf } }], converted);
}

/** yargs: the parsed arguments, each `.option(key, { default })` unknown with its default when the option is not given. */
function yargsArguments(expr: ts.CallExpression, sf: ts.SourceFile, steps: ChainStep[], evaluate: (expr: ts.Expression) => Value): ObjectValue {
  const result: ObjectValue = { kind: 'object', properties: new Map(), unresolved: [{ node: expr, sf, reason: 'the command line', cause: ENVIRONMENT }], node: expr, sf };
  const add = (key: string, config: ts.Expression | undefined, keyNode: ts.Node) => {
    const reason = `the command-line option --${key}`;
    const settings = config && skipOuterExpressions(config);
    const defaultProperty = settings && ts.isObjectLiteralExpression(settings)
      ? settings.properties.find((p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && propertyNameText(p.name) === 'default')
      : undefined;
    const written = defaultProperty ? defaultOf(evaluate(defaultProperty.initializer)) : undefined;
    const value: Value = written
      ? withUnsetDefault(keyNode, sf, reason, [{ variables: [`--${key}`], value: written.value } satisfies UnsetDefault, written], written.value.value)
      : unknown(keyNode, sf, reason, ENVIRONMENT);
    // yargs gives each option under its written key and in camel case (`max-tokens` → `maxTokens`).
    for (const name of new Set([key, key.replace(/-+([a-z0-9])/g, (_, c: string) => c.toUpperCase())])) {
      result.properties.set(name, { key: name, value, node: keyNode, keyNode, sf });
    }
  };
  for (const { method, call } of steps) {
    const [first, second] = call.arguments;
    if ((method === 'option' || method === 'positional') && first && ts.isStringLiteralLike(first)) add(first.text, second, first);
    if (method === 'options' && first && ts.isObjectLiteralExpression(skipOuterExpressions(first))) {
      for (const property of (skipOuterExpressions(first) as ts.ObjectLiteralExpression).properties) {
        const key = property.name && propertyNameText(property.name);
        if (key !== undefined && ts.isPropertyAssignment(property)) add(key, property.initializer, property.name);
      }
    }
  }
  return result;
}
