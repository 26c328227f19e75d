// Compares the static reading of a project with what its server really lists (`tools/list`): the heart of
// `mcp-hints verify`, and of the tests that hold the engine to recorded runtime lists. Pure data in, data out.
import { HINT_KEYS, type StaticValue } from '../model';

/** The keys compared: the four hints and the display title. */
export const COMPARED_KEYS = [...HINT_KEYS, 'title'] as const;
export type ComparedKey = (typeof COMPARED_KEYS)[number];

/** A tool as the static reading has it (the CLI's tool record has these fields). */
export interface StaticTool {
  name: string | null;
  file: string;
  line: number;
  /** Declared annotations, keys as written after merging; null when the tool declares none. */
  annotations: Record<string, StaticValue> | null;
  /** Display title: `title` of the config, else `annotations.title`. */
  title: string | null;
  /** Why the tool may be absent at run time (an environment variable, a flag), when known. */
  condition?: string | null;
  /** The source text of annotations whose value is unresolved, by key. */
  sources?: Record<string, string>;
}

/** A tool as a server listed it. */
export interface RuntimeTool {
  name: string;
  title?: string;
  annotations?: Record<string, unknown> | null;
}

export type VerifyStatus = 'match' | 'differs' | 'unresolved' | 'missing-statically' | 'not-listed';

export interface Difference {
  key: ComparedKey;
  static: StaticValue | null;
  runtime: unknown;
}

export interface ComparedTool {
  name: string;
  status: VerifyStatus;
  file: string | null;
  line: number | null;
  /** `null` for a key: the static reading has no value (so the server should not send one). */
  static: Record<ComparedKey, StaticValue | null> | null;
  /** As sent; keys the server did not send are omitted. */
  runtime: Partial<Record<ComparedKey, unknown>> | null;
  differences: Difference[];
  condition?: string | null;
  /** For each key the static reading left unresolved: its source text, when known (shown beside the run-time value). */
  unresolvedSources?: Partial<Record<ComparedKey, string>>;
}

export interface Comparison {
  tools: ComparedTool[];
  /** Static registrations whose name is only known at run time: they cannot be matched by name. */
  unnamed: StaticTool[];
  counts: Record<VerifyStatus, number>;
}

/** What the static reading says the server sends for each compared key. */
export function staticHints(tool: StaticTool): Record<ComparedKey, StaticValue | null> {
  const out = {} as Record<ComparedKey, StaticValue | null>;
  for (const key of HINT_KEYS) out[key] = tool.annotations && key in tool.annotations ? tool.annotations[key] : null;
  out.title = tool.title;
  return out;
}

/** What the server sent for each compared key; keys it did not send are left out. */
export function runtimeHints(tool: RuntimeTool): Partial<Record<ComparedKey, unknown>> {
  const out: Partial<Record<ComparedKey, unknown>> = {};
  const annotations = tool.annotations ?? {};
  for (const key of HINT_KEYS) if (key in annotations && annotations[key] !== undefined) out[key] = annotations[key];
  const title = tool.title ?? annotations.title;
  if (title !== undefined && title !== null) out.title = title;
  return out;
}

/** Source text of the keys the static reading left unresolved. */
function unresolvedSources(tool: StaticTool, statics: Record<ComparedKey, StaticValue | null>): Partial<Record<ComparedKey, string>> {
  const out: Partial<Record<ComparedKey, string>> = {};
  for (const key of COMPARED_KEYS) {
    const source = tool.sources?.[key];
    if (statics[key] === 'unresolved' && source !== undefined) out[key] = source;
  }
  return out;
}

function compareOne(found: StaticTool, listed: RuntimeTool): Pick<ComparedTool, 'status' | 'differences' | 'static' | 'runtime' | 'unresolvedSources'> {
  const statics = staticHints(found);
  const runtime = runtimeHints(listed);
  const differences: Difference[] = [];
  let unresolved = false;
  for (const key of COMPARED_KEYS) {
    const mine = statics[key];
    const theirs = key in runtime ? runtime[key] : null;
    if (mine === 'unresolved') {
      unresolved = true;
      continue;
    }
    if (!sameValue(mine, theirs)) differences.push({ key, static: mine, runtime: key in runtime ? theirs : null });
  }
  const status: VerifyStatus = differences.length > 0 ? 'differs' : unresolved ? 'unresolved' : 'match';
  return { status, differences, static: statics, runtime, unresolvedSources: unresolvedSources(found, statics) };
}

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/**
 * One status per tool name. A name found several times statically (ESM and CommonJS builds of the same
 * package, a tool registered on two servers) is compared through the record that agrees best with the server.
 */
export function compareWithRuntime(found: StaticTool[], listed: RuntimeTool[]): Comparison {
  const byName = new Map<string, StaticTool[]>();
  const unnamed: StaticTool[] = [];
  for (const tool of found) {
    if (tool.name === null) unnamed.push(tool);
    else byName.set(tool.name, [...(byName.get(tool.name) ?? []), tool]);
  }
  const rank: Record<VerifyStatus, number> = { match: 0, unresolved: 1, differs: 2, 'missing-statically': 3, 'not-listed': 4 };
  const tools: ComparedTool[] = [];
  const listedNames = new Set<string>();
  for (const item of listed) {
    if (listedNames.has(item.name)) continue;
    listedNames.add(item.name);
    const candidates = byName.get(item.name) ?? [];
    if (candidates.length === 0) {
      tools.push({ name: item.name, status: 'missing-statically', file: null, line: null, static: null, runtime: runtimeHints(item), differences: [] });
      continue;
    }
    const best = candidates
      .map((candidate) => ({ candidate, result: compareOne(candidate, item) }))
      .sort((a, b) => rank[a.result.status] - rank[b.result.status] || a.result.differences.length - b.result.differences.length)[0];
    tools.push({ name: item.name, file: best.candidate.file, line: best.candidate.line, condition: best.candidate.condition, ...best.result });
  }
  for (const [name, candidates] of byName) {
    if (listedNames.has(name)) continue;
    const first = candidates[0];
    const statics = staticHints(first);
    tools.push({
      name, status: 'not-listed', file: first.file, line: first.line, static: statics, runtime: null, differences: [], condition: first.condition,
      unresolvedSources: unresolvedSources(first, statics),
    });
  }
  const counts: Record<VerifyStatus, number> = { match: 0, differs: 0, unresolved: 0, 'missing-statically': 0, 'not-listed': 0 };
  for (const tool of tools) counts[tool.status]++;
  return { tools, unnamed, counts };
}
