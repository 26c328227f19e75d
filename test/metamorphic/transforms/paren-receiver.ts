import ts from 'typescript';
import { eachSiteCall, f, type Transform } from './tree';

export const parenReceiver: Transform = {
  name: 'paren-receiver',
  description: '`(server).registerTool(…)`: the receiver in parentheses (what a JSDoc cast compiles to)',
  apply: (input) =>
    eachSiteCall(input, 'no registration call', (site, edits) => {
      edits.replace.set(site.callee, (v) => {
        const callee = v as ts.PropertyAccessExpression;
        return f.updatePropertyAccessExpression(callee, f.createParenthesizedExpression(callee.expression), callee.name);
      });
      return true;
    }),
};
