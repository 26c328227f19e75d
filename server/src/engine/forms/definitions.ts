import ts from 'typescript';
import { misplacedHintsIn } from '../annotations';
import type { MisplacedHints, ToolForm } from '../model';
import { skipOuterExpressions } from '../scope';
import { originOf } from '../resolve';
import { locOf, type ObjectValue, type Value } from '../values';
import { objectProperty, type RawTool } from './form';
import { configSlot } from './sdk';

/**
 * A tool written as one definition object (`{ name, description, annotations, … }`), as fastmcp's `addTool`
 * and low-level `tools/list` handlers take them. Returns undefined for objects that are not tool definitions.
 */
export function toolFromDefinition(value: Value, form: ToolForm, call: ts.CallExpression, callSf: ts.SourceFile, handlerKey: string | undefined): RawTool | undefined {
  if (value.kind !== 'object' || !value.properties.has('name')) return undefined;
  const definition: ObjectValue = value;
  const annotations = definition.properties.get('annotations');
  const nameProperty = definition.properties.get('name')!;
  // A single `addTool(def)` is located at its call; tools in a list at their own definitions.
  const node = form === 'addTool' ? call : ts.isObjectLiteralExpression(definition.node) ? definition.node : nameProperty.node;
  const misplaced = [
    misplacedHintsIn(definition, 'config-top-level'),
    misplacedHintsIn(objectProperty(definition, 'inputSchema') ?? objectProperty(definition, 'parameters'), 'in-input-schema'),
    misplacedHintsIn(annotations?.value.kind === 'object' ? objectProperty(annotations.value, 'annotations') : undefined, 'nested-annotations'),
  ].filter((m): m is MisplacedHints => m !== undefined);
  return {
    form,
    call,
    node,
    nodeSf: form === 'addTool' ? callSf : ts.isObjectLiteralExpression(definition.node) ? definition.sf : nameProperty.sf,
    name: nameProperty.value,
    config: definition,
    annotations: annotations?.value,
    annotationsExpr: annotations && ts.isPropertyAssignment(annotations.node) && annotations.sf === callSf ? annotations.node.initializer : undefined,
    title: objectProperty(definition, 'title'),
    inputSchema: objectProperty(definition, 'inputSchema') ?? objectProperty(definition, 'parameters'),
    handler: handlerKey ? objectProperty(definition, handlerKey) : undefined,
    slot: configSlot(definition, definition, false),
    misplaced,
  };
}

/** The definition objects an array value holds (elements that are not tool definitions are skipped). */
export function definitionsIn(list: Value, form: ToolForm, call: ts.CallExpression, callSf: ts.SourceFile, handlerKey: string | undefined): RawTool[] {
  if (list.kind !== 'array') return [];
  const tools: RawTool[] = [];
  for (const element of list.elements) {
    const tool = toolFromDefinition(element, form, call, callSf, handlerKey);
    if (tool) tools.push(tool);
  }
  return tools;
}

export function isDefinitionLiteral(expr: ts.Expression): boolean {
  return ts.isObjectLiteralExpression(skipOuterExpressions(expr));
}

export { locOf, originOf };
