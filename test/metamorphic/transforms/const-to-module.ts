import { basename, dirname, join } from 'node:path';
import ts from 'typescript';
import { constStatement, copyConstant, definitionLiterals, f, freshName, isCommonJs, notApplicable, overlayOf, rewrite, Trees, type Transform } from './tree';

/**
 * The multi-file move: each tool's name literal and literal annotations become constants of a new module
 * (`mm-defs/values`), re-exported by `mm-defs/index`, which the file imports (`require`s, for CommonJS).
 */
export const constToModule: Transform = {
  name: 'const-to-module',
  description: 'name literals and literal annotations moved into constants of another file, re-exported through an index and imported',
  apply(input) {
    const trees = new Trees(input.ws);
    const texts = new Map<string, string>();
    for (const [file, literals] of definitionLiterals(input, trees)) {
      const sf = trees.get(file)!;
      const cjs = isCommonJs(sf);
      const ext = /\.[cm]?tsx?$/.test(file) ? (file.endsWith('.mts') ? '.mts' : file.endsWith('.cts') ? '.cts' : '.ts') : file.endsWith('.mjs') ? '.mjs' : file.endsWith('.cjs') ? '.cjs' : '.js';
      const jsExt = ext.replace('ts', 'js');
      // One folder per file (two files of one folder must not write the same module).
      const folder = join(dirname(file), freshName(sf, `mm-defs-${basename(file).replace(/\W/g, '_')}-`, new Set()));
      const names = new Set<string>();
      const values: ts.Statement[] = [];
      const replace = new Map<ts.Node, () => ts.Node>();
      const imported: string[] = [];
      for (const { node, base } of literals) {
        const name = freshName(sf, base, names);
        imported.push(name);
        values.push(cjs ? f.createExpressionStatement(f.createAssignment(f.createPropertyAccessExpression(f.createIdentifier("exports"), name), copyConstant(node))) : withExport(constStatement(name, copyConstant(node))));
        replace.set(node, () => f.createIdentifier(name));
      }
      const specifier = `./${folder.slice(dirname(file).length + 1)}/index${jsExt}`;
      const importStatement = cjs
        ? constStatement(f.createObjectBindingPattern(imported.map((n) => f.createBindingElement(undefined, undefined, n))), f.createCallExpression(f.createIdentifier('require'), undefined, [f.createStringLiteral(specifier)]))
        : f.createImportDeclaration(undefined, f.createImportClause(undefined, undefined, f.createNamedImports(imported.map((n) => f.createImportSpecifier(false, undefined, f.createIdentifier(n))))), f.createStringLiteral(specifier));
      texts.set(file, rewrite(sf, { replace, prologue: [importStatement] }));
      const empty = ts.createSourceFile(`values${ext}`, '', ts.ScriptTarget.Latest, true);
      texts.set(join(folder, `values${ext}`), rewrite(empty, { epilogue: values }));
      const reexport = cjs
        ? f.createExpressionStatement(f.createAssignment(f.createPropertyAccessExpression(f.createIdentifier('module'), 'exports'), f.createCallExpression(f.createIdentifier('require'), undefined, [f.createStringLiteral(`./values${jsExt}`)])))
        : f.createExportDeclaration(undefined, false, undefined, f.createStringLiteral(`./values${jsExt}`));
      texts.set(join(folder, `index${ext}`), rewrite(ts.createSourceFile(`index${ext}`, '', ts.ScriptTarget.Latest, true), { epilogue: [reexport] }));
    }
    return texts.size ? overlayOf(texts) : notApplicable('no tool name or annotations written as a literal');
  },
};

const withExport = (statement: ts.VariableStatement): ts.VariableStatement =>
  f.updateVariableStatement(statement, [f.createModifier(ts.SyntaxKind.ExportKeyword)], statement.declarationList);
