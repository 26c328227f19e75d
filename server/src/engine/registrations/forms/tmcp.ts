import { definitionsIn } from './definitions';
import type { Form } from './form';
import { argumentsOf, definedBy } from '../../values';

/**
 * tmcp: `server.tools([defineTool({ name, description, annotations }, execute), …])`. Only definitions made by
 * tmcp's `defineTool` count: `.tools([...])` is too common a method to trust by name. (`server.tool({ name, … }, cb)`
 * is read by the SDK form.)
 */
export const tmcpToolsForm: Form = {
  methods: ['tools'],
  extract(call, _method, { sf, evaluator }, env) {
    const args = argumentsOf(evaluator, call, sf, env);
    if (args.length !== 1) return undefined;
    const list = args[0].value();
    if (list.kind !== 'array') return undefined;
    const defined = { ...list, elements: list.elements.filter((element) => definedBy(element) === 'tmcp') };
    const tools = definitionsIn(defined, 'tools', call, sf, undefined);
    return tools.length > 0 ? tools : undefined;
  },
};
