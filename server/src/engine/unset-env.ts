import type ts from 'typescript';
import { unknown, type LiteralValue, type UnknownValue, type Value } from './values';

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

/** The default of a value: a literal is its own default (no variables); an unknown may carry one. */
export function defaultOf(value: Value): UnsetDefault | undefined {
  if (value.kind === 'literal') return { variables: [], value };
  if (value.kind === 'unknown' && !value.binder) return value.unset;
  return undefined;
}

/** True when the value is unknown only because of environment variables whose unset default is known. */
export function hasUnsetDefault(value: Value): value is UnknownValue & { unset: UnsetDefault } {
  return value.kind === 'unknown' && !value.binder && value.unset !== undefined;
}

/** An unknown value (with `reason`) that gives `result` when every variable of `parts` is unset. */
export function withUnsetDefault(
  node: ts.Node,
  sf: ts.SourceFile,
  reason: string,
  parts: readonly UnsetDefault[],
  result: LiteralValue['value'],
): UnknownValue {
  const variables = [...new Set(parts.flatMap((part) => part.variables))];
  return { ...unknown(node, sf, reason), unset: { variables, value: { kind: 'literal', value: result, node, sf } } };
}

/** `process.env.NAME`: undefined when unset. */
export function environmentVariable(node: ts.Node, sf: ts.SourceFile, name: string): UnknownValue {
  return withUnsetDefault(node, sf, `the environment variable ${name}`, [{ variables: [name], value: { kind: 'literal', value: undefined, node, sf } }], undefined);
}
