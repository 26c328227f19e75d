import ts from 'typescript';
import { EMPTY_ENV, type Value } from '../../values';
import type { DeclarationForm } from './form';
import { importsFrom } from '../../syntax';
import { fileStem } from './frameworks';
import { toolFromDeclaredObject } from './keyed';

const MODULES = ['xmcp'];

/**
 * xmcp: one tool per file under `tools/`, exporting `metadata = { name?, description, annotations }`, `schema` and a
 * default handler. The name is the file's name when `metadata.name` is absent.
 */
export const xmcpForm: DeclarationForm = {
  textMark: /["']xmcp["']/,
  fileMark: (fileName) => fileName.includes('/tools/'),
  find({ sf, evaluator }) {
    if (!importsFrom(sf, MODULES)) return [];
    const exported = exportedVariable(sf, 'metadata');
    if (!exported?.initializer) return [];
    const metadata = evaluator.evaluate(exported.initializer, sf, EMPTY_ENV);
    if (metadata.kind !== 'object') return [];
    const statement = exported.parent.parent as ts.VariableStatement;
    const name: Value = metadata.properties.get('name')?.value ?? { kind: 'literal', value: fileStem(sf.fileName), node: exported.name, sf };
    const handler = evaluator.exportValue(sf, 'default', sf, sf);
    const tool = toolFromDeclaredObject(metadata, 'xmcp', statement, sf, {
      name,
      inputSchema: evaluator.exportValue(sf, 'schema', sf, sf),
      handler: handler.kind === 'function' ? handler : undefined,
      schemaKeys: [],
    });
    return [tool];
  },
};

function exportedVariable(sf: ts.SourceFile, name: string): ts.VariableDeclaration | undefined {
  for (const statement of sf.statements) {
    if (!ts.isVariableStatement(statement) || !statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) continue;
    const found = statement.declarationList.declarations.find((d) => ts.isIdentifier(d.name) && d.name.text === name);
    if (found) return found;
  }
  return undefined;
}
