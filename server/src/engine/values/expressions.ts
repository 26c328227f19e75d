// Expressions: literals, templates, operators, object and array literals, identifiers and member reads. What an
// expression's parts are is asked of the evaluator (evaluate), so each part counts against the step budget.
import ts from 'typescript';
import { findDeclaration, loweredNullish, type LoweredNullish, propertyNameText, skipOuterExpressions, writtenTargets, type BindingStep } from '../syntax';
import { importMeta, builtinIdentifier } from './builtins';
import { MAX_ELEMENTS, type EvaluatorCore } from './evaluator-core';
import { addedConditions, keptConditions, keptOnlyWhen } from './kept';
import { mergeAssigned } from './assigned';
import { describeSyntax, isStatic, syntaxCause, truncate } from './nodes';
import { lazyProperty, overriding, put, withOrigin } from './properties';
import { defaultOf, environmentVariable, hasUnsetDefault, withUnsetDefault } from './unset-env';
import { causeOf, describeValue, EMPTY_ENV, RUNTIME_CONDITION, RUNTIME_VALUE, unknown, valueIdentity, type ArrayValue, type Env, type ObjectProperty, type ObjectValue, type UnsetDefault, type Value } from './values';

export class Expressions {
  constructor(private readonly evaluator: EvaluatorCore) {}

  /** The value of `expression`, its parts asked of the evaluator. */
  expressionValue(expression: ts.Expression, sf: ts.SourceFile, env: Env): Value {
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
        const object = this.evaluator.evaluate(access.expression, sf, env);
        // `config?.readOnly` of a missing config is undefined.
        if (access.questionDotToken && object.kind === 'literal' && (object.value === undefined || object.value === null)) return { kind: 'literal', value: undefined, node: expr, sf };
        return this.member(object, access.name.text, expr, sf);
      }
      case ts.SyntaxKind.ElementAccessExpression: {
        const access = expr as ts.ElementAccessExpression;
        const key = this.evaluator.evaluate(access.argumentExpression, sf, env);
        if (key.kind !== 'literal' || (typeof key.value !== 'string' && typeof key.value !== 'number')) {
          return unknown(expr, sf, `a computed member (${access.argumentExpression.getText(sf)})`, { kind: 'unsupported', construct: 'computed-member' }, key.kind === 'unknown' ? key.binder : undefined);
        }
        return this.member(this.evaluator.evaluate(access.expression, sf, env), String(key.value), expr, sf);
      }
      case ts.SyntaxKind.ArrowFunction:
      case ts.SyntaxKind.FunctionExpression:
        return { kind: 'function', node: expr as ts.FunctionLikeDeclaration, sf, env };
      case ts.SyntaxKind.CallExpression:
        return this.evaluator.call(expr as ts.CallExpression, sf, env);
      case ts.SyntaxKind.NewExpression:
        return this.evaluator.construct(expr as ts.NewExpression, sf, env);
      case ts.SyntaxKind.ThisKeyword:
        return this.evaluator.followInstances ? this.evaluator.thisValue(expr, sf, env) : unknown(expr, sf, 'a `this` value', RUNTIME_VALUE);
      case ts.SyntaxKind.ClassExpression:
        return { kind: 'class', node: expr as ts.ClassExpression, sf };
      case ts.SyntaxKind.YieldExpression: {
        // Inside compiled async functions (`__awaiter(…, function* () { … yield x … })`) a yield is an await.
        const operand = (expr as ts.YieldExpression).expression;
        return operand ? this.evaluator.evaluate(operand, sf, env) : { kind: 'literal', value: undefined, node: expr, sf };
      }
      case ts.SyntaxKind.MetaProperty:
        return importMeta(expr as ts.MetaProperty, sf) ?? unknown(expr, sf, `a ${describeSyntax(expr)}`, syntaxCause(expr));
      default:
        return unknown(expr, sf, `a ${describeSyntax(expr)}`, syntaxCause(expr));
    }
  }

  private template(expr: ts.TemplateExpression, sf: ts.SourceFile, env: Env): Value {
    let text = expr.head.text;
    // A part read from the environment keeps the template unknown, with the text it has when the variable is unset.
    let unsetReason: string | undefined;
    const defaults: UnsetDefault[] = [];
    for (const span of expr.templateSpans) {
      const part = this.evaluator.evaluate(span.expression, sf, env);
      const reason = `a template whose part \`${span.expression.getText(sf)}\` is not known`;
      const partDefault = defaultOf(part);
      if (!partDefault) return unknown(expr, sf, reason, RUNTIME_VALUE, part.kind === 'unknown' ? part.binder : undefined);
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
    const operand = this.evaluator.evaluate(expr.expression, sf, env);
    const type =
      operand.kind === 'literal' ? (operand.value === null ? 'object' : typeof operand.value)
      : operand.kind === 'object' || operand.kind === 'array' ? 'object'
      : operand.kind === 'function' || operand.kind === 'class' ? 'function'
      : undefined;
    if (type === undefined) return unknown(expr, sf, `the type of ${operand.kind === 'unknown' ? operand.reason : `a ${operand.kind}`}`, causeOf(operand, RUNTIME_VALUE), operand.kind === 'unknown' ? operand.binder : undefined);
    return { kind: 'literal', value: type, node: expr, sf };
  }

  private prefixUnary(expr: ts.PrefixUnaryExpression, sf: ts.SourceFile, env: Env): Value {
    const operand = this.evaluator.evaluate(expr.operand, sf, env);
    if (operand.kind !== 'literal') {
      if (expr.operator === ts.SyntaxKind.ExclamationToken && (operand.kind === 'object' || operand.kind === 'array' || operand.kind === 'function')) {
        return { kind: 'literal', value: false, node: expr, sf };
      }
      if (expr.operator === ts.SyntaxKind.ExclamationToken && hasUnsetDefault(operand)) {
        return withUnsetDefault(expr, sf, `an expression (${truncate(expr.getText(sf))})`, [operand.unset], !operand.unset.value.value);
      }
      return unknown(expr, sf, `an expression (${truncate(expr.getText(sf))})`, RUNTIME_VALUE, operand.kind === 'unknown' ? operand.binder : undefined);
    }
    switch (expr.operator) {
      case ts.SyntaxKind.ExclamationToken:
        return { kind: 'literal', value: !operand.value, node: expr, sf };
      case ts.SyntaxKind.MinusToken:
        return { kind: 'literal', value: -Number(operand.value), node: expr, sf };
      case ts.SyntaxKind.PlusToken:
        return { kind: 'literal', value: Number(operand.value), node: expr, sf };
      default:
        return unknown(expr, sf, 'an expression', RUNTIME_VALUE);
    }
  }

  private binary(expr: ts.BinaryExpression, sf: ts.SourceFile, env: Env): Value {
    const op = expr.operatorToken.kind;
    if (op === ts.SyntaxKind.PlusToken) {
      const left = this.evaluator.evaluate(expr.left, sf, env);
      const right = this.evaluator.evaluate(expr.right, sf, env);
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
      return unknown(expr, sf, `a concatenation with an unknown part`, RUNTIME_VALUE, binder);
    }
    if (op === ts.SyntaxKind.QuestionQuestionToken || op === ts.SyntaxKind.BarBarToken || op === ts.SyntaxKind.AmpersandAmpersandToken) {
      return this.logical(op, this.evaluator.evaluate(expr.left, sf, env), expr.left, expr.right, expr, sf, env);
    }
    // `a = b = value` has the value of its right side.
    if (op === ts.SyntaxKind.CommaToken || op === ts.SyntaxKind.EqualsToken) return this.evaluator.evaluate(expr.right, sf, env);
    if (
      op === ts.SyntaxKind.EqualsEqualsEqualsToken ||
      op === ts.SyntaxKind.ExclamationEqualsEqualsToken ||
      op === ts.SyntaxKind.EqualsEqualsToken ||
      op === ts.SyntaxKind.ExclamationEqualsToken
    ) {
      const left = this.evaluator.evaluate(expr.left, sf, env);
      const right = this.evaluator.evaluate(expr.right, sf, env);
      const negated = op === ts.SyntaxKind.ExclamationEqualsEqualsToken || op === ts.SyntaxKind.ExclamationEqualsToken;
      if (left.kind === 'literal' && right.kind === 'literal') {
        const equal = left.value === right.value;
        return { kind: 'literal', value: negated ? !equal : equal, node: expr, sf };
      }
      // An object, list, function or class is never `null` or `undefined` (`if (x === undefined) return …`).
      const nullish = (v: Value) => v.kind === 'literal' && (v.value === null || v.value === undefined);
      const something = (v: Value) => v.kind === 'object' || v.kind === 'array' || v.kind === 'function' || v.kind === 'class';
      if ((nullish(left) && something(right)) || (something(left) && nullish(right))) return { kind: 'literal', value: negated, node: expr, sf };
      const [leftDefault, rightDefault] = [defaultOf(left), defaultOf(right)];
      if ((hasUnsetDefault(left) || hasUnsetDefault(right)) && leftDefault && rightDefault) {
        const equal = leftDefault.value.value === rightDefault.value.value;
        return withUnsetDefault(expr, sf, `an expression (${truncate(expr.getText(sf))})`, [leftDefault, rightDefault], negated ? !equal : equal);
      }
    }
    if (op === ts.SyntaxKind.InstanceOfKeyword) {
      const known = this.instanceOf(expr, sf, env);
      if (known !== undefined) return { kind: 'literal', value: known, node: expr, sf };
    }
    const order = ORDER_COMPARISONS.get(op);
    if (order) {
      // `args.length < 2`: numbers compared.
      const left = this.evaluator.evaluate(expr.left, sf, env);
      const right = this.evaluator.evaluate(expr.right, sf, env);
      if (left.kind === 'literal' && right.kind === 'literal' && typeof left.value === 'number' && typeof right.value === 'number') {
        return { kind: 'literal', value: order(left.value, right.value), node: expr, sf };
      }
    }
    return unknown(expr, sf, `an expression (${truncate(expr.getText(sf))})`, RUNTIME_VALUE);
  }

  /** `left ?? right`, `left || right`, `left && right` with the left side evaluated (also a compiled `??`). */
  private logical(op: ts.SyntaxKind, left: Value, leftExpr: ts.Expression, right: ts.Expression, expr: ts.Expression, sf: ts.SourceFile, env: Env): Value {
    if (left.kind === 'literal') {
      const useLeft =
        op === ts.SyntaxKind.QuestionQuestionToken ? left.value !== null && left.value !== undefined : op === ts.SyntaxKind.BarBarToken ? Boolean(left.value) : !left.value;
      return useLeft ? left : this.evaluator.evaluate(right, sf, env);
    }
    if (left.kind === 'object' || left.kind === 'array' || left.kind === 'function') {
      return op === ts.SyntaxKind.AmpersandAmpersandToken ? this.evaluator.evaluate(right, sf, env) : left;
    }
    if (hasUnsetDefault(left)) {
      // `process.env.NAME ?? "search"`: unknown, but "search" when the variable is unset.
      const unsetLeft = left.unset.value.value;
      const useLeft = op === ts.SyntaxKind.QuestionQuestionToken ? unsetLeft !== null && unsetLeft !== undefined : op === ts.SyntaxKind.BarBarToken ? Boolean(unsetLeft) : !unsetLeft;
      const chosen = useLeft ? left.unset : defaultOf(this.evaluator.evaluate(right, sf, env));
      if (chosen) return withUnsetDefault(expr, sf, `a value that depends on \`${truncate(leftExpr.getText(sf))}\``, [left.unset, chosen], chosen.value.value);
    }
    return unknown(expr, sf, `a value that depends on \`${truncate(leftExpr.getText(sf))}\``, RUNTIME_CONDITION, left.kind === 'unknown' ? left.binder : undefined);
  }

  /**
   * A compiled `E ?? D` or `E?.f` (syntax/lowered.ts): the branch the subject's value selects, its temporary bound to
   * it; with the subject unknown, `??` as the operator reads it and `?.` the member read (as `E?.f` is).
   */
  private lowered(lowered: LoweredNullish, expr: ts.ConditionalExpression, sf: ts.SourceFile, env: Env): Value {
    const subject = this.evaluator.evaluate(lowered.subject, sf, env);
    const declaration = lowered.temporary && findDeclaration(lowered.temporary.text, lowered.temporary);
    const bound = declaration?.kind === 'variable' && declaration.path.length === 0 ? new Map(env).set(declaration.declaration, subject) : env;
    if (subject.kind === 'literal' && (subject.value === null || subject.value === undefined)) return this.evaluator.evaluate(lowered.absent, sf, bound);
    if (lowered.kind === 'coalesce') return this.logical(ts.SyntaxKind.QuestionQuestionToken, subject, lowered.subject, lowered.absent, expr, sf, env);
    return this.evaluator.evaluate(lowered.present, sf, bound);
  }

  /**
   * `x instanceof C` where both are known: an instance of C or of a subclass is one; an object literal, a list, a
   * function or a primitive is not. Undefined when either side is not known.
   */
  private instanceOf(expr: ts.BinaryExpression, sf: ts.SourceFile, env: Env): boolean | undefined {
    const cls = this.evaluator.evaluate(expr.right, sf, env);
    if (cls.kind !== 'class') return undefined;
    const value = this.evaluator.evaluate(expr.left, sf, env);
    if (value.kind === 'literal' || value.kind === 'array' || value.kind === 'function' || value.kind === 'class') return false;
    if (value.kind !== 'object') return undefined;
    if (ts.isObjectLiteralExpression(value.node)) return false;
    if (!ts.isClassLike(value.node)) return undefined;
    return value.node === cls.node || this.evaluator.subclassesOf(cls.node).some(({ decl }) => decl === value.node);
  }

  private conditional(expr: ts.ConditionalExpression, sf: ts.SourceFile, env: Env): Value {
    const compiled = loweredNullish(expr);
    if (compiled) return this.lowered(compiled, expr, sf, env);
    const condition = this.evaluator.evaluate(expr.condition, sf, env);
    if (condition.kind === 'literal') return this.evaluator.evaluate(condition.value ? expr.whenTrue : expr.whenFalse, sf, env);
    const reason = `a value chosen at run time by \`${truncate(expr.condition.getText(sf))}\``;
    if (hasUnsetDefault(condition)) {
      // `prefix ? `${prefix}_${base}` : base`: unknown, but `base` when the variable is unset.
      const chosen = defaultOf(this.evaluator.evaluate(condition.unset.value.value ? expr.whenTrue : expr.whenFalse, sf, env));
      if (chosen) return withUnsetDefault(expr, sf, reason, [condition.unset, chosen], chosen.value.value);
    }
    const whenTrue = this.evaluator.evaluate(expr.whenTrue, sf, env);
    const whenFalse = this.evaluator.evaluate(expr.whenFalse, sf, env);
    if (whenTrue.kind === 'literal' && whenFalse.kind === 'literal' && whenTrue.value === whenFalse.value) return whenTrue;
    // Two lists of tools behind a run-time switch: every element may be registered.
    if (whenTrue.kind === 'array' && whenFalse.kind === 'array') {
      // An element only one branch lists is there only when the condition chooses that branch.
      // The same definition, or the same literal (a name in two allow-lists), in both branches is there either way.
      // Told apart by what they are (values.ts valueIdentity): one helper's object literal makes many definitions.
      const identity = (e: Value): string => valueIdentity(e);
      const inTrue = new Map(whenTrue.elements.map((e) => [identity(e), e]));
      const inFalse = new Map(whenFalse.elements.map((e) => [identity(e), e]));
      const onlyIf = (negated: boolean) => [{ node: expr.condition, sf, negated, via: 'if' as const }];
      // `e`, listed in one branch (`negated`: the false one), and its copy in the other branch if it has one.
      const inBranch = (e: Value, negated: boolean, other: Value | undefined): Value => {
        if (!other) return keptOnlyWhen(e, onlyIf(negated));
        // In both, kept under more conditions (a filter) in one: there when the condition picks the other list, or when they hold.
        const [own, others] = [keptConditions(e), keptConditions(other)];
        const more = addedConditions(own, others);
        const fewer = more ? undefined : addedConditions(others, own);
        const [plain, plainNegated, added] = more ? [e, negated, more] : fewer ? [other, !negated, fewer] : [e, negated, []];
        if (added.length === 0) return plain;
        return keptOnlyWhen(plain, [{ ...onlyIf(plainNegated)[0], or: [added] }]);
      };
      const seen = new Set<string>();
      const elements = [
        ...whenTrue.elements.map((e) => inBranch(e, false, inFalse.get(identity(e)))),
        ...whenFalse.elements.map((e) => inBranch(e, true, inTrue.get(identity(e)))),
      ].filter((element) => !seen.has(identity(element)) && seen.add(identity(element)));
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
        put(result, same ? property : { ...property, value: unknown(property.node, property.sf, reason, RUNTIME_CONDITION) });
      }
      return result;
    }
    return unknown(expr, sf, `a value chosen at run time by \`${truncate(expr.condition.getText(sf))}\``, RUNTIME_CONDITION);
  }

  /** `...(cond && { … })` with `cond` decided at run time: merges the object's keys as present only when it holds. */
  private conditionalSpread(property: ts.SpreadAssignment, result: ObjectValue, sf: ts.SourceFile, env: Env): boolean {
    const inner = skipOuterExpressions(property.expression);
    if (!ts.isBinaryExpression(inner) || inner.operatorToken.kind !== ts.SyntaxKind.AmpersandAmpersandToken) return false;
    const added = this.evaluator.evaluate(inner.right, sf, env);
    if (added.kind !== 'object') return false;
    mergeAssigned(result, added, property, sf, [{ node: inner.left, sf, negated: false, via: 'if' }], overriding);
    return true;
  }

  objectLiteral(expr: ts.ObjectLiteralExpression, sf: ts.SourceFile, env: Env): ObjectValue {
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
          result.unresolved.push({ node: property, sf, reason: `a computed key (${property.name.getText(sf)})`, cause: RUNTIME_VALUE });
          continue;
        }
        put(lazyProperty(key, property, property.name, sf, () => this.evaluator.evaluate(property.initializer, sf, env)));
      } else if (ts.isShorthandPropertyAssignment(property)) {
        put(lazyProperty(property.name.text, property, property.name, sf, () => this.evaluator.evaluate(property.name, sf, env)));
      } else if (ts.isSpreadAssignment(property)) {
        const spread = this.evaluator.evaluate(property.expression, sf, env);
        if (spread.kind === 'object') {
          for (const inner of spread.properties.values()) put(inner);
          result.unresolved.push(...spread.unresolved);
        } else if (spread.kind === 'literal' && (spread.value === undefined || spread.value === null || typeof spread.value === 'boolean')) {
          // `...(cond && {...})` with a falsy literal adds nothing.
        } else if (this.conditionalSpread(property, result, sf, env)) {
          // `...(queryLogs && { query_logs: … })`: its keys are there only when the condition holds.
        } else {
          result.unresolved.push({ node: property, sf, reason: spread.kind === 'unknown' ? `a spread of ${spread.reason}` : `a spread of ${spread.kind}`, cause: causeOf(spread, RUNTIME_VALUE) });
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
      const key = defaultOf(this.evaluator.evaluate(name.expression, sf, env))?.value;
      return key && (typeof key.value === 'string' || typeof key.value === 'number') ? String(key.value) : undefined;
    }
    return propertyNameText(name);
  }

  private arrayLiteral(expr: ts.ArrayLiteralExpression, sf: ts.SourceFile, env: Env): ArrayValue {
    const result: ArrayValue = { kind: 'array', elements: [], node: expr, sf };
    for (const element of expr.elements) {
      if (ts.isSpreadElement(element)) {
        const spread = this.evaluator.evaluate(element.expression, sf, env);
        if (spread.kind === 'array') {
          result.elements.push(...spread.elements);
          if (spread.partial) result.partial = spread.partial;
        } else {
          result.partial = spread.kind === 'unknown' ? spread.reason : `a spread of ${spread.kind}`;
        }
      } else if (!ts.isOmittedExpression(element)) {
        result.elements.push(this.evaluator.evaluate(element, sf, env));
      }
      if (result.elements.length > MAX_ELEMENTS) break;
    }
    return result;
  }

  private identifier(expr: ts.Identifier, sf: ts.SourceFile, env: Env): Value {
    if (expr.text === 'undefined') return { kind: 'literal', value: undefined, node: expr, sf };
    const declaration = this.evaluator.declarationOf(expr);
    if (!declaration) return builtinIdentifier(expr, sf) ?? unknown(expr, sf, `\`${expr.text}\`, which is not declared in this file`, RUNTIME_VALUE);
    return this.evaluator.declarationValue(declaration, expr, sf, env);
  }

  applyPath(value: Value, path: BindingStep[], use: ts.Node, sf: ts.SourceFile): Value {
    let current = value;
    for (const step of path) {
      if ('property' in step) current = this.member(current, step.property, use, sf);
      else if ('index' in step) current = this.member(current, String(step.index), use, sf);
      else if ('without' in step) current = this.without(current, step.without, use, sf);
      else current = current.kind === 'array' ? { ...current, elements: current.elements.slice(step.rest) } : unknown(use, sf, 'a rest element', RUNTIME_VALUE);
    }
    return current;
  }

  /** `{ a, ...rest } = value`: `rest` is the object without the keys named beside it (a copy: the value is not changed). */
  private without(value: Value, keys: string[], use: ts.Node, sf: ts.SourceFile): Value {
    if (value.kind === 'object') {
      const properties = new Map([...value.properties].filter(([key]) => !keys.includes(key)));
      return { ...value, properties };
    }
    if (value.kind === 'unknown') return unknown(use, sf, value.reason, value.cause, value.binder);
    return unknown(use, sf, `the rest of ${describeValue(value)}`, RUNTIME_VALUE);
  }

  member(object: Value, key: string, node: ts.Node, sf: ts.SourceFile): Value {
    switch (object.kind) {
      case 'object': {
        const property = object.properties.get(key);
        if (property) return withOrigin(property.value, property);
        if (object.unresolved.length > 0) return unknown(node, sf, `\`${key}\`, which may come from ${object.unresolved[0].reason}`, object.unresolved[0].cause);
        return { kind: 'literal', value: undefined, node, sf };
      }
      case 'array': {
        if ((object.keyed ? key === 'size' : key === 'length') && !object.partial) return { kind: 'literal', value: object.elements.length, node, sf };
        const index = Number(key);
        if (Number.isInteger(index) && index >= 0 && index < object.elements.length) return object.elements[index];
        return unknown(node, sf, `the element ${key} of an array`, RUNTIME_VALUE);
      }
      case 'module':
        return this.evaluator.exportValue(object.node, key, node, sf);
      case 'literal':
        if (typeof object.value === 'string' && key === 'length') return { kind: 'literal', value: object.value.length, node, sf };
        if (typeof object.value === 'string' && /^\d+$/.test(key)) return { kind: 'literal', value: object.value[Number(key)], node, sf };
        return unknown(node, sf, `\`${key}\` of ${JSON.stringify(object.value)}`, RUNTIME_VALUE);
      case 'unknown':
        return unknown(node, sf, object.reason, object.cause, object.binder);
      case 'class': {
        // Of a method's overloads, the one with a body is the one that runs.
        const named = object.node.members.filter((m) => isStatic(m) && m.name && propertyNameText(m.name) === key);
        const member = named.find((m) => !ts.isMethodDeclaration(m) || m.body) ?? named[0];
        if (member && ts.isPropertyDeclaration(member) && member.initializer) return this.evaluator.evaluate(member.initializer, object.sf);
        if (member && ts.isMethodDeclaration(member)) return { kind: 'function', node: member, sf: object.sf, env: EMPTY_ENV };
        const assigned = member ? undefined : staticAssignment(object.node, key);
        if (assigned) return this.evaluator.evaluate(assigned, object.sf);
        return unknown(node, sf, `\`${key}\` of the class ${object.node.name?.text ?? ''}`, RUNTIME_VALUE);
      }
      default:
        return unknown(node, sf, `\`${key}\` of a ${object.kind}`, RUNTIME_VALUE);
    }
  }
}

const ORDER_COMPARISONS = new Map<ts.SyntaxKind, (a: number, b: number) => boolean>([
  [ts.SyntaxKind.LessThanToken, (a, b) => a < b],
  [ts.SyntaxKind.LessThanEqualsToken, (a, b) => a <= b],
  [ts.SyntaxKind.GreaterThanToken, (a, b) => a > b],
  [ts.SyntaxKind.GreaterThanEqualsToken, (a, b) => a >= b],
]);

function isProcessEnv(expr: ts.Expression): boolean {
  const inner = skipOuterExpressions(expr);
  return ts.isPropertyAccessExpression(inner) && inner.name.text === 'env' && ts.isIdentifier(inner.expression) && inner.expression.text === 'process';
}

/**
 * A static field compiled to an assignment after its class (`ToolRegistry.tools = […];`, what tsc writes below
 * ES2022): the value of the only such statement in the class's own block, else undefined.
 */
function staticAssignment(cls: ts.ClassLikeDeclaration, key: string): ts.Expression | undefined {
  const container = cls.parent;
  const name = cls.name?.text;
  if (!name || !ts.isClassDeclaration(cls) || !(ts.isSourceFile(container) || ts.isBlock(container))) return undefined;
  const values: ts.Expression[] = [];
  for (const statement of container.statements) {
    if (!ts.isExpressionStatement(statement)) continue;
    for (const write of writtenTargets(skipOuterExpressions(statement.expression))) {
      if (write.root && ts.isIdentifier(write.root) && write.root.text === name && write.path?.[0] === key) {
        // Written otherwise too (`C.tools.push(…)`, a second assignment): not claimed.
        if (write.kind !== 'assign' || !write.value || write.path.length !== 1) return undefined;
        values.push(write.value);
      }
    }
  }
  return values.length === 1 ? values[0] : undefined;
}
