// A workspace the metamorphic harness analyses: a folder of files (a corpus package on disk, or a table case held in
// memory) with an overlay of changed, added and removed files (a variant). The engine reads it through its public
// API (server/src/engine/index.ts) with an in-memory host, never the disk behind the overlay's back.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { discoverFiles, type EngineOptions, type FileAnalysis, type FileHost, guardedAnalyze, isSourceFile, Project, RULES, type RuleSetting, type Tool } from '../../server/src/engine';

export interface Workspace {
  /** The folder every path lies under (absolute). */
  root: string;
  /** Source files the engine analyses (absolute, sorted). */
  sources: string[];
  /** The text of a file (sources and data files), undefined when absent. */
  read(path: string): string | undefined;
  list(dir: string): string[] | undefined;
  options: EngineOptions;
}

/** A workspace's variant: files replaced or added (path → text) and files removed. */
export interface Overlay {
  changed: Map<string, string>;
  removed: Set<string>;
}

/** A corpus package unpacked on disk: its files as `mcp-hints check .` discovers them. */
export function diskWorkspace(root: string): Workspace {
  const texts = new Map<string, string | undefined>();
  return {
    root,
    sources: discoverFiles([root], root).files,
    read(path) {
      if (!texts.has(path)) {
        let text: string | undefined;
        try {
          text = readFileSync(path, 'utf8');
        } catch {
          text = undefined;
        }
        texts.set(path, text);
      }
      return texts.get(path);
    },
    list(dir) {
      try {
        return readdirSync(dir).sort();
      } catch {
        return undefined;
      }
    },
    options: { roots: [root] },
  };
}

/** Files held in memory (a table case), keyed by path relative to `root`. */
export function memoryWorkspace(root: string, files: Record<string, string>, options: EngineOptions = {}): Workspace {
  const map = new Map(Object.entries(files).map(([rel, text]) => [join(root, rel), text]));
  return {
    root,
    sources: [...map.keys()].filter(isSourceFile).sort(),
    read: (path) => map.get(path),
    list: (dir) => listOf([...map.keys()], dir),
    options,
  };
}

function listOf(paths: readonly string[], dir: string): string[] | undefined {
  const prefix = dir.endsWith('/') ? dir : `${dir}/`;
  const names = new Set<string>();
  for (const path of paths) if (path.startsWith(prefix)) names.add(path.slice(prefix.length).split('/')[0]);
  return names.size ? [...names].sort() : undefined;
}

/** The workspace seen through an overlay. */
export function overlaid(base: Workspace, overlay: Overlay): Workspace {
  const sources = new Set(base.sources.filter((file) => !overlay.removed.has(file)));
  for (const path of overlay.changed.keys()) if (isSourceFile(path)) sources.add(path);
  return {
    root: base.root,
    sources: [...sources].sort(),
    read: (path) => (overlay.removed.has(path) ? undefined : overlay.changed.get(path) ?? base.read(path)),
    list(dir) {
      const names = new Set(base.list(dir) ?? []);
      for (const path of overlay.removed) if (path.startsWith(`${dir}/`) && !path.slice(dir.length + 1).includes('/')) names.delete(path.slice(dir.length + 1));
      for (const name of listOf([...overlay.changed.keys()], dir) ?? []) names.add(name);
      return names.size ? [...names].sort() : undefined;
    },
    options: base.options,
  };
}

const RULES_OFF: Record<string, RuleSetting> = Object.fromEntries(RULES.map((rule) => [rule.id, 'off']));

/** Every source file analysed in one project, as `mcp-hints check` does. */
export function analyse(ws: Workspace): FileAnalysis[] {
  const host: FileHost = { readFile: (path) => ws.read(path), listDirectory: (path) => ws.list(path) };
  // Tools are what is compared: the rules (evidence, contradictions) are set off, which changes no tool.
  const project = new Project(host, { ...ws.options, rules: { ...ws.options.rules, ...RULES_OFF } });
  project.setProjectFiles(ws.sources);
  return ws.sources.map((file) => guardedAnalyze(project, file));
}

/** What the harness compares of a tool: what a host shows and what decides when it is registered. */
export interface ToolFacts {
  name: string | null;
  effective: Tool['effective'];
  title: string | null;
  /**
   * Each condition's polarity, kind and what it reads: the environment variables by name, other inputs (arguments,
   * settings) by kind, since their names are local bindings that renaming changes, as it changes the text.
   */
  conditions: string[];
}

export function factsOf(tool: Tool): ToolFacts {
  return {
    name: tool.name,
    effective: tool.effective,
    title: tool.title,
    conditions: (tool.conditions ?? []).map((c) => `${c.negated ? 'not ' : ''}${c.via}(${c.dependsOn.map((d) => (d.kind === 'env' ? `env ${d.name}` : d.kind)).join(', ')})`),
  };
}

export const factsKey = (facts: ToolFacts): string =>
  `${JSON.stringify(facts.name)} ${JSON.stringify(facts.effective)} title=${JSON.stringify(facts.title)}${facts.conditions.length ? ` if ${facts.conditions.join(' && ')}` : ''}`;

export function toolsOf(analyses: readonly FileAnalysis[]): string[] {
  return analyses.flatMap((a) => a.tools.map((tool) => factsKey(factsOf(tool)))).sort();
}

/** Tools of `original` missing from `variant` and tools the variant has beyond it, as multisets. */
export function difference(original: readonly string[], variant: readonly string[]): { lost: string[]; extra: string[] } {
  const left = new Map<string, number>();
  for (const key of variant) left.set(key, (left.get(key) ?? 0) + 1);
  const lost: string[] = [];
  for (const key of original) {
    const n = left.get(key) ?? 0;
    if (n > 0) left.set(key, n - 1);
    else lost.push(key);
  }
  const extra = [...left].flatMap(([key, n]) => Array<string>(n).fill(key));
  return { lost, extra };
}
