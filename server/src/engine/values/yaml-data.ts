import ts from 'typescript';
import type * as Yaml from 'yaml';
import type { Node as YamlNode } from 'yaml';

let yamlModule: typeof Yaml | undefined;
/** Required at the first YAML file: the package takes milliseconds to load, and most runs read none. */
function yaml(): typeof Yaml {
  return (yamlModule ??= require('yaml') as typeof Yaml);
}

/** Data files written in YAML (`parse(readFileSync(join(__dirname, "tools.yaml"), "utf8"))`). */
export function isYamlFile(path: string): boolean {
  return path.endsWith('.yaml') || path.endsWith('.yml');
}

/**
 * A YAML data file as the evaluator reads data: a source file whose text is the YAML text and whose one statement
 * holds the document as an object or array literal. Each node spans its YAML text, so a value read from the file is
 * located where it is written. Nothing here is TypeScript that could be edited: fixes never target it (fixes.ts).
 * Undefined when the text is not a YAML document (a parse error).
 */
export function parseYamlSource(path: string, text: string): ts.SourceFile | undefined {
  const document = yaml().parseDocument(text, { keepSourceTokens: false });
  if (document.errors.length > 0) return undefined;
  const root = toExpression(document.contents as YamlNode | null, text.length);
  if (!root) return undefined;
  const statement = ts.setTextRange(ts.factory.createExpressionStatement(root), { pos: root.pos, end: root.end });
  const sf = ts.factory.createSourceFile([statement], ts.factory.createToken(ts.SyntaxKind.EndOfFileToken), ts.NodeFlags.None);
  // The factory leaves a source file without its text and name: give it the YAML's, for locations and line numbers.
  Object.assign(sf, { fileName: path, text, languageVersion: ts.ScriptTarget.Latest, scriptKind: ts.ScriptKind.Unknown });
  ts.setTextRange(sf, { pos: 0, end: text.length });
  setParents(statement, sf);
  return sf;
}

/** True for the synthetic source files made by parseYamlSource. */
export function isYamlSource(sf: ts.SourceFile): boolean {
  return isYamlFile(sf.fileName);
}

function toExpression(node: YamlNode | null, textEnd: number): ts.Expression | undefined {
  if (!node) return undefined;
  const [start, valueEnd] = node.range ?? [0, textEnd];
  const located = <T extends ts.Node>(created: T): T => ts.setTextRange(created, { pos: start, end: valueEnd });
  if (yaml().isMap(node)) {
    const properties: ts.PropertyAssignment[] = [];
    for (const pair of node.items) {
      const key = pair.key as YamlNode | null;
      if (!yaml().isScalar(key) || (typeof key.value !== 'string' && typeof key.value !== 'number')) continue;
      const [keyStart, keyEnd] = key.range ?? [start, start];
      const name = ts.setTextRange(ts.factory.createStringLiteral(String(key.value)), { pos: keyStart, end: keyEnd });
      const value = toExpression(pair.value as YamlNode | null, textEnd) ?? ts.setTextRange(ts.factory.createNull(), { pos: keyEnd, end: keyEnd });
      properties.push(ts.setTextRange(ts.factory.createPropertyAssignment(name, value), { pos: keyStart, end: value.end }));
    }
    return located(ts.factory.createObjectLiteralExpression(properties));
  }
  if (yaml().isSeq(node)) {
    const elements = node.items.map((item) => toExpression(item as YamlNode | null, textEnd)).filter((e): e is ts.Expression => e !== undefined);
    return located(ts.factory.createArrayLiteralExpression(elements));
  }
  if (yaml().isScalar(node)) {
    const value = node.value;
    if (typeof value === 'string') return located(ts.factory.createStringLiteral(value));
    if (typeof value === 'number') return located(value < 0 ? ts.factory.createPrefixUnaryExpression(ts.SyntaxKind.MinusToken, located(ts.factory.createNumericLiteral(-value))) : ts.factory.createNumericLiteral(value));
    if (value === true) return located(ts.factory.createTrue());
    if (value === false) return located(ts.factory.createFalse());
    if (value === null) return located(ts.factory.createNull());
  }
  // Aliases, dates, binary: not data the engine reads.
  return located(ts.factory.createIdentifier('undefined'));
}

function setParents(node: ts.Node, parent: ts.Node): void {
  (node as { parent: ts.Node }).parent = parent;
  ts.forEachChild(node, (child) => setParents(child, node));
}
