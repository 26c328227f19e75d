// --fix and fix-all apply only safe fixes, and annotations a person wrote are theirs: safe fixes may rename a
// misspelled key and move misplaced hints, but never add, remove or change a hint the author wrote.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fixAll } from '../../server/src/engine/fixes/fix-all';
import { analyzeText } from '../../server/src/engine/project/project';

const source = `import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
const server = new McpServer({ name: "x", version: "1" });
server.registerTool("read_thing", { annotations: { readOnlyHint: true, destructiveHint: false } }, async () => ({ content: [] }));
server.registerTool("write_thing", { annotations: { readOnlyHint: false } }, async () => ({ content: [] }));
server.registerTool("typo_thing", { annotations: { readonlyHint: false, openWorldHint: false } }, async () => ({ content: [] }));
server.registerTool("bare_thing", { description: "x" }, async () => ({ content: [] }));
`;

/** What --fix and the editor's fix-all write. */
function applySafeFixes(text: string, options = {}): string {
  const path = '/virtual/policy.ts';
  return fixAll(path, text, (current) => analyzeText(current, path, options).findings).text;
}

for (const profile of ['spec', 'chatgpt', 'claude'] as const) {
  test(`safe fixes leave written hints alone (${profile} profile)`, () => {
    const fixed = applySafeFixes(source, { profile });
    const line = (name: string) => fixed.split('\n').find((l) => l.includes(`"${name}"`))!;
    assert.match(line('read_thing'), /annotations: \{ readOnlyHint: true, destructiveHint: false \}/);
    assert.match(line('write_thing'), /annotations: \{ readOnlyHint: false \}/);
    // A typo is the author's intent written wrong: renaming it is safe.
    assert.match(line('typo_thing'), /annotations: \{ readOnlyHint: false, openWorldHint: false \}/);
    // A tool with no annotations gets them.
    assert.match(fixed.slice(fixed.indexOf('"bare_thing"')), /annotations:/);
  });
}
