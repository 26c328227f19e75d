// Which HTTP method a request is sent with, when the request call does not spell it out: the method is followed
// back through the calls the walk followed into the request, as a string (`request("PATCH", url)` into
// `fetch(url, { method })`), an options object (`this.request(url, { ...options, method: "PUT" })` into
// `fetch(url, { ...rest })` after `const { headers, ...rest } = options`), or a tool definition's field read in a
// handler a loop's tools share (`request(def.method, def.path)`). What none of these decides falls back on what the
// followed call spelled out anywhere in its arguments (the walk's method frames).
import ts from 'typescript';
import { findDeclaration, propertyNameText, skipOuterExpressions } from '../../syntax';
import { isModuleLevel, literalText } from '../nodes';
import type { Walk } from '../recogniser';

const HTTP_VERB = /^(GET|HEAD|OPTIONS|POST|PUT|PATCH|DELETE)$/;
const MAX_DEPTH = 10;

/** A method, null when none is given (the default applies: GET), undefined when it is chosen at run time. */
export type MethodReading = string | null | undefined;

/** The method `expr` (a method value: `"POST"`, `method`, `options.method`, `def.method`) stands for. */
export function methodValue(walk: Walk, expr: ts.Expression, level = walk.methodFrames.length - 1, depth = 0): MethodReading {
  if (depth > MAX_DEPTH) return undefined;
  const inner = skipOuterExpressions(expr);
  const bound = walk.boundValue(inner);
  if (bound !== undefined) return verb(bound);
  if (inner.kind === ts.SyntaxKind.UndefinedKeyword || (ts.isIdentifier(inner) && inner.text === 'undefined')) return null;
  const literal = literalText(inner, inner.getSourceFile());
  if (literal !== undefined) return verb(literal);
  if (ts.isBinaryExpression(inner) && (inner.operatorToken.kind === ts.SyntaxKind.BarBarToken || inner.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken)) {
    // `method || "GET"`: the default when none is given.
    const left = methodValue(walk, inner.left, level, depth + 1);
    return left === null ? methodValue(walk, inner.right, level, depth + 1) : left;
  }
  if (ts.isCallExpression(inner) && inner.arguments.length === 0) {
    // `method.toUpperCase()`
    const callee = skipOuterExpressions(inner.expression);
    if (ts.isPropertyAccessExpression(callee) && /^to(?:Upper|Lower)Case$/.test(callee.name.text)) return methodValue(walk, callee.expression, level, depth + 1);
    return undefined;
  }
  if (ts.isPropertyAccessExpression(inner)) return memberMethod(walk, inner.expression, inner.name.text, level, depth + 1);
  if (ts.isElementAccessExpression(inner) && ts.isStringLiteralLike(inner.argumentExpression)) return memberMethod(walk, inner.expression, inner.argumentExpression.text, level, depth + 1);
  if (!ts.isIdentifier(inner)) return undefined;
  const decl = findDeclaration(inner.text, inner);
  if (decl?.kind === 'parameter') {
    if (walk.isDataParam(decl.declaration)) return undefined;
    const step = decl.path.length === 1 ? decl.path[0] : undefined;
    if (decl.path.length > 1 || (step && !('property' in step))) return undefined;
    const passed = walk.argumentFor(decl.declaration);
    // `function send({ method })`: the `method` of what the call passed.
    if (passed) return step && 'property' in step ? memberMethod(walk, passed, step.property, level - 1, depth + 1) : methodValue(walk, passed, level - 1, depth + 1);
    if (decl.declaration.initializer && !step) return methodValue(walk, decl.declaration.initializer, level, depth + 1);
    return frame(walk, level);
  }
  if (decl?.kind === 'variable' && decl.declaration.initializer && !isModuleLevel(decl.declaration)) {
    if (decl.path.length === 0) return methodValue(walk, decl.declaration.initializer, level, depth + 1);
    const step = decl.path[0];
    // `const { method } = options`
    if (decl.path.length === 1 && 'property' in step) return memberMethod(walk, decl.declaration.initializer, step.property, level, depth + 1);
  }
  return undefined;
}

/** The method an options object (`{ ...options, method: "PUT" }`, `init`, `options`) carries under `key`. */
export function memberMethod(walk: Walk, expr: ts.Expression, key = 'method', level = walk.methodFrames.length - 1, depth = 0): MethodReading {
  if (depth > MAX_DEPTH) return undefined;
  const inner = skipOuterExpressions(expr);
  if (ts.isObjectLiteralExpression(inner)) {
    // Later properties win: read from the end.
    for (const property of [...inner.properties].reverse()) {
      if (ts.isPropertyAssignment(property) && propertyNameText(property.name) === key) return methodValue(walk, property.initializer, level, depth + 1);
      if (ts.isShorthandPropertyAssignment(property) && property.name.text === key) return methodValue(walk, property.name, level, depth + 1);
      if (ts.isSpreadAssignment(property)) {
        // `{ ...options }`: what the caller's options carry, if they carry it.
        const spread = memberMethod(walk, property.expression, key, level, depth + 1);
        if (spread !== null) return spread;
      }
    }
    return null;
  }
  if (!ts.isIdentifier(inner)) return undefined;
  const decl = findDeclaration(inner.text, inner);
  if (decl?.kind === 'parameter') {
    if (walk.isDataParam(decl.declaration) || decl.path.length > 0) return undefined;
    const passed = walk.argumentFor(decl.declaration);
    if (passed) return memberMethod(walk, passed, key, level - 1, depth + 1);
    if (decl.declaration.initializer) return memberMethod(walk, decl.declaration.initializer, key, level, depth + 1);
    return frame(walk, level);
  }
  if (decl?.kind === 'variable' && decl.declaration.initializer && !isModuleLevel(decl.declaration)) {
    // `const init = options`, `const { headers, ...rest } = options` (the rest keeps every other key).
    const step = decl.path.length === 1 ? decl.path[0] : undefined;
    const without = step && 'without' in step ? step.without : undefined;
    if (decl.path.length === 0 || (without && !without.includes(key))) return memberMethod(walk, decl.declaration.initializer, key, level, depth + 1);
  }
  return undefined;
}

/** What the followed call at `level` spelled out (`githubRequest(url, { method: "POST" })`), when nothing else decides. */
function frame(walk: Walk, level: number): MethodReading {
  return level >= 0 && level < walk.methodFrames.length ? walk.methodFrames[level] : undefined;
}

function verb(text: string): string | undefined {
  const upper = text.toUpperCase();
  return HTTP_VERB.test(upper) ? upper : undefined;
}
