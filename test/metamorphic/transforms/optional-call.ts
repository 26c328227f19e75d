import ts from 'typescript';
import { eachSiteCall, f, type Transform } from './tree';

export const optionalCall: Transform = {
  name: 'optional-call',
  description: '`server?.registerTool?.(…)`: optional chaining on the receiver and the call',
  apply: (input) =>
    eachSiteCall(input, 'no registration call', (site, edits) => {
      edits.replace.set(site.call, (v) => {
        const call = v as ts.CallExpression;
        const callee = call.expression as ts.PropertyAccessExpression;
        const chained = f.createPropertyAccessChain(callee.expression, f.createToken(ts.SyntaxKind.QuestionDotToken), callee.name);
        return f.createCallChain(chained, f.createToken(ts.SyntaxKind.QuestionDotToken), call.typeArguments, call.arguments);
      });
      return true;
    }),
};
