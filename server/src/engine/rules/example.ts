// Rule examples are complete files (imports, the server, the registration, the handler): the rule pages
// show them and test/rule-pages.test.ts runs each one through the engine.

export const ZOD = 'import { z } from "zod";';
export const FS = 'import fs from "node:fs/promises";';

/** A complete example file; `profile` names the host profile it is checked under (a comment the test reads). */
export function exampleFile(imports: string[], body: string, profile?: string): string {
  return [
    ...(profile ? [`// Checked with "profile": "${profile}" in .mcp-hints.json`] : []),
    'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";',
    ...imports,
    '',
    'const server = new McpServer({ name: "example", version: "1.0.0" });',
    '',
    body,
  ].join('\n');
}
