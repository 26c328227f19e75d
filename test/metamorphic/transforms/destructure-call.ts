import { addBefore, constStatement, eachSiteGroup, f, freshName, type Transform } from './tree';

export const destructureCall: Transform = {
  name: 'destructure',
  description: '`const { registerTool: registerTool1 } = server;` then `registerTool1.call(server, …)`',
  apply: (input) =>
    eachSiteGroup(input, 'no registration call on a plain receiver in a statement list', (group, edits, sf, names) => {
      const name = freshName(sf, group.method, names);
      const pattern = f.createObjectBindingPattern([f.createBindingElement(undefined, group.method, name)]);
      addBefore(edits, group.statement, [constStatement(pattern, group.receiver)]);
      for (const site of group.sites) {
        edits.replace.set(site.call, (v) => {
          const call = v as import('typescript').CallExpression;
          const receiver = (call.expression as import('typescript').PropertyAccessExpression).expression;
          return f.createCallExpression(f.createPropertyAccessExpression(f.createIdentifier(name), 'call'), undefined, [receiver, ...call.arguments]);
        });
      }
      return true;
    }),
};
