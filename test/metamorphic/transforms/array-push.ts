import ts from 'typescript';
import { eachDefinitionArray, f, reinitialised, type Transform } from './tree';

export const arrayPush: Transform = {
  name: 'array-push',
  description: 'an array of tool definitions built empty, then one `list.push(definition)` per element',
  apply: (input) =>
    eachDefinitionArray(input, 'no array of tool definitions bound to a variable', ({ statement, declaration, array }, edits) => {
      const name = declaration.name.text;
      edits.replace.set(statement, (v) => reinitialised(v as ts.VariableStatement, (v as ts.VariableStatement).declarationList.declarations[0], f.createArrayLiteralExpression([])));
      edits.after.set(statement, array.elements.map((element) =>
        f.createExpressionStatement(f.createCallExpression(f.createPropertyAccessExpression(f.createIdentifier(name), 'push'), undefined, [element]))));
      return true;
    }),
};
