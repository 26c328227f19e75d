import ts from 'typescript';
import { addBefore, constStatement, eachSiteGroup, f, freshName, recalled, type Transform, type TransformInput } from './tree';

/**
 * `class Registrar1 { target; constructor(target) { this.target = target; } <method>(...args) { return this.target.<sdk>(...args); } }`
 * at the top of the file, one instance per receiver (`const registrar1 = new Registrar1(server)`), called at every site.
 */
export function classWrapper(input: TransformInput, methodName: (sdkMethod: string) => string) {
  return eachSiteGroup(input, 'no registration call on a plain receiver in a statement list', (group, edits, sf, names) => {
    const className = freshName(sf, 'Registrar', names);
    const instance = freshName(sf, 'registrar', names);
    const method = methodName(group.method);
    const target = () => f.createPropertyAccessExpression(f.createThis(), 'target');
    const forward = f.createMethodDeclaration(undefined, undefined, method, undefined, undefined,
      [f.createParameterDeclaration(undefined, f.createToken(ts.SyntaxKind.DotDotDotToken), 'args')], undefined,
      f.createBlock([f.createReturnStatement(f.createCallExpression(f.createPropertyAccessExpression(target(), group.method), undefined, [f.createSpreadElement(f.createIdentifier('args'))]))], true));
    const constructor = f.createConstructorDeclaration(undefined, [f.createParameterDeclaration(undefined, undefined, 'target')],
      f.createBlock([f.createExpressionStatement(f.createAssignment(target(), f.createIdentifier('target')))], true));
    const field = f.createPropertyDeclaration(undefined, 'target', undefined, undefined, undefined);
    edits.prologue.push(f.createClassDeclaration(undefined, className, undefined, undefined, [field, constructor, forward]));
    addBefore(edits, group.statement, [constStatement(instance, f.createNewExpression(f.createIdentifier(className), undefined, [group.receiver]))]);
    for (const site of group.sites) edits.replace.set(site.call, (v) => recalled(v, f.createPropertyAccessExpression(f.createIdentifier(instance), method)));
    return true;
  });
}

export const wrapperClass: Transform = {
  name: 'wrapper-class',
  description: 'a class holding the server, whose method `add(...args)` forwards to `this.target.registerTool(...args)`',
  apply: (input) => classWrapper(input, () => 'add'),
};
