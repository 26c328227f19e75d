import ts from 'typescript';
import type { AnnotationSlot } from '../../model';
import { EMPTY_ENV, unknown } from '../../values';
import { annotationsOf, type DeclarationForm, type RawTool } from './form';
import { isImportedFrom } from '../../syntax';
import { forEachNode } from './keyed';

const MODULES = ['mcp-framework'];

/**
 * mcp-framework: `class GetUser extends MCPTool { name = "get_user"; annotations = { … }; async execute() {} }`,
 * auto-loaded from `tools/`. Fields are read from the instance of the class (field initializers, `this.x = …` in the constructor of compiled JS).
 */
export const mcpFrameworkForm: DeclarationForm = {
  textMark: /mcp-framework/,
  find({ sf, evaluator }) {
    const tools: RawTool[] = [];
    forEachNode(sf, (node) => {
      if (!ts.isClassLike(node) || !extendsMcpTool(node)) return;
      const fields = evaluator.instanceOf(node, sf);
      const name = fields.properties.get('name');
      const annotations = fields.properties.get('annotations');
      const execute = node.members.find((m) => ts.isMethodDeclaration(m) && m.name.getText(sf) === 'execute') as ts.MethodDeclaration | undefined;
      const slot: AnnotationSlot = annotations ? { kind: 'none', reason: 'annotations are already given' } : { kind: 'none', reason: 'add an `annotations` field to the class' };
      tools.push({
        form: 'mcp-framework',
        call: node,
        node: name?.node ?? node.name ?? node,
        nodeSf: sf,
        name: name?.value ?? unknown(node.name ?? node, sf, 'a tool class without a `name` field', { kind: 'runtime', source: 'value' }),
        config: fields,
        ...annotationsOf(fields, sf),
        title: fields.properties.get('title')?.value,
        inputSchema: fields.properties.get('schema')?.value,
        handler: execute ? { kind: 'function', node: execute, sf, env: EMPTY_ENV } : undefined,
        slot,
        misplaced: [],
      });
    });
    return tools;
  },
};

function extendsMcpTool(node: ts.ClassLikeDeclaration): boolean {
  const heritage = node.heritageClauses?.find((h) => h.token === ts.SyntaxKind.ExtendsKeyword);
  const base = heritage?.types[0]?.expression;
  return !!base && isImportedFrom(base, MODULES, 'MCPTool');
}
