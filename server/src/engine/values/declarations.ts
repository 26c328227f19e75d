// Declarations: what a name is bound to. Variables (read through the writes that follow their declaration and the
// values pushed into them), parameters bound by a caller, functions, classes, enums (also as tsc compiles them) and
// imports.
import ts from 'typescript';
import { findDeclaration, lineMention, propertyNameText, skipOuterExpressions, writtenTargets, type Declaration } from '../syntax';
import { memberPath, mergeAssigned, pathConditions, presentValue, withMemberSet } from './assigned';
import { unionOfLists } from './collections';
import type { EvaluatorCore } from './evaluator-core';
import { binderOf, expandEnvs } from './expand/binders';
import type { KeptCondition } from './kept';
import { argumentsIn, scopeMutations, type VariableWrite } from './mutations';
import { enclosingFunction, underCondition } from './nodes';
import { lazyProperty, overriding } from './properties';
import { RUNTIME_CONDITION, RUNTIME_VALUE, unknown, type Env, type ObjectValue, type Value } from './values';

export class Declarations {
  constructor(private readonly evaluator: EvaluatorCore) {}

  private readonly writeCache = new Map<ts.Node, ts.Node | undefined>();

  /** Module-level constants do not depend on any binding: evaluate each once. */
  private readonly moduleConstants = new Map<ts.Node, Value>();

  /** Where each identifier read is declared: the same nodes are read again and again (per tool, per binding). */
  private readonly found = new Map<ts.Identifier, Declaration | undefined>();

  /** findDeclaration of an identifier under its own name, once per node for this evaluator's lifetime (one analysis). */
  declarationOf(id: ts.Identifier): Declaration | undefined {
    let declaration = this.found.get(id);
    if (declaration === undefined && !this.found.has(id)) {
      declaration = findDeclaration(id.text, id);
      this.found.set(id, declaration);
    }
    return declaration;
  }

  declarationValue(declaration: Declaration, use: ts.Node, sf: ts.SourceFile, env: Env): Value {
    switch (declaration.kind) {
      case 'variable': {
        const decl = declaration.declaration;
        const bound = env.get(decl);
        if (bound) return this.evaluator.applyPath(bound, declaration.path, use, sf);
        const parent = decl.parent?.parent;
        if (parent && (ts.isForOfStatement(parent) || ts.isForInStatement(parent))) {
          return unknown(use, sf, `the loop variable \`${use.getText(sf)}\``, { kind: 'binder', binder: 'loop-variable', name: use.getText(sf) }, { declaration: decl, sf });
        }
        const compiledEnum = decl.initializer ? undefined : this.compiledEnum(decl, sf, env);
        if (compiledEnum) return this.evaluator.applyPath(compiledEnum, declaration.path, use, sf);
        // A variable that is reassigned or mutated is read through its writes, or not claimed at all.
        const write = this.writeTo(decl);
        if (write) {
          const written = this.evaluator.inProgress.has(decl) ? undefined : this.throughWrites(decl, sf, env);
          if (written) return this.evaluator.applyPath(written, declaration.path, use, sf);
          const line = write.getSourceFile().getLineAndCharacterOfPosition(write.getStart()).line + 1;
          return unknown(use, sf, `\`${use.getText(sf)}\`, which is changed after its declaration (${lineMention(line, write.getSourceFile())})`, { kind: 'runtime', source: 'write' });
        }
        if (!decl.initializer) return unknown(use, sf, `\`${use.getText(sf)}\`, declared without a value`, RUNTIME_VALUE);
        const atModuleLevel = ts.isSourceFile(decl.parent.parent.parent);
        let value = atModuleLevel ? this.moduleConstants.get(decl) : undefined;
        if (!value) {
          if (this.evaluator.inProgress.has(decl)) return unknown(use, sf, 'a circular reference', { kind: 'unsupported', construct: 'recursion' });
          this.evaluator.inProgress.add(decl);
          try {
            value = this.withPushedElements(this.evaluator.evaluate(decl.initializer, sf, env), decl, sf, env);
          } finally {
            this.evaluator.inProgress.delete(decl);
          }
          if (atModuleLevel && !(value.kind === 'unknown' && value.cause.kind === 'budget')) this.moduleConstants.set(decl, value);
        }
        return this.evaluator.applyPath(value, declaration.path, use, sf);
      }
      case 'parameter': {
        const bound = env.get(declaration.declaration);
        if (bound) return this.evaluator.applyPath(bound, declaration.path, use, sf);
        return unknown(use, sf, `the parameter \`${use.getText(sf)}\``, { kind: 'binder', binder: 'parameter', name: use.getText(sf) }, { declaration: declaration.declaration, sf });
      }
      case 'function':
        return { kind: 'function', node: declaration.declaration, sf, env };
      case 'enum':
        return this.enumValue(declaration.declaration, sf, env);
      case 'class':
        return { kind: 'class', node: declaration.declaration, sf };
      case 'import':
        return this.evaluator.importValue(declaration.module, declaration.exportName, use, sf);
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
      if (!ts.isExpressionStatement(member)) continue;
      const writes = writtenTargets(skipOuterExpressions(member.expression));
      const write = writes.length === 1 && writes[0].kind === 'assign' ? writes[0] : undefined;
      const target = write?.target;
      if (!write?.value || !target || !ts.isElementAccessExpression(target) || !ts.isStringLiteralLike(target.argumentExpression)) continue;
      const value = this.evaluator.evaluate(write.value, sf, env);
      // Numeric enums also map values back to names (E[E["A"] = 0] = "A"): keep the forward direction only.
      result.properties.set(target.argumentExpression.text, { key: target.argumentExpression.text, value, node: member, keyNode: target.argumentExpression, sf });
    }
    return result.properties.size > 0 ? result : undefined;
  }

  enumValue(decl: ts.EnumDeclaration, sf: ts.SourceFile, env: Env): ObjectValue {
    const result: ObjectValue = { kind: 'object', properties: new Map(), unresolved: [], node: decl, sf };
    let next = 0;
    for (const member of decl.members) {
      const key = propertyNameText(member.name);
      if (key === undefined) continue;
      let value: Value;
      if (member.initializer) {
        value = this.evaluator.evaluate(member.initializer, sf, env);
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
    for (const { node, method } of pushes) {
      const push = node as ts.CallExpression;
      if (method === 'set' || value.keyed) {
        if (method !== 'set' || !value.keyed || push.arguments.length !== 2) continue;
        for (const pair of this.evaluator.expandTogether(push.arguments, sf, env)) elements.push({ kind: 'array', elements: pair, node: push, sf });
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
        const pushed = this.expandPushed(arg, push, decl, sf, env);
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

  /** The node of the first write that changes `decl`'s variable or a member of it (mutations.ts), if any. */
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
  private writesTo(decl: ts.VariableDeclaration): VariableWrite[] {
    const scope = decl.parent.parent.parent;
    if (!ts.isIdentifier(decl.name) || !scope) return [];
    return (scopeMutations(scope).writes.get(decl.name.text) ?? []).filter(({ root }) => declaresVariable(findDeclaration(root.text, root), decl));
  }

  /**
   * The value of a variable that is written after its declaration, when the writes can be followed:
   * - reassignments (`list = cond ? a : b`, `cache = all.filter(…)`) where every value is a list or nothing: the
   *   union of the lists, since any of them may be the one in use;
   * - an object filled member by member before it is used (`const config = {…}; config.annotations = {…}`):
   *   writes at the object's own level set the member, writes under a condition make it unknown.
   * Anything else (a write in another function, `delete`, `++`, a computed key, a destructuring or loop head into the
   * variable, a call that changes it) is not followed.
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
    for (const { kind, mutation, target, node: write, value: assigned } of writes) {
      const whole = target.kind === ts.SyntaxKind.Identifier;
      if (whole && mutation === 'merge') {
        // `Object.assign(tools, group())`, maybe behind `if (enabled)`: one step of filling the object.
        const conditions = enclosingFunction(write) === enclosingFunction(decl) ? pathConditions(write, scopeNode, sf) : undefined;
        if (!conditions) return undefined;
        members.push({ key: '', node: write, value: undefined, merge: { call: write as ts.CallExpression, conditions } });
        continue;
      }
      const logical = kind === 'compound' && ts.isBinaryExpression(write) && isLogicalAssignment(write.operatorToken.kind) ? write.right : undefined;
      const assignment = kind === 'assign' ? assigned : logical;
      // A reassignment anywhere (a cache filled on first use, `list ??= await load()`) is one more value the
      // variable may hold: after a logical assignment it holds the value it had or the right side.
      if (whole) {
        if (!assignment) return undefined;
        reassigned.push(assignment);
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
      members.push({ key: member.key, node: write, value: direct || nested ? assignment : undefined, nested: nested?.slice(1) });
    }
    if (reassigned.length > 0 && members.length > 0) return undefined;
    this.evaluator.inProgress.add(decl);
    try {
      if (members.length > 0) {
        const initial = decl.initializer ? this.evaluator.evaluate(decl.initializer, sf, env) : undefined;
        if (initial?.kind !== 'object') return undefined;
        const result: ObjectValue = { ...initial, properties: new Map(initial.properties), unresolved: [...initial.unresolved] };
        for (const { key, node, value, nested, merge } of members) {
          if (merge) {
            for (const source of merge.call.arguments.slice(1)) mergeAssigned(result, this.evaluator.evaluate(source, sf, env), merge.call, sf, merge.conditions, overriding);
            continue;
          }
          const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
          const before = result.properties.get(key);
          const compute = value && nested
            ? () => withMemberSet(before ? presentValue(before) : undefined, nested, () => this.evaluator.evaluate(value, sf, env), node, sf)
            : value ? () => this.evaluator.evaluate(value, sf, env) : () => unknown(node, sf, `\`${key}\`, changed under a condition or in part (${lineMention(line, sf)})`, RUNTIME_CONDITION);
          const property = lazyProperty(key, node, node, sf, compute);
          const previous = result.properties.get(key);
          result.properties.set(key, previous ? overriding(property, previous) : property);
        }
        return result;
      }
      const values: Value[] = [];
      if (decl.initializer) values.push(this.evaluator.evaluate(decl.initializer, sf, env));
      // The run-time guards of each value (none for the initializer): a reassignment in the declaration's own
      // function, after it, behind an `if` (undefined when it cannot be read so).
      const guards: (KeptCondition[] | undefined)[] = decl.initializer ? [[]] : [];
      let soFar = values[0];
      for (const expr of reassigned) {
        // `list = list.filter(…)` reads the list as it may be at that point.
        const value = this.evaluator.evaluate(expr, sf, soFar ? new Map([...env, [decl, soFar]]) : env);
        values.push(value);
        const assignment = expr.parent;
        guards.push(scopeNode && assignment.pos > decl.end && runsOnceIn(assignment, scopeNode) ? pathConditions(assignment, scopeNode, sf) : undefined);
        soFar = unionOfLists(values, decl, sf, guards) ?? soFar;
      }
      return unionOfLists(values, decl, sf, guards);
    } finally {
      this.evaluator.inProgress.delete(decl);
    }
  }

  /** The calls that fill `decl`'s variable itself (`push`, `unshift`, `set`, `add`), in source order. */
  private pushCallsFor(decl: ts.VariableDeclaration): VariableWrite[] {
    const scope = decl.parent.parent.parent; // VariableDeclarationList → VariableStatement → Block/SourceFile
    if (!scope || !ts.isIdentifier(decl.name)) return [];
    return (scopeMutations(scope).pushes.get(decl.name.text) ?? []).filter(({ root }) => declaresVariable(findDeclaration(root.text, root), decl));
  }

  /**
   * A pushed value, one per element of the loops around the push, also when the loop variable is read inside an
   * object literal (`for (const tool of list) out.push({ name: tool.name, config })`). A push under an `if` whose
   * condition the element decides (`if (typeof tool === 'function') out.push(tool(args)); else out.push(tool)`) runs
   * only for the elements that take its branch; a condition the bindings do not decide keeps the push.
   */
  private expandPushed(expr: ts.Expression, push: ts.CallExpression, decl: ts.VariableDeclaration, sf: ts.SourceFile, env: Env): Value[] {
    const inner = ts.isSpreadElement(expr) ? expr.expression : expr;
    const conditions = pathConditions(push, decl.parent.parent.parent, sf) ?? [];
    const results = expandEnvs(
      this.evaluator,
      env,
      (e) => ({ value: this.evaluator.evaluate(inner, sf, e), env: e }),
      ({ value }) => binderOf(value, { site: push, depth: 2, parameters: false }),
    );
    return results.filter(({ env: bound }) => bound === env || !conditions.some((c) => this.decidedFalse(c, bound))).map(({ value }) => value);
  }

  /** Whether a path condition is known not to hold under these bindings (`typeof x === 'function'` of a known `x`). */
  private decidedFalse(condition: KeptCondition, env: Env): boolean {
    const value = this.evaluator.evaluate(condition.node as ts.Expression, condition.sf, env);
    return value.kind === 'literal' && Boolean(value.value) === condition.negated;
  }
}

/** `??=`, `||=`, `&&=`. */
function isLogicalAssignment(kind: ts.SyntaxKind): boolean {
  return kind === ts.SyntaxKind.QuestionQuestionEqualsToken || kind === ts.SyntaxKind.BarBarEqualsToken || kind === ts.SyntaxKind.AmpersandAmpersandEqualsToken;
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

/** True when the variable is passed as an argument to a call in its scope (`fill(map)`), where it may be changed. */
function escapesAsArgument(decl: ts.VariableDeclaration): boolean {
  const scope = decl.parent.parent.parent;
  if (!scope || !ts.isIdentifier(decl.name)) return false;
  const name = decl.name.text;
  return (argumentsIn(scope).get(name) ?? []).some((inner) => declaresVariable(findDeclaration(name, inner), decl));
}

const declaresVariable = (found: Declaration | undefined, decl: ts.VariableDeclaration) => found?.kind === 'variable' && found.declaration === decl;

/** Whether `node` runs at most once each time `scope` runs: no loop, function, `try` or `switch` between them. */
function runsOnceIn(node: ts.Node, scope: ts.Node): boolean {
  for (let parent = node.parent; parent && parent !== scope; parent = parent.parent) {
    if (ts.isIterationStatement(parent, false) || ts.isFunctionLike(parent) || ts.isTryStatement(parent) || ts.isSwitchStatement(parent) || ts.isClassLike(parent)) return false;
  }
  return true;
}
