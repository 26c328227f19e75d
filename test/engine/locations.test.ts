// Located where the author writes it: a tool found through a loop, a wrapper, a class or a map has its findings at
// its own definition (the name in its object, its class field, its map key, its own annotations literal), never at
// the registration call they share. A hint derived from the definition names what decides it.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { describeToolMarkdown } from '../../server/src/engine/rules/describe';
import { Project } from '../../server/src/engine/project/project';
import { lines, runCases } from './tester';

const cb = 'async () => ({ content: [] })';

runCases('findings at the definition, not at the shared registration', [
  {
    name: 'a loop over definitions: the omitted hint is reported at the definition’s own annotations',
    code: lines(
      'const defs = [',
      '  { name: "a", annotations: { readOnlyHint: true } },',
      '  { name: "b" },',
      '];',
      `for (const d of defs) server.registerTool(d.name, { annotations: d.annotations }, ${cb});`,
    ),
    only: ['implicit-default', 'missing-annotations'],
    tools: [{ name: 'a', nameLine: 2 }, { name: 'b', nameLine: 3 }],
    findings: [
      { rule: 'implicit-default', line: 2 },
      { rule: 'missing-annotations', line: 3 },
    ],
  },
  {
    name: 'a wrapper called once per tool: each finding at its call’s arguments',
    code: lines(
      `function add(name, annotations) { server.registerTool(name, { annotations }, ${cb}); }`,
      'add("get_doc", { readOnlyHint: true });',
      'add("put_doc");',
    ),
    only: ['implicit-default', 'missing-annotations'],
    tools: [{ name: 'get_doc', nameLine: 2 }, { name: 'put_doc', nameLine: 3 }],
    findings: [
      { rule: 'implicit-default', line: 2 },
      { rule: 'missing-annotations', line: 3 },
    ],
  },
  {
    name: 'a getter in a base class shared by subclasses: each finding at its own subclass, not in the getter',
    code: lines(
      'export class ShopTool {',
      '  get annotations() { return { readOnlyHint: this.access === "read" }; }',
      `  register(server) { server.registerTool(this.id, { annotations: this.annotations }, ${cb}); }`,
      '}',
      'class ListOrders extends ShopTool { id = "list_orders"; access = "read"; }',
      'class CancelOrder extends ShopTool { id = "cancel_order"; access = "write"; }',
    ),
    only: ['implicit-default'],
    tools: [
      { name: 'list_orders', nameLine: 5, effective: { readOnlyHint: true } },
      { name: 'cancel_order', nameLine: 6, effective: { readOnlyHint: false } },
    ],
    findings: [
      { rule: 'implicit-default', line: 5 },
      { rule: 'implicit-default', line: 6 },
    ],
    // The fix that writes into the shared getter would change both classes: offered, never applied by fix-all.
    output: lines(
      'export class ShopTool {',
      '  get annotations() { return { readOnlyHint: this.access === "read" }; }',
      `  register(server) { server.registerTool(this.id, { annotations: this.annotations }, ${cb}); }`,
      '}',
      'class ListOrders extends ShopTool { id = "list_orders"; access = "read"; }',
      'class CancelOrder extends ShopTool { id = "cancel_order"; access = "write"; }',
    ),
  },
  {
    name: 'a framework map keyed by name: the finding at the key',
    code: lines(
      'import { createMcpServer, tool } from "@supabase/mcp-utils";',
      'createMcpServer({ name: "x", version: "1", tools: {',
      '  list_tables: tool({ description: "d", parameters: {}, execute: async () => 1 }),',
      '} });',
    ),
    only: ['missing-annotations'],
    tools: [{ name: 'list_tables', nameLine: 3 }],
    findings: [{ rule: 'missing-annotations', line: 3 }],
  },
]);

describe('a derived hint names what decides it', () => {
  test('the hover of a subclass tool shows the chain to its own field; the fix title says the literal is shared', () => {
    const root = mkdtempSync(join(tmpdir(), 'mcp-hints-derived-'));
    try {
      const file = join(root, 'shop.ts');
      const code = lines(
        'export class ShopTool {',
        '  get annotations() { return { readOnlyHint: this.access === "read" }; }',
        `  register(server) { server.registerTool(this.id, { annotations: this.annotations }, ${cb}); }`,
        '}',
        'class ListOrders extends ShopTool { id = "list_orders"; access = "read"; }',
        'class CancelOrder extends ShopTool { id = "cancel_order"; access = "write"; }',
      );
      writeFileSync(file, code);
      const project = new Project(undefined, {});
      project.setProjectFiles([file]);
      project.setFileText(file, code);
      const analysis = project.analyzeFile(file);
      const [list, cancel] = analysis.tools;
      const readOnly = (name: string) => analysis.tools.find((t) => t.name === name)!.declared!.properties.find((p) => p.key === 'readOnlyHint')!;
      assert.deepEqual(readOnly('list_orders').decidedBy?.map((d) => d.text), ['access = "read";']);
      assert.deepEqual(readOnly('cancel_order').decidedBy?.map((d) => d.text), ['access = "write";']);
      assert.equal(code.slice(readOnly('cancel_order').decidedBy![0].loc.start).startsWith('access = "write"'), true);
      assert.match(describeToolMarkdown(list), /`readOnlyHint: true` is decided by `access = "read";`/);
      assert.match(describeToolMarkdown(cancel), /`readOnlyHint: false` is decided by `access = "write";`/);
      assert.match(describeToolMarkdown(cancel), /shared with other tools/);
      const writeFix = analysis.findings.find((f) => f.rule === 'implicit-default' && f.tool === 'cancel_order')!.fixes[0];
      assert.match(writeFix.title, /\(in the annotations shared with "list_orders"\)$/);
      assert.equal(writeFix.safe, false);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
