import ts from 'typescript';
import { constStatement, f, notApplicable, overlayOf, rewrite, Trees, type Transform } from './tree';

/** Files past this size (vendored bundles) stay ESM: Node loads a mix (require of an ES module) as well. */
const MAX_BYTES = 1_000_000;

/**
 * Every ES module of the workspace rewritten as CommonJS by hand on the tree: imports become `require` (a relative
 * module's default export is `.default`, a package's and a JSON file's is its `module.exports`), exports become
 * `exports.x = x`.
 */
export const esmToCjs: Transform = {
  name: 'esm-to-cjs',
  description: 'every ES module rewritten as CommonJS: `const { x } = require(…)`, `exports.x = x`, `Object.assign(exports, require(…))`',
  apply(input) {
    const trees = new Trees(input.ws);
    const texts = new Map<string, string>();
    for (const file of input.ws.sources) {
      const text = input.ws.read(file);
      if (!text || text.length > MAX_BYTES || !/\b(import|export)\b/.test(text)) continue;
      const sf = trees.get(file)!;
      const replace = new Map<ts.Node, (v: ts.Node) => ts.Node | ts.Node[] | undefined>();
      for (const statement of sf.statements) {
        const rewritten = commonJs(statement);
        if (rewritten) replace.set(statement, (v) => (v === statement ? rewritten : commonJs(v as ts.Statement) ?? v));
      }
      if (replace.size) texts.set(file, rewrite(sf, { replace }));
    }
    return texts.size ? overlayOf(texts) : notApplicable('no ES module');
  },
};

const requireOf = (specifier: string) => f.createCallExpression(f.createIdentifier('require'), undefined, [f.createStringLiteral(specifier)]);
const exportsDot = (name: string) => f.createPropertyAccessExpression(f.createIdentifier('exports'), name);
const assignExport = (name: string, value: ts.Expression) => f.createExpressionStatement(f.createAssignment(exportsDot(name), value));
const isRelative = (specifier: string) => specifier.startsWith('.') || specifier.startsWith('/');
const isJson = (specifier: string) => /\.json$/i.test(specifier);
const hasModifier = (node: ts.Node, kind: ts.SyntaxKind) => ts.canHaveModifiers(node) && (ts.getModifiers(node)?.some((m) => m.kind === kind) ?? false);
const withoutExport = (modifiers: readonly ts.ModifierLike[] | undefined) => modifiers?.filter((m) => m.kind !== ts.SyntaxKind.ExportKeyword && m.kind !== ts.SyntaxKind.DefaultKeyword);

/** The CommonJS statements for one module-level statement, or undefined when it has no module syntax. */
function commonJs(statement: ts.Statement): ts.Statement[] | undefined {
  if (ts.isImportDeclaration(statement)) {
    const specifier = (statement.moduleSpecifier as ts.StringLiteral).text;
    const clause = statement.importClause;
    if (!clause) return [f.createExpressionStatement(requireOf(specifier))];
    if (clause.isTypeOnly) return [];
    const out: ts.Statement[] = [];
    // A JSON module's default import is its data, which is what `require` gives (no `.default`).
    if (clause.name) out.push(constStatement(clause.name.text, isRelative(specifier) && !isJson(specifier) ? f.createPropertyAccessExpression(requireOf(specifier), 'default') : requireOf(specifier)));
    const bindings = clause.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings)) out.push(constStatement(bindings.name.text, requireOf(specifier)));
    if (bindings && ts.isNamedImports(bindings)) {
      const elements = bindings.elements.filter((e) => !e.isTypeOnly);
      if (elements.length) out.push(constStatement(f.createObjectBindingPattern(elements.map((e) => f.createBindingElement(undefined, e.propertyName && e.propertyName.getText() !== e.name.text ? e.propertyName.getText() : undefined, e.name.text))), requireOf(specifier)));
    }
    return out;
  }
  if (ts.isExportDeclaration(statement)) {
    if (statement.isTypeOnly) return [];
    const from = statement.moduleSpecifier && (statement.moduleSpecifier as ts.StringLiteral).text;
    const clause = statement.exportClause;
    if (!clause) return [f.createExpressionStatement(f.createCallExpression(f.createPropertyAccessExpression(f.createIdentifier('Object'), 'assign'), undefined, [f.createIdentifier('exports'), requireOf(from!)]))];
    if (ts.isNamespaceExport(clause)) return [assignExport(clause.name.getText(), requireOf(from!))];
    return clause.elements.filter((e) => !e.isTypeOnly).map((e) => {
      const local = (e.propertyName ?? e.name).getText();
      return assignExport(e.name.getText(), from ? f.createPropertyAccessExpression(requireOf(from), local) : f.createIdentifier(local));
    });
  }
  if (ts.isExportAssignment(statement)) return statement.isExportEquals ? [f.createExpressionStatement(f.createAssignment(f.createPropertyAccessExpression(f.createIdentifier('module'), 'exports'), statement.expression))] : [assignExport('default', statement.expression)];
  if (!hasModifier(statement, ts.SyntaxKind.ExportKeyword) || hasModifier(statement, ts.SyntaxKind.DeclareKeyword)) return undefined;
  const isDefault = hasModifier(statement, ts.SyntaxKind.DefaultKeyword);
  if (ts.isVariableStatement(statement)) {
    const names = statement.declarationList.declarations.flatMap((d) => boundNames(d.name));
    return [f.updateVariableStatement(statement, withoutExport(statement.modifiers) as ts.Modifier[], statement.declarationList), ...names.map((n) => assignExport(n, f.createIdentifier(n)))];
  }
  if (ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) {
    const name = statement.name?.text;
    if (ts.isFunctionDeclaration(statement)) {
      if (!name) return [assignExport('default', f.createFunctionExpression(withoutExport(statement.modifiers) as ts.Modifier[], statement.asteriskToken, undefined, statement.typeParameters, statement.parameters, statement.type, statement.body ?? f.createBlock([])))];
      const declared = f.updateFunctionDeclaration(statement, withoutExport(statement.modifiers), statement.asteriskToken, statement.name, statement.typeParameters, statement.parameters, statement.type, statement.body);
      return [declared, assignExport(isDefault ? 'default' : name, f.createIdentifier(name))];
    }
    if (!name) return [assignExport('default', f.createClassExpression(withoutExport(statement.modifiers), undefined, statement.typeParameters, statement.heritageClauses, statement.members))];
    const declared = f.updateClassDeclaration(statement, withoutExport(statement.modifiers), statement.name, statement.typeParameters, statement.heritageClauses, statement.members);
    return [declared, assignExport(isDefault ? 'default' : name, f.createIdentifier(name))];
  }
  if (ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement)) return [];
  if (ts.isEnumDeclaration(statement) || ts.isModuleDeclaration(statement)) return undefined;
  return undefined;
}

function boundNames(name: ts.BindingName): string[] {
  if (ts.isIdentifier(name)) return [name.text];
  return name.elements.flatMap((e) => (ts.isOmittedExpression(e) ? [] : boundNames(e.name)));
}
