import ts from 'typescript';
import { fileIndexOf, table, type FileIndex } from './file-index';

/**
 * Where a name is declared, found by walking up the syntax tree (no type checker: analysis stays syntactic).
 * `path` leads from the declared value to the binding when the name comes from destructuring.
 */
export type Declaration =
  | { kind: 'variable'; declaration: ts.VariableDeclaration; path: BindingStep[] }
  | { kind: 'parameter'; declaration: ts.ParameterDeclaration; path: BindingStep[] }
  | { kind: 'function'; declaration: ts.FunctionDeclaration }
  | { kind: 'class'; declaration: ts.ClassDeclaration }
  | { kind: 'enum'; declaration: ts.EnumDeclaration }
  | { kind: 'import'; module: string; exportName: string | '*' | 'default'; declaration: ts.Node };

/** One destructuring step: a property, an element, the elements from an index on, or an object without some keys (`{ a, ...rest }`). */
export type BindingStep = { property: string } | { index: number } | { rest: number } | { without: string[] };

export function findDeclaration(name: string, from: ts.Node): Declaration | undefined {
  let node: ts.Node | undefined = from;
  let previous: ts.Node = from;
  // The tree's file index, found when the first statement list is met (nearly every search meets one).
  let files: FileIndex | undefined;
  while (node) {
    const kind = node.kind;
    if (kind === ts.SyntaxKind.SourceFile || kind === ts.SyntaxKind.Block || kind === ts.SyntaxKind.ModuleBlock || kind === ts.SyntaxKind.CaseClause || kind === ts.SyntaxKind.DefaultClause) {
      files ??= fileIndexOf(node.getSourceFile());
      const found = declarationInStatements((node as ts.SourceFile | ts.Block | ts.ModuleBlock | ts.CaseOrDefaultClause).statements, name, files);
      if (found) return found;
    } else {
      const found = declarationIn(node, name, previous);
      if (found) return found;
    }
    previous = node;
    node = node.parent;
  }
  return undefined;
}

/** A declaration of `name` by `container` itself (not a statement list: findDeclaration reads those). */
function declarationIn(container: ts.Node, name: string, child: ts.Node): Declaration | undefined {
  // Most containers on the way up are expressions that declare nothing: one switch sends them on.
  switch (container.kind) {
    case ts.SyntaxKind.CallExpression:
    case ts.SyntaxKind.PropertyAccessExpression:
    case ts.SyntaxKind.ElementAccessExpression:
    case ts.SyntaxKind.BinaryExpression:
    case ts.SyntaxKind.ExpressionStatement:
    case ts.SyntaxKind.ReturnStatement:
    case ts.SyntaxKind.VariableDeclaration:
    case ts.SyntaxKind.VariableDeclarationList:
    case ts.SyntaxKind.VariableStatement:
    case ts.SyntaxKind.ObjectLiteralExpression:
    case ts.SyntaxKind.PropertyAssignment:
    case ts.SyntaxKind.ArrayLiteralExpression:
    case ts.SyntaxKind.TemplateExpression:
    case ts.SyntaxKind.TemplateSpan:
    case ts.SyntaxKind.AwaitExpression:
    case ts.SyntaxKind.ParenthesizedExpression:
    case ts.SyntaxKind.AsExpression:
    case ts.SyntaxKind.ConditionalExpression:
    case ts.SyntaxKind.IfStatement:
    case ts.SyntaxKind.NewExpression:
      return undefined;
  }
  if (ts.isFunctionLike(container)) {
    const fn = container as ts.SignatureDeclaration;
    for (const parameter of fn.parameters) {
      const path = bindingPath(parameter.name, name);
      if (path) return { kind: 'parameter', declaration: parameter, path };
    }
    return undefined;
  }
  if ((ts.isForOfStatement(container) || ts.isForInStatement(container) || ts.isForStatement(container)) && child !== container.initializer) {
    const init = container.initializer;
    if (init && ts.isVariableDeclarationList(init)) {
      for (const declaration of init.declarations) {
        const path = bindingPath(declaration.name, name);
        if (path) return { kind: 'variable', declaration, path };
      }
    }
  }
  if (ts.isCatchClause(container) && container.variableDeclaration) {
    const path = bindingPath(container.variableDeclaration.name, name);
    if (path) return { kind: 'variable', declaration: container.variableDeclaration, path };
  }
  return undefined;
}

/**
 * Names declared directly in a statement list, built once per list: lookups happen for every identifier evaluated.
 * Read from the list alone (a declaration is a node inside it), so a list a re-parse reuses with its block keeps it.
 */
const STATEMENT_LIST = table<ts.NodeArray<ts.Statement>, Map<string, Declaration>>('scope:statement-list', 'node', 'the names a statement list declares directly, and where');

function declarationInStatements(statements: ts.NodeArray<ts.Statement>, name: string, files: FileIndex): Declaration | undefined {
  let index = files.get(STATEMENT_LIST, statements);
  if (!index) {
    index = keptIndex(statements, files) ?? indexStatements(statements);
    files.set(STATEMENT_LIST, statements, index);
    if (statements.length > 0) files.set(FIRST_STATEMENT, statements[0], { statements, index });
  }
  return index.get(name);
}

/**
 * The last list indexed that began with this statement object: after an edit, the previous version's list (a
 * re-parse makes the file's list anew, and the block around an edit, but reuses the statements it did not touch).
 * Kept across versions like the statement; keptIndex checks it against the list asking before it is used.
 */
const FIRST_STATEMENT = table<ts.Statement, { statements: readonly ts.Statement[]; index: Map<string, Declaration> }>(
  'scope:first-statement',
  'node',
  'the last statement list indexed that began with this statement, with its index (checked against the list asking before it is used)',
);

/**
 * After an incremental re-parse, the previous list's index when the statements that differ (between the runs of
 * kept statement objects at both ends) declare nothing: its declarations are the same objects.
 */
function keptIndex(statements: readonly ts.Statement[], files: FileIndex): Map<string, Declaration> | undefined {
  const previous = statements.length > 0 ? files.get(FIRST_STATEMENT, statements[0]) : undefined;
  if (!previous) return undefined;
  const old = previous.statements;
  let first = 0;
  while (first < old.length && first < statements.length && old[first] === statements[first]) first++;
  let last = 0;
  while (last < old.length - first && last < statements.length - first && old[old.length - 1 - last] === statements[statements.length - 1 - last]) last++;
  const declares = (statement: ts.Statement) => indexStatements([statement]).size > 0;
  if (old.slice(first, old.length - last).some(declares) || statements.slice(first, statements.length - last).some(declares)) return undefined;
  return previous.index;
}

function indexStatements(statements: readonly ts.Statement[]): Map<string, Declaration> {
  const index = new Map<string, Declaration>();
  // The first declaration of a name wins, as the linear scan did.
  const add = (name: string, declaration: Declaration) => {
    if (!index.has(name)) index.set(name, declaration);
  };
  for (const statement of statements) {
    if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        for (const name of boundNames(declaration.name)) {
          // A name under an object rest (`{ a, ...rest }`) is the object without the keys named beside it; left
          // undeclared (so unresolved) when one of them is computed.
          const path = bindingPath(declaration.name, name);
          if (path) add(name, { kind: 'variable', declaration, path });
        }
      }
    } else if (ts.isFunctionDeclaration(statement) && statement.name) {
      add(statement.name.text, { kind: 'function', declaration: statement });
    } else if (ts.isClassDeclaration(statement) && statement.name) {
      add(statement.name.text, { kind: 'class', declaration: statement });
    } else if (ts.isEnumDeclaration(statement)) {
      add(statement.name.text, { kind: 'enum', declaration: statement });
    } else if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      const clause = statement.importClause;
      const bindings = clause?.namedBindings;
      const names = [clause?.name?.text, ...(bindings ? (ts.isNamespaceImport(bindings) ? [bindings.name.text] : bindings.elements.map((e) => e.name.text)) : [])];
      for (const name of names) {
        if (name) {
          const found = importBinding(statement, name);
          if (found) add(name, found);
        }
      }
    } else if (ts.isImportEqualsDeclaration(statement) && ts.isExternalModuleReference(statement.moduleReference)) {
      const expr = statement.moduleReference.expression;
      if (ts.isStringLiteral(expr)) add(statement.name.text, { kind: 'import', module: expr.text, exportName: '*', declaration: statement });
    }
  }
  return index;
}

/** Every identifier a binding name declares. */
function boundNames(binding: ts.BindingName): string[] {
  if (ts.isIdentifier(binding)) return [binding.text];
  const out: string[] = [];
  for (const element of binding.elements) {
    if (!ts.isOmittedExpression(element)) out.push(...boundNames(element.name));
  }
  return out;
}

function importBinding(statement: ts.ImportDeclaration, name: string): Declaration | undefined {
  const clause = statement.importClause;
  if (!clause) return undefined;
  const module = (statement.moduleSpecifier as ts.StringLiteral).text;
  if (clause.name?.text === name) return { kind: 'import', module, exportName: 'default', declaration: clause };
  const bindings = clause.namedBindings;
  if (!bindings) return undefined;
  if (ts.isNamespaceImport(bindings)) {
    return bindings.name.text === name ? { kind: 'import', module, exportName: '*', declaration: bindings } : undefined;
  }
  for (const element of bindings.elements) {
    if (element.name.text === name) {
      return { kind: 'import', module, exportName: (element.propertyName ?? element.name).text, declaration: element };
    }
  }
  return undefined;
}

/** The destructuring steps that lead to `name` inside a binding name, or undefined when it is not bound there. */
export function bindingPath(binding: ts.BindingName, name: string): BindingStep[] | undefined {
  if (ts.isIdentifier(binding)) return binding.text === name ? [] : undefined;
  if (ts.isObjectBindingPattern(binding)) {
    for (const element of binding.elements) {
      const key = element.propertyName
        ? propertyNameText(element.propertyName)
        : ts.isIdentifier(element.name)
          ? element.name.text
          : undefined;
      const inner = bindingPath(element.name, name);
      if (inner) {
        if (element.dotDotDotToken) {
          const others = binding.elements.filter((e) => e !== element).map((e) => (e.propertyName ? propertyNameText(e.propertyName) : ts.isIdentifier(e.name) ? e.name.text : undefined));
          return others.every((k): k is string => k !== undefined) ? [{ without: others }, ...inner] : undefined;
        }
        if (key === undefined) return undefined;
        return [{ property: key }, ...inner];
      }
    }
    return undefined;
  }
  let index = 0;
  for (const element of binding.elements) {
    if (!ts.isOmittedExpression(element)) {
      const inner = bindingPath(element.name, name);
      if (inner) return [element.dotDotDotToken ? { rest: index } : { index }, ...inner];
    }
    index++;
  }
  return undefined;
}

export function propertyNameText(name: ts.PropertyName | ts.Node): string | undefined {
  if (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name) || ts.isNoSubstitutionTemplateLiteral(name)) return name.text;
  if (ts.isPrivateIdentifier(name)) return name.text;
  return undefined;
}

/**
 * Strips parentheses and type-only wrappers: `(x as const)`, `x satisfies T`, `<T>x`, `x!`; and the effect-free
 * left operand of a comma, `(0, x)` (what compilers write to call an imported function without a receiver:
 * `(0, tools_1.register)(server)` calls `tools_1.register`).
 */
export function skipOuterExpressions(node: ts.Expression): ts.Expression {
  let current = node;
  for (;;) {
    if (ts.isParenthesizedExpression(current) || ts.isAsExpression(current) || ts.isSatisfiesExpression(current) || ts.isTypeAssertionExpression(current) || ts.isNonNullExpression(current)) {
      current = current.expression;
    } else if (ts.isAwaitExpression(current)) {
      current = current.expression;
    } else if (ts.isBinaryExpression(current) && current.operatorToken.kind === ts.SyntaxKind.CommaToken && isEffectFree(current.left)) {
      current = current.right;
    } else {
      return current;
    }
  }
}

/** A literal number or `void <literal>`: an operand whose evaluation does nothing. */
function isEffectFree(node: ts.Expression): boolean {
  if (ts.isNumericLiteral(node)) return true;
  return ts.isVoidExpression(node) && ts.isNumericLiteral(node.expression);
}

/** The name of a called method or function: `server.registerTool` → registerTool, `foo` → foo. */
export function calleeName(call: ts.CallExpression): string | undefined {
  const callee = skipOuterExpressions(call.expression);
  if (ts.isIdentifier(callee)) return callee.text;
  if (ts.isPropertyAccessExpression(callee)) return callee.name.text;
  if (ts.isElementAccessExpression(callee) && ts.isStringLiteralLike(callee.argumentExpression)) return callee.argumentExpression.text;
  return undefined;
}

/** The function whose body holds `node` (arrow, function, method), if any. */
export function enclosingFunction(node: ts.Node): ts.FunctionLikeDeclaration | undefined {
  let current = node.parent;
  while (current && !ts.isSourceFile(current)) {
    if (ts.isFunctionDeclaration(current) || ts.isFunctionExpression(current) || ts.isArrowFunction(current) || ts.isMethodDeclaration(current) || ts.isConstructorDeclaration(current) || ts.isGetAccessor(current) || ts.isSetAccessor(current)) {
      return current;
    }
    current = current.parent;
  }
  return undefined;
}

/**
 * The declaration that runs for an overload signature (`function f(x: string): A;` … `function f(x) { … }`): the
 * same-named function or method with a body beside it. The declaration itself when it has a body or none is found.
 */
export function implementationOf<T extends ts.FunctionLikeDeclaration>(declaration: T): T {
  if (declaration.body || !(ts.isFunctionDeclaration(declaration) || ts.isMethodDeclaration(declaration)) || !declaration.name) return declaration;
  const name = propertyNameText(declaration.name);
  const parent = declaration.parent;
  const siblings: readonly ts.Node[] = ts.isClassLike(parent) ? parent.members : ts.isObjectLiteralExpression(parent) ? parent.properties : ts.isBlock(parent) || ts.isSourceFile(parent) || ts.isModuleBlock(parent) ? parent.statements : [];
  const implementation = siblings.find((node): node is T => {
    if (node.kind !== declaration.kind) return false;
    const fn = node as T;
    return fn.body !== undefined && fn.name !== undefined && propertyNameText(fn.name) === name;
  });
  return implementation ?? declaration;
}
