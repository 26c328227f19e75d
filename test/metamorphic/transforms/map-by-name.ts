import ts from 'typescript';
import { constStatement, eachDefinitionArray, f, freshName, reinitialised, toolsOfInput, type Transform } from './tree';

export const mapByName: Transform = {
  name: 'map-by-name',
  description: 'an array of tool definitions kept as an object keyed by tool name, listed with `Object.values(…)`',
  apply(input) {
    const tools = toolsOfInput(input);
    return eachDefinitionArray(input, 'no array of tool definitions (without spreads) bound to a variable', ({ statement, array }, edits, sf, names) => {
      if (array.elements.some(ts.isSpreadElement)) return false;
      const used = new Set<string>();
      const keyOf = (element: ts.Expression, i: number): string => {
        const inside = tools.find((t) => t.name && t.config?.file === sf.fileName && element.getStart(sf) <= t.config.start && t.config.end <= element.end);
        // A key that reads as an array index would be listed first: names only, else `tool<i>`.
        let key = inside?.name && !/^\d+$/.test(inside.name) ? inside.name : `tool${i}`;
        while (used.has(key)) key = `${key}_`;
        used.add(key);
        return key;
      };
      const keys = array.elements.map(keyOf);
      const name = freshName(sf, 'toolsByName', names);
      edits.replace.set(statement, (v) => {
        const visited = v as ts.VariableStatement;
        const declaration = visited.declarationList.declarations[0];
        const elements = (declaration.initializer as ts.ArrayLiteralExpression).elements;
        const values = f.createCallExpression(f.createPropertyAccessExpression(f.createIdentifier('Object'), 'values'), undefined, [f.createIdentifier(name)]);
        const map = constStatement(name, f.createObjectLiteralExpression(elements.map((e, i) => f.createPropertyAssignment(f.createStringLiteral(keys[i]), e)), true));
        return [map, reinitialised(visited, declaration, values)];
      });
      return true;
    });
  },
};
