import ts from 'typescript';
import type { ToolForm } from '../../model';
import type { ObjectValue, Value } from '../../values';
import { annotationsOf, misplacedInConfig, objectProperty, type RawTool, type RegistrationSite } from './form';
import { configSlot } from './sdk';

/**
 * A tool written as one definition object (`{ name, description, annotations, … }`), as fastmcp's `addTool`
 * and low-level `tools/list` handlers take them. Returns undefined for objects that are not tool definitions.
 */
export function toolFromDefinition(value: Value, form: ToolForm, call: RegistrationSite, callSf: ts.SourceFile, handlerKey: string | undefined): RawTool | undefined {
  if (value.kind !== 'object' || !value.properties.has('name')) return undefined;
  const definition: ObjectValue = value;
  const nameProperty = definition.properties.get('name')!;
  // A single `addTool(def)` is located at its call; tools in a list at their own definitions.
  const node = form === 'addTool' ? call : ts.isObjectLiteralExpression(definition.node) ? definition.node : nameProperty.node;
  return {
    form,
    call,
    node,
    nodeSf: form === 'addTool' ? callSf : ts.isObjectLiteralExpression(definition.node) ? definition.sf : nameProperty.sf,
    name: nameProperty.value,
    config: definition,
    ...annotationsOf(definition, callSf),
    title: objectProperty(definition, 'title'),
    description: objectProperty(definition, 'description'),
    inputSchema: objectProperty(definition, 'inputSchema') ?? objectProperty(definition, 'parameters'),
    handler: handlerKey ? objectProperty(definition, handlerKey) : undefined,
    slot: configSlot(definition, definition, false),
    misplaced: misplacedInConfig(definition, ['inputSchema', 'parameters']),
  };
}

/** The definition objects an array value holds (elements that are not tool definitions are skipped). */
export function definitionsIn(list: Value, form: ToolForm, call: RegistrationSite, callSf: ts.SourceFile, handlerKey: string | undefined): RawTool[] {
  if (list.kind !== 'array') return [];
  const tools: RawTool[] = [];
  for (const element of list.elements) {
    const tool = toolFromDefinition(element, form, call, callSf, handlerKey);
    if (tool) tools.push(tool);
  }
  return tools;
}
