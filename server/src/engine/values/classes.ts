// Classes: `this`, instances (fields, members set in any method, methods and getters, each with `this` bound to the
// instance), constructors bound to the arguments of `new`, subclasses found across the project, and the collection
// fields a class's own methods fill, read once per call of those methods.
import ts from 'typescript';
import { fileIndexOfNode, importOf, propertyNameText, skipOuterExpressions, table, writtenTargets } from '../syntax';
import { methodFills, unionOfLists } from './collections';
import { EMPTY_ENV, RUNTIME_VALUE, unknown, type Env, type ObjectValue, type Value } from './values';
import { FILL_BUDGET, MAX_ELEMENTS, type ClassInFile, type Construction, type EvaluatorCore } from './evaluator-core';
import { expandEnvs } from './expand/binders';
import { isStatic, underCondition } from './nodes';
import { lazyProperty, put } from './properties';

export class Classes {
  constructor(private readonly evaluator: EvaluatorCore) {}

  /** `this` in a class member: the instance it is bound to, or the instance of the class itself. */
  thisValue(expr: ts.Expression, sf: ts.SourceFile, env: Env): Value {
    let node: ts.Node | undefined = expr.parent;
    while (node && (ts.isArrowFunction(node) || !(ts.isFunctionLike(node) || ts.isClassLike(node) || ts.isPropertyDeclaration(node) || ts.isClassStaticBlockDeclaration(node) || ts.isSourceFile(node)))) node = node.parent;
    if (!node || ts.isSourceFile(node) || ts.isClassLike(node) || ts.isClassStaticBlockDeclaration(node)) return unknown(expr, sf, 'a `this` value', RUNTIME_VALUE);
    const member = node as ts.ClassElement;
    const cls = member.parent;
    if (!cls || !ts.isClassLike(cls)) return unknown(expr, sf, 'a `this` value', RUNTIME_VALUE);
    // In a static member, `this` is the class itself (`this.tools` reads `static tools = […]`).
    if (isStatic(member)) return { kind: 'class', node: cls, sf };
    const bound = env.get(cls);
    if (bound) return bound;
    // A base class's method runs with each subclass's `this`: the finder expands over them.
    if (this.subclassesOf(cls).length > 0) return unknown(expr, sf, `\`this\` of ${cls.name?.text ?? 'a class'}, one per subclass`, { kind: 'binder', binder: 'this', name: cls.name?.text ?? '' }, { declaration: cls, sf });
    return this.instanceOf(cls, sf);
  }

  private readonly subclasses = new Map<ts.Node, ClassInFile[]>();

  /** Classes of the project that extend `cls`, directly or not (found through files that mention its name). */
  subclassesOf(cls: ts.ClassLikeDeclaration): ClassInFile[] {
    const cached = this.subclasses.get(cls);
    if (cached) return cached;
    const out: ClassInFile[] = [];
    this.subclasses.set(cls, out);
    const name = cls.name?.text;
    if (!name) return out;
    const own = cls.getSourceFile().fileName;
    const files = new Set([own, ...(this.evaluator.sources.filesExtending?.(name) ?? [])]);
    for (const file of files) {
      // Read whether or not it extends `cls` yet: an edit there may make it a subclass.
      this.evaluator.dependencies.add(file);
      const fileSf = this.evaluator.sources.getSourceFile(file);
      if (!fileSf) continue;
      const visit = (node: ts.Node): void => {
        if (ts.isClassLike(node) && node !== cls) {
          const heritage = node.heritageClauses?.find((h) => h.token === ts.SyntaxKind.ExtendsKeyword)?.types[0];
          // Named as declared, or imported under a name of its own (`import { BaseTool as Base }`).
          const root = heritage && skipOuterExpressions(heritage.expression);
          if (heritage && (heritage.expression.getText(fileSf).endsWith(name) || (root && ts.isIdentifier(root) && importOf(root)?.exportName === name))) {
            const base = this.evaluator.evaluate(heritage.expression, fileSf);
            if (base.kind === 'class' && base.node === cls) {
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
  instanceOf(cls: ts.ClassLikeDeclaration, sf: ts.SourceFile, construction?: Construction): ObjectValue {
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
      if (hasBaseClass(chain[0].decl)) instance.unresolved.push({ node: construction.site, sf: construction.siteSf, reason: 'fields set by a base class that cannot be read', cause: { kind: 'unsupported', construct: 'base-class' } });
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
        } else if (!this.evaluator.followInstances) {
          continue;
        } else if (ts.isMethodDeclaration(member)) {
          put(instance, { key, value: { kind: 'function', node: member, sf: declSf, env }, node: member, keyNode: member.name, sf: declSf });
        } else if (ts.isGetAccessorDeclaration(member)) {
          put(instance, lazyProperty(key, member, member.name, declSf, () => this.evaluator.callFunction({ kind: 'function', node: member, sf: declSf, env }, [], member, declSf)));
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
  private bindConstructors(chain: ClassInFile[], args: Value[], env: Map<ts.Node, Value>, site: ts.Node, siteSf: ts.SourceFile): void {
    let pending: Value[] | undefined = args;
    for (let i = chain.length - 1; i >= 0 && pending; i--) {
      const { decl, sf: declSf } = chain[i];
      const ctor = decl.members.find((m): m is ts.ConstructorDeclaration => ts.isConstructorDeclaration(m) && !!m.body);
      // A class without a constructor passes its arguments on to its base class.
      if (!ctor) continue;
      this.evaluator.bindParameters(ctor, pending, env, declSf, site, siteSf);
      const superCall = ctor.body!.statements.map((s) => (ts.isExpressionStatement(s) ? skipOuterExpressions(s.expression) : undefined)).find((e): e is ts.CallExpression => !!e && ts.isCallExpression(e) && e.expression.kind === ts.SyntaxKind.SuperKeyword);
      pending = superCall?.arguments.map((arg) => this.evaluator.evaluate(arg, declSf, env));
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
  private withMethodFills(value: Value, key: string, chain: ClassInFile[], env: Env): Value {
    if (value.kind !== 'array' || !this.evaluator.followInstances) return value;
    const fills = chain.flatMap(({ decl, sf }) => (methodFills(decl).get(key) ?? []).map((fill) => ({ ...fill, sf })));
    if (fills.length === 0) return value;
    const guard = `${chain[chain.length - 1].sf.fileName}:${chain[chain.length - 1].decl.pos}#${key}`;
    if (this.fillingFields.has(guard)) return value;
    this.fillingFields.add(guard);
    // Searching the callers is bounded: a field of a bundled library (a schema cache) must not use up the steps
    // the registration being read needs.
    try {
      return this.evaluator.withAllowance(FILL_BUDGET, () => {
        const elements = [...value.elements];
        let conditional = false;
        for (const fill of fills) {
          // A constructor's fills run with the construction's own arguments (bound in `env`); a method's, with each caller's.
          const method = fill.method;
          const bindings = ts.isConstructorDeclaration(method)
            ? [new Map<ts.Node, Value>()]
            : this.evaluator.instanceMethodCallSites(method).flatMap((site) => this.callBindings(method, site));
          // Added only on some paths of the method: `has`/`get` cannot answer for certain.
          if (bindings.length > 0 && method.body && underCondition(fill.call, method.body)) conditional = true;
          for (const binding of bindings) {
            const bound = new Map([...env, ...binding]);
            if (fill.kind === 'pair') {
              if (!value.keyed || fill.call.arguments.length !== 2) continue;
              for (const pair of this.evaluator.expandTogether(fill.call.arguments, fill.sf, bound)) elements.push({ kind: 'array', elements: pair, node: fill.call, sf: fill.sf });
            } else {
              if (value.keyed) continue;
              elements.push(...fill.call.arguments.flatMap((arg) => this.evaluator.expandValue(arg, fill.sf, bound)));
            }
            if (elements.length > MAX_ELEMENTS) return { ...value, elements, partial: 'too many elements to follow' };
          }
        }
        if (this.evaluator.budgetExhausted()) return { ...value, elements, partial: 'filled by calls too costly to follow' };
        return conditional ? { ...value, elements, partial: value.partial ?? 'filled under a condition' } : { ...value, elements };
      });
    } finally {
      this.fillingFields.delete(guard);
    }
  }

  /** The method's parameters bound to one call's arguments, once per value a loop around the call gives them. */
  private callBindings(fn: ts.FunctionLikeDeclaration, site: ts.CallExpression): Map<ts.Node, Value>[] {
    const sf = site.getSourceFile();
    const evaluateArgs = (env: Env): Value[] =>
      fn.parameters.map((_, j) => {
        const arg = site.arguments[j];
        if (!arg) return { kind: 'literal', value: undefined, node: site, sf };
        return ts.isSpreadElement(arg) ? unknown(arg, sf, 'a spread argument', RUNTIME_VALUE) : this.evaluator.evaluate(arg, sf, env);
      });
    const needs = (values: Value[]) => values.find((v): v is Value & { kind: 'unknown' } => v.kind === 'unknown' && !!v.binder)?.binder;
    return expandEnvs(this.evaluator, EMPTY_ENV, evaluateArgs, needs).map((values) => {
      const env = new Map<ts.Node, Value>();
      this.evaluator.bindParameters(fn, values, env, fn.getSourceFile(), site, sf);
      return env;
    });
  }

  /** A field's value: its initializer and the values methods assign to it (any of which may be current). */
  private memberValue(initializer: ts.Expression | undefined, writes: ts.BinaryExpression[], node: ts.Node, sf: ts.SourceFile, env: Env): Value {
    const values = [...(initializer ? [initializer] : []), ...writes.map((w) => w.right)].map((expr) => this.evaluator.evaluate(expr, sf, env));
    if (values.length === 1) return values[0];
    return unionOfLists(values, node, sf) ?? unknown(node, sf, `a member assigned in several places (${values.length})`, { kind: 'runtime', source: 'write' });
  }

  /** The class and its base classes that can be found, base first. */
  private classChain(cls: ts.ClassLikeDeclaration, sf: ts.SourceFile): ClassInFile[] {
    const chain = [{ decl: cls, sf }];
    let current: ClassInFile = chain[0];
    while (chain.length < 10) {
      const heritage = current.decl.heritageClauses?.find((h) => h.token === ts.SyntaxKind.ExtendsKeyword)?.types[0];
      if (!heritage) break;
      const base = this.evaluator.evaluate(heritage.expression, current.sf);
      if (base.kind !== 'class' || chain.some((c) => c.decl === base.node)) break;
      current = { decl: base.node, sf: base.sf };
      chain.unshift(current);
    }
    return chain;
  }
}

function hasBaseClass(cls: ts.ClassLikeDeclaration): boolean {
  return cls.heritageClauses?.some((h) => h.token === ts.SyntaxKind.ExtendsKeyword) ?? false;
}

function isAbstract(cls: ts.ClassLikeDeclaration): boolean {
  return ts.getModifiers(cls)?.some((m) => m.kind === ts.SyntaxKind.AbstractKeyword) ?? false;
}

/** Read from the class's own members: a class a re-parse reuses keeps it. */
const THIS_ASSIGNMENTS = table<ts.ClassLikeDeclaration, Map<string, ts.BinaryExpression[]>>('classes:this-assignments', 'node', '`this.key = value` written in a class\'s own members, by key');

/** `this.key = value` written in the class's own members (arrows inside them included), by key. */
function thisAssignments(cls: ts.ClassLikeDeclaration): Map<string, ts.BinaryExpression[]> {
  return fileIndexOfNode(cls).cached(THIS_ASSIGNMENTS, cls, () => findThisAssignments(cls));
}

function findThisAssignments(cls: ts.ClassLikeDeclaration): Map<string, ts.BinaryExpression[]> {
  const out = new Map<string, ts.BinaryExpression[]>();
  const visit = (node: ts.Node): void => {
    // An assignment of `this.key` (syntax/writes.ts): its value is one the member may hold. Other writes of it (`+=`,
    // `++`, destructuring) are not read.
    for (const write of writtenTargets(node)) {
      if (write.kind !== 'assign' || write.root?.kind !== ts.SyntaxKind.ThisKeyword || write.path?.length !== 1) continue;
      const key = write.path[0];
      out.set(key, [...(out.get(key) ?? []), write.node as ts.BinaryExpression]);
    }
    // `this` inside a nested function or class is another object.
    if ((ts.isFunctionLike(node) && !ts.isArrowFunction(node) && node.parent !== cls) || (ts.isClassLike(node) && node !== cls)) return;
    ts.forEachChild(node, visit);
  };
  for (const member of cls.members) if (!isStatic(member)) visit(member);
  return out;
}
