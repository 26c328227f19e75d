// Elements of a list that only a run-time condition keeps there: a filter whose callback the engine cannot decide
// for an element, one branch of `cond ? listA : listB`, a list reassigned under a condition. The element is still
// read (it may be registered); the condition travels with it, on a copy of the value, so the same definition read
// elsewhere unfiltered stays unconditional.
import type ts from 'typescript';
import { fileIndexOf, table } from '../syntax';
import type { Value } from './values';

export interface KeptCondition {
  /** The expression that decides (a filter callback's body, a ternary's condition, the reassigned variable). */
  node: ts.Node;
  sf: ts.SourceFile;
  /** True when the element is kept when the expression is false. */
  negated: boolean;
  via: 'filter' | 'if';
  /**
   * Or kept when every condition of one of these lists holds: `mode ? all : all.filter(p)` keeps an element when
   * `mode || p` (the list the element is in for certain, or the one a filter may keep it in).
   */
  or?: readonly (readonly KeptCondition[])[];
}

/** Kept with the value's file: a value is one evaluator's, and no value of an analysis is read after the next begins. */
const KEPT_UNDER = table<Value, readonly KeptCondition[]>('kept:conditions', 'analysis', 'the run-time conditions that kept a value in its list (an evaluator\'s value)');

/** The conditions that kept this value in its list (empty for a value nothing filtered). */
export function keptConditions(value: Value): readonly KeptCondition[] {
  return fileIndexOf(value.sf).get(KEPT_UNDER, value) ?? [];
}

/** A copy of `value` kept only when `conditions` hold (besides those it already carries). */
export function keptOnlyWhen(value: Value, conditions: readonly KeptCondition[]): Value {
  if (conditions.length === 0) return value;
  const before = keptConditions(value);
  const added = conditions.filter((c) => !before.some((b) => b.node === c.node && b.negated === c.negated && b.or === c.or));
  if (added.length === 0) return value;
  const copy = { ...value } as Value;
  fileIndexOf(copy.sf).set(KEPT_UNDER, copy, [...before, ...added]);
  return copy;
}

/** `list.map(fn)`: what the callback made of a kept element is kept under the same conditions. */
export function carryConditions(from: Value, to: Value): Value {
  return keptOnlyWhen(to, keptConditions(from));
}

/** The conditions of `more` that `fewer` lacks, when `more` has every condition of `fewer`; undefined otherwise. */
export function addedConditions(fewer: readonly KeptCondition[], more: readonly KeptCondition[]): KeptCondition[] | undefined {
  const same = (a: KeptCondition, b: KeptCondition) => a.node === b.node && a.negated === b.negated && a.or === b.or;
  if (!fewer.every((c) => more.some((m) => same(c, m)))) return undefined;
  return more.filter((m) => !fewer.some((c) => same(c, m)));
}
