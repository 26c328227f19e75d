import ts from 'typescript';
import { notApplicable, overlayOf, type Transform } from './tree';

/** The JavaScript file tsc writes for a TypeScript one (`x.ts` → `x.js`, `.mts` → `.mjs`, `.cts` → `.cjs`). */
export const jsPathOf = (file: string): string => file.replace(/\.mts$/, '.mjs').replace(/\.cts$/, '.cjs').replace(/\.tsx$/, '.jsx').replace(/\.ts$/, '.js');

export const tsToJs: Transform = {
  name: 'ts-to-js',
  description: 'every TypeScript file replaced by what `ts.transpileModule` compiles it to (ES2022, ES modules kept)',
  apply(input) {
    const texts = new Map<string, string>();
    const removed: string[] = [];
    const sources = new Set(input.ws.sources);
    // A glob over source files (`import.meta.glob('./tools/*.ts')`) would no longer match its files once compiled.
    if (input.ws.sources.some((file) => /\.[cm]?[jt]sx?$/.test(file) && usesImportMetaGlob(input.ws.read(file) ?? '', file))) return notApplicable('the project lists its own source files by a glob');
    for (const file of input.ws.sources) {
      if (!/\.[cm]?tsx?$/.test(file) || file.endsWith('.d.ts')) continue;
      const js = jsPathOf(file);
      if (sources.has(js) || input.ws.read(js) !== undefined) continue;
      const { outputText } = ts.transpileModule(input.ws.read(file) ?? '', {
        fileName: file,
        compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, jsx: ts.JsxEmit.Preserve, verbatimModuleSyntax: false, isolatedModules: true },
      });
      texts.set(js, outputText);
      removed.push(file);
    }
    return texts.size ? overlayOf(texts, removed) : notApplicable('no TypeScript file');
  },
};

function usesImportMetaGlob(text: string, file: string): boolean {
  if (!text.includes('import.meta')) return false;
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const visit = (node: ts.Node): boolean =>
    (ts.isPropertyAccessExpression(node) && node.name.text === 'glob' && ts.isMetaProperty(node.expression) && node.expression.keywordToken === ts.SyntaxKind.ImportKeyword) || (ts.forEachChild(node, visit) ?? false);
  return visit(sf);
}
