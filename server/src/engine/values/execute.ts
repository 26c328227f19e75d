// A function with several `return`s, run statically along the one path its known arguments select: `if`s and
// `switch`es whose conditions the evaluator decides, local variables and the objects they hold updated statement by
// statement (`config.description = args[1]`), and local helper closures that change them (`setAnnotations(a)`
// writing `config.annotations`) run where they are called. Real helpers look like this: a registrar that parses its
// arguments by count (`switch (args.length)`), a function that picks hints by an access level
// (`if (access === "read") return {…}; return {…}`). As soon as something on the path is decided at run time (an
// unknown condition, a loop that changes a local, a local handed to other code), the run gives up and the caller
// falls back to reading the function as a whole, which keeps what is unknown unknown.
import ts from 'typescript';
import { withMemberSet } from './assigned';
import { findDeclaration, skipOuterExpressions, writtenTargets, type WrittenTarget } from '../syntax';
import type { Env, Value } from './values';

/** What the run needs from the evaluator. */
export interface PathHost {
  evaluate(expr: ts.Expression, sf: ts.SourceFile, env?: Env): Value;
}

/** How a statement list ended. `stuck`: a run-time decision or an unsupported statement; the run gives up. */
type Outcome = { kind: 'normal' } | { kind: 'return'; value: Value } | { kind: 'break' } | { kind: 'stuck' };

const NORMAL: Outcome = { kind: 'normal' };
const STUCK: Outcome = { kind: 'stuck' };
/** Statements run per function call, and local helpers called within one another: bounds on the work. */
const MAX_STEPS = 400;
const MAX_CLOSURE_DEPTH = 4;

/** True when the body holds more than one `return` (nested functions aside): the returns only a path can choose between. */
export function hasSeveralReturns(body: ts.Block): boolean {
  let count = 0;
  const visit = (node: ts.Node): boolean => {
    if (ts.isReturnStatement(node) && ++count > 1) return true;
    if (ts.isFunctionLike(node) || ts.isClassLike(node)) return false;
    return ts.forEachChild(node, visit) ?? false;
  };
  return ts.forEachChild(body, visit) ?? false;
}

/**
 * The value `fn`'s body returns on the path `env` (its parameters bound) selects, or undefined when run time decides
 * the path, the body throws on it, or it does something not followed here.
 */
export function returnOnPath(host: PathHost, fn: ts.FunctionLikeDeclaration & { body: ts.Block }, sf: ts.SourceFile, env: Env): Value | undefined {
  const run = new PathRun(host, sf, new Map(env), fn);
  const outcome = run.statements(fn.body.statements);
  return outcome.kind === 'return' ? outcome.value : undefined;
}

class PathRun {
  private steps = 0;
  private closureDepth = 0;

  constructor(
    private readonly host: PathHost,
    private readonly sf: ts.SourceFile,
    /** Shared with the closures the body creates, so that what they change is seen after they run. */
    private readonly env: Map<ts.Node, Value>,
    /** The function being run: its parameters and the variables declared inside it are the locals it may change. */
    private readonly root: ts.Node,
  ) {}

  statements(list: readonly ts.Statement[]): Outcome {
    for (const statement of list) {
      const outcome = this.statement(statement);
      if (outcome.kind !== 'normal') return outcome;
    }
    return NORMAL;
  }

  private statement(statement: ts.Statement): Outcome {
    if (++this.steps > MAX_STEPS) return STUCK;
    if (ts.isBlock(statement)) return this.statements(statement.statements);
    if (ts.isVariableStatement(statement)) return this.declare(statement.declarationList);
    if (ts.isExpressionStatement(statement)) return this.expression(statement.expression);
    if (ts.isReturnStatement(statement)) {
      const value = statement.expression ? this.evaluate(statement.expression) : { kind: 'literal' as const, value: undefined, node: statement, sf: this.sf };
      return { kind: 'return', value };
    }
    if (ts.isIfStatement(statement)) {
      const taken = this.decide(statement.expression);
      if (taken === undefined) return STUCK;
      const branch = taken ? statement.thenStatement : statement.elseStatement;
      return branch ? this.statement(branch) : NORMAL;
    }
    if (ts.isSwitchStatement(statement)) return this.switchStatement(statement);
    if (ts.isBreakStatement(statement) && !statement.label) return { kind: 'break' };
    // A path that throws returns nothing: the caller reads the function another way.
    if (ts.isThrowStatement(statement)) return STUCK;
    if (ts.isEmptyStatement(statement) || ts.isFunctionDeclaration(statement) || ts.isTypeAliasDeclaration(statement) || ts.isInterfaceDeclaration(statement)) return NORMAL;
    return STUCK;
  }

  private declare(list: ts.VariableDeclarationList): Outcome {
    for (const declaration of list.declarations) {
      const value = declaration.initializer ? this.evaluate(declaration.initializer) : { kind: 'literal' as const, value: undefined, node: declaration, sf: this.sf };
      this.env.set(declaration, value);
    }
    return NORMAL;
  }

  private switchStatement(statement: ts.SwitchStatement): Outcome {
    const subject = this.evaluate(statement.expression);
    if (subject.kind !== 'literal') return STUCK;
    const clauses = statement.caseBlock.clauses;
    let start = -1;
    for (let i = 0; i < clauses.length && start < 0; i++) {
      const clause = clauses[i];
      if (!ts.isCaseClause(clause)) continue;
      const label = this.evaluate(clause.expression);
      if (label.kind !== 'literal') return STUCK;
      if (label.value === subject.value) start = i;
    }
    if (start < 0) start = clauses.findIndex((c) => ts.isDefaultClause(c));
    if (start < 0) return NORMAL;
    // Falls through the following clauses until a `break` or `return`.
    for (const clause of clauses.slice(start)) {
      const outcome = this.statements(clause.statements);
      if (outcome.kind === 'break') return NORMAL;
      if (outcome.kind !== 'normal') return outcome;
    }
    return NORMAL;
  }

  /** An expression run for its effects: assignments to locals, local helpers called, `Object.assign` into a local. */
  private expression(expression: ts.Expression): Outcome {
    const expr = skipOuterExpressions(expression);
    if (ts.isBinaryExpression(expr) && expr.operatorToken.kind === ts.SyntaxKind.CommaToken) {
      const left = this.expression(expr.left);
      return left.kind === 'normal' ? this.expression(expr.right) : left;
    }
    const writes = writtenTargets(expr);
    if (ts.isBinaryExpression(expr) && writes.length > 0 && writes[0].kind !== 'compound') return this.assign(expr, writes);
    if (ts.isAwaitExpression(expr) || ts.isVoidExpression(expr)) return this.expression(expr.expression);
    if (ts.isCallExpression(expr)) return this.call(expr);
    // Anything else that writes a local (`n++`, `a &&= b`, `delete o.k`, `list.push(x)`) is not followed.
    return this.writesLocal(expr) ? STUCK : NORMAL;
  }

  /** `x = v`, `o.k = v` or a pattern (`[a, b] = pair`): `writes` is what syntax/writes.ts says it writes. */
  private assign(expr: ts.BinaryExpression, writes: readonly WrittenTarget[]): Outcome {
    const write = writes.length === 1 && writes[0].kind === 'assign' ? writes[0] : undefined;
    // A write to something that is not a local of this run (a module variable) is not what it returns; one with no
    // variable as its root (`this.x`, `f().x`) is not followed. A pattern (`[a, b] = pair`) splits its value: it is
    // passed over only when none of its targets is a local.
    if (!write) return this.writesLocal(expr) || !writes.every((each) => variableRoot(each)) ? STUCK : NORMAL;
    if (this.writesLocal(expr.right)) return STUCK;
    const variable = variableRoot(write);
    const local = variable && this.localDeclaration(variable);
    if (!local) return variable ? NORMAL : STUCK;
    const value = this.evaluate(expr.right);
    const target = write.target;
    if (ts.isIdentifier(target)) {
      this.env.set(local, value);
      return NORMAL;
    }
    const path = (write.path && write.path.length > 0 ? [...write.path] : undefined) ?? this.computedPath(target);
    if (!path) return STUCK;
    const current = this.env.get(local) ?? this.evaluate(variable);
    this.env.set(local, withMemberSet(current, path, () => value, expr, this.sf));
    return NORMAL;
  }

  /** `o[key] = v` with a key the evaluator knows. */
  private computedPath(target: ts.Expression): string[] | undefined {
    if (!ts.isElementAccessExpression(target) || !ts.isIdentifier(skipOuterExpressions(target.expression))) return undefined;
    const key = this.evaluate(target.argumentExpression);
    return key.kind === 'literal' && (typeof key.value === 'string' || typeof key.value === 'number') ? [String(key.value)] : undefined;
  }

  private call(expr: ts.CallExpression): Outcome {
    const callee = this.evaluate(expr.expression);
    // A helper closure created in this body runs here, with what it changes seen afterwards.
    if (callee.kind === 'function' && isWithin(callee.node, this.root) && callee.node.body) {
      if (this.closureDepth >= MAX_CLOSURE_DEPTH) return STUCK;
      if (expr.arguments.some((a) => ts.isSpreadElement(a))) return STUCK;
      callee.node.parameters.forEach((parameter, i) => {
        const arg = expr.arguments[i];
        this.env.set(parameter, arg ? this.evaluate(arg) : { kind: 'literal', value: undefined, node: expr, sf: this.sf });
      });
      this.closureDepth++;
      try {
        const body = callee.node.body;
        const outcome = ts.isBlock(body) ? this.statements(body.statements) : this.expression(body);
        return outcome.kind === 'stuck' ? STUCK : NORMAL;
      } finally {
        this.closureDepth--;
      }
    }
    // Other code handed a local (`fill(config)`, `config.set(…)`) may change it: not followed.
    const receiver = ts.isPropertyAccessExpression(expr.expression) ? rootIdentifier(expr.expression.expression) : undefined;
    if (receiver && this.localDeclaration(receiver) && !PURE_METHODS.has((expr.expression as ts.PropertyAccessExpression).name.text)) return STUCK;
    if (expr.arguments.some((a) => this.mentionsLocal(a))) return STUCK;
    return NORMAL;
  }

  private decide(condition: ts.Expression): boolean | undefined {
    if (this.writesLocal(condition)) return undefined;
    const value = this.evaluate(condition);
    if (value.kind === 'literal') return Boolean(value.value);
    if (value.kind === 'object' || value.kind === 'array' || value.kind === 'function' || value.kind === 'class') return true;
    return undefined;
  }

  private evaluate(expr: ts.Expression): Value {
    return this.host.evaluate(expr, this.sf, this.env);
  }

  /** The declaration of a variable or parameter of this run (the body's own, or a closure's within it). */
  private localDeclaration(identifier: ts.Identifier): ts.Node | undefined {
    const found = findDeclaration(identifier.text, identifier);
    if (!found || (found.kind !== 'variable' && found.kind !== 'parameter')) return undefined;
    return isWithin(found.declaration, this.root) ? found.declaration : undefined;
  }

  private writesLocal(expr: ts.Node): boolean {
    let writes = false;
    const visit = (node: ts.Node): void => {
      if (writes || ts.isFunctionLike(node)) return;
      // Every write syntax/writes.ts names, destructuring and calls that change a receiver included.
      for (const write of writtenTargets(node)) {
        const variable = variableRoot(write);
        if (variable && this.localDeclaration(variable)) writes = true;
      }
      ts.forEachChild(node, visit);
    };
    visit(expr);
    return writes;
  }

  private mentionsLocal(expr: ts.Node): boolean {
    const node = skipOuterExpressions(expr as ts.Expression);
    if (ts.isIdentifier(node)) return this.localDeclaration(node) !== undefined && this.holdsObject(node);
    if (ts.isSpreadElement(node)) return this.mentionsLocal(node.expression);
    return false;
  }

  private holdsObject(identifier: ts.Identifier): boolean {
    const kind = this.evaluate(identifier).kind;
    return kind === 'object' || kind === 'array' || kind === 'unknown';
  }
}

/** Methods that read and never change their receiver (strings and arrays). */
const PURE_METHODS = new Set(['includes', 'startsWith', 'endsWith', 'toUpperCase', 'toLowerCase', 'trim', 'split', 'join', 'slice', 'indexOf', 'map', 'filter', 'some', 'every', 'find', 'has', 'get', 'toString']);

/** The variable a write changes (directly or a member of it); not `this`. */
function variableRoot(write: WrittenTarget): ts.Identifier | undefined {
  return write.root && ts.isIdentifier(write.root) ? write.root : undefined;
}

function rootIdentifier(target: ts.Expression): ts.Identifier | undefined {
  let node = skipOuterExpressions(target);
  while (ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node)) node = skipOuterExpressions(node.expression);
  return ts.isIdentifier(node) ? node : undefined;
}

function isWithin(node: ts.Node, ancestor: ts.Node): boolean {
  for (let current: ts.Node | undefined = node; current; current = current.parent) if (current === ancestor) return true;
  return false;
}
