import ts from 'typescript';
import { definitionsIn } from './definitions';
import { objectProperty, type DeclarationForm, type RawTool } from './form';
import { isImportedFrom } from '../../syntax';
import { MCP_TS_CORE_MODULES } from '../../values';
import { forEachNode } from './keyed';

/**
 * @cyanheads/mcp-ts-core: `createApp({ tools: [search, …] })` with `const search = tool("search", { description,
 * annotations, input, handler })`. The framework passes `annotations` to the SDK as written; a title it derives from
 * the name when none is declared is its own run-time behaviour, so no title is claimed then.
 */
export const mcpTsCoreForm: DeclarationForm = {
  textMark: new RegExp(MCP_TS_CORE_MODULES.map((module) => module.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('|')),
  find({ sf, evaluator }) {
    const tools: RawTool[] = [];
    forEachNode(sf, (node) => {
      if (!ts.isCallExpression(node) || !isImportedFrom(node.expression, MCP_TS_CORE_MODULES, 'createApp')) return;
      const options = node.arguments[0] && evaluator.evaluate(node.arguments[0], sf);
      if (options?.kind !== 'object') return;
      const list = objectProperty(options, 'tools');
      if (list) tools.push(...definitionsIn(list, 'mcp-ts-core', node, sf, 'handler'));
    });
    return tools;
  },
};
