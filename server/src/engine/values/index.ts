// The values layer as other layers see it: the only module of this folder they import.
export { presentValue } from './assigned';
export { keepsForCertain } from './collections';
export { keptConditions, keptOnlyWhen, type KeptCondition } from './kept';
export { isRelativeSpecifier, resolveFilePath, resolveModulePath } from './modules';
export { Evaluator } from './evaluator';
export { type SourceProvider } from './evaluator-core';
export { binderCandidates, binderOf, type BinderSearch, expandEnvs } from './expand/binders';
export { argumentsOf, type CallArgument, spreadBinder } from './arguments';
export { originOf } from './properties';
export { hasUnsetDefault } from './unset-env';
export { type Binder, describeValue, EMPTY_ENV, type Env, locOf, type ObjectProperty, type ObjectValue, toStatic, unknown, type Value } from './values';
export { isYamlFile, parseYamlSource } from './yaml-data';
export { definedBy, definerFramework, type Framework, MCP_TS_CORE_MODULES } from './definers';
