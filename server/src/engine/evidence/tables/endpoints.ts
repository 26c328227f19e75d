// RPC-style endpoints whose path names the operation: a POST to `…/batch/update`, `/v1/items/delete` or
// `/api/chat.update` overwrites or removes what it names, whatever its method says. The path is read through the
// helpers the walk followed (`this.request(path, …)` called as `client.post(\`/crm/v3/objects/${type}/batch/update\`)`).
import ts from 'typescript';
import { findDeclaration, skipOuterExpressions } from '../../syntax';
import { isModuleLevel } from '../nodes';
import type { Walk } from '../recogniser';
import { DESTROY_VERBS, words } from './verbs';

/** Verbs that, as an endpoint's last path segment, overwrite existing records (besides the destroying verbs). */
const OVERWRITE_ENDPOINTS: readonly string[] = ['update', 'upsert', 'overwrite', 'replace'];

/** The verb an endpoint's last path segment names when it overwrites or removes (`update` in `/batch/update`). */
export function endpointVerb(walk: Walk, urlArg: ts.Expression | undefined): string | undefined {
  const url = urlArg && urlText(walk, urlArg, 0);
  if (!url) return undefined;
  // `?` stands for a hole; only a `?key=value` tail is a query.
  const path = url.replace(/#.*$/, '').replace(/\?[^/?]*=[^/]*$/, '').replace(/\/+$/, '');
  const segment = path.slice(path.lastIndexOf('/') + 1);
  if (!segment || segment.includes('?')) return undefined;
  const verb = words(segment).at(-1);
  return verb && (OVERWRITE_ENDPOINTS.includes(verb) || DESTROY_VERBS.includes(verb)) ? verb : undefined;
}

/** The URL's text, holes as `?`, through locals and the parameters the followed calls filled. */
function urlText(walk: Walk, expr: ts.Expression, depth: number): string | undefined {
  if (depth > 8) return undefined;
  const inner = skipOuterExpressions(expr);
  if (ts.isStringLiteralLike(inner)) return inner.text;
  if (ts.isTemplateExpression(inner)) return inner.head.text + inner.templateSpans.map((span) => (urlText(walk, span.expression, depth + 1) ?? '?') + span.literal.text).join('');
  if (ts.isBinaryExpression(inner) && inner.operatorToken.kind === ts.SyntaxKind.PlusToken) {
    const left = urlText(walk, inner.left, depth + 1);
    const right = urlText(walk, inner.right, depth + 1);
    return left === undefined && right === undefined ? undefined : (left ?? '?') + (right ?? '?');
  }
  if (!ts.isIdentifier(inner)) return undefined;
  const decl = findDeclaration(inner.text, inner);
  if (decl?.kind === 'variable' && decl.path.length === 0 && decl.declaration.initializer) {
    const list = decl.declaration.parent;
    // A local `let` may be reassigned; a module-level one is configuration.
    const fixed = ts.isVariableDeclarationList(list) && (list.flags & ts.NodeFlags.Const) !== 0;
    return fixed || !isModuleLevel(decl.declaration) ? urlText(walk, decl.declaration.initializer, depth + 1) : undefined;
  }
  if (decl?.kind === 'parameter' && decl.path.length === 0) {
    const passed = walk.argumentFor(decl.declaration);
    return passed && urlText(walk, passed, depth + 1);
  }
  return undefined;
}
