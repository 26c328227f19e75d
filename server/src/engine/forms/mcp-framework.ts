import ts from 'typescript';
import type { AnnotationSlot } from '../model';
import { EMPTY_ENV, type ObjectValue, type Value, unknown } from '../values';
import { annotationsOf, type DeclarationForm, type RawTool } from './form';
import { isImportedFrom } from './frameworks';
import { forEachNode } from './keyed';

const MODULES = ['mcp-framework'];

/**
 * mcp-framework: `class GetUser extends MCPTool { name = "get_user"; annotations = { … }; async execute() {} }`,
 * auto-loaded from `tools/`. Fields are read from the class body, or from `this.x = …` in the constructor (compiled JS).
 */
export const mcpFrameworkForm: DeclarationForm = {
  mayDeclare: (text) => text.includes('mcp-framework'),
  find({ sf, evaluator }) {
    const tools: RawTool[] = [];
    forEachNode(sf, (node) => {
      if (!ts.isClassLike(node) || !extendsMcpTool(node)) return;
      const fields = classFields(node, sf, (expr) => evaluator.evaluate(expr, sf, EMPTY_ENV));
      const name = fields.properties.get('name');
      const annotations = fields.properties.get('annotations');
      const execute = node.members.find((m) => ts.isMethodDeclaration(m) && m.name.getText(sf) === 'execute') as ts.MethodDeclaration | undefined;
      const slot: AnnotationSlot = annotations ? { kind: 'none', reason: 'annotations are already given' } : { kind: 'none', reason: 'add an `annotations` field to the class' };
      tools.push({
        form: 'mcp-framework',
        call: node,
        node: name?.node ?? node.name ?? node,
        nodeSf: sf,
        name: name?.value ?? unknown(node.name ?? node, sf, 'a tool class without a `name` field'),
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

/** The class's fields as an object: `name = …` members, then `this.name = …` statements of the constructor. */
export function classFields(node: ts.ClassLikeDeclaration, sf: ts.SourceFile, evaluate: (expr: ts.Expression) => Value): ObjectValue {
  const fields: ObjectValue = { kind: 'object', properties: new Map(), unresolved: [], node, sf };
  const set = (key: string, property: ts.Node, keyNode: ts.Node, initializer: ts.Expression) => {
    let cached: Value | undefined;
    fields.properties.set(key, {
      key,
      node: property,
      keyNode,
      sf,
      get value() {
        return (cached ??= evaluate(initializer));
      },
    });
  };
  for (const member of node.members) {
    if (ts.isPropertyDeclaration(member) && member.initializer && !member.modifiers?.some((m) => m.kind === ts.SyntaxKind.StaticKeyword)) {
      const key = ts.isIdentifier(member.name) || ts.isStringLiteral(member.name) ? member.name.text : undefined;
      if (key) set(key, member, member.name, member.initializer);
    } else if (ts.isConstructorDeclaration(member) && member.body) {
      for (const statement of member.body.statements) {
        if (!ts.isExpressionStatement(statement) || !ts.isBinaryExpression(statement.expression)) continue;
        const { left, operatorToken, right } = statement.expression;
        if (operatorToken.kind !== ts.SyntaxKind.EqualsToken || !ts.isPropertyAccessExpression(left) || left.expression.kind !== ts.SyntaxKind.ThisKeyword) continue;
        set(left.name.text, statement.expression, left.name, right);
      }
    }
  }
  return fields;
}
