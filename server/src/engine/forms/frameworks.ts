import ts from 'typescript';
import { findDeclaration, skipOuterExpressions } from '../scope';
import type { Value } from '../values';

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
export const definedBy = new WeakMap<Value, Framework>();

/** The package and export an identifier is imported from (`import { x as y } from "m"`, `const { x } = require("m")`). */
export function importOf(identifier: ts.Identifier): { module: string; exportName: string } | undefined {
  const declaration = findDeclaration(identifier.text, identifier);
  if (declaration?.kind === 'import') return { module: declaration.module, exportName: declaration.exportName };
  // CommonJS builds: `var utils = require("m")` (the namespace) or `const { x } = require("m")`.
  if (declaration?.kind !== 'variable' || !declaration.declaration.initializer) return undefined;
  const init = skipOuterExpressions(declaration.declaration.initializer);
  if (!ts.isCallExpression(init) || !ts.isIdentifier(init.expression) || init.expression.text !== 'require' || init.arguments.length !== 1) return undefined;
  const [specifier] = init.arguments;
  if (!ts.isStringLiteralLike(specifier) || findDeclaration('require', init.expression)) return undefined;
  const path = declaration.path;
  if (path.length === 0) return { module: specifier.text, exportName: '*' };
  return path.length === 1 && 'property' in path[0] ? { module: specifier.text, exportName: path[0].property } : undefined;
}

/** True when `expr` names `exportName` of one of `modules`: `X` imported from it, or `ns.X` of a namespace import. */
export function isImportedFrom(expr: ts.Expression, modules: readonly string[], exportName: string): boolean {
  if (ts.isIdentifier(expr)) {
    const found = importOf(expr);
    return !!found && found.exportName === exportName && modules.includes(found.module);
  }
  if (ts.isPropertyAccessExpression(expr) && expr.name.text === exportName && ts.isIdentifier(expr.expression)) {
    const namespace = importOf(expr.expression);
    return !!namespace && (namespace.exportName === '*' || namespace.exportName === 'default') && modules.includes(namespace.module);
  }
  return false;
}

/** True when the file imports anything from one of `modules` (type-only imports count: they name the framework). */
export function importsFrom(sf: ts.SourceFile, modules: readonly string[]): boolean {
  return sf.statements.some((s) => ts.isImportDeclaration(s) && ts.isStringLiteral(s.moduleSpecifier) && modules.includes(s.moduleSpecifier.text));
}

/** `src/tools/get-user.ts` → `get-user`. */
export function fileStem(fileName: string): string {
  const base = fileName.slice(fileName.lastIndexOf('/') + 1);
  const dot = base.indexOf('.');
  return dot > 0 ? base.slice(0, dot) : base;
}
