// Creations made only when nothing exists yet (issue 20: precision): `const existing = list.find((i) => i.name === name);
// if (existing) return …;` before the create call means a second identical call finds the first one's result and
// creates nothing, so `idempotentHint: true` is honest. A guard that checks something else, or none, leaves it reported.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { honestyFindings } from './harness';

const tool = (body: string) => `import { Pinecone } from "@pinecone-database/pinecone";
const pc = new Pinecone();
server.registerTool("create-index", { description: "x", annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true } }, async ({ name }) => {
${body}
  const index = await pc.createIndexForModel({ name });
  return { content: [{ type: "text", text: JSON.stringify(index) }] };
});`;

describe('a creation guarded by a lookup of what exists', () => {
  const rows: { name: string; body: string; findings: string[] }[] = [
    {
      name: 'honest: the existing index is looked up and returned before creating',
      body: `  const existing = (await pc.listIndexes()).indexes?.find((i) => i.name === name);
  if (existing) {
    return { content: [{ type: "text", text: "exists" }] };
  }`,
      findings: [],
    },
    {
      name: 'honest: `.some(…)` and a throw',
      body: `  const taken = (await pc.listIndexes()).indexes?.some((i) => i.name === name);
  if (taken) throw new Error("exists");`,
      findings: [],
    },
    { name: 'reported: no lookup before creating', body: '', findings: ['idempotent-overclaimed'] },
    {
      name: 'reported: an early return on a check of the arguments is no lookup of what exists',
      body: `  const valid = name.length > 0;
  if (!valid) return { content: [] };`,
      findings: ['idempotent-overclaimed'],
    },
    {
      name: 'reported: the lookup is made but nothing returns on it',
      body: `  const existing = (await pc.listIndexes()).indexes?.find((i) => i.name === name);
  if (existing) console.error("exists already");`,
      findings: ['idempotent-overclaimed'],
    },
  ];
  for (const row of rows) {
    test(row.name, () => {
      const found = honestyFindings(tool(row.body)).filter((f) => f.rule !== 'profile-requirement');
      assert.deepEqual(found.map((f) => f.rule), row.findings, found.map((f) => f.message).join(' | ') || 'no findings');
    });
  }
});
