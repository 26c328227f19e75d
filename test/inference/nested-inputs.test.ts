// Inputs that carry the operation, nested in a named schema (issue 20): `{ RequestBody: Body$zodSchema.describe("…") }`
// with `overwrite` inside the body schema tells what the tool may do, as it does at the top level. A handler that can
// be seen through outweighs it; a package's namespace (`z.string()`) is never read as a schema of the project's.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { honestyFindings } from './harness';

const models = `import * as z from "zod";
export const RenameBody$zodSchema = z.object({
  from_public_id: z.string(),
  to_public_id: z.string(),
  overwrite: z.boolean().default(false).describe("Whether to overwrite the target asset if it already exists."),
});
export const TagBody$zodSchema = z.object({ public_id: z.string(), tag: z.string() });
`;

const tool = (name: string, body: string, handler: string) => `import * as z from "zod";
import { ${body} } from "./models";
import { sdk } from "vendor-sdk";
server.registerTool("${name}", { description: "x", inputSchema: { resource_type: z.string().describe("type"), RequestBody: ${body}.describe("the request") }, annotations: { readOnlyHint: false, destructiveHint: false } }, async (args) => ${handler});`;

describe('a field whose schema is one the project names: its fields count too', () => {
  const rows: { name: string; code: string; findings: { rule: string; message: RegExp }[] }[] = [
    {
      name: 'reported: `overwrite` inside the named body schema, a handler the analyser cannot see into',
      code: tool('asset-rename', 'RenameBody$zodSchema', 'sdk.assets.rename(args.RequestBody)'),
      findings: [{ rule: 'destructive-understated', message: /the input `overwrite` \(it overwrites when set\) at models\.ts:5/ }],
    },
    {
      name: 'honest: a named body schema with no telling field',
      code: tool('asset-tag', 'TagBody$zodSchema', 'sdk.assets.tag(args.RequestBody)'),
      findings: [],
    },
    {
      name: 'honest: the same `overwrite` input, but a handler seen through that only adds',
      code: tool('asset-rename', 'RenameBody$zodSchema', 'fetch("https://api.example.com/assets/" + args.RequestBody.from_public_id).then(() => ({ content: [] }))'),
      findings: [],
    },
  ];
  for (const row of rows) {
    test(row.name, () => {
      const found = honestyFindings(row.code, { '/virtual/models.ts': models }).filter((f) => f.rule !== 'profile-requirement');
      assert.deepEqual(found.map((f) => f.rule), row.findings.map((f) => f.rule), found.map((f) => f.message).join(' | ') || 'no findings');
      row.findings.forEach((expected, i) => assert.match(found[i].message, expected.message));
    });
  }
});
