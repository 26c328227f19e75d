// A small MCP server project in a temp folder, for the review record's end-to-end tests (CLI and editor).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const SERVER_TS = [
  'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";',
  'import { readdir, rm } from "node:fs/promises";',
  'import { z } from "zod";',
  '',
  'const server = new McpServer({ name: "notes", version: "1.0.0" });',
  '',
  'server.registerTool(',
  '  "list_notes",',
  '  {',
  '    description: "Lists the notes in a folder",',
  '    inputSchema: { folder: z.string() },',
  '    annotations: { readOnlyHint: true, openWorldHint: false },',
  '  },',
  '  async ({ folder }) => {',
  '    const names = await readdir(folder);',
  '    return { content: [{ type: "text", text: names.join("\\n") }] };',
  '  },',
  ');',
  '',
  'server.registerTool(',
  '  "wipe_notes",',
  '  {',
  '    description: "Deletes every note",',
  '    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },',
  '  },',
  '  async () => {',
  '    await rm("notes", { recursive: true, force: true });',
  '    return { content: [] };',
  '  },',
  ');',
  '',
].join('\n');

/** The edits a pull request might make: an input that writes on a read-only tool, a weaker destructiveHint. */
export function editedServer(text = SERVER_TS): string {
  return text
    .replace('inputSchema: { folder: z.string() },', 'inputSchema: { folder: z.string(), markAsRead: z.boolean() },')
    .replace('destructiveHint: true, idempotentHint: true', 'destructiveHint: false, idempotentHint: true');
}

export function makeProject(): { dir: string; cleanup(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-hints-review-'));
  writeFileSync(join(dir, 'package.json'), '{ "name": "notes-server", "private": true }\n');
  writeFileSync(join(dir, 'server.ts'), SERVER_TS);
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}
