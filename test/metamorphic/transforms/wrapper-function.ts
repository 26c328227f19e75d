import ts from 'typescript';
import { addBefore, constStatement, eachSiteGroup, f, forwardingArrow, freshName, recalled, usesThis, type Transform } from './tree';

export const wrapperFunction: Transform = {
  name: 'wrapper-function',
  description: '`function addTool1(a0, a1, a2) { return server.registerTool(a0, a1, a2); }` called at every site (an arrow when the receiver reads `this`)',
  apply: (input) =>
    eachSiteGroup(input, 'no registration call on a plain receiver in a statement list', (group, edits, sf, names) => {
      const name = freshName(sf, 'addTool', names);
      const spread = group.sites.some((s) => s.call.arguments.some(ts.isSpreadElement));
      const arity = Math.max(...group.sites.map((s) => s.call.arguments.length));
      let declaration: ts.Statement;
      if (usesThis(group.receiver) || spread) {
        declaration = constStatement(name, forwardingArrow(group.receiver, group.method));
      } else {
        const params = Array.from({ length: arity }, (_, i) => `a${i}`);
        const body = f.createBlock([f.createReturnStatement(f.createCallExpression(f.createPropertyAccessExpression(group.receiver, group.method), undefined, params.map((p) => f.createIdentifier(p))))], true);
        declaration = f.createFunctionDeclaration(undefined, undefined, name, undefined, params.map((p) => f.createParameterDeclaration(undefined, undefined, p)), undefined, body);
      }
      addBefore(edits, group.statement, [declaration]);
      for (const site of group.sites) edits.replace.set(site.call, (v) => recalled(v, f.createIdentifier(name)));
      return true;
    }),
};
