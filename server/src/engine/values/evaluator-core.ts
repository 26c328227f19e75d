// The evaluator as its job modules see it: the methods they call back, implemented by the Evaluator (evaluator.ts),
// the façade over them. Each job is one module (expressions, declarations, calls, collections, classes,
// module-values, expand/) that imports this bottom module and never the façade, so the evaluator has no import circle.
import type ts from 'typescript';
import type { BindingStep, Declaration } from '../syntax';
import type { BuiltinHost } from './builtins';
import type { ArrayValue, Env, FunctionValue, ObjectValue, Value } from './values';

/** Reads other files for imports; the Project implements it. */
export interface SourceProvider {
  getSourceFile(path: string): ts.SourceFile | undefined;
  /** Files of the project that may declare a subclass of a class with this name (whole-program questions). */
  filesExtending?(name: string): readonly string[];
  /** Files of the project whose text contains this identifier (where a wrapper may be called). */
  filesMentioning?(name: string): readonly string[];
  /** Files of the project that may import this name under a local name of their own (`import { name as x }`). */
  filesAliasing?(name: string): readonly string[];
  /** File and folder names in a folder, for projects that list a folder of tool modules. */
  listDirectory?(path: string): string[] | undefined;
  /** The file an import names (workspace packages, tsconfig paths); without it, only relative imports are followed. */
  resolveModule?(fromFile: string, specifier: string): string | undefined;
  /** False when the file is known to call nothing named `name` (`name(…)` or `x.name(…)`), so a search need not parse it. */
  mayCallName?(path: string, name: string): boolean;
}

export const MAX_DEPTH = 40;
export const MAX_ELEMENTS = 2000;
// Registrations reached through several wrappers, each bound per call site (a helper that loops over groups of
// tools, called from a function called from two places), take ~150,000 steps.
export const STEP_BUDGET = 200_000;
/** Steps at most for reading what the callers of a class's methods add to one of its fields. */
export const FILL_BUDGET = 5_000;

/** A class declaration and its file. */
export interface ClassInFile {
  decl: ts.ClassLikeDeclaration;
  sf: ts.SourceFile;
}

/** A `new X(args)`: the arguments and where they are written. */
export interface Construction {
  args: Value[];
  site: ts.Node;
  siteSf: ts.SourceFile;
}

export interface EvaluatorCore extends BuiltinHost {
  readonly sources: SourceProvider;
  /** Every file read, for re-analysis when it changes. */
  readonly dependencies: Set<string>;
  /** Whether `this` and the methods of class instances are followed (evaluator.ts). */
  readonly followInstances: boolean;
  /** Declarations and functions being evaluated: a circular reference or a recursive call stops there. */
  readonly inProgress: Set<ts.Node>;
  /** Wrappers whose parameters are being bound from their call sites (a cycle of forwarders supplies nothing new). */
  readonly bindingWrappers: Set<ts.Node>;

  /** The value of an expression, counted against the step budget. */
  evaluate(expr: ts.Expression, sf: ts.SourceFile, env?: Env): Value;
  /** Whether the current budget ran out. */
  budgetExhausted(): boolean;
  /** Runs `run` with at most `cap` steps (and at most a quarter of those left); what it spends is taken from the budget. */
  withAllowance<T>(cap: number, run: () => T): T;

  // expressions.ts
  objectLiteral(expr: ts.ObjectLiteralExpression, sf: ts.SourceFile, env: Env): ObjectValue;
  member(object: Value, key: string, node: ts.Node, sf: ts.SourceFile): Value;
  applyPath(value: Value, path: BindingStep[], use: ts.Node, sf: ts.SourceFile): Value;
  // declarations.ts
  declarationOf(id: ts.Identifier): Declaration | undefined;
  declarationValue(declaration: Declaration, use: ts.Node, sf: ts.SourceFile, env: Env): Value;
  enumValue(decl: ts.EnumDeclaration, sf: ts.SourceFile, env: Env): ObjectValue;
  // calls.ts
  call(expr: ts.CallExpression, sf: ts.SourceFile, env: Env): Value;
  construct(expr: ts.NewExpression, sf: ts.SourceFile, env: Env): Value;
  callFunction(fn: FunctionValue, args: Value[], site: ts.Node, siteSf: ts.SourceFile): Value;
  bindParameters(decl: ts.SignatureDeclaration, args: Value[], env: Map<ts.Node, Value>, declSf: ts.SourceFile, site: ts.Node, siteSf: ts.SourceFile): void;
  // collections.ts
  staticCall(expr: ts.CallExpression, callee: ts.PropertyAccessExpression, sf: ts.SourceFile, env: Env): Value | undefined;
  listMethod(receiver: ArrayValue, expr: ts.CallExpression, method: string, sf: ts.SourceFile, env: Env): Value | undefined;
  newCollection(expr: ts.NewExpression, callee: ts.Expression, sf: ts.SourceFile, env: Env): Value | undefined;
  entriesOf(value: Value): [string, Value, ts.Node][] | undefined;
  // classes.ts
  thisValue(expr: ts.Expression, sf: ts.SourceFile, env: Env): Value;
  instanceOf(cls: ts.ClassLikeDeclaration, sf: ts.SourceFile, construction?: Construction): ObjectValue;
  subclassesOf(cls: ts.ClassLikeDeclaration): ClassInFile[];
  thisCandidates(cls: ts.ClassLikeDeclaration, sf: ts.SourceFile): ObjectValue[];
  // module-values.ts
  importValue(specifier: string, exportName: string, use: ts.Node, sf: ts.SourceFile): Value;
  exportValue(moduleSf: ts.SourceFile, name: string, use: ts.Node, useSf: ts.SourceFile): Value;
  moduleExports(sf: ts.SourceFile): [string, Value, ts.Node][];
  // expand/
  expandValue(expr: ts.Expression, sf: ts.SourceFile, env: Env): Value[];
  expandTogether(exprs: readonly ts.Expression[], sf: ts.SourceFile, env: Env): Value[][];
  callSitesOf(fn: ts.FunctionLikeDeclaration): ts.CallExpression[];
  instanceMethodCallSites(method: ts.MethodDeclaration): ts.CallExpression[];
}
