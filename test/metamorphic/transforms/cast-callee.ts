import ts from 'typescript';
import { eachSiteCall, f, isTypeScriptFile, type Transform } from './tree';

export const castCallee: Transform = {
  name: 'cast-callee',
  description: '`(server.registerTool as any)(…)`: the callee cast (TypeScript files)',
  apply: (input) =>
    eachSiteCall(input, 'no registration call in a TypeScript file', (site, edits) => {
      edits.replace.set(site.call, (v) => {
        const call = v as ts.CallExpression;
        const cast = f.createAsExpression(call.expression, f.createKeywordTypeNode(ts.SyntaxKind.AnyKeyword));
        return f.updateCallExpression(call, f.createParenthesizedExpression(cast), call.typeArguments, call.arguments);
      });
      return true;
    }, isTypeScriptFile),
};
