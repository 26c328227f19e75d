import { addBefore, constStatement, eachSiteGroup, f, forwardingArrow, freshName, recalled, type Transform } from './tree';

export const wrapperObject: Transform = {
  name: 'wrapper-object',
  description: '`const registry1 = { add: (...args) => server.registerTool(...args) }; registry1.add(…)`',
  apply: (input) =>
    eachSiteGroup(input, 'no registration call on a plain receiver in a statement list', (group, edits, sf, names) => {
      const name = freshName(sf, 'registry', names);
      const registry = f.createObjectLiteralExpression([f.createPropertyAssignment('add', forwardingArrow(group.receiver, group.method))], true);
      addBefore(edits, group.statement, [constStatement(name, registry)]);
      for (const site of group.sites) edits.replace.set(site.call, (v) => recalled(v, f.createPropertyAccessExpression(f.createIdentifier(name), 'add')));
      return true;
    }),
};
