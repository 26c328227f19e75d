import ts from 'typescript';
import { eachSiteCall, f, isPure, type Transform } from './tree';

export const callMethod: Transform = {
  name: 'call',
  description: '`server.registerTool.call(server, …)` (receivers that can be written twice)',
  apply: (input) =>
    eachSiteCall(input, 'no registration call on a plain receiver', (site, edits) => {
      if (!isPure(site.receiver)) return false;
      edits.replace.set(site.call, (v) => {
        const call = v as ts.CallExpression;
        const callee = call.expression as ts.PropertyAccessExpression;
        return f.createCallExpression(f.createPropertyAccessExpression(callee, 'call'), undefined, [callee.expression, ...call.arguments]);
      });
      return true;
    }),
};
