import ts from 'typescript';
import { misplacedHintsIn } from '../annotations';
import type { AnnotationSlot, MisplacedHints, ToolForm } from '../../model';
import type { Evaluator } from '../../values';
import type { Binder, Env, ObjectValue, Value } from '../../values';

/** One registration as a form sees it, before the shared model is built (tool.ts). */
export interface RawTool {
  form: ToolForm;
  /**
   * What registers the tool: a call for SDK forms; for frameworks the constructor call, decorator, class or
   * export that declares it.
   */
  call: RegistrationSite;
  /** The node that stands for the registration (the call, or the definition object). */
  node: ts.Node;
  nodeSf: ts.SourceFile;
  name: Value;
  /** The config or definition object, when it is known. */
  config?: ObjectValue;
  /** The annotations as given (an object, an identifier, …), or undefined when none is given. */
  annotations?: Value;
  /** The expression written at the registration for the annotations, when there is one in this file. */
  annotationsExpr?: ts.Expression;
  title?: Value;
  description?: Value;
  inputSchema?: Value;
  handler?: Value;
  slot: AnnotationSlot;
  misplaced: MisplacedHints[];
  /** The definition or config as given when it could not be read as an object (`registerTool(name, getConfig(), cb)`). */
  unreadDefinition?: Value;
}

/** What a registration site could not read under one reading of it: its tools are not known (sites.ts). */
export interface Unread {
  /** What could not be read: the name, the definition, the list of tools, the handler, or the list each tool is made for. */
  subject: 'name' | 'definition' | 'list' | 'handler' | 'each';
  /** The value that could not be read, at the expression written for it. */
  value: Value;
  /** The expression to explain it from, when not the value's own node (the list a loop iterates). */
  expr?: ts.Expression;
  /** The values loops and callers supplied for this reading. */
  env: Env;
}

export type RegistrationSite = ts.CallExpression | ts.NewExpression | ts.Decorator | ts.ClassLikeDeclaration | ts.Statement;

export interface FormContext {
  sf: ts.SourceFile;
  evaluator: Evaluator;
}

/** A family of registration calls (SDK, low-level tools/list, fastmcp). */
export interface Form {
  /** Method names that may be this form; everything else is skipped without evaluation (and the pre-filter looks for calls of them). */
  methods: readonly string[];
  /** Text that may stand for this form without a call of one of `methods` in the file (prefilter.ts). */
  textMarks?: readonly RegExp[];
  /** The tools this call registers under `env`, or undefined when the call is a look-alike. */
  extract(call: ts.CallExpression, method: string, ctx: FormContext, env: Env): RawTool[] | undefined;
  /**
   * The loop variable or parameter the call's tools wait on when they are not in its arguments (a `tools/list`
   * handler returning a parameter of the function around it): the call is read again once per value supplied.
   */
  waitsOn?(call: ts.CallExpression, ctx: FormContext, env: Env): Binder | undefined;
  /**
   * What this call registers that could not be read under `env` (a `tools/list` handler returning a list known
   * only at run time), beside the tools `extract` gave; a name that is not known is found from the tools themselves.
   */
  unread?(call: ts.CallExpression, ctx: FormContext, env: Env): Omit<Unread, 'env'>[];
}

/**
 * A framework that declares tools by something other than a registration method call: a class, a decorator, an
 * exported object, a map given to a constructor (forms/mastra.ts, forms/xmcp.ts, …).
 */
export interface DeclarationForm {
  /** Text every file declaring this framework's tools holds: other files are never walked (and prefilter.ts looks for it). */
  textMark: RegExp;
  /** Where the framework's tool files live, when it decides that by path. */
  fileMark?: (fileName: string) => boolean;
  find(ctx: FormContext): RawTool[];
}

/** True for values that look like a function (an arrow, a function, or something unknown that may be one). */
export function mayBeFunction(expr: ts.Expression): boolean {
  return (
    ts.isArrowFunction(expr) ||
    ts.isFunctionExpression(expr) ||
    ts.isIdentifier(expr) ||
    ts.isPropertyAccessExpression(expr) ||
    ts.isElementAccessExpression(expr) ||
    ts.isCallExpression(expr) ||
    ts.isParenthesizedExpression(expr) ||
    ts.isAsExpression(expr)
  );
}

export function objectProperty(object: ObjectValue | undefined, key: string): Value | undefined {
  return object?.properties.get(key)?.value;
}

/** The annotations given in a config object, with the expression written for them when it is in `sf`. */
export function annotationsOf(config: ObjectValue, sf: ts.SourceFile): Pick<RawTool, 'annotations' | 'annotationsExpr'> {
  const property = config.properties.get('annotations');
  return {
    annotations: property?.value,
    annotationsExpr: property && ts.isPropertyAssignment(property.node) && property.sf === sf ? property.node.initializer : undefined,
  };
}

/** Hints written in a config where the SDK never reads them: its top level, its input schema, a nested `annotations`. */
export function misplacedInConfig(config: ObjectValue | undefined, schemaKeys: readonly string[]): MisplacedHints[] {
  const annotations = config?.properties.get('annotations')?.value;
  const schema = schemaKeys.map((key) => objectProperty(config, key)).find((value) => value !== undefined);
  return [
    misplacedHintsIn(config, 'config-top-level'),
    misplacedHintsIn(schema, 'in-input-schema'),
    misplacedHintsIn(annotations?.kind === 'object' ? objectProperty(annotations, 'annotations') : undefined, 'nested-annotations'),
  ].filter((m): m is MisplacedHints => m !== undefined);
}
