import ts from 'typescript';
import { addBefore, f, freshName, overlayOf, notApplicable, nodeAt, rewrite, siteCalls, statementOf, Trees, type Edits, type Transform } from './tree';

/**
 * `class McpServerWithTools1 extends McpServer { registerToolVia(...args) { return this.registerTool(...args); } }`
 * constructed instead of the SDK's server, and the sites on it (`server.registerTool(…)` where `server` holds that
 * construction, in the same file) calling the subclass's method.
 */
export const subclassMethod: Transform = {
  name: 'subclass-method',
  description: 'the server constructed from a subclass of the SDK class whose own method forwards to the SDK method; sites call it',
  apply(input) {
    const trees = new Trees(input.ws);
    const calls = siteCalls(input, trees);
    const texts = new Map<string, string>();
    for (const analysis of input.analyses) {
      const sf = trees.get(analysis.file);
      const sites = calls.get(analysis.file) ?? [];
      if (!sf || !sites.length) continue;
      const edits: Required<Pick<Edits, 'replace' | 'before' | 'after'>> = { replace: new Map(), before: new Map(), after: new Map() };
      const names = new Set<string>();
      for (const server of analysis.servers) {
        const construction = nodeAt(sf, server.loc, ts.isNewExpression) as ts.NewExpression | undefined;
        if (!construction) continue;
        const holder = holderOf(construction, sf);
        const statement = statementOf(construction);
        if (!holder || !statement) continue;
        const mine = sites.filter((s) => s.receiver.getText(sf) === holder && s.call.pos > construction.end);
        if (!mine.length) continue;
        const className = freshName(sf, 'McpServerWithTools', names);
        const methods = [...new Set(mine.map((s) => s.method))];
        const members = methods.map((method) =>
          f.createMethodDeclaration(undefined, undefined, `${method}Via`, undefined, undefined,
            [f.createParameterDeclaration(undefined, f.createToken(ts.SyntaxKind.DotDotDotToken), 'args')], undefined,
            f.createBlock([f.createReturnStatement(f.createCallExpression(f.createPropertyAccessExpression(f.createThis(), method), undefined, [f.createSpreadElement(f.createIdentifier('args'))]))], true)));
        const heritage = f.createHeritageClause(ts.SyntaxKind.ExtendsKeyword, [f.createExpressionWithTypeArguments(construction.expression, undefined)]);
        addBefore(edits, statement, [f.createClassDeclaration(undefined, className, undefined, [heritage], members)]);
        edits.replace.set(construction, (v) => {
          const made = v as ts.NewExpression;
          return f.updateNewExpression(made, f.createIdentifier(className), made.typeArguments, made.arguments);
        });
        for (const site of mine) {
          edits.replace.set(site.call, (v) => {
            const call = v as ts.CallExpression;
            const callee = call.expression as ts.PropertyAccessExpression;
            return f.updateCallExpression(call, f.updatePropertyAccessExpression(callee, callee.expression, f.createIdentifier(`${site.method}Via`)), call.typeArguments, call.arguments);
          });
        }
      }
      if (edits.replace.size) texts.set(analysis.file, rewrite(sf, edits));
    }
    return texts.size ? overlayOf(texts) : notApplicable('no server constructed into a variable or field that a registration call of the same file uses');
  },
};

/** What the construction is stored in: `const server = new McpServer(…)` → `server`, `this.server = new …` → `this.server`. */
function holderOf(construction: ts.NewExpression, sf: ts.SourceFile): string | undefined {
  let node: ts.Node = construction;
  while (ts.isParenthesizedExpression(node.parent) || ts.isAsExpression(node.parent) || ts.isSatisfiesExpression(node.parent)) node = node.parent;
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) && parent.initializer === node && ts.isIdentifier(parent.name)) return parent.name.text;
  if (ts.isBinaryExpression(parent) && parent.operatorToken.kind === ts.SyntaxKind.EqualsToken && parent.right === node) return parent.left.getText(sf);
  return undefined;
}
