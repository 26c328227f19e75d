import ts from 'typescript';
import { objectProperty, type DeclarationForm, type RawTool } from './form';
import { isImportedFrom } from '../../syntax';
import { forEachNode, keyedDefinitions, toolFromKeyedDefinition, toolsMap } from './keyed';

const MCP_MODULES = ['@mastra/mcp'];

/**
 * Mastra: `new MCPServer({ name, version, tools: { key: createTool({ id, mcp: { annotations }, execute }) } })`.
 * The record key is the tool name (not `id`); annotations are read from `mcp.annotations`.
 */
export const mastraForm: DeclarationForm = {
  textMark: /@mastra\/mcp/,
  find({ sf, evaluator }) {
    const tools: RawTool[] = [];
    forEachNode(sf, (node) => {
      if (!ts.isNewExpression(node) || !isImportedFrom(node.expression, MCP_MODULES, 'MCPServer')) return;
      const options = node.arguments?.[0] && evaluator.evaluate(node.arguments[0], sf);
      if (options?.kind !== 'object') return;
      const map = toolsMap(objectProperty(options, 'tools'), evaluator, node, sf);
      for (const entry of map ? keyedDefinitions(map) : []) {
        tools.push(toolFromKeyedDefinition(entry, 'mastra', node, sf, (definition) => objectProperty(definition, 'mcp')));
      }
    });
    return tools;
  },
};
