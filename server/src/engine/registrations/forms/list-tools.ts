import ts from 'typescript';
import { importOf, skipOuterExpressions } from '../../syntax';
import { argumentsOf, EMPTY_ENV, type CallArgument, type Env, type Value } from '../../values';
import { definitionsIn } from './definitions';
import type { Form, FormContext, RawTool, Unread } from './form';

/**
 * The low-level Server: `setRequestHandler(ListToolsRequestSchema, handler)` (SDK v1) or
 * `setRequestHandler('tools/list', handler)` (SDK v2). Every object in the returned `tools` is a tool.
 */
export const listToolsForm: Form = {
  methods: ['setRequestHandler'],
  textMarks: [/ListToolsRequestSchema/, /tools\/list/],
  extract(call, _method, ctx, env) {
    const lists = returnedLists(call, ctx, env)?.map(({ list }) => list);
    if (!lists) return undefined;
    // Two returns may give the same list; one object literal inside `.map()` gives several tools (one per name).
    const seen = new Set<string>();
    const keyOf = (tool: RawTool) => `${tool.nodeSf.fileName}:${tool.node.pos}:${tool.name.kind === 'literal' ? String(tool.name.value) : tool.name.kind}`;
    return lists
      .flatMap((list) => definitionsIn(list, 'tools/list', call, ctx.sf, undefined))
      .filter((tool) => !seen.has(keyOf(tool)) && seen.add(keyOf(tool)));
  },
  unread(call, ctx, env) {
    const [, handlerArg] = argumentsOf(ctx.evaluator, call, ctx.sf, env);
    const lists = returnedLists(call, ctx, env);
    if (!lists || !handlerArg) return [];
    const handler = handlerArg.value();
    if (handler.kind !== 'function') return [{ subject: 'handler', value: handler }];
    // A list known only in part: each element that is no definition at all (`list.map((t) => f(t))` of an unknown
    // `f`) is a tool that could not be read, never a silent gap.
    return lists.flatMap(({ list, written }): Omit<Unread, 'env'>[] =>
      list.kind === 'unknown' ? [{ subject: 'list' as const, value: list, expr: written }]
      : list.kind === 'array' ? list.elements.filter((element) => element.kind === 'unknown').map((element) => ({ subject: 'definition' as const, value: element }))
      : [],
    );
  },
  // `setup(server, tools) { server.setRequestHandler(ListToolsRequestSchema, () => ({ tools })) }`: the list is
  // what each call of `setup` passes, in any file.
  waitsOn(call, ctx, env) {
    for (const { list } of returnedLists(call, ctx, env) ?? []) {
      if (list.kind === 'unknown' && list.binder) return list.binder;
    }
    return undefined;
  },
};

/**
 * The `tools` of every object the handler returns, with the expression written for each when there is one;
 * undefined when the call is not a `tools/list` handler.
 */
function returnedLists(call: ts.CallExpression, { sf, evaluator }: FormContext, env: Env): { list: Value; written?: ts.Expression }[] | undefined {
  const [schemaArg, handlerArg] = argumentsOf(evaluator, call, sf, env);
  if (!schemaArg || !handlerArg || !isListToolsSchema(schemaArg)) return undefined;
  const handler = handlerArg.value();
  if (handler.kind !== 'function') return [];
  const lists: { list: Value; written?: ts.Expression }[] = [];
  for (const returned of returnedExpressions(handler.node)) {
    const result = evaluator.evaluate(returned, handler.sf, new Map([...handler.env, ...(env ?? EMPTY_ENV)]));
    if (result.kind === 'object') {
      const tools = result.properties.get('tools');
      const property = tools?.node;
      const written = property && ts.isPropertyAssignment(property) ? property.initializer : property && ts.isShorthandPropertyAssignment(property) ? property.name : undefined;
      if (tools) lists.push({ list: tools.value, written });
    }
  }
  return lists;
}

/**
 * The request schema argument names tools/list: as written, or, for a parameter a wrapper forwards
 * (`function on(schema, handler) { server.setRequestHandler(schema, handler) }`), as its caller wrote it.
 */
function isListToolsSchema(arg: CallArgument): boolean {
  if (namesListTools(arg.expr)) return true;
  const written = skipOuterExpressions(arg.expr);
  if (!ts.isIdentifier(written) && !ts.isPropertyAccessExpression(written)) return false;
  const value = arg.value();
  if (value.kind === 'literal') return value.value === 'tools/list';
  return value.kind === 'unknown' && ts.isExpression(value.node) && value.node !== written && namesListTools(value.node);
}

function namesListTools(expr: ts.Expression): boolean {
  return namesRequestSchema(expr, 'tools/list');
}

const REQUEST_SCHEMAS = { 'tools/list': 'ListToolsRequestSchema', 'tools/call': 'CallToolRequestSchema' } as const;

/** Does `expr` name the SDK's request schema of `method` (its schema object, by any local name, or the method string)? */
export function namesRequestSchema(expr: ts.Expression, method: keyof typeof REQUEST_SCHEMAS): boolean {
  const schema = REQUEST_SCHEMAS[method];
  const inner = skipOuterExpressions(expr);
  if (ts.isStringLiteralLike(inner)) return inner.text === method;
  // Imported under another local name (`import { ListToolsRequestSchema as ListTools }`): the name it imports decides.
  if (ts.isIdentifier(inner)) return inner.text.endsWith(schema) || (importOf(inner)?.exportName.endsWith(schema) ?? false);
  if (ts.isPropertyAccessExpression(inner)) return inner.name.text.endsWith(schema);
  return false;
}

/** Every `return` of the handler (not of nested functions), or its expression body. */
function returnedExpressions(fn: ts.FunctionLikeDeclaration): ts.Expression[] {
  const body = fn.body;
  if (!body) return [];
  if (!ts.isBlock(body)) return [body];
  const out: ts.Expression[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isReturnStatement(node)) {
      if (node.expression) out.push(node.expression);
    } else if (!ts.isFunctionLike(node)) {
      ts.forEachChild(node, visit);
    }
  };
  ts.forEachChild(body, visit);
  return out;
}
