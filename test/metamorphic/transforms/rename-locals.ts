import ts from 'typescript';
import { notApplicable, overlayOf, siteCalls, toolsOfInput, Trees, type Transform } from './tree';

/**
 * Every local binding (variables, parameters, functions and classes that are not exported, and imports' local names
 * with `import { a as b }` kept working) renamed `<name>_r`, through the type checker's symbols: references follow
 * their declaration, shorthand properties and destructuring keep their keys.
 */
export const renameLocals: Transform = {
  name: 'rename-locals',
  description: 'every local binding renamed through the checker (scope-aware): exported names and property keys unchanged',
  apply(input) {
    const trees = new Trees(input.ws);
    const files = new Set<string>([...siteCalls(input, trees).keys()]);
    for (const tool of toolsOfInput(input)) for (const loc of [tool.loc, tool.config, tool.nameLoc]) if (loc && /\.[cm]?[jt]sx?$/.test(loc.file)) files.add(loc.file);
    const texts = new Map<string, string>();
    for (const file of files) {
      const text = input.ws.read(file);
      if (text === undefined || text.length > 1_000_000) continue;
      const renamed = renameFile(file, text);
      if (renamed !== undefined) texts.set(file, renamed);
    }
    return texts.size ? overlayOf(texts) : notApplicable('no local binding in a file with a registration');
  },
};

function renameFile(file: string, text: string): string | undefined {
  const options: ts.CompilerOptions = { allowJs: true, noLib: true, noResolve: true, target: ts.ScriptTarget.Latest, module: ts.ModuleKind.ESNext, jsx: ts.JsxEmit.Preserve, types: [] };
  const host = ts.createCompilerHost(options);
  const original = host.getSourceFile;
  host.getSourceFile = (name, version) => (name === file ? ts.createSourceFile(file, text, version, true) : original.call(host, name, version));
  const program = ts.createProgram([file], options, host);
  const sf = program.getSourceFile(file)!;
  const checker = program.getTypeChecker();
  const renamed = new Set<ts.Symbol>();
  const exported = new Set<string>();
  const taken = new Set<string>();
  const collect = (node: ts.Node): void => {
    if (ts.isIdentifier(node)) taken.add(node.text);
    if (ts.isExportSpecifier(node)) exported.add((node.propertyName ?? node.name).getText(sf));
    if (ts.isExportAssignment(node) && ts.isIdentifier(node.expression)) exported.add(node.expression.text);
    ts.forEachChild(node, collect);
  };
  collect(sf);
  const isExported = (node: ts.Node): boolean => {
    let d: ts.Node = node;
    while (ts.isVariableDeclaration(d) || ts.isVariableDeclarationList(d) || ts.isBindingElement(d) || ts.isObjectBindingPattern(d) || ts.isArrayBindingPattern(d)) d = d.parent;
    return ts.canHaveModifiers(d) && (ts.getModifiers(d)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword || m.kind === ts.SyntaxKind.DeclareKeyword) ?? false);
  };
  const bindings = (node: ts.Node): void => {
    let name: ts.Node | undefined;
    if ((ts.isVariableDeclaration(node) || ts.isParameter(node) || ts.isBindingElement(node)) && ts.isIdentifier(node.name)) name = node.name;
    if ((ts.isFunctionDeclaration(node) || ts.isClassDeclaration(node)) && node.name) name = node.name;
    if (ts.isImportSpecifier(node) || ts.isImportClause(node) || ts.isNamespaceImport(node)) name = node.name;
    if (name && ts.isIdentifier(name) && !isExported(node) && !exported.has(name.text) && name.text !== 'this' && !(ts.isParameter(node) && name.text === 'this')) {
      const symbol = checker.getSymbolAtLocation(name);
      if (symbol) renamed.add(symbol);
    }
    ts.forEachChild(node, bindings);
  };
  bindings(sf);
  if (!renamed.size) return undefined;
  const newName = (symbol: ts.Symbol) => {
    let candidate = `${symbol.name}_r`;
    while (taken.has(candidate)) candidate += '_';
    return candidate;
  };
  const names = new Map([...renamed].map((s) => [s, newName(s)]));
  const symbolOf = (id: ts.Identifier): ts.Symbol | undefined => {
    const parent = id.parent;
    if (ts.isShorthandPropertyAssignment(parent) && parent.name === id) return checker.getShorthandAssignmentValueSymbol(parent);
    if (ts.isExportSpecifier(parent)) return undefined;
    const symbol = checker.getSymbolAtLocation(id);
    return symbol && symbol.flags & ts.SymbolFlags.Alias && !(ts.isImportSpecifier(parent) || ts.isImportClause(parent) || ts.isNamespaceImport(parent)) ? symbol : symbol;
  };
  const transformer: ts.TransformerFactory<ts.SourceFile> = (context) => {
    const visit = (node: ts.Node): ts.Node => {
      const f = context.factory;
      if (ts.isShorthandPropertyAssignment(node)) {
        const symbol = symbolOf(node.name);
        const to = symbol && names.get(symbol);
        if (to) return f.createPropertyAssignment(node.name.text, f.createIdentifier(to));
      }
      if (ts.isBindingElement(node) && !node.propertyName && ts.isIdentifier(node.name) && ts.isObjectBindingPattern(node.parent)) {
        const symbol = checker.getSymbolAtLocation(node.name);
        const to = symbol && names.get(symbol);
        if (to) return f.updateBindingElement(node, node.dotDotDotToken, f.createIdentifier(node.name.text), f.createIdentifier(to), node.initializer && (ts.visitNode(node.initializer, visit) as ts.Expression));
      }
      if (ts.isImportSpecifier(node)) {
        const symbol = checker.getSymbolAtLocation(node.name);
        const to = symbol && names.get(symbol);
        if (to) return f.updateImportSpecifier(node, node.isTypeOnly, node.propertyName ?? f.createIdentifier(node.name.text), f.createIdentifier(to));
      }
      if (ts.isIdentifier(node) && !isPropertyName(node)) {
        const symbol = symbolOf(node);
        const to = symbol && names.get(symbol);
        if (to) return f.createIdentifier(to);
      }
      return ts.visitEachChild(node, visit, context);
    };
    return (root) => ts.visitEachChild(root, visit, context);
  };
  const result = ts.transform(sf, [transformer]);
  try {
    return ts.createPrinter({ newLine: ts.NewLineKind.LineFeed }).printFile(result.transformed[0]);
  } finally {
    result.dispose();
  }
}

/** An identifier that names a property, not a binding: `a.name`, `{ name: … }`, `name() {}`, a label. */
function isPropertyName(id: ts.Identifier): boolean {
  const p = id.parent;
  return (
    (ts.isPropertyAccessExpression(p) && p.name === id) ||
    ((ts.isPropertyAssignment(p) || ts.isMethodDeclaration(p) || ts.isPropertyDeclaration(p) || ts.isGetAccessor(p) || ts.isSetAccessor(p) || ts.isPropertySignature(p) || ts.isMethodSignature(p) || ts.isEnumMember(p)) && p.name === id) ||
    (ts.isBindingElement(p) && p.propertyName === id) ||
    (ts.isImportSpecifier(p) && p.propertyName === id) ||
    ts.isLabeledStatement(p) || ts.isBreakOrContinueStatement(p) || ts.isQualifiedName(p) || (ts.isJsxAttribute(p) && p.name === id)
  );
}
