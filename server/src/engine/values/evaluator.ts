import ts from 'typescript';
import { skipOuterExpressions, type BindingStep, type Declaration } from '../syntax';
import { Calls } from './calls';
import { Classes } from './classes';
import { Collections } from './collections';
import { Declarations } from './declarations';
import { MAX_DEPTH, STEP_BUDGET, type ClassInFile, type Construction, type EvaluatorCore, type SourceProvider } from './evaluator-core';
import { expandEnvs } from './expand/binders';
import { CallSiteSearch } from './expand/call-sites';
import { Expressions } from './expressions';
import { ModuleValues } from './module-values';
import { EMPTY_ENV, unknown, type ArrayValue, type Env, type FunctionValue, type ObjectValue, type Value } from './values';

/**
 * Static evaluation of expressions: constants, imports, spreads, member access, simple calls.
 * Nothing is executed; what depends on run time becomes an `unknown` value with a reason.
 *
 * A façade over one module per job (expressions, declarations, calls, collections, classes, module-values, the
 * call-site search in expand/): this class holds what one analysis shares (the step budget, the depth, what is
 * being evaluated) and hands each question to its job. The jobs call back through EvaluatorCore.
 */
export class Evaluator implements EvaluatorCore {
  private depth = 0;
  readonly inProgress = new Set<ts.Node>();
  readonly bindingWrappers = new Set<ts.Node>();
  /** Steps left for the current registration; following calls into large bundles can take forever. */
  private budget = STEP_BUDGET;
  private readonly rereading = new Set<ts.Node>();

  private readonly expressions = new Expressions(this);
  private readonly declarations = new Declarations(this);
  private readonly calls = new Calls(this);
  private readonly collections = new Collections(this);
  private readonly classes = new Classes(this);
  private readonly modules = new ModuleValues(this);
  private readonly callSites = new CallSiteSearch(this);

  constructor(
    readonly sources: SourceProvider,
    /** Every file read through imports, for re-analysis when it changes. */
    readonly dependencies: Set<string>,
    /**
     * Whether `this` and the methods of class instances are followed. Finding tools needs them; evidence does not
     * use them yet: its incidental-effect rules were measured without them, and following them raised false alarms
     * on the hand labels (a config manager's lazy `this.init()` creating its folder read as the tool's write).
     */
    readonly followInstances = true,
  ) {}

  /** Starts a new budget (one per registration). */
  resetBudget(): void {
    this.budget = STEP_BUDGET;
  }

  /** Whether the current budget ran out (a result read with more of it may differ). */
  budgetExhausted(): boolean {
    return this.budget < 0;
  }

  withAllowance<T>(cap: number, run: () => T): T {
    const budgetBefore = this.budget;
    const allowance = Math.min(cap, Math.floor(budgetBefore / 4));
    this.budget = allowance;
    try {
      return run();
    } finally {
      this.budget = budgetBefore - (allowance - Math.max(this.budget, 0));
    }
  }

  evaluate(expr: ts.Expression, sf: ts.SourceFile, env: Env = EMPTY_ENV): Value {
    if (this.depth > MAX_DEPTH) return unknown(expr, sf, 'too deeply nested to follow', { kind: 'budget', limit: 'depth' });
    if (--this.budget < 0) return unknown(expr, sf, 'too complex to follow statically', { kind: 'budget', limit: 'steps' });
    this.depth++;
    try {
      return this.withSuppliedBinder(this.expressions.expressionValue(expr, sf, env), expr, env);
    } finally {
      this.depth--;
    }
  }

  /**
   * A value read before the parameter it waits on was supplied (an argument `toolsetGroup.toolsets` evaluated at the
   * call site of a wrapper, whose own caller binds `toolsetGroup` later) is read again now that `env` supplies it.
   */
  private withSuppliedBinder(value: Value, expr: ts.Expression, env: Env): Value {
    if (value.kind !== 'unknown' || !value.binder || !env.has(value.binder.declaration)) return value;
    const node = value.node;
    if (node === expr || skipOuterExpressions(expr) === node || !isExpressionNode(node) || this.rereading.has(node)) return value;
    this.rereading.add(node);
    try {
      return this.evaluate(node, value.sf, env);
    } finally {
      this.rereading.delete(node);
    }
  }

  /**
   * Evaluates `expr`, expanding loop variables and callback parameters it depends on into one value per element.
   * Used for values pushed inside loops; the finder does the same for registrations.
   */
  expandValue(expr: ts.Expression, sf: ts.SourceFile, env: Env): Value[] {
    const inner = ts.isSpreadElement(expr) ? expr.expression : expr;
    return expandEnvs(this, env, (e) => this.evaluate(inner, sf, e), (value) => (value.kind === 'unknown' ? value.binder : undefined));
  }

  /** Evaluates several expressions under one binding per loop element, so `set(d.name, d)` pairs each key with its own value. */
  expandTogether(exprs: readonly ts.Expression[], sf: ts.SourceFile, env: Env): Value[][] {
    const needs = (values: Value[]) => values.find((v): v is Value & { kind: 'unknown' } => v.kind === 'unknown' && !!v.binder)?.binder;
    return expandEnvs(this, env, (e) => exprs.map((expr) => this.evaluate(expr, sf, e)), needs);
  }

  // ---- expressions.ts ----

  objectLiteral(expr: ts.ObjectLiteralExpression, sf: ts.SourceFile, env: Env): ObjectValue {
    return this.expressions.objectLiteral(expr, sf, env);
  }

  member(object: Value, key: string, node: ts.Node, sf: ts.SourceFile): Value {
    return this.expressions.member(object, key, node, sf);
  }

  applyPath(value: Value, path: BindingStep[], use: ts.Node, sf: ts.SourceFile): Value {
    return this.expressions.applyPath(value, path, use, sf);
  }

  // ---- declarations.ts ----

  /** findDeclaration of an identifier under its own name, once per node for this evaluator's lifetime (one analysis). */
  declarationOf(id: ts.Identifier): Declaration | undefined {
    return this.declarations.declarationOf(id);
  }

  declarationValue(declaration: Declaration, use: ts.Node, sf: ts.SourceFile, env: Env): Value {
    return this.declarations.declarationValue(declaration, use, sf, env);
  }

  enumValue(decl: ts.EnumDeclaration, sf: ts.SourceFile, env: Env): ObjectValue {
    return this.declarations.enumValue(decl, sf, env);
  }

  // ---- calls.ts ----

  call(expr: ts.CallExpression, sf: ts.SourceFile, env: Env): Value {
    return this.calls.call(expr, sf, env);
  }

  construct(expr: ts.NewExpression, sf: ts.SourceFile, env: Env): Value {
    return this.calls.construct(expr, sf, env);
  }

  /** Calls a function statically: parameters are bound to the arguments, and the returned expression is evaluated. */
  callFunction(fn: FunctionValue, args: Value[], site: ts.Node, siteSf: ts.SourceFile): Value {
    return this.calls.callFunction(fn, args, site, siteSf);
  }

  bindParameters(decl: ts.SignatureDeclaration, args: Value[], env: Map<ts.Node, Value>, declSf: ts.SourceFile, site: ts.Node, siteSf: ts.SourceFile): void {
    this.calls.bindParameters(decl, args, env, declSf, site, siteSf);
  }

  // ---- collections.ts ----

  staticCall(expr: ts.CallExpression, callee: ts.PropertyAccessExpression, sf: ts.SourceFile, env: Env): Value | undefined {
    return this.collections.staticCall(expr, callee, sf, env);
  }

  listMethod(receiver: ArrayValue, expr: ts.CallExpression, method: string, sf: ts.SourceFile, env: Env): Value | undefined {
    return this.collections.listMethod(receiver, expr, method, sf, env);
  }

  newCollection(expr: ts.NewExpression, callee: ts.Expression, sf: ts.SourceFile, env: Env): Value | undefined {
    return this.collections.newCollection(expr, callee, sf, env);
  }

  /** Key/value pairs of an object or module, for Object.values/entries/keys. */
  entriesOf(value: Value): [string, Value, ts.Node][] | undefined {
    return this.collections.entriesOf(value);
  }

  // ---- classes.ts ----

  thisValue(expr: ts.Expression, sf: ts.SourceFile, env: Env): Value {
    return this.classes.thisValue(expr, sf, env);
  }

  /** An instance of a class; with `construction`, built by that `new X(args)`. */
  instanceOf(cls: ts.ClassLikeDeclaration, sf: ts.SourceFile, construction?: Construction): ObjectValue {
    return this.classes.instanceOf(cls, sf, construction);
  }

  /** Classes of the project that extend `cls`, directly or not. */
  subclassesOf(cls: ts.ClassLikeDeclaration): ClassInFile[] {
    return this.classes.subclassesOf(cls);
  }

  /** The instances a base class's `this` can be. */
  thisCandidates(cls: ts.ClassLikeDeclaration, sf: ts.SourceFile): ObjectValue[] {
    return this.classes.thisCandidates(cls, sf);
  }

  // ---- module-values.ts ----

  importValue(specifier: string, exportName: string, use: ts.Node, sf: ts.SourceFile): Value {
    return this.modules.importValue(specifier, exportName, use, sf);
  }

  /** The value a module exports under `name` (ESM `export`, re-exports, CommonJS `exports.x =`). */
  exportValue(moduleSf: ts.SourceFile, name: string, use: ts.Node, useSf: ts.SourceFile): Value {
    return this.modules.exportValue(moduleSf, name, use, useSf);
  }

  moduleExports(sf: ts.SourceFile): [string, Value, ts.Node][] {
    return this.modules.moduleExports(sf);
  }

  dataFileValue(path: string): Value | undefined {
    return this.modules.dataFileValue(path);
  }

  listDirectory(dir: string): string[] | undefined {
    return this.modules.listDirectory(dir);
  }

  importAbsolute(path: string, use: ts.Node, sf: ts.SourceFile): Value {
    return this.modules.importAbsolute(path, use, sf);
  }

  exportOf(module: Value, exportName: string, use: ts.Node, sf: ts.SourceFile): Value {
    return this.modules.exportOf(module, exportName, use, sf);
  }

  // ---- expand/call-sites.ts ----

  /** Calls of a wrapper function, in its own file and in the project files that import it. */
  callSitesOf(fn: ts.FunctionLikeDeclaration): ts.CallExpression[] {
    return this.callSites.callSitesOf(fn);
  }

  /** Calls of an instance method on an instance of its class or a subclass, in any project file. */
  instanceMethodCallSites(method: ts.MethodDeclaration): ts.CallExpression[] {
    return this.callSites.instanceMethodCallSites(method);
  }

  /** `x.method(…)` calls in the project files that name the method (the callers a registration's guards come from). */
  memberCallSites(method: ts.MethodDeclaration): ts.CallExpression[] {
    return this.callSites.memberCallSites(method);
  }

  /** Calls of a function declaration in other project files, also when it is exported through an `export { … }` list. */
  callsInOtherFiles(fn: ts.FunctionDeclaration): ts.CallExpression[] {
    return this.callSites.callsInOtherFiles(fn);
  }
}

function isExpressionNode(node: ts.Node): node is ts.Expression {
  return ts.isIdentifier(node) || ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node) || ts.isCallExpression(node) || ts.isTemplateExpression(node) || ts.isBinaryExpression(node);
}
