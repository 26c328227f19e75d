// RPC-style endpoints whose path names the operation (issue 20: updates declared non-destructive): a POST to
// `…/batch/update` or `/api/chat.delete` overwrites or removes, read through the project's own client to the request.
// A POST whose path names a query, a read or a collection stays a weak guess, as every POST is.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { honestyFindings, infer } from './harness';

const client = `export class Client {
  async request(path: string, options: { method?: string; body?: unknown } = {}) {
    const { method = "GET", body } = options;
    const res = await fetch(\`\${this.base}\${path}\`, { method, body: JSON.stringify(body) });
    return res.json();
  }
  base = "https://api.example.com";
  post(path: string, options: { body?: unknown } = {}) { return this.request(path, { ...options, method: "POST" }); }
}
`;

const tool = (name: string, annotations: string, path: string) => `import { Client } from "./client";
const client = new Client();
server.registerTool("${name}", { description: "x", annotations: ${annotations} }, async (args) => {
  const result = await client.post(\`${path}\`, { body: { inputs: args.inputs } });
  return { content: [{ type: "text", text: JSON.stringify(result) }] };
});`;

interface Row {
  name: string;
  tool: [string, string, string];
  findings: { rule: string; message: RegExp }[];
}

describe('a POST to an endpoint that names an overwrite or a removal', () => {
  const rows: Row[] = [
    {
      name: 'reported: `POST /crm/v3/objects/${type}/batch/update` through the client’s `post` → `request`',
      tool: ['batch_update_objects', '{ readOnlyHint: false, destructiveHint: false, idempotentHint: false }', '/crm/v3/objects/${args.objectType}/batch/update'],
      findings: [{ rule: 'destructive-understated', message: /calls `fetch` \(POST to an endpoint named `update`\) to a fixed or configured host at client\.ts:4/ }],
    },
    {
      name: 'reported: `POST /api/chat.delete` (a dotted method name)',
      tool: ['remove_message', '{ readOnlyHint: false, destructiveHint: false }', '/api/chat.delete'],
      findings: [{ rule: 'destructive-understated', message: /\(POST to an endpoint named `delete`\)/ }],
    },
    {
      name: 'honest: `POST …/batch/read` on a read-only tool (a query over POST) is no write the rules count',
      tool: ['batch_read_objects', '{ readOnlyHint: true }', '/crm/v3/objects/${args.objectType}/batch/read'],
      findings: [],
    },
    {
      name: 'honest: `POST …/batch/create` declared non-destructive: creating destroys nothing',
      tool: ['batch_create_objects', '{ readOnlyHint: false, destructiveHint: false }', '/crm/v3/objects/${args.objectType}/batch/create'],
      findings: [],
    },
    {
      name: 'honest: a collection named with a plural noun (`/updates`) is not the verb',
      tool: ['post_status_updates', '{ readOnlyHint: false, destructiveHint: false }', '/projects/${args.id}/updates'],
      findings: [],
    },
    {
      name: 'honest: the operation chosen by the caller (`/${args.op}`) names nothing',
      tool: ['run_operation', '{ readOnlyHint: false, destructiveHint: false }', '/ops/${args.op}'],
      findings: [],
    },
  ];
  for (const row of rows) {
    test(row.name, () => {
      const found = honestyFindings(tool(...row.tool), { '/virtual/client.ts': client }).filter((f) => f.rule !== 'profile-requirement');
      assert.deepEqual(found.map((f) => f.rule), row.findings.map((f) => f.rule), found.map((f) => f.message).join(' | ') || 'no findings');
      row.findings.forEach((expected, i) => assert.match(found[i].message, expected.message));
    });
  }

  test('an update endpoint is no evidence against idempotency: a second identical update leaves the same records', () => {
    const inference = infer(tool('batch_update_objects', '{ readOnlyHint: false, destructiveHint: true, idempotentHint: true }', '/objects/batch/update'), { '/virtual/client.ts': client });
    const request = inference.evidence.items.find((e) => e.fact.kind === 'request');
    assert.equal(request?.effect, 'destroy');
    assert.notEqual(request?.effect, 'append');
  });
});
