import { dirname, relative } from 'node:path';
import ts from 'typescript';
import { findDeclaration, propertyNameText, skipOuterExpressions, type BindingStep, type Declaration } from '../syntax';
import { builtinCall, builtinIdentifier, importMeta, stringMethod, type BuiltinHost } from './builtins';
import { importOf } from '../syntax';
import { definedBy, definerFramework } from './definers';
import { collectionRead, methodCallsIn, methodFills, methodName } from './collections';
import { compiledStarReExport, resolveModulePath } from './modules';
import { isYamlSource } from './yaml-data';
import { defaultOf, environmentVariable, hasUnsetDefault, withUnsetDefault } from './unset-env';
import type { UnsetDefault } from './values';
import { callsIn } from '../syntax';
import { carryConditions, keptConditions, keptOnlyWhen, type KeptCondition } from './kept';
import { hasSeveralReturns, returnOnPath } from './execute';
import { callArguments } from '../syntax';
import { memberPath, mergeAssigned, objectAssignTarget, pathConditions, presentValue, withMemberSet } from './assigned';
import { installedMemberName, memberCallsIn } from './installed-members';
import { optionLibraryCall } from './option-libraries';
import { lineMention } from '../syntax';
import { keptEnds } from '../syntax';
import {
  EMPTY_ENV,
  describeValue,
  unknown,
  type ArrayValue,
  type Env,
  type FunctionValue,
  type ObjectProperty,
  type ObjectValue,
  type Value,
} from './values';

/** Reads other files for imports; the Project implements it. */
export interface SourceProvider {
  getSourceFile(path: string): ts.SourceFile | undefined;
  /** Files of the project that may declare a subclass of a class with this name (whole-program questions). */
  filesExtending?(name: string): readonly string[];
  /** Files of the project whose text contains this identifier (where a wrapper may be called). */
  filesMentioning?(name: string): readonly string[];
  /** File and folder names in a folder, for projects that list a folder of tool modules. */
  listDirectory?(path: string): string[] | undefined;
  /** The file an import names (workspace packages, tsconfig paths); without it, only relative imports are followed. */
  resolveModule?(fromFile: string, specifier: string): string | undefined;
  /** False when the file is known to call nothing named `name` (`name(…)` or `x.name(…)`), so a search need not parse it. */
  mayCallName?(path: string, name: string): boolean;
}

const MAX_DEPTH = 40;
const MAX_ELEMENTS = 2000;
// Registrations reached through several wrappers, each bound per call site (a helper that loops over groups of
// tools, called from a function called from two places), take ~150,000 steps.
const STEP_BUDGET = 200_000;
/** Steps at most for reading what the callers of a class's methods add to one of its fields. */
const FILL_BUDGET = 5_000;

/**
 * Static evaluation of expressions: constants, imports, spreads, member access, simple calls.
 * Nothing is executed; what depends on run time becomes an `unknown` value with a reason.
 */
export class Evaluator implements BuiltinHost {
  private depth = 0;
  private readonly inProgress = new Set<ts.Node>();
  private readonly writeCache = new Map<ts.Node, ts.Node | undefined>();
  /** Call sites of wrapper functions. Per evaluator: incremental re-parses reuse nodes across versions. */
  readonly callSites = new Map<ts.Node, ts.CallExpression[]>();
  /** Module-level constants do not depend on any binding: evaluate each once. */
  private readonly moduleConstants = new Map<ts.Node, Value>();
  /** Steps left for the current registration; following calls into large bundles can take forever. */
  private budget = STEP_BUDGET;

  /** Starts a new budget (one per registration). */
  resetBudget(): void {
    this.budget = STEP_BUDGET;
  }

  /** Whether the current budget ran out (a result read with more of it may differ). */
  budgetExhausted(): boolean {
    return this.budget < 0;
  }

  constructor(
    private readonly sources: SourceProvider,
    /** Every file read through imports, for re-analysis when it changes. */
    readonly dependencies: Set<string>,
    /**
     * Whether `this` and the methods of class instances are followed. Finding tools needs them; evidence does not
     * use them yet: its incidental-effect rules were measured without them, and following them raised false alarms
     * on the hand labels (a config manager's lazy `this.init()` creating its folder read as the tool's write).
     */
    private readonly followInstances = true,
  ) {}

  evaluate(expr: ts.Expression, sf: ts.SourceFile, env: Env = EMPTY_ENV): Value {
    if (this.depth > MAX_DEPTH) return unknown(expr, sf, 'too deeply nested to follow');
    if (--this.budget < 0) return unknown(expr, sf, 'too complex to follow statically');
    this.depth++;
    try {
      return this.withSuppliedBinder(this.evaluateInner(expr, sf, env), expr, env);
    } finally {
      this.depth--;
    }
  }

  private readonly rereading = new Set<ts.Node>();

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

  private evaluateInner(expression: ts.Expression, sf: ts.SourceFile, env: Env): Value {
    const expr = skipOuterExpressions(expression);
    switch (expr.kind) {
      case ts.SyntaxKind.StringLiteral:
      case ts.SyntaxKind.NoSubstitutionTemplateLiteral:
        return { kind: 'literal', value: (expr as ts.StringLiteral).text, node: expr, sf };
      case ts.SyntaxKind.NumericLiteral:
        return { kind: 'literal', value: Number((expr as ts.NumericLiteral).text), node: expr, sf };
      case ts.SyntaxKind.TrueKeyword:
        return { kind: 'literal', value: true, node: expr, sf };
      case ts.SyntaxKind.FalseKeyword:
        return { kind: 'literal', value: false, node: expr, sf };
      case ts.SyntaxKind.NullKeyword:
        return { kind: 'literal', value: null, node: expr, sf };
      case ts.SyntaxKind.TemplateExpression:
        return this.template(expr as ts.TemplateExpression, sf, env);
      case ts.SyntaxKind.PrefixUnaryExpression:
        return this.prefixUnary(expr as ts.PrefixUnaryExpression, sf, env);
      case ts.SyntaxKind.VoidExpression:
        return { kind: 'literal', value: undefined, node: expr, sf };
      case ts.SyntaxKind.TypeOfExpression:
        return this.typeOf(expr as ts.TypeOfExpression, sf, env);
      case ts.SyntaxKind.BinaryExpression:
        return this.binary(expr as ts.BinaryExpression, sf, env);
      case ts.SyntaxKind.ConditionalExpression:
        return this.conditional(expr as ts.ConditionalExpression, sf, env);
      case ts.SyntaxKind.ObjectLiteralExpression:
        return this.objectLiteral(expr as ts.ObjectLiteralExpression, sf, env);
      case ts.SyntaxKind.ArrayLiteralExpression:
        return this.arrayLiteral(expr as ts.ArrayLiteralExpression, sf, env);
      case ts.SyntaxKind.Identifier:
        return this.identifier(expr as ts.Identifier, sf, env);
      case ts.SyntaxKind.PropertyAccessExpression: {
        const access = expr as ts.PropertyAccessExpression;
        if (isProcessEnv(access.expression)) return environmentVariable(expr, sf, access.name.text);
        const object = this.evaluate(access.expression, sf, env);
        // `config?.readOnly` of a missing config is undefined.
        if (access.questionDotToken && object.kind === 'literal' && (object.value === undefined || object.value === null)) return { kind: 'literal', value: undefined, node: expr, sf };
        return this.member(object, access.name.text, expr, sf);
      }
      case ts.SyntaxKind.ElementAccessExpression: {
        const access = expr as ts.ElementAccessExpression;
        const key = this.evaluate(access.argumentExpression, sf, env);
        if (key.kind !== 'literal' || (typeof key.value !== 'string' && typeof key.value !== 'number')) {
          return unknown(expr, sf, `a computed member (${access.argumentExpression.getText(sf)})`, key.kind === 'unknown' ? key.binder : undefined);
        }
        return this.member(this.evaluate(access.expression, sf, env), String(key.value), expr, sf);
      }
      case ts.SyntaxKind.ArrowFunction:
      case ts.SyntaxKind.FunctionExpression:
        return { kind: 'function', node: expr as ts.FunctionLikeDeclaration, sf, env };
      case ts.SyntaxKind.CallExpression:
        return this.call(expr as ts.CallExpression, sf, env);
      case ts.SyntaxKind.NewExpression:
        return this.construct(expr as ts.NewExpression, sf, env);
      case ts.SyntaxKind.ThisKeyword:
        return this.followInstances ? this.thisValue(expr, sf, env) : unknown(expr, sf, 'a `this` value');
      case ts.SyntaxKind.ClassExpression:
        return { kind: 'class', node: expr as ts.ClassExpression, sf };
      case ts.SyntaxKind.YieldExpression: {
        // Inside compiled async functions (`__awaiter(…, function* () { … yield x … })`) a yield is an await.
        const operand = (expr as ts.YieldExpression).expression;
        return operand ? this.evaluate(operand, sf, env) : { kind: 'literal', value: undefined, node: expr, sf };
      }
      case ts.SyntaxKind.MetaProperty:
        return importMeta(expr as ts.MetaProperty, sf) ?? unknown(expr, sf, `a ${describeSyntax(expr)}`);
      default:
        return unknown(expr, sf, `a ${describeSyntax(expr)}`);
    }
  }

  private template(expr: ts.TemplateExpression, sf: ts.SourceFile, env: Env): Value {
    let text = expr.head.text;
    // A part read from the environment keeps the template unknown, with the text it has when the variable is unset.
    let unsetReason: string | undefined;
    const defaults: UnsetDefault[] = [];
    for (const span of expr.templateSpans) {
      const part = this.evaluate(span.expression, sf, env);
      const reason = `a template whose part \`${span.expression.getText(sf)}\` is not known`;
      const partDefault = defaultOf(part);
      if (!partDefault) return unknown(expr, sf, reason, part.kind === 'unknown' ? part.binder : undefined);
      if (part.kind !== 'literal') {
        unsetReason ??= reason;
        defaults.push(partDefault);
      }
      text += String(partDefault.value.value) + span.literal.text;
    }
    if (unsetReason) return withUnsetDefault(expr, sf, unsetReason, defaults, text);
    return { kind: 'literal', value: text, node: expr, sf };
  }

  /** `typeof x` of a value the evaluator knows the kind of. */
  private typeOf(expr: ts.TypeOfExpression, sf: ts.SourceFile, env: Env): Value {
    const operand = this.evaluate(expr.expression, sf, env);
    const type =
      operand.kind === 'literal' ? (operand.value === null ? 'object' : typeof operand.value)
      : operand.kind === 'object' || operand.kind === 'array' ? 'object'
      : operand.kind === 'function' || operand.kind === 'class' ? 'function'
      : undefined;
    if (type === undefined) return unknown(expr, sf, `the type of ${operand.kind === 'unknown' ? operand.reason : `a ${operand.kind}`}`, operand.kind === 'unknown' ? operand.binder : undefined);
    return { kind: 'literal', value: type, node: expr, sf };
  }

  private prefixUnary(expr: ts.PrefixUnaryExpression, sf: ts.SourceFile, env: Env): Value {
    const operand = this.evaluate(expr.operand, sf, env);
    if (operand.kind !== 'literal') {
      if (expr.operator === ts.SyntaxKind.ExclamationToken && (operand.kind === 'object' || operand.kind === 'array' || operand.kind === 'function')) {
        return { kind: 'literal', value: false, node: expr, sf };
      }
      if (expr.operator === ts.SyntaxKind.ExclamationToken && hasUnsetDefault(operand)) {
        return withUnsetDefault(expr, sf, `an expression (${truncate(expr.getText(sf))})`, [operand.unset], !operand.unset.value.value);
      }
      return unknown(expr, sf, `an expression (${truncate(expr.getText(sf))})`, operand.kind === 'unknown' ? operand.binder : undefined);
    }
    switch (expr.operator) {
      case ts.SyntaxKind.ExclamationToken:
        return { kind: 'literal', value: !operand.value, node: expr, sf };
      case ts.SyntaxKind.MinusToken:
        return { kind: 'literal', value: -Number(operand.value), node: expr, sf };
      case ts.SyntaxKind.PlusToken:
        return { kind: 'literal', value: Number(operand.value), node: expr, sf };
      default:
        return unknown(expr, sf, 'an expression');
    }
  }

  private binary(expr: ts.BinaryExpression, sf: ts.SourceFile, env: Env): Value {
    const op = expr.operatorToken.kind;
    if (op === ts.SyntaxKind.PlusToken) {
      const left = this.evaluate(expr.left, sf, env);
      const right = this.evaluate(expr.right, sf, env);
      if (left.kind === 'literal' && right.kind === 'literal') {
        const value = typeof left.value === 'number' && typeof right.value === 'number' ? left.value + right.value : String(left.value) + String(right.value);
        return { kind: 'literal', value, node: expr, sf };
      }
      const binder = (left.kind === 'unknown' && left.binder) || (right.kind === 'unknown' && right.binder) || undefined;
      const [leftDefault, rightDefault] = [defaultOf(left), defaultOf(right)];
      if (!binder && leftDefault && rightDefault) {
        const [a, b] = [leftDefault.value.value, rightDefault.value.value];
        return withUnsetDefault(expr, sf, `a concatenation with an unknown part`, [leftDefault, rightDefault], typeof a === 'number' && typeof b === 'number' ? a + b : String(a) + String(b));
      }
      return unknown(expr, sf, `a concatenation with an unknown part`, binder);
    }
    if (op === ts.SyntaxKind.QuestionQuestionToken || op === ts.SyntaxKind.BarBarToken || op === ts.SyntaxKind.AmpersandAmpersandToken) {
      const left = this.evaluate(expr.left, sf, env);
      if (left.kind === 'literal') {
        const useLeft =
          op === ts.SyntaxKind.QuestionQuestionToken ? left.value !== null && left.value !== undefined : op === ts.SyntaxKind.BarBarToken ? Boolean(left.value) : !left.value;
        return useLeft ? left : this.evaluate(expr.right, sf, env);
      }
      if (left.kind === 'object' || left.kind === 'array' || left.kind === 'function') {
        return op === ts.SyntaxKind.AmpersandAmpersandToken ? this.evaluate(expr.right, sf, env) : left;
      }
      if (hasUnsetDefault(left)) {
        // `process.env.NAME ?? "search"`: unknown, but "search" when the variable is unset.
        const unsetLeft = left.unset.value.value;
        const useLeft = op === ts.SyntaxKind.QuestionQuestionToken ? unsetLeft !== null && unsetLeft !== undefined : op === ts.SyntaxKind.BarBarToken ? Boolean(unsetLeft) : !unsetLeft;
        const chosen = useLeft ? left.unset : defaultOf(this.evaluate(expr.right, sf, env));
        if (chosen) return withUnsetDefault(expr, sf, `a value that depends on \`${truncate(expr.left.getText(sf))}\``, [left.unset, chosen], chosen.value.value);
      }
      return unknown(expr, sf, `a value that depends on \`${truncate(expr.left.getText(sf))}\``, left.kind === 'unknown' ? left.binder : undefined);
    }
    // `a = b = value` has the value of its right side.
    if (op === ts.SyntaxKind.CommaToken || op === ts.SyntaxKind.EqualsToken) return this.evaluate(expr.right, sf, env);
    if (
      op === ts.SyntaxKind.EqualsEqualsEqualsToken ||
      op === ts.SyntaxKind.ExclamationEqualsEqualsToken ||
      op === ts.SyntaxKind.EqualsEqualsToken ||
      op === ts.SyntaxKind.ExclamationEqualsToken
    ) {
      const left = this.evaluate(expr.left, sf, env);
      const right = this.evaluate(expr.right, sf, env);
      const negated = op === ts.SyntaxKind.ExclamationEqualsEqualsToken || op === ts.SyntaxKind.ExclamationEqualsToken;
      if (left.kind === 'literal' && right.kind === 'literal') {
        const equal = left.value === right.value;
        return { kind: 'literal', value: negated ? !equal : equal, node: expr, sf };
      }
      const [leftDefault, rightDefault] = [defaultOf(left), defaultOf(right)];
      if ((hasUnsetDefault(left) || hasUnsetDefault(right)) && leftDefault && rightDefault) {
        const equal = leftDefault.value.value === rightDefault.value.value;
        return withUnsetDefault(expr, sf, `an expression (${truncate(expr.getText(sf))})`, [leftDefault, rightDefault], negated ? !equal : equal);
      }
    }
    const order = ORDER_COMPARISONS.get(op);
    if (order) {
      // `args.length < 2`: numbers compared.
      const left = this.evaluate(expr.left, sf, env);
      const right = this.evaluate(expr.right, sf, env);
      if (left.kind === 'literal' && right.kind === 'literal' && typeof left.value === 'number' && typeof right.value === 'number') {
        return { kind: 'literal', value: order(left.value, right.value), node: expr, sf };
      }
    }
    return unknown(expr, sf, `an expression (${truncate(expr.getText(sf))})`);
  }

  private conditional(expr: ts.ConditionalExpression, sf: ts.SourceFile, env: Env): Value {
    const condition = this.evaluate(expr.condition, sf, env);
    if (condition.kind === 'literal') return this.evaluate(condition.value ? expr.whenTrue : expr.whenFalse, sf, env);
    const reason = `a value chosen at run time by \`${truncate(expr.condition.getText(sf))}\``;
    if (hasUnsetDefault(condition)) {
      // `prefix ? `${prefix}_${base}` : base`: unknown, but `base` when the variable is unset.
      const chosen = defaultOf(this.evaluate(condition.unset.value.value ? expr.whenTrue : expr.whenFalse, sf, env));
      if (chosen) return withUnsetDefault(expr, sf, reason, [condition.unset, chosen], chosen.value.value);
    }
    const whenTrue = this.evaluate(expr.whenTrue, sf, env);
    const whenFalse = this.evaluate(expr.whenFalse, sf, env);
    if (whenTrue.kind === 'literal' && whenFalse.kind === 'literal' && whenTrue.value === whenFalse.value) return whenTrue;
    // Two lists of tools behind a run-time switch: every element may be registered.
    if (whenTrue.kind === 'array' && whenFalse.kind === 'array') {
      // An element only one branch lists is there only when the condition chooses that branch.
      // The same definition, or the same literal (a name in two allow-lists), in both branches is there either way.
      const identity = (e: Value): unknown => (e.kind === 'literal' ? `literal:${String(e.value)}` : e.node);
      const inTrue = new Set(whenTrue.elements.map(identity));
      const inFalse = new Set(whenFalse.elements.map(identity));
      const onlyIf = (negated: boolean) => [{ node: expr.condition, sf, negated, via: 'if' as const }];
      const seen = new Set<ts.Node>();
      const elements = [
        ...whenTrue.elements.map((e) => (inFalse.has(identity(e)) ? e : keptOnlyWhen(e, onlyIf(false)))),
        ...whenFalse.elements.map((e) => (inTrue.has(identity(e)) ? e : keptOnlyWhen(e, onlyIf(true)))),
      ].filter((element) => !seen.has(element.node) && seen.add(element.node));
      return { kind: 'array', elements, node: expr, sf };
    }
    // Two objects (often `cond ? { confirmationHint: true } : {}` spread into annotations): keys both give alike are
    // known, the others are unknown; keys neither gives are known to be absent.
    if (whenTrue.kind === 'object' && whenFalse.kind === 'object' && whenTrue.unresolved.length === 0 && whenFalse.unresolved.length === 0) {
      const result: ObjectValue = { kind: 'object', properties: new Map(), unresolved: [], node: expr, sf };
      const reason = `a value chosen at run time by \`${truncate(expr.condition.getText(sf))}\``;
      for (const key of new Set([...whenTrue.properties.keys(), ...whenFalse.properties.keys()])) {
        const a = whenTrue.properties.get(key);
        const b = whenFalse.properties.get(key);
        const same = a && b && a.value.kind === 'literal' && b.value.kind === 'literal' && a.value.value === b.value.value;
        const property = (a ?? b)!;
        put(result, same ? property : { ...property, value: unknown(property.node, property.sf, reason) });
      }
      return result;
    }
    return unknown(expr, sf, `a value chosen at run time by \`${truncate(expr.condition.getText(sf))}\``);
  }

  /** `...(cond && { … })` with `cond` decided at run time: merges the object's keys as present only when it holds. */
  private conditionalSpread(property: ts.SpreadAssignment, result: ObjectValue, sf: ts.SourceFile, env: Env): boolean {
    const inner = skipOuterExpressions(property.expression);
    if (!ts.isBinaryExpression(inner) || inner.operatorToken.kind !== ts.SyntaxKind.AmpersandAmpersandToken) return false;
    const added = this.evaluate(inner.right, sf, env);
    if (added.kind !== 'object') return false;
    mergeAssigned(result, added, property, sf, [{ node: inner.left, sf, negated: false, via: 'if' }], overriding);
    return true;
  }

  private objectLiteral(expr: ts.ObjectLiteralExpression, sf: ts.SourceFile, env: Env): ObjectValue {
    const result: ObjectValue = { kind: 'object', properties: new Map(), unresolved: [], node: expr, sf };
    const put = (property: ObjectProperty) => {
      const previous = result.properties.get(property.key);
      // Re-inserting moves the key to the end, as JavaScript does for spreads that override.
      result.properties.delete(property.key);
      result.properties.set(property.key, previous ? overriding(property, previous) : property);
    };
    for (const property of expr.properties) {
      if (ts.isPropertyAssignment(property)) {
        const key = this.propertyKey(property.name, sf, env);
        if (key === undefined) {
          result.unresolved.push({ node: property, sf, reason: `a computed key (${property.name.getText(sf)})` });
          continue;
        }
        put(lazyProperty(key, property, property.name, sf, () => this.evaluate(property.initializer, sf, env)));
      } else if (ts.isShorthandPropertyAssignment(property)) {
        put(lazyProperty(property.name.text, property, property.name, sf, () => this.evaluate(property.name, sf, env)));
      } else if (ts.isSpreadAssignment(property)) {
        const spread = this.evaluate(property.expression, sf, env);
        if (spread.kind === 'object') {
          for (const inner of spread.properties.values()) put(inner);
          result.unresolved.push(...spread.unresolved);
        } else if (spread.kind === 'literal' && (spread.value === undefined || spread.value === null || typeof spread.value === 'boolean')) {
          // `...(cond && {...})` with a falsy literal adds nothing.
        } else if (this.conditionalSpread(property, result, sf, env)) {
          // `...(queryLogs && { query_logs: … })`: its keys are there only when the condition holds.
        } else {
          result.unresolved.push({ node: property, sf, reason: spread.kind === 'unknown' ? `a spread of ${spread.reason}` : `a spread of ${spread.kind}` });
        }
      } else if (ts.isMethodDeclaration(property) || ts.isGetAccessor(property)) {
        const key = this.propertyKey(property.name, sf, env);
        if (key !== undefined) put({ key, value: { kind: 'function', node: property, sf, env }, node: property, keyNode: property.name, sf });
      }
    }
    return result;
  }

  private propertyKey(name: ts.PropertyName, sf: ts.SourceFile, env: Env): string | undefined {
    if (ts.isComputedPropertyName(name)) {
      // `[getToolName("x")]` reads the environment: the key is the one the code gives when it is unset.
      const key = defaultOf(this.evaluate(name.expression, sf, env))?.value;
      return key && (typeof key.value === 'string' || typeof key.value === 'number') ? String(key.value) : undefined;
    }
    return propertyNameText(name);
  }

  private arrayLiteral(expr: ts.ArrayLiteralExpression, sf: ts.SourceFile, env: Env): ArrayValue {
    const result: ArrayValue = { kind: 'array', elements: [], node: expr, sf };
    for (const element of expr.elements) {
      if (ts.isSpreadElement(element)) {
        const spread = this.evaluate(element.expression, sf, env);
        if (spread.kind === 'array') {
          result.elements.push(...spread.elements);
          if (spread.partial) result.partial = spread.partial;
        } else {
          result.partial = spread.kind === 'unknown' ? spread.reason : `a spread of ${spread.kind}`;
        }
      } else if (!ts.isOmittedExpression(element)) {
        result.elements.push(this.evaluate(element, sf, env));
      }
      if (result.elements.length > MAX_ELEMENTS) break;
    }
    return result;
  }

  /** Where each identifier read is declared: the same nodes are read again and again (per tool, per binding). */
  private readonly declarations = new Map<ts.Identifier, Declaration | undefined>();

  /** findDeclaration of an identifier under its own name, once per node for this evaluator's lifetime (one analysis). */
  declarationOf(id: ts.Identifier): Declaration | undefined {
    let declaration = this.declarations.get(id);
    if (declaration === undefined && !this.declarations.has(id)) {
      declaration = findDeclaration(id.text, id);
      this.declarations.set(id, declaration);
    }
    return declaration;
  }

  private identifier(expr: ts.Identifier, sf: ts.SourceFile, env: Env): Value {
    if (expr.text === 'undefined') return { kind: 'literal', value: undefined, node: expr, sf };
    const declaration = this.declarationOf(expr);
    if (!declaration) return builtinIdentifier(expr, sf) ?? unknown(expr, sf, `\`${expr.text}\`, which is not declared in this file`);
    return this.declarationValue(declaration, expr, sf, env);
  }

  declarationValue(declaration: Declaration, use: ts.Node, sf: ts.SourceFile, env: Env): Value {
    switch (declaration.kind) {
      case 'variable': {
        const decl = declaration.declaration;
        const bound = env.get(decl);
        if (bound) return this.applyPath(bound, declaration.path, use, sf);
        const parent = decl.parent?.parent;
        if (parent && (ts.isForOfStatement(parent) || ts.isForInStatement(parent))) {
          return unknown(use, sf, `the loop variable \`${use.getText(sf)}\``, { declaration: decl, sf });
        }
        const compiledEnum = decl.initializer ? undefined : this.compiledEnum(decl, sf, env);
        if (compiledEnum) return this.applyPath(compiledEnum, declaration.path, use, sf);
        // A variable that is reassigned or mutated is read through its writes, or not claimed at all.
        const write = this.writeTo(decl);
        if (write) {
          const written = this.inProgress.has(decl) ? undefined : this.throughWrites(decl, sf, env);
          if (written) return this.applyPath(written, declaration.path, use, sf);
          const line = write.getSourceFile().getLineAndCharacterOfPosition(write.getStart()).line + 1;
          return unknown(use, sf, `\`${use.getText(sf)}\`, which is changed after its declaration (${lineMention(line)})`);
        }
        if (!decl.initializer) return unknown(use, sf, `\`${use.getText(sf)}\`, declared without a value`);
        const atModuleLevel = ts.isSourceFile(decl.parent.parent.parent);
        let value = atModuleLevel ? this.moduleConstants.get(decl) : undefined;
        if (!value) {
          if (this.inProgress.has(decl)) return unknown(use, sf, 'a circular reference');
          this.inProgress.add(decl);
          try {
            value = this.withPushedElements(this.evaluate(decl.initializer, sf, env), decl, sf, env);
          } finally {
            this.inProgress.delete(decl);
          }
          if (atModuleLevel && !(value.kind === 'unknown' && value.reason.startsWith('too '))) this.moduleConstants.set(decl, value);
        }
        return this.applyPath(value, declaration.path, use, sf);
      }
      case 'parameter': {
        const bound = env.get(declaration.declaration);
        if (bound) return this.applyPath(bound, declaration.path, use, sf);
        return unknown(use, sf, `the parameter \`${use.getText(sf)}\``, { declaration: declaration.declaration, sf });
      }
      case 'function':
        return { kind: 'function', node: declaration.declaration, sf, env };
      case 'enum':
        return this.enumValue(declaration.declaration, sf, env);
      case 'class':
        return { kind: 'class', node: declaration.declaration, sf };
      case 'import':
        return this.importValue(declaration.module, declaration.exportName, use, sf);
    }
  }

  /**
   * tsc's output for an enum: `var E; (function (E) { E["A"] = "a"; … })(E || (E = {}));` right after the declaration.
   */
  private compiledEnum(decl: ts.VariableDeclaration, sf: ts.SourceFile, env: Env): ObjectValue | undefined {
    const statement = decl.parent.parent;
    const container = statement.parent;
    if (!ts.isIdentifier(decl.name) || !ts.isVariableStatement(statement) || !('statements' in container)) return undefined;
    const statements = (container as ts.Block | ts.SourceFile).statements;
    const next = statements[statements.indexOf(statement) + 1];
    if (!next || !ts.isExpressionStatement(next)) return undefined;
    const call = skipOuterExpressions(next.expression);
    if (!ts.isCallExpression(call)) return undefined;
    const fn = skipOuterExpressions(call.expression);
    if (!ts.isFunctionExpression(fn) || fn.parameters.length !== 1 || !ts.isIdentifier(fn.parameters[0].name) || fn.parameters[0].name.text !== decl.name.text) return undefined;
    const result: ObjectValue = { kind: 'object', properties: new Map(), unresolved: [], node: decl, sf };
    for (const member of fn.body.statements) {
      if (!ts.isExpressionStatement(member) || !ts.isBinaryExpression(member.expression) || member.expression.operatorToken.kind !== ts.SyntaxKind.EqualsToken) continue;
      const target = member.expression.left;
      if (!ts.isElementAccessExpression(target) || !ts.isStringLiteralLike(target.argumentExpression)) continue;
      const value = this.evaluate(member.expression.right, sf, env);
      // Numeric enums also map values back to names (E[E["A"] = 0] = "A"): keep the forward direction only.
      result.properties.set(target.argumentExpression.text, { key: target.argumentExpression.text, value, node: member, keyNode: target.argumentExpression, sf });
    }
    return result.properties.size > 0 ? result : undefined;
  }

  private enumValue(decl: ts.EnumDeclaration, sf: ts.SourceFile, env: Env): ObjectValue {
    const result: ObjectValue = { kind: 'object', properties: new Map(), unresolved: [], node: decl, sf };
    let next = 0;
    for (const member of decl.members) {
      const key = propertyNameText(member.name);
      if (key === undefined) continue;
      let value: Value;
      if (member.initializer) {
        value = this.evaluate(member.initializer, sf, env);
        if (value.kind === 'literal' && typeof value.value === 'number') next = value.value + 1;
      } else {
        value = { kind: 'literal', value: next++, node: member, sf };
      }
      result.properties.set(key, { key, value, node: member, keyNode: member.name, sf });
    }
    return result;
  }

  /**
   * `const list = []; … list.push(x)`: the pushed values become the array's elements, each in its loop. The same for
   * `new Map()` filled with `set(k, v)` and `new Set()` with `add(x)`, also from inside a function, whose call
   * sites (in any file) supply the values.
   */
  private withPushedElements(value: Value, decl: ts.VariableDeclaration, sf: ts.SourceFile, env: Env): Value {
    const initializer = skipOuterExpressions(decl.initializer!);
    if (value.kind !== 'array' || !ts.isIdentifier(decl.name) || !(ts.isArrayLiteralExpression(initializer) || ts.isNewExpression(initializer))) return value;
    // A Map or Set handed to other code (`load(enabled)`) may be filled there: what it holds is not all known.
    const escaped = ts.isNewExpression(initializer) && escapesAsArgument(decl) ? `\`${decl.name.text}\`, filled where it is passed` : undefined;
    const pushes = this.pushCallsFor(decl);
    if (pushes.length === 0) return escaped ? { ...value, partial: escaped } : value;
    const elements = [...value.elements];
    let partial = value.partial ?? escaped;
    for (const push of pushes) {
      const method = (push.expression as ts.PropertyAccessExpression).name.text;
      if (method === 'set' || value.keyed) {
        if (method !== 'set' || !value.keyed || push.arguments.length !== 2) continue;
        for (const pair of this.expandTogether(push.arguments, sf, env)) elements.push({ kind: 'array', elements: pair, node: push, sf });
        // A key set only on some paths: `get`/`has` cannot answer for certain.
        if (underCondition(push, decl.parent.parent.parent)) partial ??= `\`${decl.name.text}\`, set under a condition`;
        continue;
      }
      if (method === 'add') {
        // Sets are read only for `has` answers, which an `add` makes uncertain.
        if (ts.isNewExpression(initializer)) partial ??= `\`${decl.name.text}\`, added to after it is built`;
        continue;
      }
      for (const arg of push.arguments) {
        const pushed = this.expandPushed(arg, push, sf, env);
        for (const element of pushed) {
          if (ts.isSpreadElement(arg)) {
            if (element.kind === 'array') elements.push(...element.elements);
            else partial = 'a spread of an unknown value';
          } else {
            elements.push(element);
          }
        }
      }
    }
    return { ...value, elements, partial };
  }

  /** The first assignment, `++`/`--` or `delete` that changes `decl`'s variable or a member of it, if any. */
  private writeTo(decl: ts.VariableDeclaration): ts.Node | undefined {
    if (this.writeCache.has(decl)) return this.writeCache.get(decl);
    const scope = decl.parent.parent.parent;
    let found: ts.Node | undefined;
    if (ts.isIdentifier(decl.name) && scope) {
      found = scopeMutations(scope).writes.get(decl.name.text)?.find(({ root }) => declaresVariable(findDeclaration(root.text, root), decl))?.node;
    }
    this.writeCache.set(decl, found);
    return found;
  }

  /** Every write that changes `decl`'s variable or a member of it, in source order. */
  private writesTo(decl: ts.VariableDeclaration): ts.Node[] {
    const scope = decl.parent.parent.parent;
    if (!ts.isIdentifier(decl.name) || !scope) return [];
    return (scopeMutations(scope).writes.get(decl.name.text) ?? []).filter(({ root }) => declaresVariable(findDeclaration(root.text, root), decl)).map(({ node }) => node);
  }

  /**
   * The value of a variable that is written after its declaration, when the writes can be followed:
   * - reassignments (`list = cond ? a : b`, `cache = all.filter(…)`) where every value is a list or nothing: the
   *   union of the lists, since any of them may be the one in use;
   * - an object filled member by member before it is used (`const config = {…}; config.annotations = {…}`):
   *   writes at the object's own level set the member, writes under a condition make it unknown.
   * Anything else (a write in another function, `delete`, `++`, a computed key) is not followed.
   */
  private throughWrites(decl: ts.VariableDeclaration, sf: ts.SourceFile, env: Env): Value | undefined {
    const writes = this.writesTo(decl);
    const scopeNode = decl.parent.parent.parent;
    const reassigned: ts.Expression[] = [];
    /**
     * Members set at the object's own level (with their value) or changed some other way (without), and
     * `Object.assign` merges (with the conditions they run under), in source order.
     */
    const members: { key: string; node: ts.Node; value: ts.Expression | undefined; nested?: string[]; merge?: { call: ts.CallExpression; conditions: KeptCondition[] } }[] = [];
    for (const write of writes) {
      if (ts.isCallExpression(write)) {
        // `Object.assign(tools, group())`, maybe behind `if (enabled)`: one step of filling the object.
        const conditions = enclosingFunction(write) === enclosingFunction(decl) ? pathConditions(write, scopeNode, sf) : undefined;
        if (!conditions) return undefined;
        members.push({ key: '', node: write, value: undefined, merge: { call: write, conditions } });
        continue;
      }
      const assignment = ts.isBinaryExpression(write) && write.operatorToken.kind === ts.SyntaxKind.EqualsToken ? write : undefined;
      const target = skipOuterExpressions(assignment ? assignment.left : ts.isBinaryExpression(write) ? write.left : ts.isDeleteExpression(write) ? write.expression : (write as ts.PrefixUnaryExpression).operand);
      // A reassignment anywhere (a cache filled on first use) is one more value the variable may hold.
      if (ts.isIdentifier(target)) {
        if (!assignment) return undefined;
        reassigned.push(assignment.right);
        continue;
      }
      // A member written inside another function happens at an unknown time.
      if (enclosingFunction(write) !== enclosingFunction(decl)) return undefined;
      const member = firstMember(target);
      // A key known only at run time written under a run-time condition (`if (readOnly) for (…) tools[k] = …`)
      // changes entries only on some paths: the entries as they were are what the other path holds.
      if (!member && underCondition(write, scopeNode) && members.some((m) => m.merge)) continue;
      if (!member) return undefined;
      // Minified code joins statements with commas (`a.x = 1, b.y = 2;`): each part runs as its own statement.
      let statement = write.parent;
      while (ts.isBinaryExpression(statement) && statement.operatorToken.kind === ts.SyntaxKind.CommaToken) statement = statement.parent;
      const ownLevel = !!assignment && ts.isExpressionStatement(statement) && statement.parent === scopeNode;
      const direct = ownLevel && member.access === target;
      // `tools.secret.hidden = …`: the member `secret` with `hidden` set, the rest of it as it was.
      const path = ownLevel && !direct ? memberPath(target) : undefined;
      const nested = path && path.length > 1 ? path : undefined;
      members.push({ key: member.key, node: write, value: direct || nested ? assignment!.right : undefined, nested: nested?.slice(1) });
    }
    if (reassigned.length > 0 && members.length > 0) return undefined;
    this.inProgress.add(decl);
    try {
      if (members.length > 0) {
        const initial = decl.initializer ? this.evaluate(decl.initializer, sf, env) : undefined;
        if (initial?.kind !== 'object') return undefined;
        const result: ObjectValue = { ...initial, properties: new Map(initial.properties), unresolved: [...initial.unresolved] };
        for (const { key, node, value, nested, merge } of members) {
          if (merge) {
            for (const source of merge.call.arguments.slice(1)) mergeAssigned(result, this.evaluate(source, sf, env), merge.call, sf, merge.conditions, overriding);
            continue;
          }
          const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
          const before = result.properties.get(key);
          const compute = value && nested
            ? () => withMemberSet(before ? presentValue(before) : undefined, nested, () => this.evaluate(value, sf, env), node, sf)
            : value ? () => this.evaluate(value, sf, env) : () => unknown(node, sf, `\`${key}\`, changed under a condition or in part (${lineMention(line)})`);
          const property = lazyProperty(key, node, node, sf, compute);
          const previous = result.properties.get(key);
          result.properties.set(key, previous ? overriding(property, previous) : property);
        }
        return result;
      }
      const values: Value[] = [];
      if (decl.initializer) values.push(this.evaluate(decl.initializer, sf, env));
      let soFar = values[0];
      for (const expr of reassigned) {
        // `list = list.filter(…)` reads the list as it may be at that point.
        const value = this.evaluate(expr, sf, soFar ? new Map([...env, [decl, soFar]]) : env);
        values.push(value);
        soFar = unionOfLists(values, decl, sf) ?? soFar;
      }
      return unionOfLists(values, decl, sf);
    } finally {
      this.inProgress.delete(decl);
    }
  }

  private pushCallsFor(decl: ts.VariableDeclaration): ts.CallExpression[] {
    const scope = decl.parent.parent.parent; // VariableDeclarationList → VariableStatement → Block/SourceFile
    if (!scope || !ts.isIdentifier(decl.name)) return [];
    return (scopeMutations(scope).pushes.get(decl.name.text) ?? [])
      .filter((push) => declaresVariable(findDeclaration(decl.name.getText(), push), decl));
  }

  /**
   * Evaluates `expr`, expanding loop variables and callback parameters it depends on into one value per element.
   * Used for values pushed inside loops; the finder does the same for registrations.
   */
  expandValue(expr: ts.Expression, sf: ts.SourceFile, env: Env): Value[] {
    const inner = ts.isSpreadElement(expr) ? expr.expression : expr;
    return expandEnvs(this, env, (e) => this.evaluate(inner, sf, e), (value) => (value.kind === 'unknown' ? value.binder : undefined));
  }

  /**
   * A pushed value, one per element of the loops around the push, also when the loop variable is read inside an
   * object literal (`for (const tool of list) out.push({ name: tool.name, config })`).
   */
  private expandPushed(expr: ts.Expression, push: ts.CallExpression, sf: ts.SourceFile, env: Env): Value[] {
    const inner = ts.isSpreadElement(expr) ? expr.expression : expr;
    return expandEnvs(this, env, (e) => this.evaluate(inner, sf, e), (value) => (value.kind === 'unknown' ? value.binder : binderInLiteral(value, push, 2, false)));
  }

  /** Evaluates several expressions under one binding per loop element, so `set(d.name, d)` pairs each key with its own value. */
  expandTogether(exprs: readonly ts.Expression[], sf: ts.SourceFile, env: Env): Value[][] {
    const needs = (values: Value[]) => values.find((v): v is Value & { kind: 'unknown' } => v.kind === 'unknown' && !!v.binder)?.binder;
    return expandEnvs(this, env, (e) => exprs.map((expr) => this.evaluate(expr, sf, e)), needs);
  }

  applyPath(value: Value, path: BindingStep[], use: ts.Node, sf: ts.SourceFile): Value {
    let current = value;
    for (const step of path) {
      if ('property' in step) current = this.member(current, step.property, use, sf);
      else if ('index' in step) current = this.member(current, String(step.index), use, sf);
      else current = current.kind === 'array' ? { ...current, elements: current.elements.slice(step.rest) } : unknown(use, sf, 'a rest element');
    }
    return current;
  }

  member(object: Value, key: string, node: ts.Node, sf: ts.SourceFile): Value {
    switch (object.kind) {
      case 'object': {
        const property = object.properties.get(key);
        if (property) return withOrigin(property.value, property);
        if (object.unresolved.length > 0) return unknown(node, sf, `\`${key}\`, which may come from ${object.unresolved[0].reason}`);
        return { kind: 'literal', value: undefined, node, sf };
      }
      case 'array': {
        if ((object.keyed ? key === 'size' : key === 'length') && !object.partial) return { kind: 'literal', value: object.elements.length, node, sf };
        const index = Number(key);
        if (Number.isInteger(index) && index >= 0 && index < object.elements.length) return object.elements[index];
        return unknown(node, sf, `the element ${key} of an array`);
      }
      case 'module':
        return this.exportValue(object.node, key, node, sf);
      case 'literal':
        if (typeof object.value === 'string' && key === 'length') return { kind: 'literal', value: object.value.length, node, sf };
        if (typeof object.value === 'string' && /^\d+$/.test(key)) return { kind: 'literal', value: object.value[Number(key)], node, sf };
        return unknown(node, sf, `\`${key}\` of ${JSON.stringify(object.value)}`);
      case 'unknown':
        return unknown(node, sf, object.reason, object.binder);
      case 'class': {
        const member = object.node.members.find((m) => isStatic(m) && m.name && propertyNameText(m.name) === key);
        if (member && ts.isPropertyDeclaration(member) && member.initializer) return this.evaluate(member.initializer, object.sf);
        if (member && ts.isMethodDeclaration(member)) return { kind: 'function', node: member, sf: object.sf, env: EMPTY_ENV };
        return unknown(node, sf, `\`${key}\` of the class ${object.node.name?.text ?? ''}`);
      }
      default:
        return unknown(node, sf, `\`${key}\` of a ${object.kind}`);
    }
  }

  private call(expr: ts.CallExpression, sf: ts.SourceFile, env: Env): Value {
    const builtin = builtinCall(expr, sf, (arg) => this.evaluate(arg, sf, env), this) ?? optionLibraryCall(expr, sf, (arg) => this.evaluate(arg, sf, env));
    if (builtin) return builtin;
    const callee = skipOuterExpressions(expr.expression);
    if (ts.isPropertyAccessExpression(callee)) {
      const method = callee.name.text;
      if (ts.isIdentifier(callee.expression) && callee.expression.text === 'Array' && method === 'isArray' && expr.arguments.length === 1 && !findDeclaration('Array', callee.expression)) {
        const tested = this.evaluate(expr.arguments[0], sf, env);
        if (tested.kind !== 'unknown' && tested.kind !== 'module') return { kind: 'literal', value: tested.kind === 'array' && !tested.keyed, node: expr, sf };
      }
      if (ts.isIdentifier(callee.expression) && callee.expression.text === 'Array' && method === 'from' && expr.arguments.length === 1 && !findDeclaration('Array', callee.expression)) {
        const source = this.evaluate(expr.arguments[0], sf, env);
        if (source.kind === 'array') return { ...source, node: expr, sf, keyed: undefined };
      }
      if (ts.isIdentifier(callee.expression) && callee.expression.text === 'Object' && expr.arguments.length > 0) {
        const target = this.evaluate(expr.arguments[0], sf, env);
        const entries = this.entriesOf(target);
        if (entries) {
          if (method === 'values') return { kind: 'array', elements: entries.map(([, v]) => v), node: expr, sf };
          if (method === 'keys') return { kind: 'array', elements: entries.map(([k, , keyNode]) => ({ kind: 'literal', value: k, node: keyNode, sf: target.sf }) as Value), node: expr, sf };
          if (method === 'entries') {
            return {
              kind: 'array',
              elements: entries.map(([k, v, keyNode]) => ({ kind: 'array', elements: [{ kind: 'literal', value: k, node: keyNode, sf: target.sf }, v], node: keyNode, sf: target.sf }) as Value),
              node: expr,
              sf,
            };
          }
          if (method === 'freeze') return target;
        }
        // `Object.values(registry)` of a parameter: known once a caller supplies it.
        if (target.kind === 'unknown' && target.binder && (method === 'values' || method === 'keys' || method === 'entries')) {
          return unknown(expr, sf, target.reason, target.binder);
        }
        if (method === 'assign' && target.kind === 'object') {
          return this.objectAssign(expr, sf, env);
        }
      }
      const receiver = this.evaluate(callee.expression, sf, env);
      if (receiver.kind === 'literal') {
        const result = stringMethod(receiver, method, expr.arguments.map((a) => this.evaluate(a, sf, env)), expr, sf, expr.arguments);
        if (result) return result;
      }
      if (receiver.kind === 'array') {
        const read = collectionRead(receiver, method, expr.arguments.map((a) => this.evaluate(a, sf, env)), expr, sf);
        if (read) return read;
        // A Map answers only through collectionRead; the list methods below are an array's or a Set's.
        if (!receiver.keyed) switch (method) {
          case 'filter': {
            // Elements the callback rejects for certain are never in the list; the others may be.
            const fn = expr.arguments[0] && this.evaluate(expr.arguments[0], sf, env);
            if (!fn || fn.kind !== 'function') return { ...receiver, node: expr, sf };
            const elements: Value[] = [];
            receiver.elements.forEach((element, index) => {
              const kept = this.callFunction(fn, [element, { kind: 'literal', value: index, node: expr, sf }], expr, sf);
              if (kept.kind === 'literal' && !kept.value) return;
              // Kept for certain, or only when the callback says so at run time (the condition travels with it).
              const certain = kept.kind === 'literal' || kept.kind === 'object' || kept.kind === 'array' || kept.kind === 'function';
              elements.push(certain ? element : keptOnlyWhen(element, [{ node: callbackBody(fn.node), sf: fn.sf, negated: false, via: 'filter' }]));
            });
            return { ...receiver, elements, node: expr, sf };
          }
          case 'includes':
          case 'has': {
            // A list of known strings (a static allow-list, a `Set` of names) answers for a known value.
            const sought = expr.arguments[0] && this.evaluate(expr.arguments[0], sf, env);
            if (!sought || sought.kind !== 'literal' || receiver.partial || !receiver.elements.every((e) => e.kind === 'literal')) break;
            const matches = receiver.elements.filter((e) => e.kind === 'literal' && e.value === sought.value);
            // Listed only in a list chosen at run time (`mode ? listA : listB`): the answer is the run time's.
            if (matches.length > 0 && matches.every((e) => keptConditions(e).length > 0)) break;
            return { kind: 'literal', value: matches.length > 0, node: expr, sf };
          }
          case 'some':
          case 'every': {
            const fn = expr.arguments[0] && this.evaluate(expr.arguments[0], sf, env);
            if (!fn || fn.kind !== 'function' || receiver.partial) break;
            const answers = receiver.elements.map((element) => this.callFunction(fn, [element], expr, sf));
            if (!answers.every((a) => a.kind === 'literal')) break;
            const truthy = answers.map((a) => Boolean((a as { value: unknown }).value));
            return { kind: 'literal', value: method === 'some' ? truthy.some(Boolean) : truthy.every(Boolean), node: expr, sf };
          }
          case 'slice':
          case 'concat':
          case 'flat':
          case 'sort':
          case 'reverse':
          case 'toSorted': {
            let elements = receiver.elements;
            if (method === 'concat') {
              for (const arg of expr.arguments) {
                const more = this.evaluate(arg, sf, env);
                elements = elements.concat(more.kind === 'array' ? more.elements : [more]);
              }
            }
            if (method === 'flat') elements = elements.flatMap((e) => (e.kind === 'array' ? e.elements : [e]));
            return { ...receiver, elements, node: expr, sf };
          }
          case 'join': {
            // Known text only: a list that may hold more, or elements kept by a run-time condition, joins at run time.
            const separator = expr.arguments[0] ? this.evaluate(expr.arguments[0], sf, env) : { kind: 'literal' as const, value: ',', node: expr, sf };
            const parts = receiver.elements.map((e) => (e.kind === 'literal' && (typeof e.value === 'string' || typeof e.value === 'number') && keptConditions(e).length === 0 ? String(e.value) : undefined));
            if (receiver.partial || separator.kind !== 'literal' || typeof separator.value !== 'string' || parts.some((p) => p === undefined)) break;
            return { kind: 'literal', value: parts.join(separator.value), node: expr, sf };
          }
          case 'find': {
            const found = this.findElement(receiver, expr, sf, env);
            if (found) return found;
            break;
          }
          case 'map':
          case 'flatMap': {
            const fn = expr.arguments[0] && this.evaluate(expr.arguments[0], sf, env);
            if (!fn || fn.kind !== 'function') break;
            const elements: Value[] = [];
            for (const element of receiver.elements) {
              const mapped = this.callFunction(fn, [element], expr, sf);
              if (method === 'flatMap' && mapped.kind === 'array') elements.push(...mapped.elements.map((e) => carryConditions(element, e)));
              else elements.push(carryConditions(element, mapped));
            }
            return { kind: 'array', elements, node: expr, sf, partial: receiver.partial };
          }
        }
      }
      if (receiver.kind === 'function' && (method === 'call' || method === 'apply' || method === 'bind')) {
        return unknown(expr, sf, `the result of \`${truncate(expr.getText(sf))}\``);
      }
      if (receiver.kind === 'object') {
        const fn = receiver.properties.get(method)?.value;
        if (fn?.kind === 'function') return this.callFunction(fn, expr.arguments.map((a) => this.evaluate(a, sf, env)), expr, sf);
      }
      if (receiver.kind === 'module') {
        const fn = this.exportValue(receiver.node, method, expr, sf);
        if (fn.kind === 'function') return this.callFunction(fn, expr.arguments.map((a) => this.evaluate(a, sf, env)), expr, sf);
      }
      return unknown(expr, sf, `the result of \`${truncate(callee.getText(sf))}()\``, receiver.kind === 'unknown' ? receiver.binder : undefined);
    }
    if (ts.isIdentifier(callee) && callee.text === 'require' && expr.arguments.length === 1 && ts.isStringLiteralLike(expr.arguments[0])) {
      return this.importValue(expr.arguments[0].text, '*', expr, sf);
    }
    const helped = ts.isIdentifier(callee) ? this.compilerHelper(callee.text, expr, sf, env) : undefined;
    if (helped) return helped;
    const defined = this.frameworkDefinition(callee, expr, sf, env);
    if (defined) return defined;
    const fn = this.evaluate(callee, sf, env);
    if (fn.kind === 'function') return this.callFunction(fn, expr.arguments.map((a) => this.evaluate(a, sf, env)), expr, sf);
    return unknown(expr, sf, `the result of \`${truncate(callee.getText(sf))}()\``, fn.kind === 'unknown' ? fn.binder : undefined);
  }

  /**
   * Helpers that TypeScript and bundlers emit into compiled output, read for what they mean rather than for their
   * bodies: `__awaiter(this, a, P, function* () { … })` runs the generator as an async function body, and the
   * module interop wrappers (`__importStar(require(x))`, `__toESM(…)`) give the module itself.
   */
  private compilerHelper(name: string, expr: ts.CallExpression, sf: ts.SourceFile, env: Env): Value | undefined {
    const [first] = expr.arguments;
    if (name === '__awaiter' && expr.arguments.length === 4) {
      const body = this.evaluate(expr.arguments[3], sf, env);
      return body.kind === 'function' ? this.callFunction(body, [], expr, sf) : undefined;
    }
    if ((name === '__importStar' || name === '__importDefault' || name === '__toESM' || name === '__toCommonJS') && first) {
      const module = this.evaluate(first, sf, env);
      return module.kind === 'module' || module.kind === 'object' ? module : undefined;
    }
    return undefined;
  }

  /** `new Set(list)` is read as the list (for `has`, spreads and iteration); other constructions are run-time objects. */
  private construct(expr: ts.NewExpression, sf: ts.SourceFile, env: Env): Value {
    const callee = skipOuterExpressions(expr.expression);
    if (ts.isIdentifier(callee) && callee.text === 'Set' && !findDeclaration('Set', callee)) {
      const source = expr.arguments?.[0];
      if (!source) return { kind: 'array', elements: [], node: expr, sf };
      const list = this.evaluate(source, sf, env);
      if (list.kind === 'array') {
        const seen = new Set<unknown>();
        const elements = list.elements.filter((e) => e.kind !== 'literal' || (!seen.has(e.value) && seen.add(e.value)));
        return { ...list, elements, node: expr, sf };
      }
      return unknown(expr, sf, `a set built from ${describeValue(list)}`, list.kind === 'unknown' ? list.binder : undefined);
    }
    if (ts.isIdentifier(callee) && callee.text === 'Map' && !findDeclaration('Map', callee)) {
      const source = expr.arguments?.[0];
      const pairs = source ? this.evaluate(source, sf, env) : undefined;
      if (!pairs) return { kind: 'array', elements: [], node: expr, sf, keyed: true };
      if (pairs.kind === 'array') return { ...pairs, node: expr, sf, keyed: true };
      return unknown(expr, sf, `a map built from ${describeValue(pairs)}`, pairs.kind === 'unknown' ? pairs.binder : undefined);
    }
    const constructed = this.evaluate(callee, sf, env);
    if (constructed.kind === 'class') {
      const args = (expr.arguments ?? []).map((arg) => this.evaluate(arg, sf, env));
      return this.instanceOf(constructed.node, constructed.sf, { args, site: expr, siteSf: sf });
    }
    return unknown(expr, sf, `a ${describeSyntax(expr)}`);
  }

  private readonly crossFileSites = new Map<ts.Node, ts.CallExpression[]>();

  /**
   * Calls of a wrapper function: in its own file, and, when it is exported, in every project file that names it
   * and imports it (`registerDatabaseTool(server, "list-indexes", {…})` in one file per tool).
   */
  callSitesOf(fn: ts.FunctionLikeDeclaration): ts.CallExpression[] {
    const own = callSitesOf(fn, this.callSites);
    const member = own.length === 0 ? installedMemberName(fn) : undefined;
    if (member) return this.installedMemberSites(fn, member);
    const name = functionName(fn);
    // A function that is not exported may still escape through the return of one that is
    // (`const [register] = createRegistrar(server); register(def)`): its callers are where that one is named.
    const exported = name && isExported(fn) ? fn : name ? returnedBy(fn, name) : returnedAnonymously(fn);
    const searched = exported && functionName(exported);
    // Other files are parsed only for a wrapper its own file never calls (keeps dense workspaces fast).
    if (!exported || !searched || own.length > 0) return own;
    let others = this.crossFileSites.get(fn);
    if (!others) {
      others = [];
      this.crossFileSites.set(fn, others);
      const home = fn.getSourceFile().fileName;
      for (const file of this.sources.filesMentioning?.(searched) ?? []) {
        if (file === home && exported === fn) continue;
        // Only a call by the function's own name can be one of it here: a file that makes none is not parsed again.
        if (exported === fn && name !== undefined && this.sources.mayCallName?.(file, name) === false) {
          if (others.length > 0) this.dependencies.add(file);
          continue;
        }
        const fileSf = this.sources.getSourceFile(file);
        if (!fileSf) continue;
        for (const { call: node, name: calledName, byIdentifier } of callsIn(fileSf)) {
          if (own.includes(node)) continue;
          if (calledName === name || (exported !== fn && calledName !== undefined && byIdentifier && calledName !== searched && boundToCallOf(node.expression, searched))) {
            const target = this.evaluate(skipOuterExpressions(node.expression), fileSf);
            if (target.kind === 'function' && target.node === fn) others.push(node);
          }
        }
        if (exported !== fn) others.push(...this.sitesThroughArguments(fn, others, fileSf));
        if (others.length > 0) this.dependencies.add(file);
      }
    }
    return [...own, ...others];
  }

  /**
   * Calls of a function installed as a member (`server.registerOnce = (…) => …`) that its own file never calls:
   * `x.registerOnce(…)` in the files that name it, unless the receiver is known to be something else.
   */
  private installedMemberSites(fn: ts.FunctionLikeDeclaration, member: string): ts.CallExpression[] {
    let sites = this.crossFileSites.get(fn);
    if (sites) return sites;
    sites = [];
    this.crossFileSites.set(fn, sites);
    for (const file of this.sources.filesMentioning?.(member) ?? []) {
      const fileSf = this.sources.getSourceFile(file);
      if (!fileSf) continue;
      for (const call of memberCallsIn(fileSf, member)) {
        const target = this.evaluate(skipOuterExpressions(call.expression), fileSf);
        if (target.kind === 'unknown' || (target.kind === 'function' && target.node === fn)) sites.push(call);
      }
      if (sites.length > 0) this.dependencies.add(file);
    }
    return sites;
  }

  /**
   * Calls of `fn` made by a function it is handed to, one level down: where the registrar is kept under a local name
   * (`sites`), a call that passes it on (`registerExtensions({ tool, prompt })`, `addAll(tool)`) makes the callee's
   * `register.tool(def)` or `add(def)` calls of `fn` too (the callee may be in another file).
   */
  private sitesThroughArguments(fn: ts.FunctionLikeDeclaration, sites: readonly ts.CallExpression[], sf: ts.SourceFile): ts.CallExpression[] {
    const holders = new Set(sites.map((site) => enclosingFunction(site)).filter((holder): holder is ts.Node => holder !== undefined));
    // The local names the registrar is called by: only arguments written with them are evaluated (evaluating every
    // argument of a bundle's functions would be slow and deep).
    const localNames = new Set(sites.map((site) => skipOuterExpressions(site.expression)).filter(ts.isIdentifier).map((callee) => callee.text));
    const out: ts.CallExpression[] = [];
    for (const { call, byIdentifier } of callsIn(sf)) {
      if (!byIdentifier || sites.includes(call) || !holders.has(enclosingFunction(call)!)) continue;
      call.arguments.forEach((arg, index) => {
        const written = skipOuterExpressions(arg);
        if (!mayHoldName(written, localNames)) return;
        const value = this.evaluate(written, sf);
        // The registrar itself, or the key of the object that holds it.
        const key = value.kind === 'function' && value.node === fn ? null : value.kind === 'object' ? [...value.properties.values()].find((p) => p.value.kind === 'function' && p.value.node === fn)?.key : undefined;
        if (key === undefined) return;
        const callee = this.evaluate(skipOuterExpressions(call.expression), sf);
        if (callee.kind !== 'function') return;
        const { body } = callee.node;
        const parameter = callee.node.parameters[index];
        if (!parameter || !ts.isIdentifier(parameter.name) || !body) return;
        const calleeSf = callee.node.getSourceFile();
        for (const inner of callsIn(calleeSf)) {
          const target = skipOuterExpressions(inner.call.expression);
          const receiver = key === null ? target : ts.isPropertyAccessExpression(target) && target.name.text === key ? skipOuterExpressions(target.expression) : undefined;
          if (!receiver || !ts.isIdentifier(receiver) || receiver.text !== parameter.name.text || !isWithin(inner.call, body)) continue;
          const declaration = findDeclaration(receiver.text, receiver);
          if (declaration?.kind === 'parameter' ? declaration.declaration === parameter : false) out.push(inner.call);
        }
        if (out.length > 0) this.dependencies.add(calleeSf.fileName);
      });
    }
    return out;
  }

  /**
   * Parsed project files whose text names `name`, but for those known to call nothing by that name (whole-program
   * questions outside evaluation that look for `name(…)` or `x.name(…)` calls: conditions.ts).
   */
  sourceFilesCalling(name: string): ts.SourceFile[] {
    return (this.sources.filesMentioning?.(name) ?? []).flatMap((file) => (this.sources.mayCallName?.(file, name) === false ? [] : (this.sources.getSourceFile(file) ?? [])));
  }

  /** `this` in a class member: the instance it is bound to, or the instance of the class itself. */
  private thisValue(expr: ts.Expression, sf: ts.SourceFile, env: Env): Value {
    let node: ts.Node | undefined = expr.parent;
    while (node && (ts.isArrowFunction(node) || !(ts.isFunctionLike(node) || ts.isClassLike(node) || ts.isPropertyDeclaration(node) || ts.isClassStaticBlockDeclaration(node) || ts.isSourceFile(node)))) node = node.parent;
    if (!node || ts.isSourceFile(node) || ts.isClassLike(node) || ts.isClassStaticBlockDeclaration(node)) return unknown(expr, sf, 'a `this` value');
    const member = node as ts.ClassElement;
    const cls = member.parent;
    if (!cls || !ts.isClassLike(cls)) return unknown(expr, sf, 'a `this` value');
    // In a static member, `this` is the class itself (`this.tools` reads `static tools = […]`).
    if (isStatic(member)) return { kind: 'class', node: cls, sf };
    const bound = env.get(cls);
    if (bound) return bound;
    // A base class's method runs with each subclass's `this`: the finder expands over them.
    if (this.subclassesOf(cls).length > 0) return unknown(expr, sf, `\`this\` of ${cls.name?.text ?? 'a class'}, one per subclass`, { declaration: cls, sf });
    return this.instanceOf(cls, sf);
  }

  private readonly subclasses = new Map<ts.Node, { decl: ts.ClassLikeDeclaration; sf: ts.SourceFile }[]>();

  /** Classes of the project that extend `cls`, directly or not (found through files that mention its name). */
  subclassesOf(cls: ts.ClassLikeDeclaration): { decl: ts.ClassLikeDeclaration; sf: ts.SourceFile }[] {
    const cached = this.subclasses.get(cls);
    if (cached) return cached;
    const out: { decl: ts.ClassLikeDeclaration; sf: ts.SourceFile }[] = [];
    this.subclasses.set(cls, out);
    const name = cls.name?.text;
    if (!name) return out;
    const own = cls.getSourceFile().fileName;
    const files = new Set([own, ...(this.sources.filesExtending?.(name) ?? [])]);
    for (const file of files) {
      const fileSf = this.sources.getSourceFile(file);
      if (!fileSf) continue;
      const visit = (node: ts.Node): void => {
        if (ts.isClassLike(node) && node !== cls) {
          const heritage = node.heritageClauses?.find((h) => h.token === ts.SyntaxKind.ExtendsKeyword)?.types[0];
          if (heritage && heritage.expression.getText(fileSf).endsWith(name)) {
            const base = this.evaluate(heritage.expression, fileSf);
            if (base.kind === 'class' && base.node === cls) {
              this.dependencies.add(file);
              out.push({ decl: node, sf: fileSf }, ...this.subclassesOf(node));
            }
          }
        }
        ts.forEachChild(node, visit);
      };
      visit(fileSf);
    }
    return out;
  }

  /** The instances a base class's `this` can be: each subclass that is not abstract, and the class itself when it is not. */
  thisCandidates(cls: ts.ClassLikeDeclaration, sf: ts.SourceFile): ObjectValue[] {
    const classes = [{ decl: cls, sf }, ...this.subclassesOf(cls)];
    return classes.filter(({ decl }) => !isAbstract(decl) && !this.subclassesOf(decl).length).map(({ decl, sf: declSf }) => this.instanceOf(decl, declSf));
  }

  private readonly instances = new Map<ts.Node, ObjectValue>();

  /**
   * An instance of a class, read from its declaration and its base classes': field initializers, members set in
   * the constructor or assigned (`this.tools = …`) in any method, methods and getters, each evaluated with `this`
   * bound to this instance (so a base class's method sees the subclass's fields). Built by `new X(args)`, the
   * constructors' parameters are bound to the arguments (through `super(…)` to the base class's); the instance
   * `this` stands for (no arguments known) is cached per class.
   */
  instanceOf(cls: ts.ClassLikeDeclaration, sf: ts.SourceFile, construction?: { args: Value[]; site: ts.Node; siteSf: ts.SourceFile }): ObjectValue {
    const cached = construction ? undefined : this.instances.get(cls);
    if (cached) return cached;
    // Located at its class, which tells instances from plain objects (find.ts, forms).
    const instance: ObjectValue = { kind: 'object', properties: new Map(), unresolved: [], node: cls, sf };
    if (!construction) this.instances.set(cls, instance);
    const chain = this.classChain(cls, sf);
    const env = new Map<ts.Node, Value>(chain.map(({ decl }) => [decl, instance] as [ts.Node, Value]));
    if (construction) {
      this.bindConstructors(chain, construction.args, env, construction.site, construction.siteSf);
      // A base class that cannot be read (a package's) may set more: reading a field none of the chain shows stays unknown.
      if (hasBaseClass(chain[0].decl)) instance.unresolved.push({ node: construction.site, sf: construction.siteSf, reason: 'fields set by a base class that cannot be read' });
    }
    for (const { decl, sf: declSf } of chain) {
      const assigned = thisAssignments(decl);
      for (const member of decl.members) {
        if (isStatic(member) || !member.name) continue;
        const key = propertyNameText(member.name);
        if (key === undefined) continue;
        if (ts.isPropertyDeclaration(member)) {
          const writes = assigned.get(key) ?? [];
          if (!member.initializer && writes.length === 0) continue;
          const initializer = member.initializer;
          put(instance, lazyProperty(key, member, member.name, declSf, () => this.withMethodFills(this.memberValue(initializer, writes, member, declSf, env), key, chain, env)));
        } else if (!this.followInstances) {
          continue;
        } else if (ts.isMethodDeclaration(member)) {
          put(instance, { key, value: { kind: 'function', node: member, sf: declSf, env }, node: member, keyNode: member.name, sf: declSf });
        } else if (ts.isGetAccessorDeclaration(member)) {
          put(instance, lazyProperty(key, member, member.name, declSf, () => this.callFunction({ kind: 'function', node: member, sf: declSf, env }, [], member, declSf)));
        }
      }
      for (const [key, writes] of assigned) {
        if (decl.members.some((m) => m.name && !isStatic(m) && propertyNameText(m.name) === key)) continue;
        put(instance, lazyProperty(key, writes[0], writes[0].left, declSf, () => this.withMethodFills(this.memberValue(undefined, writes, writes[0], declSf, env), key, chain, env)));
      }
    }
    return instance;
  }

  /**
   * Binds the parameters of the nearest constructor in the chain (derived class first) to the arguments of `new`,
   * then those of each base constructor to its `super(…)` call's arguments.
   */
  private bindConstructors(chain: { decl: ts.ClassLikeDeclaration; sf: ts.SourceFile }[], args: Value[], env: Map<ts.Node, Value>, site: ts.Node, siteSf: ts.SourceFile): void {
    let pending: Value[] | undefined = args;
    for (let i = chain.length - 1; i >= 0 && pending; i--) {
      const { decl, sf: declSf } = chain[i];
      const ctor = decl.members.find((m): m is ts.ConstructorDeclaration => ts.isConstructorDeclaration(m) && !!m.body);
      // A class without a constructor passes its arguments on to its base class.
      if (!ctor) continue;
      this.bindParameters(ctor, pending, env, declSf, site, siteSf);
      const superCall = ctor.body!.statements.map((s) => (ts.isExpressionStatement(s) ? skipOuterExpressions(s.expression) : undefined)).find((e): e is ts.CallExpression => !!e && ts.isCallExpression(e) && e.expression.kind === ts.SyntaxKind.SuperKeyword);
      pending = superCall?.arguments.map((arg) => this.evaluate(arg, declSf, env));
      site = superCall ?? site;
      siteSf = superCall ? declSf : siteSf;
    }
  }

  private readonly fillingFields = new Set<string>();

  /**
   * A collection field with what the class's own methods add to it (`register(def) { this.tools.set(def.name, def) }`):
   * each fill is read once per call of its method on an instance of the class, in any project file, with the
   * method's parameters bound to that call's arguments (one value per element when the call sits in a loop).
   */
  private withMethodFills(value: Value, key: string, chain: { decl: ts.ClassLikeDeclaration; sf: ts.SourceFile }[], env: Env): Value {
    if (value.kind !== 'array' || !this.followInstances) return value;
    const fills = chain.flatMap(({ decl, sf }) => (methodFills(decl).get(key) ?? []).map((fill) => ({ ...fill, sf })));
    if (fills.length === 0) return value;
    const guard = `${chain[chain.length - 1].sf.fileName}:${chain[chain.length - 1].decl.pos}#${key}`;
    if (this.fillingFields.has(guard)) return value;
    this.fillingFields.add(guard);
    // Searching the callers is bounded: a field of a bundled library (a schema cache) must not use up the steps
    // the registration being read needs.
    const budgetBefore = this.budget;
    const allowance = Math.min(FILL_BUDGET, Math.floor(budgetBefore / 4));
    this.budget = allowance;
    try {
      const elements = [...value.elements];
      let conditional = false;
      for (const fill of fills) {
        // A constructor's fills run with the construction's own arguments (bound in `env`); a method's, with each caller's.
        const method = fill.method;
        const bindings = ts.isConstructorDeclaration(method)
          ? [new Map<ts.Node, Value>()]
          : this.methodCallSites(method).flatMap((site) => this.callBindings(method, site));
        // Added only on some paths of the method: `has`/`get` cannot answer for certain.
        if (bindings.length > 0 && method.body && underCondition(fill.call, method.body)) conditional = true;
        for (const binding of bindings) {
          const bound = new Map([...env, ...binding]);
          if (fill.kind === 'pair') {
            if (!value.keyed || fill.call.arguments.length !== 2) continue;
            for (const pair of this.expandTogether(fill.call.arguments, fill.sf, bound)) elements.push({ kind: 'array', elements: pair, node: fill.call, sf: fill.sf });
          } else {
            if (value.keyed) continue;
            elements.push(...fill.call.arguments.flatMap((arg) => this.expandValue(arg, fill.sf, bound)));
          }
          if (elements.length > MAX_ELEMENTS) return { ...value, elements, partial: 'too many elements to follow' };
        }
      }
      if (this.budget < 0) return { ...value, elements, partial: 'filled by calls too costly to follow' };
      return conditional ? { ...value, elements, partial: value.partial ?? 'filled under a condition' } : { ...value, elements };
    } finally {
      this.budget = budgetBefore - (allowance - Math.max(this.budget, 0));
      this.fillingFields.delete(guard);
    }
  }

  private readonly methodSites = new Map<ts.MethodDeclaration, ts.CallExpression[]>();

  /** Calls of an instance method on an instance of its class (or a subclass), in its own file and any file naming it. */
  private methodCallSites(method: ts.MethodDeclaration): ts.CallExpression[] {
    const cached = this.methodSites.get(method);
    if (cached) return cached;
    const sites: ts.CallExpression[] = [];
    this.methodSites.set(method, sites);
    const name = methodName(method);
    const cls = method.parent;
    if (!name || !ts.isClassLike(cls)) return sites;
    const classes = new Set<ts.Node>([cls, ...this.subclassesOf(cls).map(({ decl }) => decl)]);
    const own = method.getSourceFile().fileName;
    for (const file of new Set([own, ...(this.sources.filesMentioning?.(name) ?? [])])) {
      const fileSf = this.sources.getSourceFile(file);
      if (!fileSf) continue;
      for (const { call, receiver } of methodCallsIn(fileSf, name)) {
        // A method calling itself adds nothing new.
        if (enclosingMethod(call) === method) continue;
        const instances = this.expandValue(receiver, fileSf, EMPTY_ENV);
        if (instances.some((r) => r.kind === 'object' && classes.has(r.node))) {
          sites.push(call);
          this.dependencies.add(file);
        }
      }
    }
    return sites;
  }

  /** The method's parameters bound to one call's arguments, once per value a loop around the call gives them. */
  private callBindings(fn: ts.FunctionLikeDeclaration, site: ts.CallExpression): Map<ts.Node, Value>[] {
    const sf = site.getSourceFile();
    const evaluateArgs = (env: Env): Value[] =>
      fn.parameters.map((_, j) => {
        const arg = site.arguments[j];
        if (!arg) return { kind: 'literal', value: undefined, node: site, sf };
        return ts.isSpreadElement(arg) ? unknown(arg, sf, 'a spread argument') : this.evaluate(arg, sf, env);
      });
    const needs = (values: Value[]) => values.find((v): v is Value & { kind: 'unknown' } => v.kind === 'unknown' && !!v.binder)?.binder;
    return expandEnvs(this, EMPTY_ENV, evaluateArgs, needs).map((values) => {
      const env = new Map<ts.Node, Value>();
      this.bindParameters(fn, values, env, fn.getSourceFile(), site, sf);
      return env;
    });
  }

  /** A field's value: its initializer and the values methods assign to it (any of which may be current). */
  private memberValue(initializer: ts.Expression | undefined, writes: ts.BinaryExpression[], node: ts.Node, sf: ts.SourceFile, env: Env): Value {
    const values = [...(initializer ? [initializer] : []), ...writes.map((w) => w.right)].map((expr) => this.evaluate(expr, sf, env));
    if (values.length === 1) return values[0];
    return unionOfLists(values, node, sf) ?? unknown(node, sf, `a member assigned in several places (${values.length})`);
  }

  /** The class and its base classes that can be found, base first. */
  private classChain(cls: ts.ClassLikeDeclaration, sf: ts.SourceFile): { decl: ts.ClassLikeDeclaration; sf: ts.SourceFile }[] {
    const chain = [{ decl: cls, sf }];
    let current: { decl: ts.ClassLikeDeclaration; sf: ts.SourceFile } = chain[0];
    while (chain.length < 10) {
      const heritage = current.decl.heritageClauses?.find((h) => h.token === ts.SyntaxKind.ExtendsKeyword)?.types[0];
      if (!heritage) break;
      const base = this.evaluate(heritage.expression, current.sf);
      if (base.kind !== 'class' || chain.some((c) => c.decl === base.node)) break;
      current = { decl: base.node, sf: base.sf };
      chain.unshift(current);
    }
    return chain;
  }

  /** `list.find(cb)`: the first element the callback keeps, as long as every callback before it gives a known answer. */
  private findElement(receiver: ArrayValue, expr: ts.CallExpression, sf: ts.SourceFile, env: Env): Value | undefined {
    const arg = expr.arguments[0] && this.evaluate(expr.arguments[0], sf, env);
    if (!arg || receiver.partial || arg.kind !== 'function') return undefined;
    const indexed = this.indexedFind(receiver, arg, expr, sf);
    if (indexed) return indexed;
    for (const element of receiver.elements) {
      const kept = this.callFunction(arg, [element], expr, sf);
      if (kept.kind !== 'literal') return undefined;
      if (kept.value) return element;
    }
    return { kind: 'literal', value: undefined, node: expr, sf };
  }

  /**
   * `list.find((e) => e.key === value)`: an equality lookup. The list is indexed by `key` once (per evaluator), so a
   * loop that looks up each of its tools in a large data file costs one index, not one callback per element.
   */
  private indexedFind(list: ArrayValue, fn: FunctionValue, site: ts.Node, siteSf: ts.SourceFile): Value | undefined {
    const lookup = equalityLookup(fn.node);
    if (!lookup) return undefined;
    const wanted = this.evaluate(lookup.value, fn.sf, fn.env);
    if (wanted.kind !== 'literal') return undefined;
    let byKey = this.findIndexes.get(list);
    if (!byKey) this.findIndexes.set(list, (byKey = new Map()));
    let index = byKey.get(lookup.key);
    if (!index) {
      const built = new Map<unknown, Value>();
      for (const element of list.elements) {
        if (element.kind !== 'object') return undefined;
        const key = this.member(element, lookup.key, site, siteSf);
        if (key.kind !== 'literal') return undefined;
        if (!built.has(key.value)) built.set(key.value, element);
      }
      byKey.set(lookup.key, (index = built));
    }
    return index.get(wanted.value) ?? { kind: 'literal', value: undefined, node: site, sf: siteSf };
  }

  private readonly findIndexes = new WeakMap<ArrayValue, Map<string, Map<unknown, Value>>>();

  /**
   * A function that returns literals from several `return`s (`if (!writes) return false; … return true`): the one
   * the known conditions select, the common value when all agree, else unknown. Functions returning objects keep
   * their last return. Smallest general version of returns over known conditions.
   */
  private literalReturn(decl: ts.FunctionLikeDeclaration, sf: ts.SourceFile, env: Env): Value | undefined {
    if (!decl.body || !ts.isBlock(decl.body)) return undefined;
    const returns = returnStatementsIn(decl.body);
    if (returns.length < 2) return undefined;
    const values = returns.map((r) => (r.expression ? this.evaluate(r.expression, sf, env) : undefined));
    if (!values.every((v) => v?.kind === 'literal')) return undefined;
    const literals = values as Extract<Value, { kind: 'literal' }>[];
    if (literals.every((v) => v.value === literals[0].value)) return literals[0];
    const chosen = this.selectedReturn(decl.body.statements, sf, env);
    if (chosen && chosen !== 'unknown') return chosen.expression ? this.evaluate(chosen.expression, sf, env) : { kind: 'literal', value: undefined, node: chosen, sf };
    return unknown(decl, sf, 'a value that depends on which `return` runs');
  }

  /**
   * With several returns, the one that runs when the `if`s before it are decided by the arguments
   * (`if (useDefaults) return { visible: isListed(key) }; return { visible: true }`).
   */
  private decidedReturn(decl: ts.FunctionLikeDeclaration, sf: ts.SourceFile, env: Env): Value | undefined {
    if (!decl.body || !ts.isBlock(decl.body) || returnStatementsIn(decl.body).length < 2) return undefined;
    const chosen = this.selectedReturn(decl.body.statements, sf, env);
    return chosen && chosen !== 'unknown' && chosen.expression ? this.evaluate(chosen.expression, sf, env) : undefined;
  }

  /** The `return` that runs, following `if`s whose condition is known; 'unknown' when a run-time condition decides. */
  private selectedReturn(statements: readonly ts.Statement[], sf: ts.SourceFile, env: Env): ts.ReturnStatement | 'unknown' | undefined {
    for (const statement of statements) {
      if (ts.isReturnStatement(statement)) return statement;
      if (returnStatementsIn(statement).length === 0) continue;
      if (!ts.isIfStatement(statement) && !ts.isBlock(statement)) return 'unknown';
      if (ts.isBlock(statement)) {
        const inner = this.selectedReturn(statement.statements, sf, env);
        if (inner) return inner;
        continue;
      }
      const condition = this.evaluate(statement.expression, sf, env);
      if (condition.kind !== 'literal') return 'unknown';
      const branch = condition.value ? statement.thenStatement : statement.elseStatement;
      if (!branch) continue;
      const inner = this.selectedReturn(ts.isBlock(branch) ? branch.statements : [branch], sf, env);
      if (inner) return inner;
    }
    return undefined;
  }

  // ---- data files and folders (builtins.ts) ----

  dataFileValue(path: string): Value | undefined {
    const dataSf = this.sources.getSourceFile(path);
    if (!dataSf) return undefined;
    this.dependencies.add(path);
    return jsonRoot(dataSf, this);
  }

  listDirectory(dir: string): string[] | undefined {
    const names = this.sources.listDirectory?.(dir);
    if (names) this.dependencies.add(dir);
    return names;
  }

  importAbsolute(path: string, use: ts.Node, sf: ts.SourceFile): Value {
    let specifier = relative(dirname(sf.fileName), path);
    if (!specifier.startsWith('.')) specifier = `./${specifier}`;
    return this.importValue(specifier, '*', use, sf);
  }

  exportOf(module: Value, exportName: string, use: ts.Node, sf: ts.SourceFile): Value {
    return this.member(module, exportName, use, sf);
  }

  /** `createTool(def)` of an MCP framework returns `def`: the definition is read through it (forms/frameworks.ts). */
  private frameworkDefinition(callee: ts.Expression, expr: ts.CallExpression, sf: ts.SourceFile, env: Env): Value | undefined {
    const args = callArguments(expr);
    if (args.length === 0) return undefined;
    let imported = ts.isIdentifier(callee) ? importOf(callee) : undefined;
    if (ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression)) {
      // `ns.tool(def)` of a namespace import or `require`.
      const namespace = importOf(callee.expression);
      if (namespace && (namespace.exportName === '*' || namespace.exportName === 'default')) imported = { module: namespace.module, exportName: callee.name.text };
    }
    const definer = imported && definerFramework(imported.module, imported.exportName);
    if (!definer) return undefined;
    const definition = definer.named ? this.namedDefinition(args, expr, sf, env) : this.evaluate(args[0], sf, env);
    definedBy.set(definition, definer.framework);
    return definition;
  }

  /** `tool("search", { description, annotations })`: the definition with the name given first as its `name`. */
  private namedDefinition(args: readonly ts.Expression[], expr: ts.CallExpression, sf: ts.SourceFile, env: Env): Value {
    const [nameArg, definitionArg] = args;
    const definition = definitionArg ? this.evaluate(definitionArg, sf, env) : undefined;
    if (definition?.kind !== 'object') return definition ?? unknown(expr, sf, 'a tool defined without a definition');
    const named: ObjectValue = { ...definition, properties: new Map(definition.properties) };
    named.properties.set('name', { key: 'name', value: this.evaluate(nameArg, sf, env), node: nameArg, keyNode: nameArg, sf });
    return named;
  }

  private objectAssign(expr: ts.CallExpression, sf: ts.SourceFile, env: Env): Value {
    const result: ObjectValue = { kind: 'object', properties: new Map(), unresolved: [], node: expr, sf };
    for (const arg of expr.arguments) {
      const value = this.evaluate(arg, sf, env);
      if (value.kind === 'object') {
        for (const property of value.properties.values()) {
          const previous = result.properties.get(property.key);
          result.properties.set(property.key, previous ? overriding(property, previous) : property);
        }
        result.unresolved.push(...value.unresolved);
      } else {
        result.unresolved.push({ node: arg, sf, reason: value.kind === 'unknown' ? value.reason : `a ${value.kind}` });
      }
    }
    return result;
  }

  /** Calls a function statically: parameters are bound to the arguments, and the returned expression is evaluated. */
  callFunction(fn: FunctionValue, args: Value[], site: ts.Node, siteSf: ts.SourceFile): Value {
    const decl = fn.node;
    if (!decl.body) return unknown(site, siteSf, 'a function without a body');
    if (this.inProgress.has(decl)) return unknown(site, siteSf, 'a recursive call');
    const env = new Map(fn.env);
    this.bindParameters(decl, args, env, fn.sf, site, siteSf);
    this.inProgress.add(decl);
    try {
      const returned = returnExpression(decl);
      if (!returned) return unknown(site, siteSf, `the result of a function with no single return value`);
      const literal = this.literalReturn(decl, fn.sf, env);
      if (literal && literal.kind !== 'unknown') return literal;
      const decided = this.decidedReturn(decl, fn.sf, env);
      if (decided) return decided;
      // Several returns: the one the path its arguments select reaches (execute.ts).
      const onPath = ts.isBlock(decl.body) && hasSeveralReturns(decl.body) ? returnOnPath(this, decl as ts.FunctionLikeDeclaration & { body: ts.Block }, fn.sf, env) : undefined;
      return onPath ?? literal ?? this.evaluate(returned, fn.sf, env);
    } finally {
      this.inProgress.delete(decl);
    }
  }

  /** Binds a function's parameters to the arguments of a call: rest parameters get the remaining ones, defaults the missing ones. */
  private bindParameters(decl: ts.SignatureDeclaration, args: Value[], env: Map<ts.Node, Value>, declSf: ts.SourceFile, site: ts.Node, siteSf: ts.SourceFile): void {
    decl.parameters.forEach((parameter, index) => {
      const arg = args[index];
      if (parameter.dotDotDotToken) {
        env.set(parameter, { kind: 'array', elements: args.slice(index), node: site, sf: siteSf });
      } else if (arg && !(arg.kind === 'literal' && arg.value === undefined && parameter.initializer)) {
        env.set(parameter, arg);
      } else if (parameter.initializer) {
        env.set(parameter, this.evaluate(parameter.initializer, declSf, env));
      } else {
        env.set(parameter, unknown(parameter, declSf, `the parameter \`${parameter.name.getText(declSf)}\` (not passed)`));
      }
    });
  }

  /** Key/value pairs of an object or module, for Object.values/entries/keys. */
  entriesOf(value: Value): [string, Value, ts.Node][] | undefined {
    if (value.kind === 'object') return [...value.properties.values()].map((p) => [p.key, withOrigin(presentValue(p), p), p.keyNode]);
    if (value.kind === 'module') return this.moduleExports(value.node).map(([k, v, node]) => [k, v, node]);
    if (value.kind === 'array') return value.elements.map((v, i) => [String(i), v, v.node]);
    return undefined;
  }

  // ---- modules ----

  private importValue(specifier: string, exportName: string, use: ts.Node, sf: ts.SourceFile): Value {
    const target = this.sources.resolveModule
      ? this.sources.resolveModule(sf.fileName, specifier)
      : resolveModulePath(sf.fileName, specifier, (path) => this.sources.getSourceFile(path) !== undefined);
    if (!target) {
      return unknown(use, sf, specifier.startsWith('.') ? `an import from ${specifier}, which cannot be read` : `an import from the package ${specifier}`);
    }
    this.dependencies.add(target);
    const targetSf = this.sources.getSourceFile(target)!;
    if (isJsonFile(targetSf)) {
      // `import defs from "./tools.json"`, `require("./x.json")`: the data, located in the JSON file.
      const root = jsonRoot(targetSf, this) ?? unknown(use, sf, `${specifier}, which is not JSON data`);
      return exportName === '*' || exportName === 'default' ? root : this.member(root, exportName, use, sf);
    }
    if (exportName === '*') return { kind: 'module', node: targetSf, sf: targetSf };
    return this.exportValue(targetSf, exportName, use, sf);
  }

  /** The value a module exports under `name` (ESM `export`, re-exports, CommonJS `exports.x =`). */
  exportValue(moduleSf: ts.SourceFile, name: string, use: ts.Node, useSf: ts.SourceFile): Value {
    const key = `${moduleSf.fileName}#${name}`;
    if (this.visitingExports.has(key)) return unknown(use, useSf, 'a circular re-export');
    this.visitingExports.add(key);
    try {
      return this.findExport(moduleSf, name) ?? unknown(use, useSf, `\`${name}\`, which ${baseName(moduleSf.fileName)} does not export statically`);
    } finally {
      this.visitingExports.delete(key);
    }
  }

  private readonly visitingExports = new Set<string>();

  private findExport(sf: ts.SourceFile, name: string): Value | undefined {
    for (const statement of sf.statements) {
      const exported = hasExportModifier(statement);
      if (ts.isVariableStatement(statement) && exported) {
        for (const decl of statement.declarationList.declarations) {
          if (ts.isIdentifier(decl.name) && decl.name.text === name) {
            return this.declarationValue({ kind: 'variable', declaration: decl, path: [] }, decl.name, sf, EMPTY_ENV);
          }
        }
      } else if ((ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) && exported) {
        const isDefault = statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.DefaultKeyword);
        if ((isDefault && name === 'default') || statement.name?.text === name) {
          return ts.isFunctionDeclaration(statement) ? { kind: 'function', node: statement, sf, env: EMPTY_ENV } : { kind: 'class', node: statement, sf };
        }
      } else if (ts.isEnumDeclaration(statement) && exported && statement.name.text === name) {
        return this.enumValue(statement, sf, EMPTY_ENV);
      } else if (ts.isExportAssignment(statement) && name === 'default') {
        return this.evaluate(statement.expression, sf);
      } else if (ts.isExportDeclaration(statement) && !statement.isTypeOnly) {
        const from = statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier) ? statement.moduleSpecifier.text : undefined;
        if (statement.exportClause && ts.isNamedExports(statement.exportClause)) {
          for (const element of statement.exportClause.elements) {
            if (element.name.text !== name) continue;
            const local = (element.propertyName ?? element.name).text;
            if (from) return this.importValue(from, local, element, sf);
            const decl = findDeclaration(local, element);
            return decl ? this.declarationValue(decl, element, sf, EMPTY_ENV) : undefined;
          }
        } else if (statement.exportClause && ts.isNamespaceExport(statement.exportClause) && statement.exportClause.name.text === name && from) {
          return this.importValue(from, '*', statement, sf);
        } else if (!statement.exportClause && from) {
          const value = this.importValue(from, name, statement, sf);
          if (value.kind !== 'unknown') return value;
        }
      } else if (ts.isExpressionStatement(statement)) {
        const starFrom = compiledStarReExport(statement.expression);
        if (starFrom) {
          if (name === 'default') continue;
          const value = this.importValue(starFrom, name, statement, sf);
          if (value.kind !== 'unknown') return value;
          continue;
        }
        const value = this.commonJsExport(statement.expression, name, sf);
        // tsc declares every export first (`exports.a = exports.b = void 0;`) and gives its value later.
        if (value && !(value.kind === 'literal' && value.value === undefined)) return value;
      }
    }
    return undefined;
  }

  /** `exports.name = …`, `module.exports.name = …`, `module.exports = { name }`. */
  private commonJsExport(expr: ts.Expression, name: string, sf: ts.SourceFile): Value | undefined {
    const defined = definedExport(expr, sf);
    if (defined) return defined.name === name ? this.definedExportValue(defined.descriptor, sf) : undefined;
    if (!ts.isBinaryExpression(expr) || expr.operatorToken.kind !== ts.SyntaxKind.EqualsToken) return undefined;
    const target = expr.left;
    if (ts.isPropertyAccessExpression(target)) {
      const owner = target.expression.getText(sf);
      if ((owner === 'exports' || owner === 'module.exports') && target.name.text === name) return this.evaluate(expr.right, sf);
      if (target.getText(sf) === 'module.exports') {
        const whole = this.evaluate(expr.right, sf);
        if (name === 'default') return whole;
        if (whole.kind === 'object' && whole.properties.has(name)) return this.member(whole, name, target, sf);
      }
    }
    return undefined;
  }

  /** `Object.defineProperty(exports, "x", { get: function () { return y; } })` (tsc's re-exports) or `{ value: y }`. */
  private definedExportValue(descriptor: ts.ObjectLiteralExpression, sf: ts.SourceFile): Value {
    const descriptorValue = this.objectLiteral(descriptor, sf, EMPTY_ENV);
    const getter = descriptorValue.properties.get('get')?.value;
    if (getter?.kind === 'function') return this.callFunction(getter, [], descriptor, sf);
    return descriptorValue.properties.get('value')?.value ?? unknown(descriptor, sf, 'an export defined without a value');
  }

  /** Every statically visible export of a module (for `Object.values(ns)`), in source order. */
  moduleExports(sf: ts.SourceFile): [string, Value, ts.Node][] {
    const out: [string, Value, ts.Node][] = [];
    const commonJs = new Set<string>();
    const addCommonJs = (name: string, node: ts.Node) => {
      // tsc first writes `exports.a = exports.b = void 0;`: the name counts where its value is given.
      if (name === '__esModule' || commonJs.has(name)) return;
      const value = this.exportValue(sf, name, node, sf);
      if (value.kind === 'literal' && value.value === undefined) return;
      commonJs.add(name);
      out.push([name, value, node]);
    };
    for (const statement of sf.statements) {
      if (ts.isExpressionStatement(statement)) {
        const starFrom = compiledStarReExport(statement.expression);
        if (starFrom) {
          for (const [name, , node] of this.reExportedNames(starFrom, sf)) addCommonJs(name, node);
          continue;
        }
        const defined = definedExport(statement.expression, sf);
        if (defined) addCommonJs(defined.name, defined.nameNode);
        let assignment = skipOuterExpressions(statement.expression);
        while (ts.isBinaryExpression(assignment) && assignment.operatorToken.kind === ts.SyntaxKind.EqualsToken) {
          const target = assignment.left;
          if (ts.isPropertyAccessExpression(target) && ['exports', 'module.exports'].includes(target.expression.getText(sf))) addCommonJs(target.name.text, target.name);
          assignment = skipOuterExpressions(assignment.right);
        }
        continue;
      }
      if (ts.isVariableStatement(statement) && hasExportModifier(statement)) {
        for (const decl of statement.declarationList.declarations) {
          if (ts.isIdentifier(decl.name)) out.push([decl.name.text, this.exportValue(sf, decl.name.text, decl, sf), decl.name]);
        }
      } else if (ts.isFunctionDeclaration(statement) && hasExportModifier(statement) && statement.name) {
        out.push([statement.name.text, { kind: 'function', node: statement, sf, env: EMPTY_ENV }, statement.name]);
      } else if (ts.isExportDeclaration(statement) && statement.exportClause && ts.isNamedExports(statement.exportClause) && !statement.isTypeOnly) {
        for (const element of statement.exportClause.elements) {
          if (!element.isTypeOnly) out.push([element.name.text, this.exportValue(sf, element.name.text, element, sf), element.name]);
        }
      }
    }
    return out;
  }

  /** The exports a star re-export brings (never `default`), or none when the module cannot be read. */
  private reExportedNames(specifier: string, sf: ts.SourceFile): [string, Value, ts.Node][] {
    const target = resolveModulePath(sf.fileName, specifier, (path) => this.sources.getSourceFile(path) !== undefined);
    const targetSf = target && this.sources.getSourceFile(target);
    if (!targetSf || isJsonFile(targetSf) || this.visitingExports.has(`${target}#*`)) return [];
    this.dependencies.add(target);
    this.visitingExports.add(`${target}#*`);
    try {
      return this.moduleExports(targetSf).filter(([name]) => name !== 'default');
    } finally {
      this.visitingExports.delete(`${target}#*`);
    }
  }
}

/** `Object.defineProperty(exports, "name", descriptor)`: the name and the descriptor literal. */
function definedExport(expr: ts.Expression, sf: ts.SourceFile): { name: string; nameNode: ts.Node; descriptor: ts.ObjectLiteralExpression } | undefined {
  const call = skipOuterExpressions(expr);
  if (!ts.isCallExpression(call) || call.arguments.length !== 3 || call.expression.getText(sf) !== 'Object.defineProperty') return undefined;
  const [target, key, descriptor] = call.arguments;
  if (!['exports', 'module.exports'].includes(target.getText(sf)) || !ts.isStringLiteralLike(key) || !ts.isObjectLiteralExpression(descriptor)) return undefined;
  return { name: key.text, nameNode: key, descriptor };
}

/** The exported function that declares `fn` (named `name`) directly in its body and returns it (alone, or in a list or object). */
function returnedBy(fn: ts.Node, name: string): ts.FunctionLikeDeclaration | undefined {
  const statement = fn.parent?.parent?.parent;
  const outer = statement?.parent?.parent;
  if (!outer || !(ts.isFunctionDeclaration(outer) || ts.isArrowFunction(outer) || ts.isFunctionExpression(outer)) || !isExported(outer)) return undefined;
  const returned = returnExpression(outer);
  if (!returned) return undefined;
  const inner = skipOuterExpressions(returned);
  const parts = ts.isArrayLiteralExpression(inner) ? inner.elements : ts.isObjectLiteralExpression(inner) ? inner.properties.map((p) => (ts.isShorthandPropertyAssignment(p) ? p.name : ts.isPropertyAssignment(p) ? p.initializer : p)) : [inner];
  return parts.some((part) => ts.isIdentifier(part) && part.text === name) ? outer : undefined;
}

/**
 * The named function that returns `fn`, an anonymous function, as its whole result (`return (tool) => {…}`): its
 * callers keep it under a name of their own (`const tool = createRegisterTool(…); tool(def)`), in this file or, when
 * the outer function is exported, in the files that import it.
 */
function returnedAnonymously(fn: ts.FunctionLikeDeclaration): ts.FunctionLikeDeclaration | undefined {
  if (!(ts.isArrowFunction(fn) || ts.isFunctionExpression(fn))) return undefined;
  let node: ts.Node = fn;
  while (node.parent && (ts.isParenthesizedExpression(node.parent) || ts.isAsExpression(node.parent) || ts.isSatisfiesExpression(node.parent))) node = node.parent;
  const statement = node.parent;
  if (!statement || !ts.isReturnStatement(statement)) return undefined;
  const outer = statement.parent?.parent;
  if (!outer || !(ts.isFunctionDeclaration(outer) || ts.isArrowFunction(outer) || ts.isFunctionExpression(outer)) || !functionName(outer)) return undefined;
  return returnExpression(outer) === statement.expression ? outer : undefined;
}

/** An exported function declaration or `export const name = () => …`. */
function isExported(fn: ts.FunctionLikeDeclaration): boolean {
  if (ts.isFunctionDeclaration(fn)) return hasExportModifier(fn);
  const declaration = fn.parent;
  if (declaration && ts.isVariableDeclaration(declaration)) {
    const statement = declaration.parent?.parent;
    return !!statement && ts.isVariableStatement(statement) && hasExportModifier(statement);
  }
  return false;
}

function hasBaseClass(cls: ts.ClassLikeDeclaration): boolean {
  return cls.heritageClauses?.some((h) => h.token === ts.SyntaxKind.ExtendsKeyword) ?? false;
}

function isAbstract(cls: ts.ClassLikeDeclaration): boolean {
  return ts.getModifiers(cls)?.some((m) => m.kind === ts.SyntaxKind.AbstractKeyword) ?? false;
}

function isStatic(member: ts.Node): boolean {
  return ts.canHaveModifiers(member) && (ts.getModifiers(member)?.some((m) => m.kind === ts.SyntaxKind.StaticKeyword) ?? false);
}

/** `this.key = value` written in the class's own members (arrows inside them included), by key. */
const thisAssignmentsByClass = new WeakMap<ts.Node, Map<string, ts.BinaryExpression[]>>();

function thisAssignments(cls: ts.ClassLikeDeclaration): Map<string, ts.BinaryExpression[]> {
  const cached = thisAssignmentsByClass.get(cls);
  if (cached) return cached;
  const out = new Map<string, ts.BinaryExpression[]>();
  const visit = (node: ts.Node): void => {
    if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken && ts.isPropertyAccessExpression(node.left) && node.left.expression.kind === ts.SyntaxKind.ThisKeyword) {
      const key = node.left.name.text;
      out.set(key, [...(out.get(key) ?? []), node]);
    }
    // `this` inside a nested function or class is another object.
    if ((ts.isFunctionLike(node) && !ts.isArrowFunction(node) && node.parent !== cls) || (ts.isClassLike(node) && node !== cls)) return;
    ts.forEachChild(node, visit);
  };
  for (const member of cls.members) if (!isStatic(member)) visit(member);
  thisAssignmentsByClass.set(cls, out);
  return out;
}

function put(object: ObjectValue, property: ObjectProperty): void {
  object.properties.set(property.key, property);
}

/** Lists a variable may hold (nothing, `null` or `undefined` add no element): their elements, each once. */
function unionOfLists(values: Value[], decl: ts.Node, sf: ts.SourceFile): ArrayValue | undefined {
  const lists = values.filter((value) => !(value.kind === 'literal' && (value.value === null || value.value === undefined)));
  if (lists.length === 0 || !lists.every((value) => value.kind === 'array')) return undefined;
  const seen = new Map<string, number>();
  const elements: Value[] = [];
  let partial: string | undefined;
  for (const list of lists as ArrayValue[]) {
    for (const element of list.elements) {
      const key = elementKey(element);
      const at = seen.get(key);
      if (at === undefined) {
        seen.set(key, elements.length);
        elements.push(element);
      } else if (keptConditions(elements[at]).length === 0 && keptConditions(element).length > 0) {
        // Listed for certain by one value the variable may hold, only under a condition by another: a condition.
        elements[at] = element;
      }
    }
    partial ??= list.partial;
  }
  // An element some of the lists leave out is there only when the run time picks a list that has it.
  const keysOfLists = (lists as ArrayValue[]).map((list) => new Set(list.elements.map(elementKey)));
  const everywhere = (element: Value) => keysOfLists.every((keys) => keys.has(elementKey(element)));
  const chosen = [{ node: decl, sf, negated: false, via: 'if' as const }];
  return { kind: 'array', elements: elements.map((e) => (everywhere(e) ? e : keptOnlyWhen(e, chosen))), node: decl, sf, partial };
}

/** What a callback decides with: its expression body, or the function itself. */
function callbackBody(fn: ts.FunctionLikeDeclaration): ts.Node {
  return fn.body && !ts.isBlock(fn.body) ? fn.body : fn;
}

/** Two elements are the same when they come from the same place with the same name (one literal mapped over names gives several). */
function elementKey(element: Value): string {
  const name = element.kind === 'object' ? element.properties.get('name')?.value : undefined;
  return `${element.sf.fileName}:${element.node.pos}:${name?.kind === 'literal' ? String(name.value) : ''}`;
}

/** The member of the root variable a write goes through: `config.annotations.x` → `annotations` (and its access node). */
function firstMember(target: ts.Expression): { key: string; access: ts.Expression } | undefined {
  let access = target;
  for (;;) {
    if (!ts.isPropertyAccessExpression(access) && !ts.isElementAccessExpression(access)) return undefined;
    const owner = skipOuterExpressions(access.expression);
    if (ts.isIdentifier(owner)) break;
    access = owner;
  }
  if (ts.isPropertyAccessExpression(access)) return { key: access.name.text, access };
  const argument = (access as ts.ElementAccessExpression).argumentExpression;
  return ts.isStringLiteralLike(argument) || ts.isNumericLiteral(argument) ? { key: argument.text, access } : undefined;
}

/** The function a node runs in (undefined at module level). */
/** True when `node` runs only on some paths between `scope` and it (an `if`, `?:`, `&&`, `||`, `??`, `switch`, `catch`). */
function underCondition(node: ts.Node, scope: ts.Node): boolean {
  for (let child = node, parent = node.parent; parent && parent !== scope; child = parent, parent = parent.parent) {
    if (ts.isIfStatement(parent) && child !== parent.expression) return true;
    if (ts.isConditionalExpression(parent) && child !== parent.condition) return true;
    if (ts.isBinaryExpression(parent) && child === parent.right && [ts.SyntaxKind.AmpersandAmpersandToken, ts.SyntaxKind.BarBarToken, ts.SyntaxKind.QuestionQuestionToken].includes(parent.operatorToken.kind)) return true;
    if (ts.isCaseClause(parent) || ts.isDefaultClause(parent) || ts.isCatchClause(parent)) return true;
  }
  return false;
}

/** True when the variable is passed as an argument to a call in its scope (`fill(map)`), where it may be changed. */
function escapesAsArgument(decl: ts.VariableDeclaration): boolean {
  const scope = decl.parent.parent.parent;
  if (!scope || !ts.isIdentifier(decl.name)) return false;
  const name = decl.name.text;
  return (argumentsIn(scope).get(name) ?? []).some((inner) => declaresVariable(findDeclaration(name, inner), decl));
}

/**
 * Identifiers passed as arguments of a call or `new` in a scope, by name: one walk per scope (a bundle's module scope
 * declares thousands of variables). Kept with the scope node, which a re-parse makes anew when anything in it changes.
 */
const argumentsByScope = new WeakMap<ts.Node, Map<string, ts.Identifier[]>>();

function argumentsIn(scope: ts.Node): Map<string, ts.Identifier[]> {
  let found = argumentsByScope.get(scope);
  if (found) return found;
  const byName = new Map<string, ts.Identifier[]>();
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
      for (const arg of node.arguments ?? []) {
        const inner = skipOuterExpressions(ts.isSpreadElement(arg) ? arg.expression : arg);
        if (!ts.isIdentifier(inner)) continue;
        const list = byName.get(inner.text);
        if (list) list.push(inner);
        else byName.set(inner.text, [inner]);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(scope);
  found = byName;
  argumentsByScope.set(scope, found);
  return found;
}

function enclosingMethod(node: ts.Node): ts.Node | undefined {
  let current = node.parent;
  while (current && !ts.isMethodDeclaration(current) && !ts.isSourceFile(current)) current = current.parent;
  return current;
}

/**
 * True when the callee is a variable set from a call of the function named `searched` (`const tool =
 * createRegisterTool(…)`, `const [tool] = …`, `tools_1.createRegisterTool(…)` in compiled code): only such callees are
 * evaluated when looking for the callers of a function that function returns.
 */
function boundToCallOf(callee: ts.Expression, searched: string): boolean {
  const written = skipOuterExpressions(callee);
  if (!ts.isIdentifier(written)) return false;
  const declaration = findDeclaration(written.text, written);
  let init = declaration?.kind === 'variable' ? declaration.declaration.initializer : undefined;
  if (init && ts.isAwaitExpression(skipOuterExpressions(init))) init = (skipOuterExpressions(init) as ts.AwaitExpression).expression;
  const call = init && skipOuterExpressions(init);
  if (!call || !ts.isCallExpression(call)) return false;
  let target = skipOuterExpressions(call.expression);
  // `(0, tools_js_1.createRegisterTool)(…)` of compiled CommonJS.
  if (ts.isBinaryExpression(target) && target.operatorToken.kind === ts.SyntaxKind.CommaToken) target = skipOuterExpressions(target.right);
  return (ts.isIdentifier(target) && target.text === searched) || (ts.isPropertyAccessExpression(target) && target.name.text === searched);
}

/** `name`, `{ name }`, `{ key: name }`, or a variable declared as one of those objects, for a name in `names`. */
function mayHoldName(expr: ts.Expression, names: ReadonlySet<string>): boolean {
  const holds = (object: ts.ObjectLiteralExpression) =>
    object.properties.some((p) => (ts.isShorthandPropertyAssignment(p) && names.has(p.name.text)) || (ts.isPropertyAssignment(p) && ts.isIdentifier(p.initializer) && names.has(p.initializer.text)));
  if (ts.isObjectLiteralExpression(expr)) return holds(expr);
  if (!ts.isIdentifier(expr)) return false;
  if (names.has(expr.text)) return true;
  const declaration = findDeclaration(expr.text, expr);
  const initializer = declaration?.kind === 'variable' && declaration.path.length === 0 ? declaration.declaration.initializer : undefined;
  return !!initializer && ts.isObjectLiteralExpression(skipOuterExpressions(initializer)) && holds(skipOuterExpressions(initializer) as ts.ObjectLiteralExpression);
}

/**
 * A binder that a member of an object literal written at `site` waits on, declared around `site`: a loop variable or
 * callback parameter (`for (const tool of list) out.push({ name: tool.name })`), and, with `parameters`, a parameter
 * of any function around it (`configure({ tools: customTools ?? defaults })` inside `build({ tools: customTools })`).
 */
function binderInLiteral(value: Value, site: ts.Node, depth: number, parameters: boolean): import('./values').Binder | undefined {
  if (value.kind === 'unknown') return value.binder && isBinderAround(value.binder, site, parameters) ? value.binder : undefined;
  if (value.kind !== 'object' || depth === 0 || !ts.isObjectLiteralExpression(value.node) || !isWithin(value.node, site)) return undefined;
  for (const property of value.properties.values()) {
    // Members spread in from elsewhere are not evaluated here (they may be lazy and costly).
    if (!isWithin(property.node, site)) continue;
    const binder = binderInLiteral(property.value, site, depth - 1, parameters);
    if (binder) return binder;
  }
  return undefined;
}

function isBinderAround(binder: import('./values').Binder, node: ts.Node, parameters: boolean): boolean {
  const { declaration } = binder;
  if (ts.isVariableDeclaration(declaration)) {
    const loop = declaration.parent.parent;
    return (ts.isForOfStatement(loop) || ts.isForInStatement(loop)) && isWithin(node, loop.statement);
  }
  if (ts.isParameter(declaration)) {
    const fn = declaration.parent;
    const isCallback = ts.isCallExpression(fn.parent) && fn.parent.arguments.includes(fn as ts.Expression);
    return (parameters || isCallback) && isWithin(node, fn);
  }
  return false;
}

function isWithin(node: ts.Node, container: ts.Node): boolean {
  return node.getSourceFile() === container.getSourceFile() && node.pos >= container.pos && node.end <= container.end;
}

function enclosingFunction(node: ts.Node): ts.Node | undefined {
  for (let current = node.parent; current; current = current.parent) if (ts.isFunctionLike(current) || ts.isClassStaticBlockDeclaration(current)) return current;
  return undefined;
}

/** `(e) => e.key === value` (either side): the key read from the parameter and the expression it is compared with. */
function equalityLookup(fn: ts.FunctionLikeDeclaration): { key: string; value: ts.Expression } | undefined {
  const parameter = fn.parameters[0];
  const body = fn.body && (ts.isBlock(fn.body) ? returnExpression(fn) : fn.body);
  if (!parameter || fn.parameters.length !== 1 || !ts.isIdentifier(parameter.name) || !body) return undefined;
  const comparison = skipOuterExpressions(body);
  if (!ts.isBinaryExpression(comparison) || (comparison.operatorToken.kind !== ts.SyntaxKind.EqualsEqualsEqualsToken && comparison.operatorToken.kind !== ts.SyntaxKind.EqualsEqualsToken)) return undefined;
  const name = parameter.name.text;
  const keyOf = (side: ts.Expression) => {
    const inner = skipOuterExpressions(side);
    return ts.isPropertyAccessExpression(inner) && ts.isIdentifier(inner.expression) && inner.expression.text === name ? inner.name.text : undefined;
  };
  const mentionsParameter = (node: ts.Node): boolean => (ts.isIdentifier(node) && node.text === name) || !!ts.forEachChild(node, mentionsParameter);
  const leftKey = keyOf(comparison.left);
  if (leftKey && !mentionsParameter(comparison.right)) return { key: leftKey, value: comparison.right };
  const rightKey = keyOf(comparison.right);
  if (rightKey && !mentionsParameter(comparison.left)) return { key: rightKey, value: comparison.left };
  return undefined;
}

/** The `return` statements of a function body or statement (not of nested functions or classes). */
function returnStatementsIn(node: ts.Node): ts.ReturnStatement[] {
  let cached = returnsByNode.get(node);
  if (!cached) returnsByNode.set(node, (cached = findReturnStatements(node)));
  return cached;
}

/** Functions are called once per expanded tool: their returns are found once per node. */
const returnsByNode = new WeakMap<ts.Node, ts.ReturnStatement[]>();

function findReturnStatements(node: ts.Node): ts.ReturnStatement[] {
  const out: ts.ReturnStatement[] = [];
  const visit = (child: ts.Node): void => {
    if (ts.isReturnStatement(child)) out.push(child);
    else if (!ts.isFunctionLike(child) && !ts.isClassLike(child)) ts.forEachChild(child, visit);
  };
  if (ts.isReturnStatement(node)) return [node];
  ts.forEachChild(node, visit);
  return out;
}

function isJsonFile(sf: ts.SourceFile): boolean {
  return sf.fileName.endsWith('.json') || isYamlSource(sf);
}

/** The value a JSON file holds (parsed as TypeScript's JSON source file: its nodes locate each key and value). */
function jsonRoot(sf: ts.SourceFile, evaluator: Evaluator): Value | undefined {
  const statement = sf.statements[0];
  if (!isJsonFile(sf) || !statement || !ts.isExpressionStatement(statement)) return undefined;
  return evaluator.evaluate(statement.expression, sf);
}

/** A property whose value is evaluated only when something reads it (most of a config is never needed). */
function lazyProperty(key: string, node: ts.Node, keyNode: ts.Node, sf: ts.SourceFile, compute: () => Value): ObjectProperty {
  let cached: Value | undefined;
  return {
    key,
    node,
    keyNode,
    sf,
    get value() {
      return (cached ??= compute());
    },
  };
}

/** `property` written after `previous` with the same key (spreads, Object.assign). */
function overriding(property: ObjectProperty, previous: ObjectProperty): ObjectProperty {
  return {
    key: property.key,
    node: property.node,
    keyNode: property.keyNode,
    sf: property.sf,
    overrides: previous,
    get value() {
      return property.value;
    },
    get present() {
      return property.present;
    },
  };
}

const declaresVariable = (found: Declaration | undefined, decl: ts.VariableDeclaration) => found?.kind === 'variable' && found.declaration === decl;

interface Mutations {
  /** Assignments, `++`/`--` and `delete` by the name of the variable they change (directly or a member of it). */
  writes: Map<string, { node: ts.Node; root: ts.Identifier }[]>;
  /** `name.push(…)` calls by name (also `unshift`, a Map's `set` and a Set's `add`). */
  pushes: Map<string, ts.CallExpression[]>;
}

/**
 * Every write and push in a scope, found in one walk and kept with the scope node. A re-parse makes new nodes
 * for whatever changed, so a reused node's index stays true.
 */
const mutationsByScope = new WeakMap<ts.Node, Mutations>();

function scopeMutations(scope: ts.Node): Mutations {
  const cached = mutationsByScope.get(scope);
  if (cached) return cached;
  const mutations = (ts.isSourceFile(scope) && unchangedModuleMutations(scope)) || mergedMutations(scope);
  if (ts.isSourceFile(scope)) lastModule = { statements: scope.statements, mutations };
  mutationsByScope.set(scope, mutations);
  return mutations;
}

function mergedMutations(scope: ts.Node): Mutations {
  // Per statement, so that after an edit only the statements the re-parse made anew are walked again.
  const mutations: Mutations = { writes: new Map(), pushes: new Map() };
  ts.forEachChild(scope, (child) => {
    const part = statementMutations(child);
    // Most statements write nothing: iterating their empty maps allocated two iterators per statement per edit.
    if (part === NO_MUTATIONS) return;
    for (const [name, list] of part.writes) mutations.writes.set(name, [...(mutations.writes.get(name) ?? []), ...list]);
    for (const [name, list] of part.pushes) mutations.pushes.set(name, [...(mutations.pushes.get(name) ?? []), ...list]);
  });
  return mutations;
}

/** The module scope merged last: the previous version of a buffer, or the last file of a run (one tree kept). */
let lastModule: { statements: readonly ts.Statement[]; mutations: Mutations } | undefined;

/**
 * The last module's mutations when `sf` is a re-parse of it whose changed statements (those it replaced and those it
 * made) write and fill nothing: the statements kept are the same nodes, in the same order, so the merge is the same.
 * Merging every statement again cost ~1 ms per edit of a 10,000-statement file.
 */
function unchangedModuleMutations(sf: ts.SourceFile): Mutations | undefined {
  if (!lastModule) return undefined;
  const old = lastModule.statements;
  const now = sf.statements;
  const { first, last } = keptEnds(old, now);
  if (first === 0 && last === 0) return undefined;
  for (let index = first; index < old.length - last; index++) if (statementMutations(old[index]!) !== NO_MUTATIONS) return undefined;
  for (let index = first; index < now.length - last; index++) if (statementMutations(now[index]!) !== NO_MUTATIONS) return undefined;
  return lastModule.mutations;
}

const mutationsByStatement = new WeakMap<ts.Node, Mutations>();
const FILLING_CALLS = new Set(['push', 'unshift', 'set', 'add']);
const NO_MUTATIONS: Mutations = { writes: new Map(), pushes: new Map() };

function statementMutations(statement: ts.Node): Mutations {
  const cached = mutationsByStatement.get(statement);
  if (cached) return cached;
  let mutations = NO_MUTATIONS;
  const own = () => (mutations === NO_MUTATIONS ? (mutations = { writes: new Map(), pushes: new Map() }) : mutations);
  const rootOf = (target: ts.Expression): ts.Identifier | undefined => {
    let node = skipOuterExpressions(target);
    while (ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node)) node = skipOuterExpressions(node.expression);
    return ts.isIdentifier(node) ? node : undefined;
  };
  const visit = (node: ts.Node): void => {
    let target: ts.Expression | undefined;
    // One switch per node: every node of a scope is visited (the whole file for module-level variables).
    switch (node.kind) {
      case ts.SyntaxKind.BinaryExpression: {
        const operator = (node as ts.BinaryExpression).operatorToken.kind;
        if (operator >= ts.SyntaxKind.FirstAssignment && operator <= ts.SyntaxKind.LastAssignment) target = (node as ts.BinaryExpression).left;
        break;
      }
      case ts.SyntaxKind.PrefixUnaryExpression:
      case ts.SyntaxKind.PostfixUnaryExpression: {
        const unary = node as ts.PrefixUnaryExpression | ts.PostfixUnaryExpression;
        if (unary.operator === ts.SyntaxKind.PlusPlusToken || unary.operator === ts.SyntaxKind.MinusMinusToken) target = unary.operand;
        break;
      }
      case ts.SyntaxKind.DeleteExpression:
        target = (node as ts.DeleteExpression).expression;
        break;
      case ts.SyntaxKind.CallExpression: {
        const call = node as ts.CallExpression;
        target = objectAssignTarget(call);
        if (!target && ts.isPropertyAccessExpression(call.expression) && FILLING_CALLS.has(call.expression.name.text) && ts.isIdentifier(call.expression.expression)) {
          const name = call.expression.expression.text;
          const pushes = own().pushes;
          pushes.set(name, [...(pushes.get(name) ?? []), call]);
        }
        break;
      }
    }
    const root = target && rootOf(target);
    if (root) {
      const writes = own().writes;
      writes.set(root.text, [...(writes.get(root.text) ?? []), { node, root }]);
    }
    ts.forEachChild(node, visit);
  };
  visit(statement);
  mutationsByStatement.set(statement, mutations);
  return mutations;
}

/**
 * Gives a value read from `obj.key` the property as its origin, so locations point at `key: value`. A literal passed
 * through a shorthand (`return { name, config }`) is located where it is written, not at the shorthand.
 */
function withOrigin(value: Value, property: ObjectProperty): Value {
  if (value.kind === 'literal' && ts.isShorthandPropertyAssignment(property.node) && value.node !== property.node.name) return value;
  return originOf.has(value) ? value : (originOf.set(value, property), value);
}

/** The property a value was read from, when it came from an object (for locations). */
export const originOf = new WeakMap<Value, ObjectProperty>();

/** The single expression a function returns: an expression body, or the last top-level `return`. */
export function returnExpression(fn: ts.FunctionLikeDeclaration): ts.Expression | undefined {
  const body = fn.body;
  if (!body) return undefined;
  if (!ts.isBlock(body)) return body;
  const returns: ts.ReturnStatement[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isReturnStatement(node)) returns.push(node);
    else if (!ts.isFunctionLike(node) && !ts.isClassLike(node)) ts.forEachChild(node, visit);
  };
  ts.forEachChild(body, visit);
  const last = returns.filter((r) => r.expression).at(-1);
  return last?.expression;
}

/**
 * Runs `evaluate` under `env`, and whenever the result waits on a loop variable or parameter (a binder),
 * runs it again once per value that binder can take. Bounded: past the limit the unknown value stays.
 */
export function expandEnvs<T>(
  evaluator: Evaluator,
  env: Env,
  evaluate: (env: Env) => T,
  needs: (result: T) => import('./values').Binder | undefined,
  limit = 500,
): T[] {
  const results: T[] = [];
  const queue: Env[] = [env];
  const waitedOn = new Set<ts.Node>();
  let runs = 0;
  while (queue.length > 0) {
    const current = queue.shift()!;
    const result = evaluate(current);
    runs++;
    const binder = needs(result);
    if (!binder || current.has(binder.declaration) || runs > limit) {
      results.push(result);
      continue;
    }
    const bindings = binderBindings(evaluator, binder, current);
    if (bindings.length === 0) {
      // Nothing supplies this one (a parameter with no call in sight): settle it as unknown and read again, since
      // another loop or parameter the result waits on may still be supplied.
      const next = new Map(current);
      // A loop over a parameter of an outer function waits on that parameter's callers: the settled value names it,
      // so that the caller that asked can supply it and read again.
      const outer = iteratedBinder(evaluator, binder, current);
      next.set(binder.declaration, unknown(binder.declaration, binder.sf, settledReason(binder), outer && !current.has(outer.declaration) ? outer : undefined));
      queue.push(next);
      continue;
    }
    // A binder asked for after others were bound (a loop over what a function returns, whose list waits on the
    // caller's parameter) is bound first and the others read again: their values were computed without it.
    const restart = ts.isParameter(binder.declaration) && current.size > env.size && !waitedOn.has(binder.declaration);
    waitedOn.add(binder.declaration);
    for (const binding of bindings) {
      const next = new Map(restart ? env : current);
      for (const [declaration, value] of binding) next.set(declaration, value);
      queue.push(next);
    }
  }
  return results;
}

/** The binder that the list a loop variable iterates waits on (`for (const t of Object.values(registry))`, `registry` a parameter). */
function iteratedBinder(evaluator: Evaluator, binder: import('./values').Binder, env: Env): import('./values').Binder | undefined {
  const { declaration, sf } = binder;
  if (!ts.isVariableDeclaration(declaration)) return undefined;
  const loop = declaration.parent.parent;
  if (!ts.isForOfStatement(loop) && !ts.isForInStatement(loop)) return undefined;
  const iterated = evaluator.evaluate(loop.expression, sf, env);
  return iterated.kind === 'unknown' ? iterated.binder : undefined;
}

function settledReason(binder: import('./values').Binder): string {
  const { declaration, sf } = binder;
  if (ts.isClassLike(declaration)) return `\`this\` of ${declaration.name?.text ?? 'a class'}`;
  const name = declaration.name.getText(sf);
  return ts.isParameter(declaration) ? `the parameter \`${name}\`` : `the loop variable \`${name}\``;
}

/**
 * Bindings for a binder: one map per possible value. A wrapper's parameters are bound together, all from one
 * call site, so that `add("a", RO); add("b", RW)` never pairs "b" with RO.
 */
function binderBindings(evaluator: Evaluator, binder: import('./values').Binder, env: Env): Map<ts.Node, Value>[] {
  const { declaration, sf } = binder;
  if (ts.isClassLike(declaration)) return evaluator.thisCandidates(declaration, sf).map((instance) => new Map([[declaration, instance]]));
  const fn = declaration.parent;
  const isCallback = ts.isCallExpression(fn.parent) && fn.parent.arguments.includes(fn as ts.Expression);
  if (ts.isParameter(declaration) && ts.isFunctionLike(fn) && !isCallback) return wrapperBindings(evaluator, fn as ts.FunctionLikeDeclaration, sf);
  return binderCandidates(evaluator, binder, env).map((value) => new Map([[declaration, value]]));
}

function wrapperBindings(evaluator: Evaluator, fn: ts.FunctionLikeDeclaration, _sf: ts.SourceFile): Map<ts.Node, Value>[] {
  const out: Map<ts.Node, Value>[] = [];
  const parameters = fn.parameters;
  for (const site of evaluator.callSitesOf(fn)) {
    // The call may be in another file: its arguments are read there.
    const sf = site.getSourceFile();
    const evaluateArgs = (env: Env): Value[] => parameterValues(parameters, site, (arg) => evaluator.evaluate(arg, sf, env));
    const needs = (values: Value[]) => {
      for (const value of values) {
        const binder = value.kind === 'unknown' ? value.binder : binderInLiteral(value, site, 2, true);
        if (binder) return binder;
      }
      return undefined;
    };
    for (const values of expandEnvs(evaluator, EMPTY_ENV, evaluateArgs, needs)) {
      out.push(new Map(parameters.map((parameter, j) => [parameter, values[j]] as [ts.Node, Value])));
      if (out.length > MAX_ELEMENTS) return out;
    }
  }
  return out;
}

/**
 * What each parameter receives from a call: spread arguments of known lists (`register("read", ...args)`) are
 * their elements, and a rest parameter (`add(...args)`) is the list of the arguments from its place on. A spread
 * that waits on a binder is that binder (the caller expands it); another unknown spread leaves the rest unknown.
 */
function parameterValues(parameters: readonly ts.ParameterDeclaration[], site: ts.CallExpression, evaluate: (arg: ts.Expression) => Value): Value[] {
  const sf = site.getSourceFile();
  const flat: Value[] = [];
  let unknownRest: Value | undefined;
  for (const arg of site.arguments) {
    if (!ts.isSpreadElement(arg)) {
      flat.push(evaluate(arg));
      continue;
    }
    const spread = evaluate(arg.expression);
    if (spread.kind === 'array' && !spread.partial && !spread.keyed) {
      flat.push(...spread.elements);
      continue;
    }
    unknownRest = spread.kind === 'unknown' && spread.binder ? spread : unknown(arg, sf, 'a spread argument');
    break;
  }
  return parameters.map((parameter, j) => {
    if (parameter.dotDotDotToken) {
      if (unknownRest) return unknownRest;
      return { kind: 'array', elements: flat.slice(j), node: site, sf } as Value;
    }
    if (j < flat.length) return flat[j];
    return unknownRest ?? ({ kind: 'literal', value: undefined, node: site, sf } as Value);
  });
}

/** The values a loop variable or parameter can take: loop elements, callback elements, call-site arguments. */
export function binderCandidates(evaluator: Evaluator, binder: import('./values').Binder, env: Env): Value[] {
  const { declaration, sf } = binder;
  if (ts.isClassLike(declaration)) return evaluator.thisCandidates(declaration, sf);
  if (ts.isVariableDeclaration(declaration)) {
    const loop = declaration.parent.parent;
    if (ts.isForOfStatement(loop)) {
      // A list that waits on an outer loop variable (`for (const toolset of toolsets) for (const tool of toolset.tools)`)
      // is read once per value of it. A list that waits on a parameter stays unknown: the caller that asked binds the
      // parameter from its call sites, together with the others it supplies.
      const lists = expandEnvs(evaluator, env, (e) => evaluator.evaluate(loop.expression, sf, e), (value) =>
        value.kind === 'unknown' && value.binder && ts.isVariableDeclaration(value.binder.declaration) ? value.binder : undefined,
      );
      return lists.flatMap((it) => (it.kind === 'array' ? it.elements : []));
    }
    if (ts.isForInStatement(loop)) {
      const iterated = evaluator.evaluate(loop.expression, sf, env);
      const entries = evaluator.entriesOf(iterated);
      return entries ? entries.map(([key, , node]) => ({ kind: 'literal', value: key, node, sf })) : [];
    }
    return [];
  }
  const fn = declaration.parent;
  if (!ts.isFunctionLike(fn)) return [];
  const index = (fn as ts.SignatureDeclaration).parameters.indexOf(declaration);
  // A callback: `list.forEach((item) => …)`, `list.map(…)`.
  const parent = fn.parent;
  if (ts.isCallExpression(parent) && parent.arguments.includes(fn as ts.Expression)) {
    const callee = skipOuterExpressions(parent.expression);
    if (ts.isPropertyAccessExpression(callee) && ITERATING_METHODS.has(callee.name.text) && index === 0) {
      const iterated = evaluator.evaluate(callee.expression, sf, env);
      if (iterated.kind === 'array') return iterated.elements;
      const entries = evaluator.entriesOf(iterated);
      if (callee.name.text === 'forEach' && iterated.kind === 'object' && entries) return entries.map(([, v]) => v);
      return [];
    }
    return [];
  }
  // A wrapper: a named function or method whose parameter feeds the registration; its call sites supply values.
  const sites = evaluator.callSitesOf(fn as ts.FunctionLikeDeclaration);
  const values: Value[] = [];
  for (const site of sites) {
    const arg = site.arguments[index];
    if (!arg) continue;
    values.push(...expandArgument(evaluator, arg, site));
    if (values.length > MAX_ELEMENTS) break;
  }
  return values;
}

/** An argument at a call site, one value per value of what it waits on, also inside an object literal (`f({ tools })`). */
function expandArgument(evaluator: Evaluator, arg: ts.Expression, site: ts.CallExpression): Value[] {
  const inner = ts.isSpreadElement(arg) ? arg.expression : arg;
  const sf = site.getSourceFile();
  return expandEnvs(evaluator, EMPTY_ENV, (env) => evaluator.evaluate(inner, sf, env), (value) => (value.kind === 'unknown' ? value.binder : binderInLiteral(value, site, 2, true)));
}

const ORDER_COMPARISONS = new Map<ts.SyntaxKind, (a: number, b: number) => boolean>([
  [ts.SyntaxKind.LessThanToken, (a, b) => a < b],
  [ts.SyntaxKind.LessThanEqualsToken, (a, b) => a <= b],
  [ts.SyntaxKind.GreaterThanToken, (a, b) => a > b],
  [ts.SyntaxKind.GreaterThanEqualsToken, (a, b) => a >= b],
]);

const ITERATING_METHODS = new Set(['forEach', 'map', 'flatMap', 'filter', 'some', 'every', 'find']);

/** Calls of a named function, const arrow or method in the same file. */
export function callSitesOf(fn: ts.FunctionLikeDeclaration, cache: Map<ts.Node, ts.CallExpression[]>): ts.CallExpression[] {
  const cached = cache.get(fn);
  if (cached) return cached;
  const name = functionName(fn);
  const sites: ts.CallExpression[] = [];
  if (name) {
    const isMethod = ts.isMethodDeclaration(fn);
    for (const { call: node, name: calledName, byIdentifier } of callsIn(fn.getSourceFile())) {
      if (calledName !== name) continue;
      if (isMethod) {
        // Inside the method, `this.s.registerTool(…)` on another object is the call it forwards to, not a caller.
        if (!byIdentifier && !forwardsWithin(fn, node)) sites.push(node);
      } else if (byIdentifier) {
        const decl = findDeclaration(name, skipOuterExpressions(node.expression));
        if (decl && (decl.kind === 'function' ? decl.declaration === fn : decl.kind === 'variable' && decl.declaration.initializer && skipOuterExpressions(decl.declaration.initializer) === fn)) {
          sites.push(node);
        }
      }
    }
  }
  cache.set(fn, sites);
  return sites;
}

/** A call of a same-named method on something other than `this`, inside the method `fn` itself. */
function forwardsWithin(fn: ts.FunctionLikeDeclaration, call: ts.CallExpression): boolean {
  if (!fn.body || call.pos < fn.body.pos || call.end > fn.body.end || call.getSourceFile() !== fn.getSourceFile()) return false;
  const callee = skipOuterExpressions(call.expression);
  return ts.isPropertyAccessExpression(callee) && skipOuterExpressions(callee.expression).kind !== ts.SyntaxKind.ThisKeyword;
}

function functionName(fn: ts.FunctionLikeDeclaration): string | undefined {
  if ((ts.isFunctionDeclaration(fn) || ts.isMethodDeclaration(fn)) && fn.name) return propertyNameText(fn.name);
  const parent = fn.parent;
  if ((ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)) && parent && ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if ((ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)) && parent && ts.isPropertyDeclaration(parent)) return propertyNameText(parent.name);
  return undefined;
}

function hasExportModifier(statement: ts.Statement): boolean {
  return ts.canHaveModifiers(statement) && (ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword) ?? false);
}

function isProcessEnv(expr: ts.Expression): boolean {
  const inner = skipOuterExpressions(expr);
  return ts.isPropertyAccessExpression(inner) && inner.name.text === 'env' && ts.isIdentifier(inner.expression) && inner.expression.text === 'process';
}

function describeSyntax(node: ts.Node): string {
  switch (node.kind) {
    case ts.SyntaxKind.NewExpression:
      return 'constructed object';
    case ts.SyntaxKind.ThisKeyword:
      return '`this` value';
    case ts.SyntaxKind.ClassExpression:
      return 'class';
    default:
      return `run-time expression (${ts.SyntaxKind[node.kind]})`;
  }
}

function truncate(text: string, max = 40): string {
  const oneLine = text.replace(/\s+/g, ' ');
  return oneLine.length > max ? `${oneLine.slice(0, max - 1)}…` : oneLine;
}

function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

function isExpressionNode(node: ts.Node): node is ts.Expression {
  return ts.isIdentifier(node) || ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node) || ts.isCallExpression(node) || ts.isTemplateExpression(node) || ts.isBinaryExpression(node);
}
