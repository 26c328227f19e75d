// Framework functions the evaluator reads through: `createTool(def)` returns `def`. Data about packages (annotations.md §2),
// kept beside the evaluator that uses it; the forms in registrations/ read which framework defined a value.
import { fileIndexOf, table } from '../syntax';
import type { Value } from './values';

/** @cyanheads/mcp-ts-core: `createApp({ tools: [tool("name", { annotations, … })] })` (forms/mcp-ts-core.ts). */
export const MCP_TS_CORE_MODULES: readonly string[] = ['@cyanheads/mcp-ts-core'];

/**
 * What the engine knows of MCP frameworks' packages (annotations.md §2). Frameworks are recognised by the package
 * a symbol is imported from, never by a function or method name alone: the AI SDK's `tool()` from 'ai' and
 * LangChain's `tool()` look the same as @supabase/mcp-utils' `tool()`.
 */
export type Framework = 'mastra' | 'supabase' | 'tmcp' | 'nuxt' | 'mcp-ts-core';

/**
 * Framework functions that return the definition they are given (`createTool(def)`), so it can be read through them.
 * `named` definers take the tool name first and the definition second (`tool("search", { … })`) and give both as one
 * definition.
 */
const DEFINERS: { modules: readonly string[]; name: string; framework: Framework; named?: true }[] = [
  { modules: MCP_TS_CORE_MODULES, name: 'tool', framework: 'mcp-ts-core', named: true },
  { modules: ['@mastra/core/tools', '@mastra/core'], name: 'createTool', framework: 'mastra' },
  { modules: ['@supabase/mcp-utils'], name: 'tool', framework: 'supabase' },
  { modules: ['tmcp/tool', 'tmcp'], name: 'defineTool', framework: 'tmcp' },
  // Nuxt auto-imports it; '#imports' is the explicit form of the auto-import.
  { modules: ['@nuxtjs/mcp-toolkit', '@nuxtjs/mcp-toolkit/server', '#imports'], name: 'defineMcpTool', framework: 'nuxt' },
];

/** The framework whose definer `module`'s export `exportName` is, if any, and whether it takes the name first. */
export function definerFramework(module: string, exportName: string): { framework: Framework; named: boolean } | undefined {
  const definer = DEFINERS.find((d) => d.name === exportName && d.modules.includes(module));
  return definer && { framework: definer.framework, named: definer.named === true };
}

/** Definitions read through a framework definer, with the framework that defined them (tmcp's `server.tools([...])`). */
const DEFINED_BY = table<Value, Framework>('definers:defined-by', 'analysis', 'the framework whose definer gave a definition (an evaluator\'s value)');

/** The framework whose definer (`defineTool(def)`) gave this value, if any. */
export function definedBy(value: Value): Framework | undefined {
  return fileIndexOf(value.sf).get(DEFINED_BY, value);
}

/** Notes that `definition` was given by `framework`'s definer. */
export function markDefinedBy(definition: Value, framework: Framework): void {
  fileIndexOf(definition.sf).set(DEFINED_BY, definition, framework);
}
