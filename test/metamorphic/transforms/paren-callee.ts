import ts from 'typescript';
import { eachSiteCall, f, type Transform } from './tree';

export const parenCallee: Transform = {
  name: 'paren-callee',
  description: '`(server.registerTool)(…)`: the callee in parentheses',
  apply: (input) =>
    eachSiteCall(input, 'no registration call', (site, edits) => {
      edits.replace.set(site.call, (v) => {
        const call = v as ts.CallExpression;
        return f.updateCallExpression(call, f.createParenthesizedExpression(call.expression), call.typeArguments, call.arguments);
      });
      return true;
    }),
};
