import ts from 'typescript';
import { callArguments, isFunctionCall } from '../../syntax';
import { objectProperty, type DeclarationForm, type RawTool } from './form';
import { isImportedFrom } from '../../syntax';
import { keptOnlyWhen } from '../../values';
import { forEachNode, keyedDefinitions, toolFromKeyedDefinition, toolsMap } from './keyed';

const MODULES = ['@supabase/mcp-utils'];

/**
 * @supabase/mcp-utils: `createMcpServer({ tools: { list_tables: tool({ description, parameters, annotations, execute }) } })`.
 * The key is the tool name; `tools` may be a (async) function returning the map; `hidden: true` keeps a tool out of
 * `tools/list`, so it is not a listed tool.
 */
export const supabaseForm: DeclarationForm = {
  textMark: /@supabase\/mcp-utils/,
  find({ sf, evaluator }) {
    const tools: RawTool[] = [];
    forEachNode(sf, (node) => {
      if (!ts.isCallExpression(node)) return;
      // `utils.createMcpServer.call(void 0, opts)` (CommonJS builds) is the same call.
      const callee = isFunctionCall(node) ? (node.expression as ts.PropertyAccessExpression).expression : node.expression;
      if (!isImportedFrom(callee, MODULES, 'createMcpServer')) return;
      const [optionsArg] = callArguments(node);
      const options = optionsArg && evaluator.evaluate(optionsArg, sf);
      if (options?.kind !== 'object') return;
      const map = toolsMap(objectProperty(options, 'tools'), evaluator, node, sf);
      for (const entry of map ? keyedDefinitions(map) : []) {
        const hidden = entry.definition.kind === 'object' ? objectProperty(entry.definition, 'hidden') : undefined;
        if (hidden?.kind === 'literal' && hidden.value === true) continue;
        // `hidden: !!queryLogs`: listed only when that is false at run time.
        const listed = hidden && hidden.kind !== 'literal' ? { ...entry, definition: keptOnlyWhen(entry.definition, [{ node: hidden.node, sf: hidden.sf, negated: true, via: 'if' }]) } : entry;
        tools.push(toolFromKeyedDefinition(listed, 'supabase', node, sf, (definition) => definition));
      }
    });
    return tools;
  },
};
