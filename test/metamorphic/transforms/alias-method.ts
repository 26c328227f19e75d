import { addBefore, constStatement, eachSiteGroup, f, freshName, recalled, type Transform } from './tree';

export const aliasMethod: Transform = {
  name: 'alias-method',
  description: '`const registerTool1 = server.registerTool.bind(server)` once, then `registerTool1(…)` at every call',
  apply: (input) =>
    eachSiteGroup(input, 'no registration call on a plain receiver in a statement list', (group, edits, sf, names) => {
      const name = freshName(sf, group.method, names);
      const bound = f.createCallExpression(f.createPropertyAccessExpression(f.createPropertyAccessExpression(group.receiver, group.method), 'bind'), undefined, [group.receiver]);
      addBefore(edits, group.statement, [constStatement(name, bound)]);
      for (const site of group.sites) edits.replace.set(site.call, (v) => recalled(v, f.createIdentifier(name)));
      return true;
    }),
};
