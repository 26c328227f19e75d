// Where a derived hint is decided: `readOnlyHint: this.access === "read"` in a base class's getter is decided, for
// one subclass, by its field `access = "read"`; `readOnlyHint: t.mode === "read"` in a loop, by the definition's
// `mode`. The hover shows the chain, so the reader edits the place that decides the value.
import ts from 'typescript';
import type { Tool } from '../model';
import { findDeclaration } from '../syntax';
import { locOf, type Env, type Value } from '../values';

/** Adds `decidedBy` to the declared hints of `tool` whose value is computed from members of the bound definition. */
export function recordDerivations(tool: Tool, annotations: Value | undefined, env: Env): void {
  if (!tool.declared || annotations?.kind !== 'object' || env.size === 0) return;
  for (const property of annotations.properties.values()) {
    if (!ts.isPropertyAssignment(property.node)) continue;
    const value = property.node.initializer;
    if (isWrittenLiteral(value)) continue;
    const decided: { text: string; loc: ReturnType<typeof locOf> }[] = [];
    const visit = (node: ts.Node): void => {
      if (ts.isPropertyAccessExpression(node)) {
        const owner = ownerValue(node.expression, env);
        const member = owner?.kind === 'object' ? owner.properties.get(node.name.text) : undefined;
        if (member && member.node !== property.node) {
          decided.push({ text: member.node.getText(member.sf).replace(/\s+/g, ' ').trim(), loc: locOf(member.node, member.sf) });
          return;
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(value);
    const declared = tool.declared.properties.find((p) => p.key === property.key);
    if (declared && decided.length > 0) declared.decidedBy = decided;
  }
}

function isWrittenLiteral(node: ts.Expression): boolean {
  return node.kind === ts.SyntaxKind.TrueKeyword || node.kind === ts.SyntaxKind.FalseKeyword || ts.isStringLiteralLike(node) || ts.isNumericLiteral(node);
}

/** The bound value `this` or a loop variable / parameter stands for in this tool's expansion. */
function ownerValue(expr: ts.Expression, env: Env): Value | undefined {
  if (expr.kind === ts.SyntaxKind.ThisKeyword) {
    for (const [declaration, value] of env) if (ts.isClassLike(declaration)) return value;
    return undefined;
  }
  if (!ts.isIdentifier(expr)) return undefined;
  const declaration = findDeclaration(expr.text, expr);
  if (!declaration || (declaration.kind !== 'parameter' && declaration.kind !== 'variable') || declaration.path.length > 0) return undefined;
  return env.get(declaration.declaration);
}
