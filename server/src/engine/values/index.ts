// The values layer as other layers see it: the only module of this folder they import.
export { objectAssignTarget, presentValue } from './assigned';
export { keptConditions, keptOnlyWhen } from './kept';
export { isRelativeSpecifier, resolveFilePath, resolveModulePath } from './modules';
export { binderCandidates, Evaluator, expandEnvs, originOf, type SourceProvider } from './resolve';
export { hasUnsetDefault } from './unset-env';
export { type Binder, definitionBinder, describeValue, EMPTY_ENV, type Env, locOf, type ObjectProperty, type ObjectValue, toStatic, unknown, type Value } from './values';
export { isYamlFile, parseYamlSource } from './yaml-data';
export { definedBy, definerFramework, type Framework, MCP_TS_CORE_MODULES } from './definers';
