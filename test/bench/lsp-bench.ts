// LSP and start-up benchmark (not a test): `npm run bench:lsp`. Every figure is printed beside its
// floor, a bare TypeScript parse, measured in the same run. Timings are reported, never asserted.
// 1. Opens a generated 10,000-line server file with 200 tools over stdio, makes 1,000 edits (BENCH_EDITS)
//    and reports p50/p95 of diagnostics after an edit, hover and code action (round trip, and the
//    server's own time from `mcp-hints/stats`) as ratios to a full parse of that file, and the server's
//    memory at edit 100 and at the last edit. Goals: diagnostics ≤0.25×, hover and code action ≤0.05×
//    at p95; memory ≤250 MB and ≤1.15× its size at edit 100.
// 2. Opens a 2,000-file workspace, builds the report over it and prints the server's RSS (goal ≤200 MB).
// 3. Start-up: first diagnostics on a 50-file workspace from spawn + `initialize` (goal ≤1 s), and the
//    CLI checking one small file (goal <300 ms), beside node loading TypeScript (as the CLI does, through its
//    code cache) and parsing that file.

import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { StatsResult, ReportResult } from '../../server/src/lsp/protocol';
import ts from 'typescript';
import { LspClient, positionAt, ROOT } from '../lsp/harness';

const TOOLS = 200;
const LINES = 10_000;
const EDITS = Number(process.env.BENCH_EDITS ?? 1000);
/** The edit after which memory is sampled first (the second sample is after the last edit). */
const EARLY_EDIT = 100;
const START_FILES = 50;
const WORKSPACE_FILES = 2000;

function toolSource(i: number): string[] {
  const kind = i % 4;
  const annotations =
    kind === 0
      ? []
      : kind === 1
        ? ['    annotations: { readOnlyHint: true, openWorldHint: false },']
        : kind === 2
          ? ['    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },']
          : ['    annotations: { ...READ_ONLY, title: "Tool ' + i + '" },'];
  return [
    `server.registerTool(`,
    `  'tool_${i}',`,
    `  {`,
    `    title: 'Tool ${i}',`,
    `    description: 'Does thing number ${i}',`,
    `    inputSchema: { id: z.string(), limit: z.number().optional() },`,
    ...annotations,
    `  },`,
    `  async ({ id, limit }) => {`,
    `    const result = await backend.call('thing_${i}', { id, limit });`,
    `    return { content: [{ type: 'text', text: JSON.stringify(result) }] };`,
    `  },`,
    `);`,
    ``,
  ];
}

/** A server file of exactly LINES lines: TOOLS registrations padded with ordinary helper code. */
function bigServer(): { text: string; toolLines: number[] } {
  const head = [
    "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
    "import { z } from 'zod';",
    'const READ_ONLY = { readOnlyHint: true, openWorldHint: false } as const;',
    "const server = new McpServer({ name: 'bench', version: '1.0.0' });",
    '',
  ];
  const lines = [...head];
  const toolLines: number[] = [];
  const perTool = Math.floor((LINES - head.length) / TOOLS);
  for (let i = 0; i < TOOLS; i++) {
    toolLines.push(lines.length + 1); // the line of 'tool_i'
    const block = toolSource(i);
    lines.push(...block);
    for (let pad = block.length; pad < perTool; pad++) lines.push(`function helper_${i}_${pad}(x: number): number { return x * ${pad} + ${i}; }`);
  }
  while (lines.length < LINES) lines.push('// end');
  return { text: lines.join('\n'), toolLines };
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

/** Median of `runs` full parses of `text` (after a warm-up), in this process: the floor every figure is set against. */
function parseFloorMs(text: string, runs = 21): number {
  for (let i = 0; i < 5; i++) ts.createSourceFile('floor.ts', text, ts.ScriptTarget.Latest, true);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    ts.createSourceFile('floor.ts', text, ts.ScriptTarget.Latest, true);
    times.push(performance.now() - t);
  }
  return percentile(times, 50);
}

function row(name: string, client: number[], server: number[], floorMs: number, goal: number): string {
  const p95 = percentile(server, 95) / floorMs;
  const ratio = (ms: number) => `${ms.toFixed(1).padStart(6)} ms ${(ms / floorMs).toFixed(3)}×`;
  return (
    `${name.padEnd(12)} round trip p50 ${ratio(percentile(client, 50))}  p95 ${ratio(percentile(client, 95))}` +
    ` | server p50 ${ratio(percentile(server, 50))}  p95 ${ratio(percentile(server, 95))}  (goal ≤${goal}× p95: ${p95 <= goal ? 'met' : 'MISSED'})`
  );
}

const MB = 1024 * 1024;
const summary: string[] = [];

async function editLoop(): Promise<void> {
  const { client } = await LspClient.start({ pull: true });
  try {
    const { text: initial, toolLines } = bigServer();
    const dir = join(tmpdir(), 'mcp-hints-bench');
    mkdirSync(dir, { recursive: true });
    // Written out too, to profile the engine on it alone.
    writeFileSync(join(dir, 'big-server.ts'), initial);
    const uri = pathToFileURL(join(dir, 'big-server.ts')).href;
    console.log(`file: ${initial.split('\n').length} lines, ${initial.length} chars, ${TOOLS} tools`);
    const floorMs = parseFloorMs(initial);
    console.log(`floor: a full parse of this file (with parent pointers) takes ${floorMs.toFixed(1)} ms (median)`);
    let text = initial;
    await client.open(uri, text);
    let t = performance.now();
    const first = await client.pull(uri);
    console.log(`first analysis: ${(performance.now() - t).toFixed(1)} ms round trip, ${first.length} diagnostics`);
    await client.request<StatsResult>('mcp-hints/stats'); // warm
    const baseline = await client.request<StatsResult>('mcp-hints/stats');
    const skip = { diagnostics: baseline.timings.diagnostics.length, hover: baseline.timings.hover.length, codeAction: baseline.timings.codeAction.length };

    const rt = { diagnostics: [] as number[], hover: [] as number[], codeAction: [] as number[] };
    let early: StatsResult | undefined;
    for (let edit = 0; edit < EDITS; edit++) {
      if (edit === EARLY_EDIT) early = await client.request<StatsResult>('mcp-hints/stats');
      // Type one character into a description (an incremental change, as editors send).
      const toolIndex = (edit * 37) % TOOLS;
      const needle = `'Does thing number ${toolIndex}`;
      const at = text.indexOf(needle) + needle.length;
      const position = positionAt(text, at);
      text = text.slice(0, at) + 'x' + text.slice(at);
      await client.connection.sendNotification('textDocument/didChange', {
        textDocument: { uri, version: edit + 2 },
        contentChanges: [{ range: { start: position, end: position }, text: 'x' }],
      });
      t = performance.now();
      await client.pull(uri);
      rt.diagnostics.push(performance.now() - t);

      const nameLine = toolLines[(edit * 13) % TOOLS]!;
      t = performance.now();
      const hover = await client.hover(uri, { line: nameLine, character: 5 });
      rt.hover.push(performance.now() - t);
      if (!hover && edit === 0) console.log('note: no hover on a tool name (engine found no tool there)');

      t = performance.now();
      await client.codeActions(uri, { start: { line: nameLine, character: 0 }, end: { line: nameLine, character: 10 } });
      rt.codeAction.push(performance.now() - t);
    }
    const stats = await client.request<StatsResult>('mcp-hints/stats');
    const server = {
      diagnostics: stats.timings.diagnostics.slice(skip.diagnostics),
      hover: stats.timings.hover.slice(skip.hover),
      codeAction: stats.timings.codeAction.slice(skip.codeAction),
    };
    console.log(`${EDITS} edits:`);
    const lines = [
      row('diagnostics', rt.diagnostics, server.diagnostics, floorMs, 0.25),
      row('hover', rt.hover, server.hover, floorMs, 0.05),
      row('codeAction', rt.codeAction, server.codeAction, floorMs, 0.05),
    ];
    for (const l of lines) console.log(l);
    summary.push(`floor: full parse of the 10,000-line file ${floorMs.toFixed(1)} ms`, ...lines);
    const memory = (at: string, st: StatsResult) => `${at}: RSS ${(st.rss / MB).toFixed(0)} MB, heap ${(st.heapUsed / MB).toFixed(0)} MB used / ${(st.heapTotal / MB).toFixed(0)} MB`;
    const memoryLine = early
      ? `memory ${memory(`edit ${EARLY_EDIT}`, early)}; ${memory(`edit ${EDITS}`, stats)}; ratio ${(stats.rss / early.rss).toFixed(2)} ` +
        `(goal ≤250 MB and ≤1.15×: ${stats.rss / MB <= 250 && stats.rss / early.rss <= 1.15 ? 'met' : 'MISSED'})`
      : `memory ${memory(`edit ${EDITS}`, stats)}`;
    // The heap policy's cost over the edits: full collections and their main-thread time.
    const gcLine = early
      ? `collections from edit ${EARLY_EDIT} to ${EDITS}: ${stats.gc.major.count - early.gc.major.count} full (${(stats.gc.major.ms - early.gc.major.ms).toFixed(0)} ms), ` +
        `${stats.gc.minor.count - early.gc.minor.count} young (${(stats.gc.minor.ms - early.gc.minor.ms).toFixed(0)} ms)`
      : `collections: ${stats.gc.major.count} full (${stats.gc.major.ms.toFixed(0)} ms), ${stats.gc.minor.count} young (${stats.gc.minor.ms.toFixed(0)} ms)`;
    console.log(memoryLine);
    console.log(gcLine);
    summary.push(memoryLine, gcLine);
  } finally {
    await client.stop();
  }
}

/** A workspace of WORKSPACE_FILES files: one in ten registers tools, the rest is ordinary code. */
function writeWorkspace(root: string, count = WORKSPACE_FILES): void {
  rmSync(root, { recursive: true, force: true });
  for (let i = 0; i < count; i++) {
    const dir = join(root, 'src', `m${Math.floor(i / 100)}`);
    mkdirSync(dir, { recursive: true });
    const lines: string[] = [`import { helper } from '../util';`, `export const value${i} = ${i};`];
    if (i % 10 === 0) {
      lines.push("const server = new McpServer({ name: 'w', version: '1' });");
      for (let t = 0; t < 5; t++) lines.push(...toolSource(i * 10 + t));
    }
    for (let f = 0; f < 60; f++) lines.push(`export function f${i}_${f}(a: number, b: string): string { return helper(b) + a * ${f}; }`);
    writeFileSync(join(dir, `file${i}.ts`), lines.join('\n'));
  }
}

async function workspaceMemory(): Promise<void> {
  const root = join(tmpdir(), 'mcp-hints-bench-workspace');
  writeWorkspace(root);
  const { client } = await LspClient.start({ pull: true, rootUri: pathToFileURL(root).href });
  try {
    const t = performance.now();
    const report = await client.request<ReportResult>('mcp-hints/report', {});
    const ms = performance.now() - t;
    const stats = await client.request<StatsResult>('mcp-hints/stats');
    const rssMb = stats.rss / 1024 / 1024;
    const line =
      `workspace: ${report.filesScanned} files, ${report.tools.length} tools, report in ${ms.toFixed(0)} ms; ` +
      `server RSS ${rssMb.toFixed(0)} MB, heap ${(stats.heapUsed / 1024 / 1024).toFixed(0)} MB (goal ≤200 MB: ${rssMb <= 200 ? 'met' : 'MISSED'})`;
    console.log(line);
    summary.push(line);
  } finally {
    await client.stop();
    rmSync(root, { recursive: true, force: true });
  }
}

/** Time from spawning the server (initialize is sent at once) to the diagnostics of a file of a 50-file workspace. */
/** Spawn → initialize → open → first pulled diagnostics of `file`, in ms, and how many there were. */
async function timeFirstDiagnostics(root: string, file: string): Promise<{ ms: number; count: number }> {
  const t = performance.now();
  const { client } = await LspClient.start({ pull: true, rootUri: pathToFileURL(root).href });
  try {
    const uri = pathToFileURL(file).href;
    await client.open(uri, readFileSync(file, 'utf8'));
    const count = (await client.pull(uri)).length;
    return { ms: performance.now() - t, count };
  } finally {
    await client.stop();
  }
}

/**
 * The first start after an install or a build has no V8 code cache for TypeScript yet (the bench's stop does not
 * wait for the server to write one at exit); every later start has one. Both are measured; the goal is judged on
 * the usual start, with the cache.
 */
async function firstDiagnostics(): Promise<void> {
  const root = join(tmpdir(), 'mcp-hints-bench-start');
  writeWorkspace(root, START_FILES);
  const file = join(root, 'src', 'm0', 'file0.ts');
  const dist = join(ROOT, 'dist');
  try {
    for (const name of readdirSync(dist)) if (/^typescript\..*\.cache$/.test(name)) rmSync(join(dist, name));
    const cold = await timeFirstDiagnostics(root, file);
    // A CLI run writes TypeScript's code cache at its exit, as the first run after an install does.
    spawnSync(process.execPath, [join(dist, 'cli.js'), 'check', file, '--format', 'json'], { cwd: ROOT });
    const times: number[] = [];
    let count = 0;
    for (let run = 0; run < 3; run++) {
      const timed = await timeFirstDiagnostics(root, file);
      times.push(timed.ms);
      count = timed.count;
    }
    const best = Math.min(...times);
    const line =
      `start-up: first diagnostics on a ${START_FILES}-file workspace ${best.toFixed(0)} ms from spawn (best of 3, ${count} diagnostics; goal ≤1000 ms: ${best <= 1000 ? 'met' : 'MISSED'}); ` +
      `first start after a build, without TypeScript's code cache: ${cold.ms.toFixed(0)} ms`;
    console.log(line);
    summary.push(line);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

/** Best wall time of `runs` runs of node with `args`. */
function bestNodeMs(args: string[], runs = 5): number {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    const result = spawnSync(process.execPath, args, { cwd: ROOT, encoding: 'utf8' });
    const ms = performance.now() - t;
    if (result.status !== 0 && result.status !== 1) throw new Error(`node ${args.join(' ')} exited ${result.status}: ${result.stderr}`);
    best = Math.min(best, ms);
  }
  return best;
}

/**
 * The CLI checking one small file, beside node alone and the floor: node loading TypeScript and parsing that file.
 * The floor loads TypeScript as the CLI does, dist/typescript.js through its V8 code cache (scripts/code-cache.cjs):
 * a plain `require('typescript')` compiles 9 MB at every start, a cost no tool needs to pay (printed beside it).
 * Each runs a script file: `node -e` loads crypto before any code, which the CLI does not.
 */
function cliSmallFile(): void {
  const dir = join(tmpdir(), 'mcp-hints-bench-small');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'server.ts');
  writeFileSync(file, ["import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';", "import { z } from 'zod';", "const server = new McpServer({ name: 'small', version: '1' });", ...toolSource(1), ...toolSource(2)].join('\n'));
  const script = (name: string, lines: string[]) => {
    writeFileSync(join(dir, name), lines.join('\n'));
    return join(dir, name);
  };
  const parse = `ts.createSourceFile('f.ts', require('node:fs').readFileSync(${JSON.stringify(file)}, 'utf8'), 99, true);`;
  const nodeMs = bestNodeMs([script('empty.cjs', [])]);
  const cached = script('floor.cjs', [
    `const { lazyBuiltin, loadWithCodeCache } = require(${JSON.stringify(join(ROOT, 'scripts/code-cache.cjs'))});`,
    `const ts = loadWithCodeCache(${JSON.stringify(join(ROOT, 'dist/typescript.js'))}, { crypto: lazyBuiltin('crypto') });`,
    parse,
  ]);
  const parseMs = bestNodeMs([cached]);
  const plainMs = bestNodeMs([script('plain.cjs', [`const ts = require(${JSON.stringify(require.resolve('typescript'))});`, parse])]);
  const cliMs = bestNodeMs([join(ROOT, 'dist/cli.js'), 'check', file, '--format', 'json']);
  const line =
    `start-up: CLI checks one small file in ${cliMs.toFixed(0)} ms (best of 5; floor: node loading TypeScript through its code cache and parsing it ${parseMs.toFixed(0)} ms, ` +
    `with a plain require ${plainMs.toFixed(0)} ms; node alone ${nodeMs.toFixed(0)} ms; ratio ${(cliMs / parseMs).toFixed(2)}; goal <300 ms: ${cliMs < 300 ? 'met' : 'MISSED'})`;
  console.log(line);
  summary.push(line);
  rmSync(dir, { recursive: true, force: true });
}

async function main(): Promise<void> {
  const only = process.env.BENCH_ONLY?.split(',');
  const want = (part: string) => !only || only.includes(part);
  if (want('edits')) await editLoop();
  if (want('workspace')) await workspaceMemory();
  if (want('start')) await firstDiagnostics();
  if (want('cli')) cliSmallFile();
  console.log(`\nsummary (node ${process.version}, load average ${require('node:os').loadavg()[0].toFixed(1)}):\n  ${summary.join('\n  ')}`);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
