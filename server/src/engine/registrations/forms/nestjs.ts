import ts from 'typescript';
import { EMPTY_ENV } from '../../values';
import { objectProperty, type DeclarationForm, type RawTool } from './form';
import { isImportedFrom } from '../../syntax';
import { forEachNode, toolFromDeclaredObject } from './keyed';

const MODULES = ['@rekog/mcp-nest'];

/** @rekog/mcp-nest: `@Tool({ name, description, parameters, annotations })` on a method of a provider. */
export const nestjsForm: DeclarationForm = {
  textMark: /@rekog\/mcp-nest/,
  find({ sf, evaluator }) {
    const tools: RawTool[] = [];
    forEachNode(sf, (node) => {
      if (!ts.isDecorator(node) || !ts.isCallExpression(node.expression) || !isImportedFrom(node.expression.expression, MODULES, 'Tool')) return;
      const argument = node.expression.arguments[0];
      const definition = argument && evaluator.evaluate(argument, sf, EMPTY_ENV);
      if (definition?.kind !== 'object' || !definition.properties.has('name')) return;
      const method = node.parent;
      tools.push(
        toolFromDeclaredObject(definition, 'nestjs', node, sf, {
          name: definition.properties.get('name')!.value,
          inputSchema: objectProperty(definition, 'parameters'),
          handler: ts.isMethodDeclaration(method) ? { kind: 'function', node: method, sf, env: EMPTY_ENV } : undefined,
          schemaKeys: ['parameters'],
        }),
      );
    });
    return tools;
  },
};
