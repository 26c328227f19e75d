import ts from 'typescript';
import { addBefore, constStatement, eachSiteCall, f, freshName, isPure, statementOf, type Transform } from './tree';

export const bindLocal: Transform = {
  name: 'bind-local',
  description: '`const registerTool1 = server.registerTool.bind(server); registerTool1(…)`, one local per call',
  apply: (input) =>
    eachSiteCall(input, 'no registration call on a plain receiver in a statement list', (site, edits, sf, names) => {
      const statement = statementOf(site.call);
      if (!statement || !isPure(site.receiver)) return false;
      const name = freshName(sf, `${site.method}Bound`, names);
      addBefore(edits, statement, [constStatement(name, f.createCallExpression(f.createPropertyAccessExpression(site.callee, 'bind'), undefined, [site.receiver]))]);
      edits.replace.set(site.call, (v) => {
        const call = v as ts.CallExpression;
        return f.updateCallExpression(call, f.createIdentifier(name), call.typeArguments, call.arguments);
      });
      return true;
    }),
};
