import ts from 'typescript';
import { presentValue } from '../../values';
import type { AnnotationSlot, ToolForm } from '../../model';
import type { Evaluator } from '../../values';
import type { ObjectValue, Value } from '../../values';
import { annotationsOf, misplacedInConfig, objectProperty, type RawTool, type RegistrationSite } from './form';
import { configSlot } from './sdk';

/** One tool of a framework map keyed by name (`tools: { list_tables: tool({...}) }`): the key is the tool name. */
export interface KeyedDefinition {
  key: string;
  keyNode: ts.Node;
  keySf: ts.SourceFile;
  definition: Value;
}

/** The entries of a tools map, with the file each key is written in (spreads may bring keys from other files). */
export function keyedDefinitions(map: Value): KeyedDefinition[] {
  if (map.kind !== 'object') return [];
  // A key present only on some paths (`if (x) Object.assign(tools, group)`) is a tool under those conditions.
  return [...map.properties.values()].map((p) => ({ key: p.key, keyNode: p.keyNode, keySf: p.sf, definition: presentValue(p) }));
}

/** The tools map a framework takes, evaluated; a function (`tools: async () => ({ ... })`) gives what it returns. */
export function toolsMap(value: Value | undefined, evaluator: Evaluator, site: ts.Node, sf: ts.SourceFile): Value | undefined {
  if (value?.kind === 'function') return evaluator.callFunction(value, [], site, sf);
  return value;
}

/**
 * A tool built from a keyed definition: named by its key, located at the definition object when it is written as
 * one, else at the key. `annotationsHolder` is the object the framework reads `annotations` from (the definition
 * itself, or Mastra's `mcp`).
 */
export function toolFromKeyedDefinition(
  entry: KeyedDefinition,
  form: ToolForm,
  site: RegistrationSite,
  siteSf: ts.SourceFile,
  annotationsHolder: (definition: ObjectValue) => Value | undefined,
): RawTool {
  const definition = entry.definition.kind === 'object' ? entry.definition : undefined;
  const holder = definition ? annotationsHolder(definition) : undefined;
  const holderObject = holder?.kind === 'object' ? holder : undefined;
  const written = definition && ts.isObjectLiteralExpression(definition.node);
  const slot: AnnotationSlot = holderObject && ts.isObjectLiteralExpression(holderObject.node)
    ? configSlot(holderObject, holderObject, false)
    : definition && holder === definition
      ? configSlot(definition, definition, false)
      : { kind: 'none', reason: definition ? 'the framework reads annotations from a nested object (Mastra: `mcp: { annotations }`) that is not written here' : `the definition is ${entry.definition.kind === 'unknown' ? entry.definition.reason : `a ${entry.definition.kind}`}` };
  return {
    form,
    call: site,
    node: written ? definition.node : entry.keyNode,
    nodeSf: written ? definition.sf : entry.keySf,
    name: { kind: 'literal', value: entry.key, node: entry.keyNode, sf: entry.keySf },
    config: definition,
    ...(holderObject ? annotationsOf(holderObject, siteSf) : {}),
    title: objectProperty(definition, 'title'),
    inputSchema: objectProperty(definition, 'inputSchema') ?? objectProperty(definition, 'parameters'),
    handler: objectProperty(definition, 'execute') ?? objectProperty(definition, 'handler'),
    slot,
    misplaced: holder === definition ? misplacedInConfig(definition, ['inputSchema', 'parameters']) : [],
  };
}

/**
 * A tool declared by one definition object (Nuxt's `defineMcpTool({...})`, xmcp's `metadata`, NestJS's `@Tool({...})`):
 * located at the object when it is written as one, else at `site`.
 */
export function toolFromDeclaredObject(
  definition: ObjectValue,
  form: ToolForm,
  site: RegistrationSite,
  sf: ts.SourceFile,
  parts: { name: Value; inputSchema: Value | undefined; handler: Value | undefined; schemaKeys: readonly string[] },
): RawTool {
  return {
    form,
    call: site,
    node: ts.isObjectLiteralExpression(definition.node) ? definition.node : site,
    nodeSf: ts.isObjectLiteralExpression(definition.node) ? definition.sf : sf,
    name: parts.name,
    config: definition,
    ...annotationsOf(definition, sf),
    title: objectProperty(definition, 'title'),
    inputSchema: parts.inputSchema,
    handler: parts.handler,
    slot: configSlot(definition, definition, false),
    misplaced: misplacedInConfig(definition, parts.schemaKeys),
  };
}

/** Calls `visit` for every node of the file (frameworks' declarations sit anywhere: in functions, in exports). */
export function forEachNode(sf: ts.SourceFile, visit: (node: ts.Node) => void): void {
  const walk = (node: ts.Node): void => {
    visit(node);
    ts.forEachChild(node, walk);
  };
  walk(sf);
}
