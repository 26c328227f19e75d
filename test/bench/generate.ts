// Writes a large, deterministic (seeded) workspace for the benchmark: MCP server code in the forms
// real servers use, mixed with a majority of ordinary TypeScript/JavaScript that registers nothing.
// Also writes manifest.json with the number of tools registered, so the benchmark can check that
// the analyser found every one (a benchmark that finds nothing measures nothing).
//
//   node --import tsx test/bench/generate.ts [dir] [--files N] [--dense]
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import ts from 'typescript';

export interface Manifest {
  seed: number;
  files: string[];
  lines: number;
  /** Tools an analyser must find, in total and per registration style. */
  tools: number;
  toolsByStyle: Record<string, number>;
}

/** mulberry32: small, fast, deterministic. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const VERBS_READ = ['get', 'list', 'search', 'find', 'describe', 'fetch', 'read', 'count'];
const VERBS_WRITE = ['create', 'update', 'delete', 'remove', 'archive', 'send', 'upload', 'set'];
const NOUNS = ['user', 'project', 'issue', 'invoice', 'file', 'message', 'channel', 'order', 'customer', 'report', 'deployment', 'secret', 'bucket', 'ticket', 'comment', 'repository', 'label', 'webhook', 'team', 'note'];
const WORDS = ['alpha', 'beta', 'gamma', 'delta', 'omega', 'sigma', 'kappa', 'lambda', 'theta', 'zeta'];

class Writer {
  private readonly rand: () => number;
  private toolSerial = 0;
  readonly toolsByStyle: Record<string, number> = {};

  constructor(seed: number) {
    this.rand = random(seed);
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.rand() * items.length)];
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.rand() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.rand() < p;
  }

  count(style: string, n = 1): void {
    this.toolsByStyle[style] = (this.toolsByStyle[style] ?? 0) + n;
  }

  toolName(readOnly: boolean): string {
    this.toolSerial++;
    return `${this.pick(readOnly ? VERBS_READ : VERBS_WRITE)}_${this.pick(NOUNS)}_${this.toolSerial}`;
  }

  annotations(readOnly: boolean, indent: string): string {
    const lines = [`readOnlyHint: ${readOnly}`];
    if (!readOnly) lines.push(`destructiveHint: ${this.chance(0.5)}`, `idempotentHint: ${this.chance(0.5)}`);
    if (this.chance(0.7)) lines.push(`openWorldHint: ${this.chance(0.3)}`);
    return `{\n${lines.map((l) => `${indent}  ${l},`).join('\n')}\n${indent}}`;
  }

  zodSchema(indent: string): string {
    const fields = Array.from({ length: this.int(1, 4) }, (_, i) => `${indent}  ${this.pick(WORDS)}${i}: z.${this.pick(['string()', 'number()', 'boolean().optional()', 'string().describe("an id")'])},`);
    return `{\n${fields.join('\n')}\n${indent}}`;
  }

  handlerBody(indent: string): string {
    const lines = [
      `const started = Date.now();`,
      `const result = await client.${this.pick(['get', 'post', 'request'])}(\`/api/${this.pick(NOUNS)}s/\${String(args.${this.pick(WORDS)}0 ?? "")}\`);`,
      `if (!result.ok) {`,
      `  return { isError: true, content: [{ type: "text", text: \`failed: \${result.status}\` }] };`,
      `}`,
      `log.debug("took", Date.now() - started);`,
      `return { content: [{ type: "text", text: JSON.stringify(result.data, null, 2), annotations: { audience: ["user"], priority: 0.5 } }] };`,
    ];
    return lines.map((l) => `${indent}${l}`).join('\n');
  }

  /** server.registerTool with inline annotations. */
  registerInline(receiver: string): string {
    const readOnly = this.chance(0.5);
    const name = this.toolName(readOnly);
    this.count('registerTool-inline');
    return `${receiver}.registerTool(
  "${name}",
  {
    title: "${name.replace(/_/g, ' ')}",
    description: "Does ${name} for the caller.",
    inputSchema: ${this.zodSchema('    ')},
    annotations: ${this.annotations(readOnly, '    ')},
  },
  async (args) => {
${this.handlerBody('    ')}
  },
);
`;
  }

  /** server.registerTool with annotations from a module constant, spread and overridden. */
  registerConst(receiver: string, constName: string): string {
    const name = this.toolName(true);
    this.count('registerTool-const');
    const annotations = this.chance(0.5) ? constName : `{ ...${constName}, title: "${name}" }`;
    return `${receiver}.registerTool("${name}", { description: "Reads ${name}.", inputSchema: ${this.zodSchema('  ')}, annotations: ${annotations} }, async (args) => {
${this.handlerBody('  ')}
});
`;
  }

  /** The deprecated server.tool shapes. */
  serverTool(receiver: string): string {
    const readOnly = this.chance(0.5);
    const name = this.toolName(readOnly);
    this.count('tool');
    switch (this.int(0, 2)) {
      case 0:
        return `${receiver}.tool("${name}", "Does ${name}.", ${this.zodSchema('')}, ${this.annotations(readOnly, '')}, async (args) => {\n${this.handlerBody('  ')}\n});\n`;
      case 1:
        return `${receiver}.tool("${name}", "Does ${name}.", async () => ({ content: [{ type: "text", text: "ok" }] }));\n`;
      default:
        return `${receiver}.tool("${name}", ${this.zodSchema('')}, async (args) => {\n${this.handlerBody('  ')}\n});\n`;
    }
  }

  /** A low-level tools/list handler returning an array of definitions. */
  listTools(): string {
    const entries = Array.from({ length: this.int(2, 6) }, () => {
      const readOnly = this.chance(0.5);
      const name = this.toolName(readOnly);
      return `      {
        name: "${name}",
        description: "Does ${name}.",
        inputSchema: { type: "object", properties: { id: { type: "string", description: "title of the thing" } } },
        annotations: ${this.annotations(readOnly, '        ')},
      },`;
    });
    this.count('tools/list', entries.length);
    return `server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: [
${entries.join('\n')}
  ],
}));

server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const args = request.params.arguments ?? {};
${this.handlerBody('  ')}
});
`;
  }

  /** fastmcp: server.addTool({ name, annotations, execute }). */
  fastmcp(): string {
    const readOnly = this.chance(0.5);
    const name = this.toolName(readOnly);
    this.count('addTool');
    return `server.addTool({
  name: "${name}",
  description: "Does ${name}.",
  parameters: z.object(${this.zodSchema('  ')}),
  annotations: ${this.annotations(readOnly, '  ')},
  execute: async (args) => {
    const value = await client.get(\`/v1/${this.pick(NOUNS)}/\${String(args.${this.pick(WORDS)}0)}\`);
    return JSON.stringify(value.data);
  },
});
`;
  }

  /** Tools defined in a constant array and registered in a for…of loop. */
  loop(): string {
    const defs = Array.from({ length: this.int(2, 5) }, () => {
      const readOnly = this.chance(0.5);
      const name = this.toolName(readOnly);
      return `  {
    name: "${name}",
    description: "Does ${name}.",
    annotations: ${this.annotations(readOnly, '    ')},
  },`;
    });
    this.count('loop', defs.length);
    const list = `TOOL_DEFS_${this.toolSerial}`;
    return `const ${list} = [
${defs.join('\n')}
] as const;

for (const def of ${list}) {
  server.registerTool(def.name, { description: def.description, annotations: def.annotations }, async (args) => {
${this.handlerBody('    ')}
  });
}
`;
  }

  /** Ordinary code that registers nothing, with a few look-alikes (registerResource, AI SDK tool()). */
  ordinaryBlock(index: number): string {
    const noun = this.pick(NOUNS);
    const Noun = noun[0].toUpperCase() + noun.slice(1);
    // Look-alikes (AI SDK tool(), registerResource) are rare in ordinary code, as in real repositories.
    const roll = this.rand();
    const kind = roll < 0.01 ? 3 : roll < 0.02 ? 4 : [0, 1, 2, 5][Math.floor(((roll - 0.02) / 0.98) * 4)];
    switch (kind) {
      case 0:
        return `export interface ${Noun}Record${index} {
  id: string;
  title: string;
  createdAt: Date;
  tags: readonly string[];
  annotations?: Record<string, string>;
  owner?: { id: string; name: string };
}

export function is${Noun}Record${index}(value: unknown): value is ${Noun}Record${index} {
  return typeof value === "object" && value !== null && "id" in value && "title" in value;
}
`;
      case 1:
        return `export class ${Noun}Service${index} {
  private readonly cache = new Map<string, { value: unknown; expires: number }>();

  constructor(private readonly baseUrl: string, private readonly ttlMs = ${this.int(1, 60) * 1000}) {}

  async get(id: string): Promise<unknown> {
    const hit = this.cache.get(id);
    if (hit && hit.expires > Date.now()) return hit.value;
    const response = await fetch(\`\${this.baseUrl}/${noun}s/\${encodeURIComponent(id)}\`);
    if (!response.ok) throw new Error(\`${noun} \${id}: \${response.status}\`);
    const value = await response.json();
    this.cache.set(id, { value, expires: Date.now() + this.ttlMs });
    return value;
  }

  invalidate(id?: string): void {
    if (id === undefined) this.cache.clear();
    else this.cache.delete(id);
  }
}
`;
      case 2:
        return `export function summarize${Noun}s${index}(items: Array<{ id: string; score: number; kind: string }>) {
  const byKind = new Map<string, number[]>();
  for (const item of items) {
    const scores = byKind.get(item.kind) ?? [];
    scores.push(item.score);
    byKind.set(item.kind, scores);
  }
  return [...byKind.entries()].map(([kind, scores]) => ({
    kind,
    count: scores.length,
    mean: scores.reduce((a, b) => a + b, 0) / Math.max(1, scores.length),
    max: Math.max(...scores),
  }));
}
`;
      case 3:
        return `export const ${noun}Tool${index} = tool({
  description: "AI SDK helper, not an MCP registration: ${noun}",
  parameters: z.object({ query: z.string() }),
  execute: async ({ query }) => ({ query, results: [] as string[] }),
});
`;
      case 4:
        return `export function register${Noun}Resources${index}(server: { registerResource: (...args: unknown[]) => void }) {
  server.registerResource("${noun}-${index}", "${noun}://{id}", { title: "${Noun} resource", description: "Read ${noun}s" }, async (uri: URL) => ({
    contents: [{ uri: uri.href, text: "${noun}" }],
  }));
}
`;
      default:
        return `export const ${noun}Config${index} = {
  retries: ${this.int(0, 5)},
  timeoutMs: ${this.int(100, 9000)},
  endpoints: [${Array.from({ length: this.int(1, 4) }, () => `"https://${this.pick(WORDS)}.example.com/${noun}"`).join(', ')}],
  features: { ${this.pick(WORDS)}: ${this.chance(0.5)}, ${this.pick(WORDS)}Mode: "${this.pick(WORDS)}" },
} as const;

export async function with${Noun}Retry${index}<T>(run: () => Promise<T>, attempts = ${noun}Config${index}.retries): Promise<T> {
  let lastError: unknown;
  for (let attempt = 0; attempt <= attempts; attempt++) {
    try {
      return await run();
    } catch (error) {
      lastError = error;
      await new Promise((resolve) => setTimeout(resolve, 2 ** attempt * 50));
    }
  }
  throw lastError;
}
`;
    }
  }

  ordinaryFile(targetLines: number): string {
    const parts: string[] = [];
    let lines = 3;
    let index = 0;
    while (lines < targetLines) {
      const block = this.ordinaryBlock(index++);
      parts.push(block);
      lines += block.split('\n').length;
    }
    const body = parts.join('\n');
    // Import only what the blocks use, as real modules do.
    const imports = [`import { log } from "../lib/log";`];
    if (body.includes('z.')) imports.unshift(`import { z } from "zod";`);
    if (body.includes('= tool({')) imports.unshift(`import { tool } from "ai";`);
    return `${imports.join('\n')}\n\n${body}`;
  }

  /** An MCP server file: several registrations of one family plus helper code. */
  mcpFile(kind: number, targetLines: number): string {
    const header = [
      `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";`,
      `import { Server } from "@modelcontextprotocol/sdk/server/index.js";`,
      `import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";`,
      `import { FastMCP } from "fastmcp";`,
      `import { z } from "zod";`,
      `import { client, log } from "../lib/client";`,
      '',
    ];
    const parts: string[] = [header.join('\n')];
    switch (kind) {
      case 0: {
        parts.push(`const server = new McpServer({ name: "bench-${this.toolSerial}", version: "1.0.0" });\n`);
        for (let i = this.int(3, 8); i > 0; i--) parts.push(this.registerInline('server'));
        break;
      }
      case 1: {
        parts.push(`const READ_ONLY = { readOnlyHint: true, destructiveHint: false, openWorldHint: false } as const;\n`);
        parts.push(`export function registerReadTools(server: McpServer) {\n`);
        for (let i = this.int(3, 8); i > 0; i--) parts.push(this.registerConst('server', 'READ_ONLY'));
        parts.push(`}\n`);
        break;
      }
      case 2: {
        parts.push(`const server = new McpServer({ name: "legacy", version: "0.9.0" });\n`);
        for (let i = this.int(3, 8); i > 0; i--) parts.push(this.serverTool('server'));
        break;
      }
      case 3: {
        parts.push(`const server = new Server({ name: "low-level", version: "1.0.0" }, { capabilities: { tools: {} } });\n`);
        parts.push(this.listTools());
        break;
      }
      case 4: {
        parts.push(`const server = new FastMCP({ name: "fast", version: "1.0.0" });\n`);
        for (let i = this.int(3, 8); i > 0; i--) parts.push(this.fastmcp());
        break;
      }
      case 5: {
        parts.push(`export class Agent${this.toolSerial} {\n  server = new McpServer({ name: "agent", version: "1.0.0" });\n  async init() {\n`);
        for (let i = this.int(2, 5); i > 0; i--) parts.push(this.registerInline('this.server').replace(/^/gm, '    '));
        parts.push(`  }\n}\n`);
        break;
      }
      default: {
        parts.push(`const server = new McpServer({ name: "looped", version: "1.0.0" });\n`);
        parts.push(this.loop());
      }
    }
    let text = parts.join('\n');
    let index = 0;
    let lines = text.split('\n').length;
    while (lines < targetLines) {
      const block = this.ordinaryBlock(1000 + index++);
      text += `\n${block}`;
      lines += block.split('\n').length;
    }
    return text;
  }
  /** A dense MCP file: four registerTool calls whose handlers are named functions calling helpers of the same file. */
  denseFile(fileIndex: number): string {
    const noun = this.pick(NOUNS);
    const Noun = noun[0].toUpperCase() + noun.slice(1);
    const parts: string[] = [
      [
        `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";`,
        `import { z } from "zod";`,
        `import { client, log } from "../lib/client";`,
        '',
        `const READ_ONLY_${fileIndex} = { readOnlyHint: true, destructiveHint: false, openWorldHint: false } as const;`,
        '',
        `interface ${Noun}Row${fileIndex} {`,
        `  id: string;`,
        `  name: string;`,
        `  updatedAt: string;`,
        `  tags: string[];`,
        `}`,
        '',
        `function to${Noun}Row${fileIndex}(value: unknown): ${Noun}Row${fileIndex} {`,
        `  const record = (value ?? {}) as Record<string, unknown>;`,
        `  return { id: String(record.id ?? ""), name: String(record.name ?? ""), updatedAt: String(record.updatedAt ?? ""), tags: Array.isArray(record.tags) ? record.tags.map(String) : [] };`,
        `}`,
        '',
        `function format${Noun}s${fileIndex}(rows: ${Noun}Row${fileIndex}[]): string {`,
        `  return rows.map((row) => \`\${row.id}\\t\${row.name}\\t\${row.tags.join(",")}\`).join("\\n");`,
        `}`,
        '',
        `async function load${Noun}${fileIndex}(id: string): Promise<${Noun}Row${fileIndex}> {`,
        `  const response = await client.get(\`/api/${noun}s/\${encodeURIComponent(id)}\`);`,
        `  if (!response.ok) throw new Error(\`${noun} \${id}: \${response.status}\`);`,
        `  return to${Noun}Row${fileIndex}(response.data);`,
        `}`,
        '',
      ].join('\n'),
    ];
    const registrations: string[] = [];
    for (let t = 0; t < 4; t++) {
      const readOnly = t % 2 === 0;
      const name = this.toolName(readOnly);
      const handler = `handle_${name}`;
      const write = this.pick(['post', 'put', 'delete']);
      parts.push(
        readOnly
          ? `async function ${handler}(args: { id: string; limit?: number }) {
  const started = Date.now();
  const rows: ${Noun}Row${fileIndex}[] = [];
  for (const id of args.id.split(",").slice(0, args.limit ?? 10)) rows.push(await load${Noun}${fileIndex}(id));
  log.debug("${name}", Date.now() - started);
  return { content: [{ type: "text" as const, text: format${Noun}s${fileIndex}(rows) }] };
}
`
          : `async function ${handler}(args: { id: string; name?: string }) {
  const current = await load${Noun}${fileIndex}(args.id);
  const response = await client.${write}(\`/api/${noun}s/\${encodeURIComponent(current.id)}\`, { name: args.name ?? current.name });
  if (!response.ok) {
    return { isError: true, content: [{ type: "text" as const, text: \`failed: \${response.status}\` }] };
  }
  return { content: [{ type: "text" as const, text: JSON.stringify(to${Noun}Row${fileIndex}(response.data)) }] };
}
`,
      );
      const annotations = readOnly && this.chance(0.5) ? `READ_ONLY_${fileIndex}` : this.annotations(readOnly, '    ');
      const schema = readOnly ? `{ id: z.string().describe("comma-separated ids"), limit: z.number().optional() }` : `{ id: z.string(), name: z.string().optional() }`;
      registrations.push(`  server.registerTool(
    "${name}",
    {
      title: "${name.replace(/_/g, ' ')}",
      description: "${readOnly ? 'Reads' : 'Changes'} ${noun}s (${name}).",
      inputSchema: ${schema},
      annotations: ${annotations.replace(/\n/g, '\n  ')},
    },
    ${handler},
  );
`);
    }
    this.count('dense-registerTool', 4);
    parts.push(`export function register${Noun}Tools${fileIndex}(server: McpServer): void {\n${registrations.join('\n')}}\n`);
    // Helper code of the same module, as real tool files carry.
    for (let i = 0; i < 2; i++) parts.push(this.ordinaryBlock(2000 + i));
    return parts.join('\n');
  }
}

export const DEFAULT_SEED = 20260728;

/** Writes the workspace into `dir` (emptied first) and returns its manifest. */
export function generateWorkspace(dir: string, fileCount = 600, seed = DEFAULT_SEED): Manifest {
  rmSync(dir, { recursive: true, force: true });
  const writer = new Writer(seed);
  const files: string[] = [];
  let lines = 0;
  const packages = ['api', 'billing', 'core', 'gateway', 'search', 'storage', 'notify', 'admin'];
  for (let i = 0; i < fileCount; i++) {
    const pkg = writer.pick(packages);
    const isMcp = writer.chance(0.18);
    const ext = writer.pick(['.ts', '.ts', '.ts', '.ts', '.tsx', '.mts', '.js', '.mjs']);
    const folder = isMcp ? `packages/${pkg}/src/mcp` : `packages/${pkg}/src/${writer.pick(['lib', 'services', 'util', 'models'])}`;
    const rel = `${folder}/${isMcp ? 'tools' : 'module'}-${i}${ext}`;
    const targetLines = writer.int(120, 420);
    let text = isMcp ? writer.mcpFile(writer.int(0, 6), targetLines) : writer.ordinaryFile(targetLines);
    if (ext === '.js' || ext === '.mjs') {
      // Plain JavaScript, as a build would emit it from the same TypeScript.
      text = ts.transpileModule(text, { compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext } }).outputText;
    }
    const path = join(dir, rel);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
    files.push(path);
    lines += text.split('\n').length;
  }
  return writeManifest(dir, seed, files, lines, writer);
}

/** What a generated workspace holds (tools by style), written beside it and returned to the bench. */
function writeManifest(dir: string, seed: number, files: string[], lines: number, writer: Writer): Manifest {
  const tools = Object.values(writer.toolsByStyle).reduce((a, b) => a + b, 0);
  const manifest: Manifest = { seed, files: files.sort(), lines, tools, toolsByStyle: writer.toolsByStyle };
  writeFileSync(join(dir, 'manifest.json'), `${JSON.stringify({ ...manifest, files: manifest.files.length }, null, 2)}\n`);
  return manifest;
}

/**
 * The dense workspace: `fileCount` files, every one registering four tools with their handlers and
 * helpers (the case where no file skips the parser).
 */
export function generateDenseWorkspace(dir: string, fileCount = 500, seed = DEFAULT_SEED): Manifest {
  rmSync(dir, { recursive: true, force: true });
  const writer = new Writer(seed);
  const files: string[] = [];
  let lines = 0;
  const packages = ['api', 'billing', 'core', 'gateway', 'search', 'storage', 'notify', 'admin'];
  for (let i = 0; i < fileCount; i++) {
    const path = join(dir, `packages/${writer.pick(packages)}/src/tools/tools-${i}.ts`);
    const text = writer.denseFile(i);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
    files.push(path);
    lines += text.split('\n').length;
  }
  return writeManifest(dir, seed, files, lines, writer);
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(__filename)) {
  const dir = resolve(process.argv[2] && !process.argv[2].startsWith('--') ? process.argv[2] : '.cache/bench-workspace');
  const countFlag = process.argv.indexOf('--files');
  const count = countFlag > 0 ? Number(process.argv[countFlag + 1]) : undefined;
  const manifest = process.argv.includes('--dense') ? generateDenseWorkspace(dir, count) : generateWorkspace(dir, count);
  console.log(`${dir}: ${manifest.files.length} files, ${manifest.lines} lines, ${manifest.tools} tools ${JSON.stringify(manifest.toolsByStyle)}`);
}
