import { definitionsIn, toolFromDefinition } from './definitions';
import type { Form } from './form';

/** fastmcp: `server.addTool({ name, description, parameters, annotations, execute })` and `addTools([...])`. */
export const fastmcpForm: Form = {
  methods: ['addTool', 'addTools'],
  extract(call, method, { sf, evaluator }, env) {
    if (call.arguments.length !== 1) return undefined;
    const value = evaluator.evaluate(call.arguments[0], sf, env);
    if (method === 'addTools') {
      const tools = definitionsIn(value, 'addTools', call, sf, 'execute');
      return tools.length > 0 ? tools : undefined;
    }
    const tool = toolFromDefinition(value, 'addTool', call, sf, 'execute');
    if (!tool || !looksLikeToolDefinition(value)) return undefined;
    return [tool];
  },
};

function looksLikeToolDefinition(value: import('../values').Value): boolean {
  if (value.kind !== 'object') return false;
  return ['execute', 'parameters', 'description', 'annotations', 'handler'].some((key) => value.properties.has(key));
}
