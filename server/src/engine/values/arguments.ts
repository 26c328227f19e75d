// The arguments a call passes, as a registration form reads them: each with the expression written for it and its
// value under a reading. A spread of a list known statically (`server.registerTool(...args)` inside
// `(...args) => …`, whose rest parameter a reading bound to a caller's arguments; `f(...["a", cfg])`) passes that
// list's elements, each written where its element was (the caller's own argument).
import ts from 'typescript';
import { callArguments } from '../syntax';
import type { EvaluatorCore } from './evaluator-core';
import type { Binder, Env, Value } from './values';

export interface CallArgument {
  /** The expression written for the argument: the argument itself, or the element a static spread passes. */
  expr: ts.Expression;
  sf: ts.SourceFile;
  /** Its value under the reading (evaluated once, when first asked). */
  value(): Value;
}

export function argumentsOf(evaluator: EvaluatorCore, call: ts.CallExpression, sf: ts.SourceFile, env: Env): CallArgument[] {
  const out: CallArgument[] = [];
  for (const arg of callArguments(call)) {
    if (ts.isSpreadElement(arg)) {
      const spread = evaluator.evaluate(arg.expression, sf, env);
      if (spread.kind === 'array' && !spread.partial && !spread.keyed) {
        for (const element of spread.elements) {
          const written = ts.isExpression(element.node) && !ts.isSpreadElement(element.node) ? element.node : undefined;
          out.push({ expr: written ?? arg, sf: written ? element.sf : sf, value: () => element });
        }
        continue;
      }
    }
    let value: Value | undefined;
    out.push({ expr: arg, sf, value: () => (value ??= evaluator.evaluate(arg, sf, env)) });
  }
  return out;
}

/** The loop variable or parameter a spread argument waits on (`...args`, a rest parameter no reading bound yet). */
export function spreadBinder(evaluator: EvaluatorCore, call: ts.CallExpression, sf: ts.SourceFile, env: Env): Binder | undefined {
  for (const arg of callArguments(call)) {
    if (!ts.isSpreadElement(arg)) continue;
    const spread = evaluator.evaluate(arg.expression, sf, env);
    if (spread.kind === 'unknown' && spread.binder) return spread.binder;
  }
  return undefined;
}
