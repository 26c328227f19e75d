import ts from 'typescript';
import { EMPTY_ENV, type Value } from '../../values';
import { objectProperty, type DeclarationForm, type RawTool } from './form';
import { importOf } from '../../syntax';
import { fileStem } from './frameworks';
import { forEachNode, toolFromDeclaredObject } from './keyed';

const MODULES = ['@nuxtjs/mcp-toolkit', '@nuxtjs/mcp-toolkit/server', '#imports'];

/**
 * @nuxtjs/mcp-toolkit: `export default defineMcpTool({ name?, description, inputSchema, annotations, handler })` in
 * `server/mcp/tools/*`. Nuxt auto-imports `defineMcpTool`, so an undeclared one counts in that folder; the name is
 * the file's name when absent.
 */
export const nuxtForm: DeclarationForm = {
  textMark: /defineMcpTool/,
  fileMark: (fileName) => /\/server\/mcp\/tools\//.test(fileName),
  find({ sf, evaluator }) {
    const tools: RawTool[] = [];
    forEachNode(sf, (node) => {
      if (!ts.isCallExpression(node) || !ts.isIdentifier(node.expression)) return;
      const imported = importOf(node.expression);
      // Imported from Nuxt's toolkit under any local name, or auto-imported (undeclared under its own name); imported
      // from elsewhere or declared locally, it is not Nuxt's.
      const isNuxt = imported ? MODULES.includes(imported.module) && imported.exportName === 'defineMcpTool' : node.expression.text === 'defineMcpTool' && !isDeclaredLocally(node.expression);
      if (!isNuxt) return;
      const argument = node.arguments[0];
      const definition = argument && evaluator.evaluate(argument, sf, EMPTY_ENV);
      if (definition?.kind !== 'object') return;
      const name: Value = definition.properties.get('name')?.value ?? { kind: 'literal', value: fileStem(sf.fileName), node: node.expression, sf };
      tools.push(
        toolFromDeclaredObject(definition, 'nuxt', node, sf, {
          name,
          inputSchema: objectProperty(definition, 'inputSchema'),
          handler: objectProperty(definition, 'handler'),
          schemaKeys: ['inputSchema'],
        }),
      );
    });
    return tools;
  },
};

function isDeclaredLocally(identifier: ts.Identifier): boolean {
  const sf = identifier.getSourceFile();
  let declared = false;
  forEachNode(sf, (node) => {
    if ((ts.isFunctionDeclaration(node) || ts.isVariableDeclaration(node)) && node.name && ts.isIdentifier(node.name) && node.name.text === identifier.text) declared = true;
  });
  return declared;
}
