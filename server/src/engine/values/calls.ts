// Calls: what a call gives. Built-ins and option libraries first, then methods of known values (strings, lists, the
// members of objects and modules), `require`, compiler helpers, framework definers, and functions called statically
// with their parameters bound to the arguments; `new` of a class or a collection.
import ts from 'typescript';
import { callArguments, compilerHelperName, implementationOf, importOf, skipOuterExpressions } from '../syntax';
import { builtinCall, stringMethod } from './builtins';
import { definerFramework, markDefinedBy } from './definers';
import type { EvaluatorCore } from './evaluator-core';
import { hasSeveralReturns, returnOnPath } from './execute';
import { describeSyntax, returnExpression, returnStatementsIn, syntaxCause, truncate } from './nodes';
import { optionLibraryCall } from './option-libraries';
import { RUNTIME_CALL, RUNTIME_CONDITION, RUNTIME_VALUE, unknown, type Env, type FunctionValue, type ObjectValue, type Value } from './values';

export class Calls {
  constructor(private readonly evaluator: EvaluatorCore) {}

  call(expr: ts.CallExpression, sf: ts.SourceFile, env: Env): Value {
    const builtin = builtinCall(expr, sf, (arg) => this.evaluator.evaluate(arg, sf, env), this.evaluator) ?? optionLibraryCall(expr, sf, (arg) => this.evaluator.evaluate(arg, sf, env));
    if (builtin) return builtin;
    const callee = skipOuterExpressions(expr.expression);
    // A framework definer, also as a member of its namespace (`tool_1.defineTool(def)` of compiled CommonJS).
    const defined = this.frameworkDefinition(callee, expr, sf, env);
    if (defined) return defined;
    if (ts.isPropertyAccessExpression(callee)) {
      const method = callee.name.text;
      const statics = this.evaluator.staticCall(expr, callee, sf, env);
      if (statics) return statics;
      const receiver = this.evaluator.evaluate(callee.expression, sf, env);
      if (receiver.kind === 'literal') {
        const result = stringMethod(receiver, method, expr.arguments.map((a) => this.evaluator.evaluate(a, sf, env)), expr, sf, expr.arguments);
        if (result) return result;
      }
      if (receiver.kind === 'array') {
        const listed = this.evaluator.listMethod(receiver, expr, method, sf, env);
        if (listed) return listed;
      }
      if (receiver.kind === 'function' && (method === 'call' || method === 'apply' || method === 'bind')) {
        return unknown(expr, sf, `the result of \`${truncate(expr.getText(sf))}\``, RUNTIME_CALL);
      }
      if (receiver.kind === 'object') {
        const fn = receiver.properties.get(method)?.value;
        if (fn?.kind === 'function') return this.callFunction(fn, expr.arguments.map((a) => this.evaluator.evaluate(a, sf, env)), expr, sf);
      }
      // `Provider.from(x)`: a static method of a class the project declares.
      if (receiver.kind === 'class') {
        const fn = this.evaluator.evaluate(callee, sf, env);
        if (fn.kind === 'function') return this.callFunction(fn, expr.arguments.map((a) => this.evaluator.evaluate(a, sf, env)), expr, sf);
      }
      if (receiver.kind === 'module') {
        const fn = this.evaluator.exportValue(receiver.node, method, expr, sf);
        if (fn.kind === 'function') return this.callFunction(fn, expr.arguments.map((a) => this.evaluator.evaluate(a, sf, env)), expr, sf);
      }
      return unknown(expr, sf, `the result of \`${truncate(callee.getText(sf))}()\``, RUNTIME_CALL, receiver.kind === 'unknown' ? receiver.binder : undefined);
    }
    if (ts.isIdentifier(callee) && callee.text === 'require' && expr.arguments.length === 1 && ts.isStringLiteralLike(expr.arguments[0])) {
      return this.evaluator.importValue(expr.arguments[0].text, '*', expr, sf);
    }
    const helper = ts.isIdentifier(callee) ? compilerHelperName(callee) : undefined;
    const helped = helper ? this.compilerHelper(helper, expr, sf, env) : undefined;
    if (helped) return helped;
    const fn = this.evaluator.evaluate(callee, sf, env);
    if (fn.kind === 'function') return this.callFunction(fn, expr.arguments.map((a) => this.evaluator.evaluate(a, sf, env)), expr, sf);
    return unknown(expr, sf, `the result of \`${truncate(callee.getText(sf))}()\``, RUNTIME_CALL, fn.kind === 'unknown' ? fn.binder : undefined);
  }

  /**
   * Helpers that TypeScript and bundlers emit into compiled output, read for what they mean rather than for their
   * bodies: `__awaiter(this, a, P, function* () { … })` runs the generator as an async function body, and the
   * module interop wrappers (`__importStar(require(x))`, `__toESM(…)`) give the module itself.
   */
  private compilerHelper(name: string, expr: ts.CallExpression, sf: ts.SourceFile, env: Env): Value | undefined {
    const [first] = expr.arguments;
    if (name === '__awaiter' && expr.arguments.length === 4) {
      const body = this.evaluator.evaluate(expr.arguments[3], sf, env);
      return body.kind === 'function' ? this.callFunction(body, [], expr, sf) : undefined;
    }
    if ((name === '__importStar' || name === '__importDefault' || name === '__toESM' || name === '__toCommonJS') && first) {
      const module = this.evaluator.evaluate(first, sf, env);
      if (module.kind === 'module') return module;
      // Data (`require("./defs.json")`), no ES module: `__importDefault` gives `{ default: data }`, `__importStar` and
      // `__toESM` the data with `default` added.
      if (module.kind !== 'object' && module.kind !== 'array') return undefined;
      const wrapped: ObjectValue = { kind: 'object', node: expr, sf, properties: name === '__importDefault' || module.kind === 'array' ? new Map() : new Map(module.properties), unresolved: [] };
      if (name !== '__toCommonJS') wrapped.properties.set('default', { key: 'default', value: module, node: first, keyNode: first, sf });
      return name === '__toCommonJS' ? module : wrapped;
    }
    return undefined;
  }

  /** `new Set(list)` is read as the list (for `has`, spreads and iteration); other constructions are run-time objects. */
  construct(expr: ts.NewExpression, sf: ts.SourceFile, env: Env): Value {
    const callee = skipOuterExpressions(expr.expression);
    const collection = this.evaluator.newCollection(expr, callee, sf, env);
    if (collection) return collection;
    const constructed = this.evaluator.evaluate(callee, sf, env);
    if (constructed.kind === 'class') {
      const args = (expr.arguments ?? []).map((arg) => this.evaluator.evaluate(arg, sf, env));
      return this.evaluator.instanceOf(constructed.node, constructed.sf, { args, site: expr, siteSf: sf });
    }
    return unknown(expr, sf, `a ${describeSyntax(expr)}`, syntaxCause(expr));
  }

  /**
   * A function that returns literals from several `return`s (`if (!writes) return false; … return true`), or values
   * not known statically in some of them: the one the known conditions select, the common value when all agree, else unknown. Functions returning objects keep
   * their last return. Smallest general version of returns over known conditions.
   */
  private literalReturn(decl: ts.FunctionLikeDeclaration, sf: ts.SourceFile, env: Env): Value | undefined {
    if (!decl.body || !ts.isBlock(decl.body)) return undefined;
    const returns = returnStatementsIn(decl.body);
    if (returns.length < 2) return undefined;
    const values = returns.map((r) => (r.expression ? this.evaluator.evaluate(r.expression, sf, env) : undefined));
    // Returns of literals, some not known statically (`return name.replace(/\./g, "_")`, `return name`): which one
    // runs decides, as for literals; the last one is no default.
    if (!values.every((v) => v?.kind === 'literal' || v?.kind === 'unknown')) return undefined;
    const literals = values as Extract<Value, { kind: 'literal' | 'unknown' }>[];
    if (literals.every((v) => v.kind === 'literal' && literals[0].kind === 'literal' && v.value === literals[0].value)) return literals[0];
    const chosen = this.selectedReturn(decl.body.statements, sf, env);
    if (chosen && chosen !== 'unknown') return chosen.expression ? this.evaluator.evaluate(chosen.expression, sf, env) : { kind: 'literal', value: undefined, node: chosen, sf };
    return unknown(decl, sf, 'a value that depends on which `return` runs', RUNTIME_CONDITION);
  }

  /**
   * With several returns, the one that runs when the `if`s before it are decided by the arguments
   * (`if (useDefaults) return { visible: isListed(key) }; return { visible: true }`).
   */
  private decidedReturn(decl: ts.FunctionLikeDeclaration, sf: ts.SourceFile, env: Env): Value | undefined {
    if (!decl.body || !ts.isBlock(decl.body) || returnStatementsIn(decl.body).length < 2) return undefined;
    const chosen = this.selectedReturn(decl.body.statements, sf, env);
    return chosen && chosen !== 'unknown' && chosen.expression ? this.evaluator.evaluate(chosen.expression, sf, env) : undefined;
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
      const condition = this.evaluator.evaluate(statement.expression, sf, env);
      if (condition.kind !== 'literal') return 'unknown';
      const branch = condition.value ? statement.thenStatement : statement.elseStatement;
      if (!branch) continue;
      const inner = this.selectedReturn(ts.isBlock(branch) ? branch.statements : [branch], sf, env);
      if (inner) return inner;
    }
    return undefined;
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
    const definition = definer.named ? this.namedDefinition(args, expr, sf, env) : this.evaluator.evaluate(args[0], sf, env);
    markDefinedBy(definition, definer.framework);
    return definition;
  }

  /** `tool("search", { description, annotations })`: the definition with the name given first as its `name`. */
  private namedDefinition(args: readonly ts.Expression[], expr: ts.CallExpression, sf: ts.SourceFile, env: Env): Value {
    const [nameArg, definitionArg] = args;
    const definition = definitionArg ? this.evaluator.evaluate(definitionArg, sf, env) : undefined;
    if (definition?.kind !== 'object') return definition ?? unknown(expr, sf, 'a tool defined without a definition', RUNTIME_VALUE);
    const named: ObjectValue = { ...definition, properties: new Map(definition.properties) };
    named.properties.set('name', { key: 'name', value: this.evaluator.evaluate(nameArg, sf, env), node: nameArg, keyNode: nameArg, sf });
    return named;
  }

  /** Calls a function statically: parameters are bound to the arguments, and the returned expression is evaluated. */
  callFunction(fn: FunctionValue, args: Value[], site: ts.Node, siteSf: ts.SourceFile): Value {
    // An overload signature runs its implementation.
    const decl = implementationOf(fn.node);
    if (!decl.body) return unknown(site, siteSf, 'a function without a body', RUNTIME_CALL);
    if (this.evaluator.inProgress.has(decl)) return unknown(site, siteSf, 'a recursive call', { kind: 'unsupported', construct: 'recursion' });
    const env = new Map(fn.env);
    this.bindParameters(decl, args, env, fn.sf, site, siteSf);
    this.evaluator.inProgress.add(decl);
    try {
      const returned = returnExpression(decl);
      if (!returned) return unknown(site, siteSf, `the result of a function with no single return value`, RUNTIME_CALL);
      const literal = this.literalReturn(decl, fn.sf, env);
      if (literal && literal.kind !== 'unknown') return literal;
      const decided = this.decidedReturn(decl, fn.sf, env);
      if (decided) return decided;
      // Several returns: the one the path its arguments select reaches (execute.ts).
      const onPath = ts.isBlock(decl.body) && hasSeveralReturns(decl.body) ? returnOnPath(this.evaluator, decl as ts.FunctionLikeDeclaration & { body: ts.Block }, fn.sf, env) : undefined;
      return onPath ?? literal ?? this.evaluator.evaluate(returned, fn.sf, env);
    } finally {
      this.evaluator.inProgress.delete(decl);
    }
  }

  /** Binds a function's parameters to the arguments of a call: rest parameters get the remaining ones, defaults the missing ones. */
  bindParameters(decl: ts.SignatureDeclaration, args: Value[], env: Map<ts.Node, Value>, declSf: ts.SourceFile, site: ts.Node, siteSf: ts.SourceFile): void {
    decl.parameters.forEach((parameter, index) => {
      const arg = args[index];
      if (parameter.dotDotDotToken) {
        env.set(parameter, { kind: 'array', elements: args.slice(index), node: site, sf: siteSf });
      } else if (arg && !(arg.kind === 'literal' && arg.value === undefined && parameter.initializer)) {
        env.set(parameter, arg);
      } else if (parameter.initializer) {
        env.set(parameter, this.evaluator.evaluate(parameter.initializer, declSf, env));
      } else {
        const name = parameter.name.getText(declSf);
        env.set(parameter, unknown(parameter, declSf, `the parameter \`${name}\` (not passed)`, { kind: 'binder', binder: 'parameter', name, passed: false }));
      }
    });
  }
}
