import ts from 'typescript';
import { definitionObjects, f, notApplicable, overlayOf, rewrite, Trees, type Transform } from './tree';

export const spreadSplit: Transform = {
  name: 'spread-split',
  description: 'each tool configuration and annotations object split into spreads: `{ ...{ a }, ...{ b, c } }`',
  apply(input) {
    const trees = new Trees(input.ws);
    const texts = new Map<string, string>();
    for (const [file, objects] of definitionObjects(input, trees)) {
      const replace = new Map<ts.Node, (v: ts.Node) => ts.Node>();
      for (const object of objects) {
        replace.set(object, (v) => {
          const visited = v as ts.ObjectLiteralExpression;
          const half = Math.max(1, Math.floor(visited.properties.length / 2));
          const part = (props: readonly ts.ObjectLiteralElementLike[]) => f.createSpreadAssignment(f.createObjectLiteralExpression(props, true));
          const parts = [part(visited.properties.slice(0, half))];
          if (visited.properties.length > half) parts.push(part(visited.properties.slice(half)));
          return f.updateObjectLiteralExpression(visited, parts);
        });
      }
      texts.set(file, rewrite(trees.get(file)!, { replace }));
    }
    return texts.size ? overlayOf(texts) : notApplicable('no tool configuration or annotations object literal');
  },
};
