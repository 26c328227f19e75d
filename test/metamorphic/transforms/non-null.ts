import ts from 'typescript';
import { eachSiteCall, f, isTypeScriptFile, type Transform } from './tree';

export const nonNull: Transform = {
  name: 'non-null',
  description: '`server!.registerTool!(…)`: non-null assertions on the receiver and the callee (TypeScript files)',
  apply: (input) =>
    eachSiteCall(input, 'no registration call in a TypeScript file', (site, edits) => {
      edits.replace.set(site.call, (v) => {
        const call = v as ts.CallExpression;
        const callee = call.expression as ts.PropertyAccessExpression;
        const asserted = f.createNonNullExpression(f.updatePropertyAccessExpression(callee, f.createNonNullExpression(callee.expression), callee.name));
        return f.updateCallExpression(call, asserted, call.typeArguments, call.arguments);
      });
      return true;
    }, isTypeScriptFile),
};
