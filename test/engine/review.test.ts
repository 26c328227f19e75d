// The review record: contracts and their fingerprints, the record's parsing and printing, and the three review
// rules as tables of (approved entry, code now) → finding. Expectations are written from the definitions:
// safer = readOnlyHint false→true, destructiveHint true→false, openWorldHint true→false, idempotentHint false→true,
// or a new write/delete in a tool approved read-only.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Finding } from '../../server/src/engine/model';
import { Project } from '../../server/src/engine/project/project';
import { toolContract, type Contract } from '../../server/src/engine/review/contract';
import type { ApprovedEntry } from '../../server/src/engine/model';
import { approve, parseRecord, printRecord } from '../../server/src/engine/review/record';
import { RULES } from '../../server/src/engine/rules/run';
import { exampleOptions } from '../../server/src/engine/rules/review-examples';

const ROOT = '/virtual';
const FILE = `${ROOT}/server.ts`;
const REVIEW_RULES = ['safety-weakened', 'annotation-drift', 'unapproved'];

function analyse(code: string, entries?: ApprovedEntry[]): { findings: Finding[]; contracts: Contract[] } {
  const project = new Project(undefined, entries ? { review: { records: [{ root: ROOT, entries }] } } : {});
  project.setFileText(FILE, code);
  const analysis = project.analyzeFile(FILE);
  const sf = project.getSourceFile(FILE)!;
  const contracts = analysis.tools.flatMap((tool) => toolContract(tool, { registrationSf: sf, sourceFileOf: (f) => project.getSourceFile(f) })?.contract ?? []);
  return { findings: analysis.findings.filter((f) => REVIEW_RULES.includes(f.rule)), contracts };
}

/** The entry `approve` would write for the code as it is now. */
function approvedEntryOf(code: string): ApprovedEntry[] {
  const { contracts } = analyse(code);
  const raw = approve({ entries: [], raw: {} }, { contracts: contracts.map((c) => ({ ...c, file: 'server.ts' })), analysedFiles: new Set() });
  const parsed = parseRecord(printRecord(raw));
  assert.ok(parsed.ok);
  return parsed.record.entries;
}

const HEAD = 'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";\nimport { readFile, rm, writeFile } from "node:fs/promises";\nimport { z } from "zod";\nconst server = new McpServer({ name: "s", version: "1" });\n';
const tool = (config: string, body = '  return { content: [] };') => `${HEAD}server.registerTool("notes", ${config}, async (args) => {\n${body}\n});\n`;

describe('fingerprints: formatting does not count, content does', () => {
  const base = tool('{ description: "Reads the notes", inputSchema: { folder: z.string(), limit: z.number().optional() }, annotations: { readOnlyHint: true } }');
  const same: [string, string][] = [
    ['whitespace and line breaks', tool('{\n  description:   "Reads the notes",\n  inputSchema: {\n    folder: z.string(),\n    limit: z.number()\n      .optional(),\n  },\n  annotations: { readOnlyHint: true },\n}')],
    ['quotes, comments and key order', tool("{ description: 'Reads the notes', inputSchema: { /* how many */ limit: z.number().optional(), folder: z.string() }, annotations: { readOnlyHint: true } }")],
    ['a description re-wrapped', tool('{ description: "Reads  the\\n notes", inputSchema: { folder: z.string(), limit: z.number().optional() }, annotations: { readOnlyHint: true } }')],
    ['the schema behind a constant', tool('{ description: "Reads the notes", inputSchema: SCHEMA, annotations: { readOnlyHint: true } }').replace('const server', 'const SCHEMA = { folder: z.string(), limit: z.number().optional() };\nconst server')],
  ];
  const different: [string, string][] = [
    ['a field type', tool('{ description: "Reads the notes", inputSchema: { folder: z.string(), limit: z.string().optional() }, annotations: { readOnlyHint: true } }')],
    ['a constraint', tool('{ description: "Reads the notes", inputSchema: { folder: z.string().min(1), limit: z.number().optional() }, annotations: { readOnlyHint: true } }')],
    ['the description', tool('{ description: "Reads and tidies the notes", inputSchema: { folder: z.string(), limit: z.number().optional() }, annotations: { readOnlyHint: true } }')],
  ];
  const fingerprints = (code: string) => analyse(code).contracts[0].fingerprints;
  for (const [name, code] of same) test(`same: ${name}`, () => assert.deepEqual(fingerprints(code), fingerprints(base)));
  for (const [name, code] of different) test(`different: ${name}`, () => assert.notDeepEqual(fingerprints(code), fingerprints(base)));
  test('inputs are listed with their types', () => assert.deepEqual(analyse(base).contracts[0].inputs, { folder: 'string', limit: 'number?' }));
});

interface ReviewCase {
  name: string;
  approved: string;
  now: string;
  /** rule → substrings its message must contain; rules not listed must not report. */
  expect: Partial<Record<string, string[]>>;
}

const RO = '{ description: "d", inputSchema: { folder: z.string() }, annotations: { readOnlyHint: true, openWorldHint: false } }';
const cases: ReviewCase[] = [
  { name: 'unchanged code: nothing to report', approved: tool(RO), now: tool(RO), expect: {} },
  { name: 'reformatted code: nothing to report', approved: tool(RO), now: tool(RO.replace(/, /g, ',\n    ')), expect: {} },
  {
    name: 'readOnlyHint false → true',
    approved: tool('{ annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false } }'),
    now: tool('{ annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false } }'),
    expect: { 'safety-weakened': ['`readOnlyHint` false → true'] },
  },
  {
    name: 'destructiveHint true → false',
    approved: tool('{ annotations: { readOnlyHint: false, destructiveHint: true } }'),
    now: tool('{ annotations: { readOnlyHint: false, destructiveHint: false } }'),
    expect: { 'safety-weakened': ['`destructiveHint` true → false'] },
  },
  {
    name: 'openWorldHint true → false (left out = default true)',
    approved: tool('{ annotations: { readOnlyHint: true } }'),
    now: tool('{ annotations: { readOnlyHint: true, openWorldHint: false } }'),
    expect: { 'safety-weakened': ['`openWorldHint` true → false'] },
  },
  {
    name: 'idempotentHint false → true',
    approved: tool('{ annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false } }'),
    now: tool('{ annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true } }'),
    expect: { 'safety-weakened': ['`idempotentHint` false → true'] },
  },
  {
    name: 'the reverse changes are drift, not weakening',
    approved: tool('{ annotations: { readOnlyHint: true, openWorldHint: false } }'),
    now: tool('{ annotations: { readOnlyHint: false, destructiveHint: true, openWorldHint: true } }'),
    expect: { 'annotation-drift': ['`readOnlyHint` true → false', '`openWorldHint` false → true'] },
  },
  {
    name: 'a delete in a tool approved read-only',
    approved: tool(RO, '  await readFile(args.folder);\n  return { content: [] };'),
    now: tool(RO, '  await rm(args.folder);\n  return { content: [] };'),
    expect: { 'safety-weakened': ['handler now calls `rm`', 'still declared read-only'] },
  },
  {
    name: 'a write input added to a tool approved read-only',
    approved: tool(RO),
    now: tool(RO.replace('folder: z.string()', 'folder: z.string(), markAsRead: z.boolean()')),
    expect: { 'safety-weakened': ['input `markAsRead` (boolean) added since approval; still declared read-only'] },
  },
  {
    name: 'a plain input added: drift naming it and its type',
    approved: tool(RO),
    now: tool(RO.replace('folder: z.string()', 'folder: z.string(), limit: z.number().optional()')),
    expect: { 'annotation-drift': ['input `limit` (number, optional) added since approval', 'still declared read-only'] },
  },
  {
    name: 'an input removed and a type changed',
    approved: tool('{ inputSchema: { folder: z.string(), depth: z.number() }, annotations: { readOnlyHint: true, openWorldHint: false } }'),
    now: tool('{ inputSchema: { folder: z.number() }, annotations: { readOnlyHint: true, openWorldHint: false } }'),
    expect: { 'annotation-drift': ['input `folder` string → number', 'input `depth` removed since approval'] },
  },
  {
    name: 'a new write in a tool approved as writing is drift',
    approved: tool('{ annotations: { readOnlyHint: false, destructiveHint: false } }', '  await readFile("a");\n  return { content: [] };'),
    now: tool('{ annotations: { readOnlyHint: false, destructiveHint: false } }', '  await rm("a");\n  return { content: [] };'),
    expect: { 'annotation-drift': ['handler now calls `rm`'] },
  },
  {
    name: 'description and title changes',
    approved: tool('{ title: "Notes", description: "Reads notes", annotations: { readOnlyHint: true, openWorldHint: false } }'),
    now: tool('{ title: "All notes", description: "Reads every note", annotations: { readOnlyHint: true, openWorldHint: false } }'),
    expect: { 'annotation-drift': ['title "Notes" → "All notes"', 'description changed since approval'] },
  },
  {
    name: 'destructiveHint on a tool that stays read-only means nothing: drift only',
    approved: tool('{ annotations: { readOnlyHint: true, openWorldHint: false } }'),
    now: tool('{ annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false } }'),
    expect: { 'annotation-drift': ['`destructiveHint` true → false'] },
  },
];

describe('review rules: approved contract vs the code now', () => {
  for (const c of cases) {
    test(c.name, () => {
      const { findings } = analyse(c.now, approvedEntryOf(c.approved));
      assert.deepEqual(findings.map((f) => f.rule).sort(), Object.keys(c.expect).sort(), findings.map((f) => f.message).join('\n'));
      for (const [rule, parts] of Object.entries(c.expect)) {
        const message = findings.find((f) => f.rule === rule)!.message;
        for (const part of parts!) assert.ok(message.includes(part), `${rule}: "${message}" should contain "${part}"`);
      }
    });
  }
  test('a tool missing from an existing record is unapproved (info); without a record nothing is reported', () => {
    const other = approvedEntryOf(tool(RO).replace('"notes"', '"other"'));
    assert.deepEqual(analyse(tool(RO), other).findings.map((f) => [f.rule, f.severity]), [['unapproved', 'info']]);
    assert.deepEqual(analyse(tool(RO)).findings, []);
  });
  test('an entry of the same name in another file does not approve the tool', () => {
    const entries = approvedEntryOf(tool(RO)).map((e) => ({ ...e, file: 'elsewhere.ts' }));
    assert.deepEqual(analyse(tool(RO), entries).findings.map((f) => f.rule), ['unapproved']);
  });
});

describe('rule pages: every review example is a complete file that does what the page says', () => {
  for (const rule of RULES.filter((r) => REVIEW_RULES.includes(r.id))) {
    rule.docs.examples.forEach((example, index) => {
      test(`${rule.id} example ${index + 1}`, () => {
        assert.ok(example.record, 'a review example shows its record');
        const entries = exampleOptions(example, ROOT).review!.records[0].entries;
        for (const code of [example.bad, example.good]) assert.match(code, /^import /, 'complete file: starts with its imports');
        assert.ok(analyse(example.bad, entries).findings.some((f) => f.rule === rule.id), 'Reported example is reported');
        assert.ok(!analyse(example.good, entries).findings.some((f) => f.rule === rule.id), 'Honest example is not');
      });
    });
  }
});

describe('the record file', () => {
  const text = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
  test('merge-conflict markers are an error at their line, never repaired', () => {
    const conflicted = '{\n  "version": 1,\n  "tools": [\n<<<<<<< HEAD\n    { "name": "a", "file": "s.ts" }\n=======\n    { "name": "b", "file": "s.ts" }\n>>>>>>> branch\n  ]\n}\n';
    const parsed = parseRecord(conflicted);
    assert.ok(!parsed.ok);
    assert.equal(parsed.error.line, 4);
    assert.match(parsed.error.message, /merge-conflict marker/);
  });
  test('invalid JSON is an error at its line', () => {
    const parsed = parseRecord('{\n  "version": 1,\n  "tools": [\n    { "name": "a", "file": "s.ts" },\n  ]\n}\n');
    assert.ok(!parsed.ok);
    assert.equal(parsed.error.line, 5);
  });
  test('a record without a tools array, or an entry without name and file, is an error', () => {
    assert.ok(!parseRecord('{ "version": 1 }').ok);
    const parsed = parseRecord('{\n  "tools": [\n    { "name": "a" }\n  ]\n}');
    assert.ok(!parsed.ok);
    assert.equal(parsed.error.line, 3);
  });
  test('unknown fields of a newer version are kept, at the top level and in entries; entries sorted by name then file', () => {
    const original = text({
      version: 2,
      reviewedBy: 'alice',
      tools: [
        { name: 'zeta', file: 'b.ts', hints: { readOnlyHint: true }, ticket: 'SEC-1' },
        { name: 'alpha', file: 'a.ts', owner: 'team-x', evidence: [] },
      ],
    });
    const parsed = parseRecord(original);
    assert.ok(parsed.ok);
    const contract: Contract = {
      name: 'zeta', file: 'b.ts', title: null,
      hints: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
      inputs: {}, fingerprints: { inputSchema: null, description: null }, evidence: ['write'],
    };
    const out = printRecord(approve(parsed.record, { contracts: [contract], analysedFiles: new Set() }));
    assert.ok(out.endsWith('}\n') && out.includes('\n  "tools": [\n    {\n      "name"'), '2-space JSON with a trailing newline');
    const value = JSON.parse(out);
    assert.equal(value.version, 2);
    assert.equal(value.reviewedBy, 'alice');
    assert.deepEqual(value.tools.map((t: { name: string }) => t.name), ['alpha', 'zeta']);
    assert.equal(value.tools[0].owner, 'team-x');
    assert.equal(value.tools[1].ticket, 'SEC-1');
    assert.equal(value.tools[1].hints.readOnlyHint, false);
    assert.deepEqual(value.tools[1].evidence, ['write']);
  });
  test('approving every tool of a file drops entries of tools that are gone; other files are kept', () => {
    const parsed = parseRecord(text({ version: 1, tools: [{ name: 'gone', file: 'a.ts' }, { name: 'kept', file: 'b.ts' }] }));
    assert.ok(parsed.ok);
    const value = approve(parsed.record, { contracts: [], analysedFiles: new Set(['a.ts']) });
    assert.deepEqual((value.tools as { name: string }[]).map((t) => t.name), ['kept']);
  });
});
