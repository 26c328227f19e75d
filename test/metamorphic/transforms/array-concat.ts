import ts from 'typescript';
import { eachDefinitionArray, f, reinitialised, type Transform } from './tree';

export const arrayConcat: Transform = {
  name: 'array-concat',
  description: 'an array of tool definitions written `[first].concat([rest…])`',
  apply: (input) =>
    eachDefinitionArray(input, 'no array of two or more tool definitions bound to a variable', ({ statement, array }, edits) => {
      if (array.elements.length < 2 || ts.isSpreadElement(array.elements[0])) return false;
      edits.replace.set(statement, (v) => {
        const visited = v as ts.VariableStatement;
        const declaration = visited.declarationList.declarations[0];
        const elements = (declaration.initializer as ts.ArrayLiteralExpression).elements;
        const concat = f.createCallExpression(f.createPropertyAccessExpression(f.createArrayLiteralExpression([elements[0]]), 'concat'), undefined, [f.createArrayLiteralExpression(elements.slice(1), true)]);
        return reinitialised(visited, declaration, concat);
      });
      return true;
    }),
};
