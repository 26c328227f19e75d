// What every transformation shares: parsing a workspace's files, finding the registration sites and definitions the
// original analysis reported, and rewriting a tree with ts.transform and the printer (never the text).
import ts from 'typescript';
import type { FileAnalysis, Loc, Tool } from '../../../server/src/engine';
import type { Overlay, Workspace } from '../workspace';

export interface TransformInput {
  ws: Workspace;
  /** The analysis of the untransformed workspace. */
  analyses: readonly FileAnalysis[];
}

/** A variant, or the reason the transformation has nothing to act on (counted as "not applicable"). */
export type TransformResult = Overlay | { notApplicable: string };

export interface Transform {
  name: string;
  /** One line: what the variant looks like. */
  description: string;
  apply(input: TransformInput): TransformResult | Promise<TransformResult>;
}

export const notApplicable = (why: string): TransformResult => ({ notApplicable: why });

export const isTypeScriptFile = (path: string): boolean => /\.[cm]?tsx?$/.test(path) && !path.endsWith('.d.ts');

function scriptKindOf(path: string): ts.ScriptKind {
  if (/\.tsx$/.test(path)) return ts.ScriptKind.TSX;
  if (/\.[cm]?ts$/.test(path)) return ts.ScriptKind.TS;
  if (/\.jsx$/.test(path)) return ts.ScriptKind.JSX;
  return ts.ScriptKind.JS;
}

/** Parsed trees of one input, each file once. */
export class Trees {
  private readonly trees = new Map<string, ts.SourceFile | undefined>();
  constructor(private readonly ws: Workspace) {}
  get(path: string): ts.SourceFile | undefined {
    if (!this.trees.has(path)) {
      const text = this.ws.read(path);
      this.trees.set(path, text === undefined ? undefined : ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, scriptKindOf(path)));
    }
    return this.trees.get(path);
  }
}

/** The node whose range is exactly `loc` (the outermost such node), if any. */
export function nodeAt(sf: ts.SourceFile, loc: { start: number; end: number }, accept: (node: ts.Node) => boolean = () => true): ts.Node | undefined {
  let found: ts.Node | undefined;
  const visit = (node: ts.Node): void => {
    if (found) return;
    const start = node.getStart(sf);
    if (start === loc.start && node.end === loc.end && accept(node)) {
      found = node;
      return;
    }
    if (node.pos <= loc.start && node.end >= loc.end) ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

/** A registration call on a receiver, as the SDK's are written: `receiver.method(args)`. */
export interface SiteCall {
  call: ts.CallExpression;
  callee: ts.PropertyAccessExpression;
  receiver: ts.Expression;
  method: string;
}

function asSiteCall(node: ts.Node): SiteCall | undefined {
  if (!ts.isCallExpression(node) || node.questionDotToken || !ts.isPropertyAccessExpression(node.expression)) return undefined;
  const callee = node.expression;
  if (callee.questionDotToken || !ts.isIdentifier(callee.name) || ts.isOptionalChain(node)) return undefined;
  // `fn.call(this, …)`, `fn.apply(…)`: already a call through Function.prototype, not a method called on a server.
  if (['call', 'apply', 'bind'].includes(callee.name.text)) return undefined;
  return { call: node, callee, receiver: callee.expression, method: callee.name.text };
}

/** The registration calls (`x.method(…)`) among the sites the original analysis reported, per file. */
export function siteCalls(input: TransformInput, trees: Trees): Map<string, SiteCall[]> {
  const out = new Map<string, SiteCall[]>();
  const seen = new Set<string>();
  for (const analysis of input.analyses) {
    for (const site of analysis.sites) {
      const key = `${site.loc.file}:${site.loc.start}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const sf = trees.get(site.loc.file);
      const node = sf && nodeAt(sf, site.loc, (n) => ts.isCallExpression(n));
      const call = node && asSiteCall(node);
      if (!call) continue;
      const list = out.get(site.loc.file) ?? [];
      list.push(call);
      out.set(site.loc.file, list);
    }
  }
  return out;
}

/** Every tool of the original analysis. */
export const toolsOfInput = (input: TransformInput): Tool[] => input.analyses.flatMap((a) => a.tools);

/** The node at a tool's loc, in its file. */
export function nodeOfLoc(trees: Trees, loc: Loc | null | undefined, accept: (node: ts.Node) => boolean): ts.Node | undefined {
  if (!loc) return undefined;
  const sf = trees.get(loc.file);
  return sf && nodeAt(sf, loc, accept);
}

const isFunctionBoundary = (node: ts.Node): boolean => ts.isFunctionLike(node) || ts.isClassStaticBlockDeclaration(node);

/** A statement list: where statements may be inserted. */
export const isStatementList = (node: ts.Node): node is ts.Block | ts.SourceFile | ts.ModuleBlock | ts.CaseClause | ts.DefaultClause =>
  ts.isBlock(node) || ts.isSourceFile(node) || ts.isModuleBlock(node) || ts.isCaseClause(node) || ts.isDefaultClause(node);

/**
 * The statement of a statement list holding `node`, reached without leaving the function `node` is in (so what a
 * statement inserted before it declares sees the same bindings the node sees).
 */
export function statementOf(node: ts.Node): ts.Statement | undefined {
  let current: ts.Node = node;
  while (current.parent) {
    if (isStatementList(current.parent)) return current as ts.Statement;
    if (isFunctionBoundary(current.parent) || ts.isClassLike(current.parent)) return undefined;
    current = current.parent;
  }
  return undefined;
}

/** An expression that may be written twice without running anything twice: `server`, `this.server`, `a.b.c`. */
export function isPure(node: ts.Expression): boolean {
  if (ts.isIdentifier(node) || node.kind === ts.SyntaxKind.ThisKeyword) return true;
  if (ts.isPropertyAccessExpression(node) && !node.questionDotToken && !ts.isOptionalChain(node)) return isPure(node.expression);
  if (ts.isParenthesizedExpression(node)) return isPure(node.expression);
  return false;
}

/** A name free in every file of the input (the transformations introduce their own bindings under it). */
export function freshName(sf: ts.SourceFile, base: string, taken: Set<string>): string {
  for (let i = 1; ; i++) {
    const name = `${base}${i}`;
    if (!taken.has(name) && !sf.text.includes(name)) {
      taken.add(name);
      return name;
    }
  }
}

/** What a rewrite does to one file: nodes replaced (given the node with its children already rewritten), statements added. */
export interface Edits {
  replace?: Map<ts.Node, (visited: ts.Node) => ts.Node | ts.Node[] | undefined>;
  before?: Map<ts.Statement, ts.Statement[]>;
  after?: Map<ts.Statement, ts.Statement[]>;
  /** Statements put after the file's imports (or first). */
  prologue?: ts.Statement[];
  /** Statements put at the end of the file. */
  epilogue?: ts.Statement[];
}

const printer = ts.createPrinter({ newLine: ts.NewLineKind.LineFeed });

/** The file rewritten by ts.transform, printed. */
export function rewrite(sf: ts.SourceFile, edits: Edits): string {
  const { replace = new Map(), before = new Map(), after = new Map() } = edits;
  const transformer: ts.TransformerFactory<ts.SourceFile> = (context) => {
    const visitStatements = (statements: ts.NodeArray<ts.Statement>): ts.Statement[] => {
      const out: ts.Statement[] = [];
      for (const statement of statements) {
        out.push(...(before.get(statement) ?? []));
        const visited = visit(statement);
        if (Array.isArray(visited)) out.push(...(visited as ts.Statement[]));
        else if (visited) out.push(visited as ts.Statement);
        out.push(...(after.get(statement) ?? []));
      }
      return out;
    };
    const visit = (node: ts.Node): ts.Node | ts.Node[] | undefined => {
      let visited: ts.Node;
      if (ts.isBlock(node)) visited = context.factory.updateBlock(node, visitStatements(node.statements));
      else if (ts.isModuleBlock(node)) visited = context.factory.updateModuleBlock(node, visitStatements(node.statements));
      else if (ts.isCaseClause(node)) visited = context.factory.updateCaseClause(node, ts.visitNode(node.expression, visit) as ts.Expression, visitStatements(node.statements));
      else if (ts.isDefaultClause(node)) visited = context.factory.updateDefaultClause(node, visitStatements(node.statements));
      else visited = ts.visitEachChild(node, visit, context);
      const replacer = replace.get(node);
      return replacer ? replacer(visited) : visited;
    };
    return (root) => {
      const statements = visitStatements(root.statements);
      const firstNonImport = statements.findIndex((s) => !ts.isImportDeclaration(s) && !ts.isImportEqualsDeclaration(s) && !isDirective(s));
      const at = firstNonImport === -1 ? statements.length : firstNonImport;
      const all = [...statements.slice(0, at), ...(edits.prologue ?? []), ...statements.slice(at), ...(edits.epilogue ?? [])];
      return context.factory.updateSourceFile(root, all);
    };
  };
  const result = ts.transform(sf, [transformer]);
  try {
    return printer.printFile(result.transformed[0]);
  } finally {
    result.dispose();
  }
}

const isDirective = (s: ts.Statement): boolean => ts.isExpressionStatement(s) && ts.isStringLiteral(s.expression) && /^use /.test(s.expression.text);

export const f = ts.factory;

/** `const name = init;` */
export const constStatement = (name: string | ts.BindingName, init: ts.Expression): ts.VariableStatement =>
  f.createVariableStatement(undefined, f.createVariableDeclarationList([f.createVariableDeclaration(name, undefined, undefined, init)], ts.NodeFlags.Const));

/** An overlay of the files `texts` maps (path → new text). */
export function overlayOf(texts: Map<string, string>, removed: Iterable<string> = []): Overlay {
  return { changed: texts, removed: new Set(removed) };
}

/**
 * The common shape of call-site transformations: each site call of each file either rewritten (`edit` adds to the
 * file's edits and returns true) or left; not applicable when no site was rewritten.
 */
export function eachSiteCall(
  input: TransformInput,
  what: string,
  edit: (site: SiteCall, edits: Required<Pick<Edits, 'replace' | 'before' | 'after'>>, sf: ts.SourceFile, names: Set<string>) => boolean,
  onlyFile: (path: string) => boolean = () => true,
): TransformResult {
  const trees = new Trees(input.ws);
  const texts = new Map<string, string>();
  for (const [file, calls] of siteCalls(input, trees)) {
    if (!onlyFile(file)) continue;
    const sf = trees.get(file)!;
    const edits = { replace: new Map(), before: new Map(), after: new Map() } as Required<Pick<Edits, 'replace' | 'before' | 'after'>>;
    const names = new Set<string>();
    let changed = false;
    for (const site of calls) if (edit(site, edits, sf, names)) changed = true;
    if (changed) texts.set(file, rewrite(sf, edits));
  }
  return texts.size ? overlayOf(texts) : notApplicable(what);
}

/** Adds statements before `statement` in `edits` (several sites may add before one statement). */
export function addBefore(edits: { before: Map<ts.Statement, ts.Statement[]> }, statement: ts.Statement, added: ts.Statement[]): void {
  edits.before.set(statement, [...(edits.before.get(statement) ?? []), ...added]);
}

/** Site calls grouped by the statement list they are in and what they are called on (`server.registerTool`). */
export interface SiteGroup {
  /** The first statement (in source order) holding one of them: shared bindings go before it. */
  statement: ts.Statement;
  receiver: ts.Expression;
  method: string;
  sites: SiteCall[];
}

export function groupSites(sf: ts.SourceFile, calls: readonly SiteCall[]): SiteGroup[] {
  const groups = new Map<string, SiteGroup>();
  for (const site of [...calls].sort((a, b) => a.call.pos - b.call.pos)) {
    const statement = statementOf(site.call);
    if (!statement || !isPure(site.receiver)) continue;
    const key = `${statement.parent.pos}:${site.receiver.getText(sf)}.${site.method}`;
    const group = groups.get(key);
    if (group) group.sites.push(site);
    else groups.set(key, { statement, receiver: site.receiver, method: site.method, sites: [site] });
  }
  return [...groups.values()];
}

/** Whether `this` occurs in the expression (a function declaration would not see it). */
export function usesThis(node: ts.Node): boolean {
  if (node.kind === ts.SyntaxKind.ThisKeyword) return true;
  return ts.forEachChild(node, usesThis) ?? false;
}

/** `(...args) => receiver.method(...args)` */
export function forwardingArrow(receiver: ts.Expression, method: string): ts.ArrowFunction {
  return f.createArrowFunction(
    undefined,
    undefined,
    [f.createParameterDeclaration(undefined, f.createToken(ts.SyntaxKind.DotDotDotToken), 'args')],
    undefined,
    f.createToken(ts.SyntaxKind.EqualsGreaterThanToken),
    f.createCallExpression(f.createPropertyAccessExpression(receiver, method), undefined, [f.createSpreadElement(f.createIdentifier('args'))]),
  );
}

/** The same call with another callee. */
export function recalled(visited: ts.Node, callee: ts.Expression): ts.CallExpression {
  const call = visited as ts.CallExpression;
  return f.updateCallExpression(call, callee, call.typeArguments, call.arguments);
}

/**
 * Group-wise call-site transformations: for each group of site calls sharing a list and a receiver, `edit` adds the
 * shared declarations and rewrites the calls; not applicable when no group was rewritten.
 */
export function eachSiteGroup(
  input: TransformInput,
  what: string,
  edit: (group: SiteGroup, edits: Required<Edits>, sf: ts.SourceFile, names: Set<string>) => boolean,
): TransformResult {
  const trees = new Trees(input.ws);
  const texts = new Map<string, string>();
  for (const [file, calls] of siteCalls(input, trees)) {
    const sf = trees.get(file)!;
    const edits: Required<Edits> = { replace: new Map(), before: new Map(), after: new Map(), prologue: [], epilogue: [] };
    const names = new Set<string>();
    let changed = false;
    for (const group of groupSites(sf, calls)) if (edit(group, edits, sf, names)) changed = true;
    if (changed) texts.set(file, rewrite(sf, edits));
  }
  return texts.size ? overlayOf(texts) : notApplicable(what);
}

/** A literal with no identifiers inside (a string, a number, an object or array of such): safe to evaluate anywhere. */
export function isConstantLiteral(node: ts.Node): boolean {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isNumericLiteral(node)) return true;
  if (node.kind === ts.SyntaxKind.TrueKeyword || node.kind === ts.SyntaxKind.FalseKeyword || node.kind === ts.SyntaxKind.NullKeyword) return true;
  if (ts.isPrefixUnaryExpression(node)) return ts.isNumericLiteral(node.operand);
  if (ts.isArrayLiteralExpression(node)) return node.elements.every(isConstantLiteral);
  if (ts.isObjectLiteralExpression(node)) {
    return node.properties.every((p) => ts.isPropertyAssignment(p) && !ts.isComputedPropertyName(p.name) && isConstantLiteral(p.initializer));
  }
  return false;
}

/** The file uses CommonJS (`require`, `module.exports`) and no ESM syntax. */
export function isCommonJs(sf: ts.SourceFile): boolean {
  if (sf.fileName.endsWith('.cjs') || sf.fileName.endsWith('.cts')) return true;
  const esm = sf.statements.some((s) => ts.isImportDeclaration(s) || ts.isExportDeclaration(s) || ts.isExportAssignment(s) || (ts.canHaveModifiers(s) && ts.getModifiers(s)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)));
  return !esm && /\brequire\s*\(|\bmodule\.exports\b|\bexports\./.test(sf.text);
}

/** A literal written where a value is read (not a property name, an import path, a type, a `case` label's key…). */
export function isValuePosition(node: ts.Node): boolean {
  const parent = node.parent;
  if (ts.isPropertyAssignment(parent) && parent.name === node) return false;
  if (ts.isImportDeclaration(parent) || ts.isExportDeclaration(parent) || ts.isExternalModuleReference(parent) || ts.isLiteralTypeNode(parent)) return false;
  if (ts.isCallExpression(parent) && (parent.expression.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(parent.expression) && parent.expression.text === 'require'))) return false;
  if (ts.isPropertyDeclaration(parent) || ts.isMethodDeclaration(parent) || ts.isEnumMember(parent)) return parent.name !== node;
  if (ts.isElementAccessExpression(parent)) return parent.argumentExpression !== node;
  return true;
}

/** Tool definitions written as literals: each tool's name literal and inline annotations object, per file. */
export function definitionLiterals(input: TransformInput, trees: Trees): Map<string, { node: ts.Expression; base: string }[]> {
  const out = new Map<string, { node: ts.Expression; base: string }[]>();
  const seen = new Set<ts.Node>();
  const add = (node: ts.Node | undefined, base: string) => {
    if (!node || seen.has(node) || !isValuePosition(node) || !isConstantLiteral(node)) return;
    seen.add(node);
    const file = node.getSourceFile().fileName;
    out.set(file, [...(out.get(file) ?? []), { node: node as ts.Expression, base }]);
  };
  for (const tool of toolsOfInput(input)) {
    if (!/\.[cm]?[jt]sx?$/.test(tool.nameLoc.file)) continue;
    add(nodeOfLoc(trees, tool.nameLoc, (n) => ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)), 'toolName');
    const annotations = tool.declared?.objectLoc;
    if (annotations && /\.[cm]?[jt]sx?$/.test(annotations.file)) add(nodeOfLoc(trees, annotations, ts.isObjectLiteralExpression), 'toolAnnotations');
  }
  return out;
}

/** The tools' configuration and annotations object literals (where the engine read them), per file. */
export function definitionObjects(input: TransformInput, trees: Trees): Map<string, ts.ObjectLiteralExpression[]> {
  const out = new Map<string, ts.ObjectLiteralExpression[]>();
  const seen = new Set<ts.Node>();
  for (const tool of toolsOfInput(input)) {
    for (const loc of [tool.config, tool.declared?.objectLoc]) {
      if (!loc || !/\.[cm]?[jt]sx?$/.test(loc.file)) continue;
      const node = nodeOfLoc(trees, loc, ts.isObjectLiteralExpression) as ts.ObjectLiteralExpression | undefined;
      if (!node || seen.has(node) || node.properties.length === 0) continue;
      seen.add(node);
      out.set(loc.file, [...(out.get(loc.file) ?? []), node]);
    }
  }
  return out;
}

/** A `const`/`let` whose initializer is an array literal, declared alone in a statement of a statement list. */
export interface ArrayDeclaration {
  statement: ts.VariableStatement;
  declaration: ts.VariableDeclaration & { name: ts.Identifier };
  array: ts.ArrayLiteralExpression;
}

/**
 * Arrays that list tool definitions: an array literal bound to a variable whose elements hold a tool's definition,
 * name a declaration of the same file holding one, or are imported (when the input's tools live in other files).
 */
export function definitionArrays(input: TransformInput, trees: Trees): Map<string, ArrayDeclaration[]> {
  const tools = toolsOfInput(input);
  const locsByFile = new Map<string, { start: number; end: number }[]>();
  for (const tool of tools) for (const loc of [tool.config, tool.nameLoc, tool.loc]) if (loc) locsByFile.set(loc.file, [...(locsByFile.get(loc.file) ?? []), loc]);
  const files = new Set([...locsByFile.keys(), ...input.analyses.filter((a) => a.sites.length).map((a) => a.file)]);
  const out = new Map<string, ArrayDeclaration[]>();
  for (const file of files) {
    const sf = trees.get(file);
    if (!sf || !/\.[cm]?[jt]sx?$/.test(file)) continue;
    const locs = locsByFile.get(file) ?? [];
    const holds = (node: ts.Node) => locs.some((l) => node.getStart(sf) <= l.start && l.end <= node.end);
    const declarations = new Map<string, ts.Node>();
    const imported = new Set<string>();
    const toolsElsewhere = tools.some((t) => t.loc.file !== file || t.config?.file !== file);
    const found: ArrayDeclaration[] = [];
    const visit = (node: ts.Node): void => {
      if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name)) declarations.set(node.name.text, node);
      if (ts.isFunctionDeclaration(node) && node.name) declarations.set(node.name.text, node);
      if (ts.isImportSpecifier(node) || ts.isImportClause(node) || ts.isNamespaceImport(node)) if (node.name) imported.add(node.name.text);
      if (ts.isBindingElement(node) && ts.isIdentifier(node.name) && isRequired(node)) imported.add(node.name.text);
      if (ts.isVariableStatement(node) && isStatementList(node.parent) && node.declarationList.declarations.length === 1) {
        const declaration = node.declarationList.declarations[0];
        if (ts.isIdentifier(declaration.name) && declaration.initializer && ts.isArrayLiteralExpression(declaration.initializer) && declaration.initializer.elements.length) {
          found.push({ statement: node, declaration: declaration as ArrayDeclaration['declaration'], array: declaration.initializer });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
    const listsDefinitions = (element: ts.Expression): boolean => {
      if (holds(element)) return true;
      const inner = ts.isSpreadElement(element) ? element.expression : ts.isCallExpression(element) ? element.expression : element;
      if (!ts.isIdentifier(inner)) return false;
      const declared = declarations.get(inner.text);
      return (declared !== undefined && holds(declared)) || (imported.has(inner.text) && toolsElsewhere);
    };
    const arrays = found.filter((a) => a.array.elements.some(listsDefinitions));
    if (arrays.length) out.set(file, arrays);
  }
  return out;
}

/** `const { a } = require('m')` */
function isRequired(element: ts.BindingElement): boolean {
  const declaration = element.parent.parent;
  return ts.isVariableDeclaration(declaration) && !!declaration.initializer && ts.isCallExpression(declaration.initializer) && ts.isIdentifier(declaration.initializer.expression) && declaration.initializer.expression.text === 'require';
}

/** Array-declaration transformations: `edit` rewrites each array's statement; not applicable without one. */
export function eachDefinitionArray(input: TransformInput, what: string, edit: (array: ArrayDeclaration, edits: Required<Edits>, sf: ts.SourceFile, names: Set<string>) => boolean): TransformResult {
  const trees = new Trees(input.ws);
  const texts = new Map<string, string>();
  for (const [file, arrays] of definitionArrays(input, trees)) {
    const sf = trees.get(file)!;
    const edits: Required<Edits> = { replace: new Map(), before: new Map(), after: new Map(), prologue: [], epilogue: [] };
    const names = new Set<string>();
    let changed = false;
    for (const array of arrays) if (edit(array, edits, sf, names)) changed = true;
    if (changed) texts.set(file, rewrite(sf, edits));
  }
  return texts.size ? overlayOf(texts) : notApplicable(what);
}

/** The declaration with another initializer (its `export`, `const`/`let` and type kept). */
export function reinitialised(statement: ts.VariableStatement, declaration: ts.VariableDeclaration, init: ts.Expression): ts.VariableStatement {
  return f.updateVariableStatement(statement, statement.modifiers, f.updateVariableDeclarationList(statement.declarationList, [f.updateVariableDeclaration(declaration, declaration.name, declaration.exclamationToken, declaration.type, init)]));
}

/** A synthesized copy of a constant literal (isConstantLiteral), printable in any file. */
export function copyConstant(node: ts.Expression): ts.Expression {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return f.createStringLiteral(node.text);
  if (ts.isNumericLiteral(node)) return f.createNumericLiteral(node.text);
  if (node.kind === ts.SyntaxKind.TrueKeyword) return f.createTrue();
  if (node.kind === ts.SyntaxKind.FalseKeyword) return f.createFalse();
  if (node.kind === ts.SyntaxKind.NullKeyword) return f.createNull();
  if (ts.isPrefixUnaryExpression(node)) return f.createPrefixUnaryExpression(node.operator, copyConstant(node.operand));
  if (ts.isArrayLiteralExpression(node)) return f.createArrayLiteralExpression(node.elements.map(copyConstant));
  if (ts.isObjectLiteralExpression(node)) {
    return f.createObjectLiteralExpression(node.properties.map((p) => {
      const property = p as ts.PropertyAssignment;
      const name = ts.isIdentifier(property.name) ? f.createIdentifier(property.name.text) : ts.isStringLiteral(property.name) ? f.createStringLiteral(property.name.text) : f.createNumericLiteral((property.name as ts.NumericLiteral).text);
      return f.createPropertyAssignment(name, copyConstant(property.initializer));
    }));
  }
  throw new Error(`not a constant literal: ${ts.SyntaxKind[node.kind]}`);
}
