// Where the root of a call chain comes from: a package import, module state, a local value, a global. The
// recognisers decide by it: `fs.writeFile` is the file system only when `fs` is the fs module.
import ts from 'typescript';
import { skipOuterExpressions } from '../syntax';
import type { Origin, Walk } from './recogniser';
import { isModuleLevel, memberChain, truncate } from './nodes';
import { HTTP_GLOBALS } from './tables/http';
import { isPureModule, PURE_GLOBALS, PURE_NAMESPACES } from './tables/ignore';

/** Where the root of a call chain comes from: an import, module state, a local value, a global. */
export function originOf(walk: Walk, root: ts.Expression, sf: ts.SourceFile, depth: number): Origin {
  if (depth > 6) return { kind: 'unknown', text: root.getText(sf) };
  const expr = skipOuterExpressions(root);
  if (ts.isIdentifier(expr)) {
    const decl = walk.evaluator.declarationOf(expr);
    if (!decl) return { kind: 'global', name: expr.text, path: [] };
    switch (decl.kind) {
      case 'import':
        if (decl.module.startsWith('.')) return relativeImportOrigin(walk, decl.module, sf);
        return { kind: 'package', module: decl.module, path: decl.exportName === '*' || decl.exportName === 'default' ? [] : [decl.exportName] };
      case 'parameter':
        // The handler's own parameters are the call's arguments (JSON data) and the SDK's `extra`; a helper's
        // parameter may be a client passed in.
        return walk.isDataParam(decl.declaration) ? { kind: 'value' } : { kind: 'unknown', text: expr.text };
      case 'function':
        return { kind: 'value' };
      case 'enum':
        return { kind: 'value' };
      case 'class':
        // An instance of a local class: its methods are not followed, so none of them is assumed pure.
        return { kind: 'unknown', text: expr.text };
      case 'variable': {
        const declaration = decl.declaration;
        const init = declaration.initializer && skipOuterExpressions(declaration.initializer);
        if (!init) return isModuleLevel(declaration) ? { kind: 'unknown', text: expr.text } : { kind: 'value' };
        const required = requiredModule(init);
        if (required !== undefined) {
          const module = required;
          if (module.startsWith('.')) return relativeImportOrigin(walk, module, sf);
          const path = (decl.path ?? []).flatMap((step) => ('property' in step ? [step.property] : []));
          return { kind: 'package', module, path };
        }
        if (isStateInitializer(init)) return isModuleLevel(declaration) ? { kind: 'module-state', name: expr.text, decl: declaration } : { kind: 'value' };
        if (ts.isNewExpression(init) || ts.isCallExpression(init) || ts.isPropertyAccessExpression(init)) {
          const inner = ts.isNewExpression(init) ? init.expression : ts.isCallExpression(init) ? memberChain(skipOuterExpressions(init.expression)).root : memberChain(init).root;
          const from = originOf(walk, inner, sf, depth + 1);
          // `promisify(exec)`, `debounce(fn)`: a pure helper wrapping a function is that function.
          if (ts.isCallExpression(init) && isPureOrigin(from)) {
            for (const arg of init.arguments) {
              // The function itself, or a member of a namespace (`promisify(child_process_1.execFile)`).
              const chain = memberChain(skipOuterExpressions(arg));
              const wrapped = originOf(walk, chain.root, sf, depth + 1);
              if (wrapped.kind === 'package' && !isPureModule(wrapped.module)) return { ...wrapped, path: [...wrapped.path, ...chain.path] };
            }
          }
          if (from.kind === 'package') {
            const path = ts.isPropertyAccessExpression(init) ? [...from.path, ...memberChain(init).path] : from.path;
            // `const transporter = nodemailer.createTransport()`: a client of the same package.
            return { kind: 'package', module: from.module, path: ts.isNewExpression(init) || ts.isCallExpression(init) ? [] : path };
          }
          // A local holding the result of a call is data: the call itself was already weighed where it is made.
          if (!isModuleLevel(declaration)) return { kind: 'value' };
          if (from.kind === 'value' || from.kind === 'global' || from.kind === 'module-state') return { kind: 'value' };
          return { kind: 'unknown', text: expr.text };
        }
        if (ts.isIdentifier(init)) return originOf(walk, init, sf, depth + 1);
        return { kind: 'value' };
      }
    }
  }
  if (expr.kind === ts.SyntaxKind.ThisKeyword) return { kind: 'unknown', text: 'this' };
  // `(name ?? "").replace(…)`, `(a || b).trim()`, `cond ? x : y`: computed values.
  if (ts.isBinaryExpression(expr) || ts.isConditionalExpression(expr) || ts.isPrefixUnaryExpression(expr)) return { kind: 'value' };
  if (ts.isStringLiteralLike(expr) || ts.isTemplateExpression(expr) || ts.isArrayLiteralExpression(expr) || ts.isObjectLiteralExpression(expr) || ts.isNumericLiteral(expr) || ts.isRegularExpressionLiteral(expr)) return { kind: 'value' };
  if (ts.isCallExpression(expr)) {
    const inner = originOf(walk, memberChain(skipOuterExpressions(expr.expression)).root, sf, depth + 1);
    // The result of a package call is a client of that package (`knex("users").del()`, `getClient().send()`).
    if (inner.kind === 'package') return { kind: 'package', module: inner.module, path: [] };
    if (inner.kind === 'global' && (PURE_GLOBALS.includes(inner.name) || PURE_NAMESPACES.includes(inner.name) || HTTP_GLOBALS.includes(inner.name))) return { kind: 'value' };
    return inner.kind === 'value' ? { kind: 'value' } : { kind: 'unknown', text: truncate(expr.getText(sf)) };
  }
  if (ts.isNewExpression(expr)) {
    const inner = originOf(walk, expr.expression, sf, depth + 1);
    if (inner.kind === 'package') return { kind: 'package', module: inner.module, path: [] };
    if (inner.kind === 'global' && PURE_GLOBALS.includes(inner.name)) return { kind: 'value' };
    return { kind: 'unknown', text: truncate(expr.getText(sf)) };
  }
  return { kind: 'unknown', text: truncate(expr.getText(sf)) };
}

/** `import * as store from "./store"`: calls on it are followed by `follow`; anything else is a local value. */
function relativeImportOrigin(walk: Walk, module: string, sf: ts.SourceFile): Origin {
  return walk.resolvesImport(sf, module) ? { kind: 'value' } : { kind: 'unknown', text: module };
}

/** Compiled CommonJS interop helpers around `require("x")`: `__importDefault`, `__importStar`, `__toESM`, Babel's. */
const INTEROP_HELPERS = /^(?:__importDefault|__importStar|__toESM|_interopRequireDefault|_interopRequireWildcard|__toCommonJS)$/;

/** `require("x")`, `__importDefault(require("x"))`, `tslib_1.__importStar(require("x"))`, webpack's external `__webpack_require__("x")`: the module, else undefined. */
function requiredModule(init: ts.Expression): string | undefined {
  const expr = skipOuterExpressions(init);
  if (!ts.isCallExpression(expr)) return undefined;
  const callee = skipOuterExpressions(expr.expression);
  const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : undefined;
  if (name === 'require' && expr.arguments[0] && ts.isStringLiteralLike(expr.arguments[0])) return expr.arguments[0].text;
  // webpack's externals: `__webpack_require__("node:child_process")` (its own modules are ids or `./` paths).
  if (name === '__webpack_require__' && expr.arguments[0] && ts.isStringLiteralLike(expr.arguments[0]) && !expr.arguments[0].text.startsWith('.')) return expr.arguments[0].text;
  if (name && INTEROP_HELPERS.test(name) && expr.arguments[0]) return requiredModule(expr.arguments[0]);
  return undefined;
}

/** `new Map()`, `[]`, `{}`, `new Set()`: a container the tool can keep state in. */
function isStateInitializer(init: ts.Expression): boolean {
  if (ts.isArrayLiteralExpression(init) || ts.isObjectLiteralExpression(init)) return true;
  return ts.isNewExpression(init) && ts.isIdentifier(init.expression) && ['Map', 'Set', 'WeakMap', 'WeakSet', 'Array'].includes(init.expression.text);
}

function isPureOrigin(origin: Origin): boolean {
  if (origin.kind === 'package') return isPureModule(origin.module);
  return origin.kind === 'global' && (PURE_NAMESPACES.includes(origin.name) || PURE_GLOBALS.includes(origin.name));
}
