import { definitionsIn } from './definitions';
import type { Form } from './form';
import { definedBy } from '../../values';

/**
 * tmcp: `server.tools([defineTool({ name, description, annotations }, execute), …])`. Only definitions made by
 * tmcp's `defineTool` count: `.tools([...])` is too common a method to trust by name. (`server.tool({ name, … }, cb)`
 * is read by the SDK form.)
 */
export const tmcpToolsForm: Form = {
  methods: ['tools'],
  extract(call, _method, { sf, evaluator }, env) {
    if (call.arguments.length !== 1) return undefined;
    const list = evaluator.evaluate(call.arguments[0], sf, env);
    if (list.kind !== 'array') return undefined;
    const defined = { ...list, elements: list.elements.filter((element) => definedBy(element) === 'tmcp') };
    const tools = definitionsIn(defined, 'tools', call, sf, undefined);
    return tools.length > 0 ? tools : undefined;
  },
};
