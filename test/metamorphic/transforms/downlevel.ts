import ts from 'typescript';
import { notApplicable, overlayOf, siteCalls, Trees, type Transform } from './tree';

/** What `tsc --target ES2017 --module commonjs` writes for each file with a registration site (the real compiler output). */
export const downlevel: Transform = {
  name: 'tsc-es2017-cjs',
  description: 'files with a registration site compiled by `ts.transpileModule` to ES2017 CommonJS (helpers, `exports.x`, `?.` lowered)',
  apply(input) {
    const trees = new Trees(input.ws);
    const texts = new Map<string, string>();
    for (const file of siteCalls(input, trees).keys()) {
      const { outputText } = ts.transpileModule(input.ws.read(file) ?? '', {
        fileName: file,
        compilerOptions: { target: ts.ScriptTarget.ES2017, module: ts.ModuleKind.CommonJS, esModuleInterop: true, allowJs: true, jsx: ts.JsxEmit.Preserve, isolatedModules: true },
      });
      texts.set(file, outputText);
    }
    return texts.size ? overlayOf(texts) : notApplicable('no registration call');
  },
};
