// The handler walk: visits a handler's body, hands each call, `new` and tagged template to the recognisers
// (recognisers.ts, in order), follows calls into local and relatively imported functions to a bounded depth, and
// records the chain of calls that led to each piece of evidence. A call no recogniser decides is opaque: the
// handler is then only partly visible, which leaves every optimistic hint unknown.
import ts from 'typescript';
import type { Loc } from '../model';
import type { EvidenceConfig } from '../options';
import { findDeclaration, propertyNameText, skipOuterExpressions, writtenTargets } from '../syntax';
import { EMPTY_ENV, type Evaluator, locOf, resolveModulePath, type SourceProvider } from '../values';
import { compileConfig, type ConfiguredKind, configuredEffect, type ConfiguredPatterns } from './configured';
import type { EvidenceData, HandlerVisibility, Hop, IncidentalReason } from './model';
import { passedExpression } from './arguments';
import { type ClassInFile, inheritedMethod, instanceMethod, type InstanceMethod, isClassOrBase, methodOf } from './instances';
import { isLookup } from './class-tools';
import { createdIfAbsent, functionName, isLocalArrayMember, memberChain, truncate, withoutComma } from './nodes';
import { originOf } from './origin';
import type { Body, CallSite, NewSite, Origin, Walk } from './recogniser';
import type { EvidenceSession } from './session';
import { CALL_RECOGNISERS, NEW_RECOGNISERS, TEMPLATE_RECOGNISERS } from './recognisers';
import { methodInArguments, passesOptions, requestBuilder } from './tables/http';
import { REPORTING_FILES, REPORTING_FUNCTIONS } from './tables/ignore';
import { debugGuarded, INCIDENTAL_FUNCTION } from './tables/incidental';
import { stateWrite } from './tables/state';
import { methodVerb, sideObject, words } from './tables/verbs';

/** How deep calls into local and relatively imported functions are followed. */
export const MAX_FOLLOW_DEPTH = 4;
/** At most this many functions are read per tool (a handler that calls half the code base stays partial). */
const MAX_FUNCTIONS = 40;
/** Nodes visited per tool, so a huge bundled handler cannot stall the editor. */
const NODE_BUDGET = 40_000;

export interface HandlerEvidence {
  items: EvidenceData[];
  visibility: HandlerVisibility;
  loc: Loc | null;
}

export class HandlerWalker implements Walk {
  readonly items: EvidenceData[] = [];
  partial = false;
  /** Functions walked, each with the request methods it was walked for (a helper called for GET, then for POST). */
  private readonly visited = new Map<ts.Node, Set<string>>();
  private walks = 0;
  /** The followed calls from the handler to the function being walked: tool → helper → … */
  private readonly hops: Hop[] = [];
  /** Why the function being walked is bookkeeping (a logger, a cache helper), innermost last. */
  private readonly incidentalFrames: IncidentalReason[] = [];
  readonly methodFrames: (string | null | undefined)[] = [];
  /** What each followed call passed for the callee's parameters, so a helper's `url` can be traced to the tool's arguments. */
  private readonly argumentsOf = new Map<ts.Node, ts.Expression>();
  private budget = NODE_BUDGET;
  readonly evaluator: Evaluator;
  private readonly sources: SourceProvider;
  private readonly configured: ConfiguredPatterns | undefined;
  private readonly seenOpaque = new Set<string>();
  /** Parameters of the handler itself: its arguments and the SDK's `extra`. */
  private readonly dataParams = new Set<ts.Node>();
  /** Parameters of followed functions that received a function literal at the call. */
  private readonly boundCallbacks = new Set<ts.Node>();
  /** The class of the instance `this` is in each followed function, when known (innermost last). */
  private readonly thisFrames: (ClassInFile | undefined)[] = [];

  constructor(
    /** The analysis this walk belongs to: its evaluator and memos. */
    private readonly session: EvidenceSession,
    config: EvidenceConfig | undefined,
    readonly toolWords: string[] = [],
    /** A registering wrapper's parameters bound to this tool's functions (`cb` → the tool's own callback). */
    private readonly bound: ReadonlyMap<ts.Node, Body> = new Map(),
    /** Members of a loop's shared handler that are, for this tool, a known string (`def.method`). */
    private readonly boundValues: ReadonlyMap<ts.Node, string> = new Map(),
    /** The class whose instance a tools/call dispatcher looks up for this tool (class-tools.ts). */
    private readonly toolInstance?: ClassInFile,
    /** Members of a loop's shared handler that construct, for this tool, its own local class (`new tool.handler()`). */
    private readonly boundClasses: ReadonlyMap<ts.Node, ClassInFile> = new Map(),
  ) {
    this.sources = session.sources;
    this.evaluator = session.evaluator;
    this.evaluator.resetBudget();
    this.configured = config && compileConfig(config);
  }

  walk(root: ts.Node, sf: ts.SourceFile, depth: number): void {
    const context = String(this.methodFrames.at(-1));
    const seen = this.visited.get(root);
    if (seen?.has(context)) return;
    if (this.walks >= MAX_FUNCTIONS) {
      this.markPartial();
      return;
    }
    this.walks++;
    if (seen) seen.add(context);
    else this.visited.set(root, new Set([context]));
    if (depth === 0) {
      const handlers = ts.isFunctionLike(root) ? [root] : ts.isCallExpression(root) ? root.arguments.map((a) => skipOuterExpressions(a)).filter((a) => ts.isArrowFunction(a) || ts.isFunctionExpression(a)) : [];
      // A `case "name":` clause of a low-level tools/call handler: the request is the enclosing handler's parameter.
      if (handlers.length === 0) {
        let enclosing: ts.Node | undefined = root.parent;
        while (enclosing && !ts.isFunctionLike(enclosing)) enclosing = enclosing.parent;
        if (enclosing) handlers.push(enclosing as ts.SignatureDeclaration);
      }
      for (const fn of handlers) for (const parameter of (fn as ts.SignatureDeclaration).parameters) this.dataParams.add(parameter);
    }
    const visit = (node: ts.Node): void => {
      if (--this.budget < 0) {
        this.markPartial();
        return;
      }
      if (ts.isCallExpression(node)) this.call(node, sf, depth);
      else if (ts.isNewExpression(node)) this.construct(node, sf);
      else if (ts.isTaggedTemplateExpression(node)) this.taggedTemplate(node, sf);
      // Assignments, `++`, `delete`, destructuring, `for (x of …)` heads (a call's changes are recognised as calls).
      else for (const write of writtenTargets(node)) stateWrite(this, write, sf);
      ts.forEachChild(node, visit);
    };
    if (ts.isFunctionLike(root)) {
      const body = (root as ts.FunctionLikeDeclaration).body;
      if (body) visit(body);
    } else {
      visit(root);
    }
  }

  markPartial(): void {
    this.partial = true;
  }

  add(evidence: Omit<EvidenceData, 'source' | 'loc'>, node: ts.Node, sf: ts.SourceFile): void {
    const item: EvidenceData = { source: 'handler', loc: locOf(node, sf), ...evidence };
    if (this.hops.length > 0) item.chain = [...this.hops];
    if (item.effect === 'append' && createdIfAbsent(node)) item.ifAbsent = true;
    if (item.effect !== 'read' && item.effect !== 'opaque') {
      // Code that runs only while developing is never the tool's behaviour, whatever it writes (in every profile).
      const why: IncidentalReason | undefined = debugGuarded(node, sf) ? { kind: 'debug-only' } : (item.incidental ?? this.incidentalFrames.at(-1));
      if (why) item.incidental = why;
    }
    this.items.push(item);
  }

  configuredKind(calleeText: string): ConfiguredKind | undefined {
    return this.configured && configuredEffect(this.configured, calleeText);
  }

  resolvesImport(sf: ts.SourceFile, specifier: string): boolean {
    // Once per analysis: every call on an imported client asks again, and a missing module tries ~20 paths.
    const key = `${sf.fileName}\0${specifier}`;
    let found = this.session.resolvedImports.get(key);
    if (found === undefined) {
      found = resolveModulePath(sf.fileName, specifier, (path) => this.sources.getSourceFile(path) !== undefined) !== undefined;
      this.session.resolvedImports.set(key, found);
    }
    return found;
  }

  originOf(root: ts.Expression, sf: ts.SourceFile): Origin {
    return originOf(this, root, sf, 0);
  }

  isDataParam(parameter: ts.Node): boolean {
    return this.dataParams.has(parameter);
  }

  isBoundCallback(parameter: ts.Node): boolean {
    return this.boundCallbacks.has(parameter);
  }

  boundValue(expr: ts.Node): string | undefined {
    return this.boundValues.get(expr);
  }

  argumentFor(parameter: ts.Node): ts.Expression | undefined {
    return this.argumentsOf.get(parameter);
  }

  visitedRoots(): ts.Node[] {
    return [...this.visited.keys()];
  }

  walkConstructor(constructor: ts.ConstructorDeclaration, sf: ts.SourceFile): void {
    this.walk(constructor, sf, MAX_FOLLOW_DEPTH - 1);
  }

  // ---- the node kinds the recognisers see ----

  private call(call: ts.CallExpression, sf: ts.SourceFile, depth: number): void {
    const callee = withoutComma(skipOuterExpressions(call.expression));
    if (callee.kind === ts.SyntaxKind.SuperKeyword || callee.kind === ts.SyntaxKind.ImportKeyword) return;
    const site = this.siteOf(call, callee, sf, depth);
    for (const recognise of CALL_RECOGNISERS) if (recognise(site, this)) return;
    this.opaque(call, sf, site.text(), site.origin, site.last);
  }

  /** The call as the recognisers see it; the origin and the texts are read when one first asks. */
  private siteOf(call: ts.CallExpression, callee: ts.Expression, sf: ts.SourceFile, depth: number): CallSite {
    const walker = this;
    const chain = memberChain(callee);
    // Most calls add no evidence: the callee's text is made when one does.
    let calleeText: string | undefined;
    let origin: Origin | undefined;
    let fullPath: string[] | undefined;
    let receiverText: string | undefined;
    return {
      call,
      sf,
      depth,
      callee,
      chain,
      method: chain.path.at(-1),
      text: () => (calleeText ??= truncate(callee.getText(sf))),
      get origin() {
        return (origin ??= walker.originOf(chain.root, sf));
      },
      get fullPath() {
        const from = this.origin;
        return (fullPath ??= from.kind === 'package' || from.kind === 'global' ? [...from.path, ...chain.path] : chain.path);
      },
      get last() {
        return this.fullPath.at(-1);
      },
      get receiverText() {
        return (receiverText ??= chain.receiverText(sf));
      },
    };
  }

  private construct(node: ts.NewExpression, sf: ts.SourceFile): void {
    const callee = skipOuterExpressions(node.expression);
    const named = ts.isIdentifier(callee);
    const site: NewSite = { node, sf, callee, text: truncate(callee.getText(sf)), named, declaration: named ? findDeclaration(callee.text, callee) : undefined };
    for (const recognise of NEW_RECOGNISERS) if (recognise(site, this)) return;
  }

  private taggedTemplate(node: ts.TaggedTemplateExpression, sf: ts.SourceFile): void {
    for (const recognise of TEMPLATE_RECOGNISERS) if (recognise(node, sf, this)) return;
  }

  /** A call the analyser cannot see into: the handler is only partly visible; the method's verb is a weak hint. */
  opaque(call: ts.Node, sf: ts.SourceFile, text: string, origin: Origin, last: string | undefined): void {
    this.markPartial();
    const key = origin.kind === 'package' ? `${text}\0${origin.module}` : text;
    if (this.seenOpaque.has(key)) return;
    this.seenOpaque.add(key);
    const module = origin.kind === 'package' ? { module: origin.module } : {};
    this.add({ effect: 'opaque', strength: 'strong', target: 'unknown', call: text, fact: { kind: 'opaque', why: 'unseen', ...module } }, call, sf);
    const verb = last ? methodVerb(last) : undefined;
    if (verb) {
      // `client.deleteNamespacedPod(…)`: a specific destroying method name is strong; `x.delete(k)` or `api.sendX` stay guesses.
      // `atlas.createDatabaseUser(…)`, `iam.createAccessKey(…)`: a side object (a user, a credential, an access entry)
      // created on the way is a write, whatever the tool is called.
      const specific = (verb.effect === 'destroy' && words(last!).length > 1 && origin.kind !== 'value') || (verb.effect === 'append' && origin.kind !== 'value' && sideObject(last!) !== undefined);
      this.add({ effect: verb.effect, strength: specific ? 'strong' : 'weak', guess: true, target: 'unknown', call: text, fact: { kind: 'method-verb', verb: verb.verb, ...module } }, call, sf);
    }
  }

  // ---- following calls ----

  /** Follows a call into a local or relatively imported function. Returns true when it did. */
  follow(site: CallSite): boolean {
    const { callee, sf, depth, call } = site;
    const root = site.chain.root;
    // `tool.handler(args, { client })` in a handler a loop's tools share: this tool's own function.
    let target: Body | undefined = this.bound.get(callee);
    // What `this` is in the function followed into, when the walk knows the instance's class.
    let instance: ClassInFile | undefined;
    // The tool's own method, reached through a dispatcher that looked its instance up: the handler proper starts there.
    let dispatched = false;
    if (target) {
      // followed below
    } else if (ts.isPropertyAccessExpression(callee) && callee.expression.kind === ts.SyntaxKind.ThisKeyword) {
      // `this.process(…)` in a base class's method, run on an instance of a subclass: the subclass's method.
      const current = this.thisFrames.at(-1);
      const lexical = enclosingClass(callee);
      const overriding = current && lexical && isClassOrBase(this.evaluator, current, lexical) ? methodOf(this.evaluator, current, callee.name.text, 0) : undefined;
      const method = overriding ? undefined : classMember(callee, callee.name.text);
      if (overriding) target = overriding;
      else if (method) target = { node: method, sf };
      // A method the class inherits from a local base class.
      else target = inheritedMethod(this.evaluator, callee, sf);
      if (target && current && lexical && isClassOrBase(this.evaluator, current, lexical)) instance = current;
    } else if (ts.isIdentifier(callee) || ts.isPropertyAccessExpression(callee)) {
      if (ts.isIdentifier(root)) {
        const decl = this.evaluator.declarationOf(root);
        if (decl?.kind === 'parameter') {
          const fn = root === callee ? this.bound.get(decl.declaration) : undefined;
          if (fn) {
            target = fn;
            // The tool's own callback: its parameters are the tool's arguments.
            for (const parameter of (fn.node as ts.SignatureDeclaration).parameters ?? []) this.dataParams.add(parameter);
          } else {
            // `api.remove(id)` on a parameter typed with a local client class (`api: ApiClient`): its method.
            const method = ts.isPropertyAccessExpression(callee) ? this.parameterInstanceMethod(callee, sf) : undefined;
            if (!method) return false;
            target = method;
            instance = method.instance;
            dispatched = method.dispatched === true;
          }
        }
        if (decl?.kind === 'import' && !decl.module.startsWith('.')) return false;
        if (!decl) return false;
      }
      const called = this.calledFunction(callee, sf);
      if (called === 'failed') return false;
      if (!target && called) target = called;
      // `client.update(…)` on an instance of the project's own client class: its method.
      const method = !target && ts.isPropertyAccessExpression(callee) ? this.instanceMethod(callee, sf) : undefined;
      const looked = !target && !method && ts.isPropertyAccessExpression(callee) ? this.lookedUpToolMethod(callee, callee.expression) : undefined;
      if (method ?? looked) {
        target = method ?? looked;
        instance = (method ?? looked)!.instance;
        dispatched = !!looked;
      }
    }
    if (!target) return false;
    // Reporting helpers in telemetry or logging modules (`trackUsage`, `logToolCall`) report on the tool; anything
    // else there (`getUsageStats`, `resetStats`) may be what the tool does, so it is followed.
    if (REPORTING_FILES.test(target.sf.fileName) && functionName(target.node) !== undefined && REPORTING_FUNCTIONS.test(functionName(target.node)!)) return true;
    if (!dispatched && depth + 1 > MAX_FOLLOW_DEPTH) {
      this.markPartial();
      this.add({ effect: 'opaque', strength: 'strong', target: 'unknown', call: truncate(callee.getText(sf)), fact: { kind: 'opaque', why: 'too-deep' } }, call, sf);
      return true;
    }
    const parameters = ts.isFunctionLike(target.node) ? (target.node as ts.FunctionLikeDeclaration).parameters : undefined;
    call.arguments.forEach((arg, index) => {
      const inner = skipOuterExpressions(arg);
      if (parameters?.[index] && (ts.isArrowFunction(inner) || ts.isFunctionExpression(inner))) this.boundCallbacks.add(parameters[index]);
    });
    const name = functionName(target.node);
    const incidental: IncidentalReason | undefined = name && INCIDENTAL_FUNCTION.test(name) ? { kind: 'helper', helper: name } : undefined;
    this.hops.push({ text: truncate(callee.getText(sf), 40), loc: locOf(call, sf) });
    this.thisFrames.push(instance);
    if (incidental) this.incidentalFrames.push(incidental);
    this.methodFrames.push(methodInArguments(call, sf, this) ?? (passesOptions(call) ? undefined : null));
    parameters?.forEach((parameter, index) => {
      if (call.arguments[index]) this.argumentsOf.set(parameter, call.arguments[index]);
    });
    const before = this.items.length;
    try {
      this.walk(target.node, target.sf, dispatched ? 0 : depth + 1);
      // `exa.request(SEARCH, "POST", body)` into a client whose sending the analyser cannot read (an injected
      // `fetchImpl`): the method the call spells out still says what it sends.
      const added = this.items.slice(before);
      if (added.some((e) => e.effect === 'opaque') && !added.some((e) => e.fact.kind === 'request' || e.fact.kind === 'route')) {
        this.hops.pop();
        try {
          requestBuilder(site, this);
        } finally {
          this.hops.push({ text: truncate(callee.getText(sf), 40), loc: locOf(call, sf) });
        }
      }
    } finally {
      this.methodFrames.pop();
      if (incidental) this.incidentalFrames.pop();
      this.thisFrames.pop();
      this.hops.pop();
    }
    return true;
  }

  /**
   * A method of this tool's own class, where the tool's behaviour starts (its depth counts from there):
   * `handler.runTool(args)` on `new tool.handler()`, the class a loop's definition names; or
   * `toolImpl.handleRequest(args)` in a tools/call dispatcher, on an instance looked up by name (`tools.get(name)`):
   * for this tool, an instance of the class that holds its definition. A base class's method included.
   */
  private lookedUpToolMethod(callee: ts.PropertyAccessExpression, receiver: ts.Expression): InstanceMethod | undefined {
    const constructed = this.constructedClass(receiver, 0);
    if (constructed) {
      const method = methodOf(this.evaluator, constructed, callee.name.text, 0);
      return method && { ...method, instance: constructed, dispatched: true };
    }
    const cls = this.toolInstance;
    if (!cls || !isLookup(receiver)) return undefined;
    const method = methodOf(this.evaluator, cls, callee.name.text, 0);
    return method && { ...method, instance: cls, dispatched: true };
  }

  /** `new tool.handler()` (directly, or the local constant it initialises): this tool's own class, when it is local. */
  private constructedClass(expr: ts.Expression, depth: number): ClassInFile | undefined {
    if (depth > 4 || this.boundClasses.size === 0) return undefined;
    const inner = skipOuterExpressions(expr);
    if (ts.isNewExpression(inner)) return this.boundClasses.get(skipOuterExpressions(inner.expression));
    if (!ts.isIdentifier(inner)) return undefined;
    const decl = findDeclaration(inner.text, inner);
    if (decl?.kind !== 'variable' || decl.path.length !== 0) return undefined;
    const { initializer, parent: list } = decl.declaration;
    if (!initializer || !ts.isVariableDeclarationList(list) || (list.flags & ts.NodeFlags.Const) === 0) return undefined;
    return this.constructedClass(initializer, depth + 1);
  }

  /**
   * `extra.client.put` on a parameter: the method of the instance the caller passed in its place. That depends on
   * this walk's call chain, so it is not remembered per callee (the class of the passed variable is); a parameter
   * nothing was passed for is read like any receiver.
   */
  private parameterInstanceMethod(callee: ts.PropertyAccessExpression, sf: ts.SourceFile): InstanceMethod | undefined {
    const passed = passedExpression(this, skipOuterExpressions(callee.expression));
    if (!passed) return this.instanceMethod(callee, sf);
    return instanceMethod(this.evaluator, callee, sf, () => passed, this.session.receiverClasses) ?? this.lookedUpToolMethod(callee, passed);
  }

  /** `client.update` on an instance of a local class: its method, remembered like calledFunction's. */
  private instanceMethod(callee: ts.PropertyAccessExpression, sf: ts.SourceFile): InstanceMethod | undefined {
    const known = this.session.instanceMethods;
    const remembered = known.get(callee);
    if (remembered !== undefined) return remembered ?? undefined;
    // A local array is no instance of a class, and evaluating it reads every value pushed into it.
    if (isLocalArrayMember(callee)) return undefined;
    const found = instanceMethod(this.evaluator, callee, sf, undefined, this.session.receiverClasses);
    // A reading cut short by the budget may complete later, with the evaluator's caches warm.
    if (!this.evaluator.budgetExhausted()) known.set(callee, found ?? null);
    return found;
  }

  /**
   * The function a callee evaluates to, when it has a body; 'failed' when evaluating it threw. Remembered per
   * session (one analysis): a helper every tool of a file calls has its callees evaluated once, not once per tool.
   */
  private calledFunction(callee: ts.Expression, sf: ts.SourceFile): Body | null | 'failed' {
    const known = this.session.calleeFunctions;
    const remembered = known.get(callee);
    if (remembered !== undefined) return remembered;
    // `rows.push(…)` on a local array: evaluating `rows` reads every value pushed into it, for no function.
    if (isLocalArrayMember(callee)) {
      known.set(callee, null);
      return null;
    }
    let value;
    try {
      this.evaluator.resetBudget();
      value = this.evaluator.evaluate(callee, sf, EMPTY_ENV);
    } catch {
      // A stack overflow depends on how deep the walk is: not remembered.
      return 'failed';
    }
    const found = value.kind === 'function' && value.node.body ? { node: value.node, sf: value.sf } : null;
    // A reading cut short by the budget may complete later, with the evaluator's caches warm.
    if (!this.evaluator.budgetExhausted()) known.set(callee, found);
    return found;
  }
}

/** The class whose body holds `from`. */
function enclosingClass(from: ts.Node): ts.ClassLikeDeclaration | undefined {
  let current: ts.Node | undefined = from.parent;
  while (current && !ts.isClassLike(current)) current = current.parent;
  return current as ts.ClassLikeDeclaration | undefined;
}

/** A method (or arrow-function property) of the class that encloses `from`. */
export function classMember(from: ts.Node, name: string): ts.FunctionLikeDeclaration | undefined {
  const current = enclosingClass(from);
  if (!current) return undefined;
  for (const member of current.members) {
    if (!member.name || propertyNameText(member.name) !== name) continue;
    if (ts.isMethodDeclaration(member) && member.body) return member;
    if (ts.isPropertyDeclaration(member) && member.initializer) {
      const init = skipOuterExpressions(member.initializer);
      if (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) return init;
    }
  }
  return undefined;
}
