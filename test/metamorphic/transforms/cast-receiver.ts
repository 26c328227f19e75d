import ts from 'typescript';
import { eachSiteCall, f, isTypeScriptFile, type Transform } from './tree';

export const castReceiver: Transform = {
  name: 'cast-receiver',
  description: '`(server as any).registerTool(…)`: the receiver cast (TypeScript files)',
  apply: (input) =>
    eachSiteCall(input, 'no registration call in a TypeScript file', (site, edits) => {
      edits.replace.set(site.callee, (v) => {
        const callee = v as ts.PropertyAccessExpression;
        const cast = f.createAsExpression(callee.expression, f.createKeywordTypeNode(ts.SyntaxKind.AnyKeyword));
        return f.updatePropertyAccessExpression(callee, f.createParenthesizedExpression(cast), callee.name);
      });
      return true;
    }, isTypeScriptFile),
};
