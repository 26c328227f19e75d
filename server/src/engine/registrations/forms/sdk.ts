import ts from 'typescript';
import { misplacedHintsIn } from '../annotations';
import type { AnnotationSlot, MisplacedHints } from '../../model';
import { skipOuterExpressions } from '../../syntax';
import { argumentsOf, locOf, type Env, type ObjectValue, type Value } from '../../values';
import { annotationsOf, mayBeFunction, misplacedInConfig, objectProperty, type Form, type FormContext, type RawTool } from './form';

/**
 * @modelcontextprotocol/sdk (v1 and v2):
 * `registerTool(name, config, cb)`, `experimental.tasks.registerToolTask(name, config, handlers)`,
 * and the deprecated `tool(...)` in its eight shapes (plus tmcp/mcp-use's `tool({ name, … }, cb)`).
 */
export const sdkForm: Form = {
  methods: ['registerTool', 'registerToolTask', 'tool'],
  extract(call, method, ctx, env) {
    if (method === 'tool') return extractTool(call, ctx, env);
    return extractRegisterTool(call, method === 'registerToolTask' ? 'registerToolTask' : 'registerTool', ctx, env);
  },
};

function extractRegisterTool(call: ts.CallExpression, form: 'registerTool' | 'registerToolTask', ctx: FormContext, env: Env): RawTool[] | undefined {
  const { sf, evaluator } = ctx;
  const [nameArg, configArg, handlerArg] = argumentsOf(evaluator, call, sf, env);
  if (!nameArg || !configArg) return undefined;
  const name = nameArg.value();
  if (name.kind === 'object' || name.kind === 'array' || name.kind === 'function' || isConstructed(name)) return undefined;
  const configValue = configArg.value();
  const config = configValue.kind === 'object' ? configValue : undefined;
  const configLiteral = skipOuterExpressions(configArg.expr);
  return [
    {
      form,
      call,
      node: call,
      nodeSf: sf,
      name,
      config,
      ...(config ? annotationsOf(config, sf) : {}),
      title: objectProperty(config, 'title'),
      description: objectProperty(config, 'description'),
      inputSchema: objectProperty(config, 'inputSchema'),
      handler: handlerArg?.value(),
      slot: definitionSlot(config, ctx, env) ?? configSlot(config, configValue, ts.isObjectLiteralExpression(configLiteral)),
      misplaced: misplacedInConfig(config, ['inputSchema']),
      ...(configValue.kind === 'unknown' ? { unreadDefinition: configValue } : {}),
    },
  ];
}

/** A value made by `new X(…)` of a class the engine does not read: an object, never a name. */
function isConstructed(value: Value): boolean {
  return value.kind === 'unknown' && ts.isNewExpression(value.node);
}

/**
 * `annotations: def.annotations` in the config, where `def` is a definition object that has none: annotations are
 * added to the definition, where its author writes them (the config of a loop over definitions serves all of them).
 */
function definitionSlot(config: ObjectValue | undefined, ctx: FormContext, env: Env): AnnotationSlot | undefined {
  const property = config?.properties.get('annotations');
  if (!property || property.sf !== ctx.sf || !ts.isPropertyAssignment(property.node)) return undefined;
  const read = skipOuterExpressions(property.node.initializer);
  if (!ts.isPropertyAccessExpression(read) || read.name.text !== 'annotations') return undefined;
  const holder = ctx.evaluator.evaluate(read.expression, ctx.sf, env);
  if (holder.kind !== 'object' || !ts.isObjectLiteralExpression(holder.node) || holder.properties.has('annotations')) return undefined;
  return { kind: 'property', object: locOf(holder.node, holder.sf) };
}

/** Where "add annotations" can write: the config object literal, wherever it is written. */
export function configSlot(config: ObjectValue | undefined, value: Value, writtenInline: boolean): AnnotationSlot {
  if (config && ts.isObjectLiteralExpression(config.node)) return { kind: 'property', object: locOf(config.node, config.sf) };
  if (!writtenInline && value.kind === 'unknown') return { kind: 'none', reason: `the config is ${value.reason}` };
  return { kind: 'none', reason: 'the config is not an object literal' };
}

/** tmcp's and mcp-lite's `tool()`: one config object holds the name or the handler beside the annotations. */
function toolFromConfig(call: ts.CallExpression, sf: ts.SourceFile, name: Value, config: ObjectValue, handler: Value | undefined): RawTool {
  return {
    form: 'tool',
    call,
    node: call,
    nodeSf: sf,
    name,
    config,
    ...annotationsOf(config, sf),
    title: objectProperty(config, 'title'),
    description: objectProperty(config, 'description'),
    inputSchema: objectProperty(config, 'inputSchema') ?? objectProperty(config, 'schema'),
    handler,
    slot: configSlot(config, config, true),
    misplaced: misplacedInConfig(config, ['inputSchema', 'schema']),
  };
}

/** Statically, the SDK's test for an input schema: `{}` or an object holding any Zod-like value. */
function isSchemaLike(value: Value): boolean {
  if (value.kind !== 'object') return value.kind === 'unknown';
  if (value.properties.size === 0 && value.unresolved.length === 0) return true;
  if (value.unresolved.length > 0) return true;
  for (const property of value.properties.values()) {
    if (property.value.kind === 'unknown' || property.value.kind === 'function') return true;
  }
  return false;
}

function extractTool(call: ts.CallExpression, ctx: FormContext, env: Env): RawTool[] | undefined {
  const { sf, evaluator } = ctx;
  const args = argumentsOf(evaluator, call, sf, env);
  if (args.length < 2 || args.length > 5) return undefined;
  const callbackArg = args[args.length - 1];
  const callback = callbackArg.expr;
  const first = args[0].value();

  // tmcp / mcp-use: tool({ name, description, annotations, … }, cb)
  if (first.kind === 'object') {
    if (args.length !== 2 || !first.properties.has('name') || !mayBeFunction(skipOuterExpressions(callback))) return undefined;
    return [toolFromConfig(call, sf, first.properties.get('name')!.value, first, callbackArg.value())];
  }
  // mcp-lite: tool(name, { description, inputSchema, annotations, handler })
  if (args.length === 2 && ts.isObjectLiteralExpression(skipOuterExpressions(callback))) {
    const definition = callbackArg.value();
    if (definition.kind !== 'object' || !definition.properties.has('handler')) return undefined;
    return [toolFromConfig(call, sf, first, definition, objectProperty(definition, 'handler'))];
  }
  // `def.tool(sdkClient, args, ctx)`: an object something constructs is never a tool's name.
  if ((first.kind !== 'literal' && first.kind !== 'unknown') || isConstructed(first)) return undefined;
  if (first.kind === 'literal' && typeof first.value !== 'string') return undefined;
  if (!mayBeFunction(skipOuterExpressions(callback))) return undefined;

  // An argument a spread passed from another file is no expression of this call's file.
  const middle = args.slice(1, -1).map((arg) => arg.expr);
  const values = args.slice(1, -1).map((arg) => arg.value());
  const here = args.slice(1, -1).map((arg) => (arg.sf === sf ? arg.expr : undefined));
  // A leading string is the description.
  const index = values[0] && (values[0].kind === 'literal' ? typeof values[0].value === 'string' : ts.isStringLiteralLike(middle[0]) || ts.isTemplateExpression(middle[0])) ? 1 : 0;
  // Shapes with a description must have a string there; an unrelated `.tool()` rarely matches all of this.
  const rest = values.slice(index);
  const restArgs = here.slice(index);
  if (rest.some((v) => v.kind === 'literal' || v.kind === 'array' || v.kind === 'function')) return undefined;

  let schema: Value | undefined;
  let annotations: Value | undefined;
  let annotationsArg: ts.Expression | undefined;
  if (rest.length >= 1) {
    if (isSchemaLike(rest[0])) {
      schema = rest[0];
      if (rest.length >= 2 && !isSchemaLike(rest[1])) {
        annotations = rest[1];
        annotationsArg = restArgs[1];
      }
    } else {
      annotations = rest[0];
      annotationsArg = restArgs[0];
    }
  }
  if (rest.length > 2) return undefined;

  const misplaced: MisplacedHints[] = [];
  const inSchema = misplacedHintsIn(schema, 'in-input-schema');
  if (inSchema) misplaced.push(inSchema);
  if (annotations?.kind === 'object') {
    const nested = annotations.properties.get('annotations')?.value;
    const nestedHints = misplacedHintsIn(nested, 'nested-annotations');
    if (nestedHints) misplaced.push(nestedHints);
  }

  const slot: AnnotationSlot = annotations
    ? { kind: 'none', reason: 'annotations are already given' }
    : { kind: 'argument', before: locOf(callback, callbackArg.sf) };
  return [
    {
      form: 'tool',
      call,
      node: call,
      nodeSf: sf,
      name: first,
      annotations,
      annotationsExpr: annotationsArg,
      title: annotations?.kind === 'object' ? undefined : undefined,
      description: index === 1 ? values[0] : undefined,
      inputSchema: schema,
      handler: callbackArg.value(),
      slot,
      misplaced,
    },
  ];
}
