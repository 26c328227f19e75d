import { build, type Plugin } from 'esbuild';
import { dirname, join, resolve } from 'node:path';
import ts from 'typescript';
import { notApplicable, overlayOf, type Transform } from './tree';

const EXTENSIONS = ['', '.ts', '.tsx', '.mts', '.cts', '.js', '.mjs', '.cjs', '.jsx', '/index.ts', '/index.js'];

/** esbuild reads the workspace (with its overlay) from memory; packages stay external imports. */
function workspacePlugin(read: (path: string) => string | undefined): Plugin {
  const find = (path: string): string | undefined => {
    const bases = [path, path.replace(/\.(m|c)?js$/, ''), path.replace(/\.jsx$/, '')];
    for (const base of bases) for (const ext of EXTENSIONS) if (read(base + ext) !== undefined) return base + ext;
    return undefined;
  };
  return {
    name: 'workspace',
    setup(b) {
      b.onResolve({ filter: /.*/ }, (args) => {
        if (args.kind === 'entry-point') return { path: args.path, namespace: 'ws' };
        if (!args.path.startsWith('.') && !args.path.startsWith('/')) return { path: args.path, external: true };
        const found = find(resolve(args.resolveDir, args.path));
        return found ? { path: found, namespace: 'ws' } : { path: args.path, external: true };
      });
      b.onLoad({ filter: /.*/, namespace: 'ws' }, (args) => {
        const loader = /\.json$/.test(args.path) ? 'json' : /\.tsx$/.test(args.path) ? 'tsx' : /\.[cm]?ts$/.test(args.path) ? 'ts' : /\.jsx$/.test(args.path) ? 'jsx' : 'js';
        return { contents: read(args.path) ?? '', loader, resolveDir: dirname(args.path) };
      });
    },
  };
}

/** Relative imports of a file (static, dynamic and `require`), as written. */
function relativeImports(text: string): string[] {
  const info = ts.preProcessFile(text, true, true);
  return info.importedFiles.map((i) => i.fileName).filter((s) => s.startsWith('.'));
}

/**
 * The workspace bundled by esbuild: each entry (a source file no other source file imports, whose bundle holds a
 * registration site) becomes one file of ESM with every workspace module inlined and packages kept external.
 */
export const bundle: Transform = {
  name: 'bundle',
  description: 'bundled by esbuild into one ESM file per entry (workspace modules inlined, packages external)',
  async apply(input) {
    const { ws } = input;
    const siteFiles = new Set(input.analyses.filter((a) => a.sites.length).map((a) => a.file));
    if (!siteFiles.size) return notApplicable('no registration site');
    const imported = new Set<string>();
    const importsOf = new Map<string, string[]>();
    const resolveFrom = (from: string, spec: string) => {
      const base = resolve(dirname(from), spec);
      for (const candidate of [base, base.replace(/\.(m|c)?js$/, ''), base.replace(/\.jsx$/, '')]) for (const ext of EXTENSIONS) if (ws.sources.includes(candidate + ext)) return candidate + ext;
      return undefined;
    };
    for (const file of ws.sources) {
      const deps = relativeImports(ws.read(file) ?? '').map((s) => resolveFrom(file, s)).filter((d): d is string => !!d);
      importsOf.set(file, deps);
      for (const dep of deps) if (dep !== file) imported.add(dep);
    }
    const reaches = (entry: string) => {
      const seen = new Set<string>();
      const stack = [entry];
      while (stack.length) {
        const file = stack.pop()!;
        if (seen.has(file)) continue;
        seen.add(file);
        stack.push(...(importsOf.get(file) ?? []));
      }
      return [...seen].some((file) => siteFiles.has(file));
    };
    // A site file inside an import cycle has no root above it: it is an entry itself.
    const covered = new Set<string>();
    const entries = ws.sources.filter((file) => !imported.has(file) && reaches(file));
    for (const entry of entries) {
      const stack = [entry];
      while (stack.length) {
        const file = stack.pop()!;
        if (covered.has(file)) continue;
        covered.add(file);
        stack.push(...(importsOf.get(file) ?? []));
      }
    }
    for (const file of siteFiles) if (!covered.has(file)) entries.push(file);
    const texts = new Map<string, string>();
    for (const [i, entry] of entries.entries()) {
      const result = await build({
        entryPoints: [entry], bundle: true, write: false, format: 'esm', platform: 'node', target: 'es2022', logLevel: 'silent',
        plugins: [workspacePlugin((path) => ws.read(path))], outfile: join(ws.root, 'mm-bundle', `entry${i}.js`),
      });
      texts.set(join(ws.root, 'mm-bundle', `entry${i}.js`), result.outputFiles[0].text);
    }
    // The bundles replace every source file.
    return overlayOf(texts, ws.sources);
  },
};
