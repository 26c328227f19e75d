import type ts from 'typescript';
import { unknown, type LiteralValue, type UnknownValue, type UnsetDefault, type Value } from './values';

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

/** An unknown value (with `reason`, caused by the environment) that gives `result` when every variable of `parts` is unset. */
export function withUnsetDefault(
  node: ts.Node,
  sf: ts.SourceFile,
  reason: string,
  parts: readonly UnsetDefault[],
  result: LiteralValue['value'],
): UnknownValue {
  const variables = [...new Set(parts.flatMap((part) => part.variables))];
  return { ...unknown(node, sf, reason, { kind: 'runtime', source: 'environment' }), unset: { variables, value: { kind: 'literal', value: result, node, sf } } };
}

/** `process.env.NAME`: undefined when unset. */
export function environmentVariable(node: ts.Node, sf: ts.SourceFile, name: string): UnknownValue {
  return withUnsetDefault(node, sf, `the environment variable ${name}`, [{ variables: [name], value: { kind: 'literal', value: undefined, node, sf } }], undefined);
}
