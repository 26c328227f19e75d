import ts from 'typescript';
import { definitionsIn, toolFromDefinition } from './definitions';
import { argumentsOf } from '../../values';
import type { Form } from './form';

/** fastmcp: `server.addTool({ name, description, parameters, annotations, execute })` and `addTools([...])`. */
export const fastmcpForm: Form = {
  methods: ['addTool', 'addTools'],
  extract(call, method, { sf, evaluator }, env) {
    const args = argumentsOf(evaluator, call, sf, env);
    if (args.length !== 1) return undefined;
    const value = args[0].value();
    if (method === 'addTools') {
      // fastmcp takes plain definitions; class instances in a list are another library's tools (LangChain agents).
      const plain = value.kind === 'array' ? { ...value, elements: value.elements.filter((e) => !isClassInstance(e)) } : value;
      const tools = definitionsIn(plain, 'addTools', call, sf, 'execute');
      return tools.length > 0 ? tools : undefined;
    }
    if (isClassInstance(value)) return undefined;
    const tool = toolFromDefinition(value, 'addTool', call, sf, 'execute');
    if (!tool || !looksLikeToolDefinition(value)) return undefined;
    return [tool];
  },
};

function isClassInstance(value: import('../../values').Value): boolean {
  return value.kind === 'object' && ts.isClassLike(value.node);
}

function looksLikeToolDefinition(value: import('../../values').Value): boolean {
  if (value.kind !== 'object') return false;
  return ['execute', 'parameters', 'description', 'annotations', 'handler'].some((key) => value.properties.has(key));
}
