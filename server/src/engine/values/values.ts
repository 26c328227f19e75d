import type ts from 'typescript';
import type { Loc, StaticValue, UnknownCause } from '../model';

export type { UnknownCause } from '../model';

/**
 * What the code gives when the environment variables it reads are unset (`process.env.PREFIX ? `${PREFIX}_x` : "x"`,
 * `process.env.NAME ?? "search"`). The value stays unknown, since run time decides; the default is carried beside it
 * so that a tool's name can be shown as the code's default and marked as depending on those variables. Branching
 * (which tools are registered, which list is served) never uses it: only the name reader does (tool.ts).
 */
export interface UnsetDefault {
  /** The environment variables read on the way, in the order met. */
  variables: readonly string[];
  value: LiteralValue;
}

/**
 * What static evaluation knows about an expression. Every value remembers the node it came from
 * (for locations and fixes) and its source file.
 */
export type Value = LiteralValue | ObjectValue | ArrayValue | FunctionValue | ModuleValue | ClassValue | UnknownValue;

interface Base {
  node: ts.Node;
  sf: ts.SourceFile;
}

export interface LiteralValue extends Base {
  kind: 'literal';
  value: string | number | boolean | null | undefined;
}

export interface ObjectProperty {
  key: string;
  value: Value;
  /** The property as written (`key: value`, shorthand, method), or the spread it came from. */
  node: ts.Node;
  keyNode: ts.Node;
  sf: ts.SourceFile;
  /** An earlier property of the same key that this one replaced. */
  overrides?: ObjectProperty;
  /**
   * Set when the key is there only on some paths (assigned.ts): `value` is then unknown, and this is the value it has
   * when present, carrying the conditions, for readers of the whole collection (a tools map, `Object.values`).
   */
  present?: Value;
}

export interface ObjectValue extends Base {
  kind: 'object';
  properties: Map<string, ObjectProperty>;
  /** Spreads and computed keys that could not be resolved, in source order (`cause` as for an unknown value). */
  unresolved: { node: ts.Node; sf: ts.SourceFile; reason: string; cause: UnknownCause }[];
}

export interface ArrayValue extends Base {
  kind: 'array';
  elements: Value[];
  /** Set when some elements could not be known (a spread of an unknown value). */
  partial?: string;
  /** A `Map`: each element is a `[key, value]` pair (`values()` gives the values). */
  keyed?: boolean;
}

export interface FunctionValue extends Base {
  kind: 'function';
  node: ts.FunctionLikeDeclaration;
  /** Bindings visible where the function was created (closures). */
  env: Env;
}

/** A namespace import or a CommonJS module object. */
export interface ModuleValue extends Base {
  kind: 'module';
  node: ts.SourceFile;
}

/** A class declaration (its instances are evaluated with their own `this`). */
export interface ClassValue extends Base {
  kind: 'class';
  node: ts.ClassLikeDeclaration;
}

/** A point where a loop, callback or wrapper supplies the value; the finder expands these. */
export interface Binder {
  /**
   * The parameter or loop-variable declaration whose value is needed, or a class whose `this` is each concrete
   * subclass that reaches the member.
   */
  declaration: ts.ParameterDeclaration | ts.VariableDeclaration | ts.ClassLikeDeclaration;
  sf: ts.SourceFile;
}

export interface UnknownValue extends Base {
  kind: 'unknown';
  /** Why, in words for messages: nothing decides from them. */
  reason: string;
  /** Why, as data: what phases decide from (a budget cut short, run time, a construct not modelled, a binder). */
  cause: UnknownCause;
  /** When the value is only unknown because a loop or caller has not supplied it yet. */
  binder?: Binder;
  /** What the code gives when the environment variables it reads are unset (unset-env.ts). */
  unset?: UnsetDefault;
}

/** Values supplied for parameters and loop variables, keyed by their declaration node. */
export type Env = ReadonlyMap<ts.Node, Value>;
export const EMPTY_ENV: Env = new Map();

export function unknown(node: ts.Node, sf: ts.SourceFile, reason: string, cause: UnknownCause, binder?: Binder): UnknownValue {
  return binder ? { kind: 'unknown', node, sf, reason, cause, binder } : { kind: 'unknown', node, sf, reason, cause };
}

/** The cause of `value` when it is unknown, else `otherwise` (for a reason that names the value it is built from). */
export function causeOf(value: Value, otherwise: UnknownCause): UnknownCause {
  return value.kind === 'unknown' ? value.cause : otherwise;
}

/** Causes the evaluator gives often. */
export const RUNTIME_VALUE: UnknownCause = { kind: 'runtime', source: 'value' };
export const RUNTIME_CALL: UnknownCause = { kind: 'runtime', source: 'call' };
export const RUNTIME_CONDITION: UnknownCause = { kind: 'runtime', source: 'condition' };

/**
 * What tells two elements of lists apart: where the value was made and, since one helper makes many (a
 * `define(x) { return { ...x, scoped: true } }` gives every definition the same object literal, a factory wrapper the
 * same arrow), the name of an object and the values a function closes over. The same definition read twice (in both
 * branches of `cond ? [a, b] : [a]`) has the same identity.
 */
export function valueIdentity(value: Value, depth = 2): string {
  if (value.kind === 'literal') return `literal:${typeof value.value}:${String(value.value)}`;
  const at = `${value.sf.fileName}:${value.node.pos}`;
  if (value.kind === 'object') {
    const name = value.properties.get('name')?.value;
    return `object:${at}:${name?.kind === 'literal' ? String(name.value) : ''}`;
  }
  if (value.kind === 'function' && depth > 0 && value.env.size > 0) {
    const closed = [...value.env].map(([declaration, bound]) => `${declaration.pos}=${valueIdentity(bound, depth - 1)}`);
    return `function:${at}(${closed.join(',')})`;
  }
  return `${value.kind}:${at}`;
}

export function locOf(node: ts.Node, sf: ts.SourceFile): Loc {
  return { file: sf.fileName, start: node.getStart(sf), end: node.getEnd() };
}

/** Converts a value to JSON-like data; unknown parts become 'unresolved'. */
export function toStatic(value: Value, depth = 0): StaticValue {
  if (depth > 8) return 'unresolved';
  switch (value.kind) {
    case 'literal':
      return value.value === undefined ? null : value.value;
    case 'array':
      return value.elements.map((element) => toStatic(element, depth + 1));
    case 'object': {
      const out: Record<string, StaticValue> = {};
      for (const [key, prop] of value.properties) out[key] = toStatic(prop.value, depth + 1);
      return out;
    }
    default:
      return 'unresolved';
  }
}

/** Describes a value for messages: `"x"`, `1`, `an object`, … */
export function describeValue(value: Value): string {
  switch (value.kind) {
    case 'literal':
      return value.value === undefined ? 'undefined' : JSON.stringify(value.value);
    case 'object':
      return 'an object';
    case 'array':
      return 'an array';
    case 'function':
      return 'a function';
    case 'module':
      return 'a module';
    case 'class':
      return `the class ${value.node.name?.text ?? '(anonymous)'}`;
    case 'unknown':
      return value.reason;
  }
}
