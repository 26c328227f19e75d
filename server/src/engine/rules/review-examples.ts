// Complete example files for the review rules' pages: a server file and the record beside it.
import type { HintKey } from '../model';
import type { EngineOptions } from '../options';
import type { EvidenceKind } from '../model';
import { parseRecord } from '../review';

/**
 * The options that run a rule page example as the page describes it: with its `record` (when it has one) governing
 * the folder `root`, where the example's file is `server.ts`. The rule-page tests use this for every example.
 */
export function exampleOptions(example: { record?: string }, root: string): EngineOptions {
  if (!example.record) return {};
  const parsed = parseRecord(example.record);
  if (!parsed.ok) throw new Error(`example record, line ${parsed.error.line}: ${parsed.error.message}`);
  return { review: { records: [{ root, entries: parsed.record.entries }] } };
}

export const REVIEW_EXAMPLE_SERVER = {
  /** `server.ts`: imports, the server, one registration and its handler. */
  file(name: string, annotations: string, body: string, inputSchema?: string, parameters = '()'): string {
    const schema = inputSchema ? `, inputSchema: ${inputSchema}` : '';
    return [
      'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";',
      'import { readdir, rm } from "node:fs/promises";',
      'import { z } from "zod";',
      '',
      'const server = new McpServer({ name: "notes", version: "1.0.0" });',
      '',
      `server.registerTool("${name}", { description: "Notes tool"${schema}, annotations: ${annotations} }, async ${parameters} => {`,
      body,
      '  return { content: [] };',
      '});',
    ].join('\n');
  },
  /** `mcp-hints.lock.json` beside it, with the fields a reviewer reads (absent fields are not compared). */
  record(name: string, hints: Record<HintKey, boolean>, evidence: EvidenceKind[], inputs?: Record<string, string>): string {
    const entry: Record<string, unknown> = { name, file: 'server.ts', hints, ...(inputs ? { inputs } : {}), evidence };
    return `${JSON.stringify({ version: 1, tools: [entry] }, null, 2)}\n`;
  },
};
