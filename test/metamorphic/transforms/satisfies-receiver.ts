import ts from 'typescript';
import { eachSiteCall, f, isTypeScriptFile, type Transform } from './tree';

export const satisfiesReceiver: Transform = {
  name: 'satisfies-receiver',
  description: '`(server satisfies object).registerTool(…)`: a `satisfies` on the receiver (TypeScript files)',
  apply: (input) =>
    eachSiteCall(input, 'no registration call in a TypeScript file', (site, edits) => {
      edits.replace.set(site.callee, (v) => {
        const callee = v as ts.PropertyAccessExpression;
        const checked = f.createSatisfiesExpression(callee.expression, f.createKeywordTypeNode(ts.SyntaxKind.ObjectKeyword));
        return f.updatePropertyAccessExpression(callee, f.createParenthesizedExpression(checked), callee.name);
      });
      return true;
    }, isTypeScriptFile),
};
