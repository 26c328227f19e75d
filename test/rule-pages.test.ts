// Rule pages as tests (as Biome does): every example on docs/rules/*.md is a complete file. Its "Reported"
// example must give a finding of the page's rule, its "Honest" example none of that rule. Examples shown with a
// review record run with that record beside them, as `server.ts`.
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import type { EngineOptions, Profile } from '../server/src/engine/options';
import { analyzeText } from '../server/src/engine/project/project';
import { loadReviewOptions } from '../server/src/engine/project/record-files';
import { projectFindings } from '../server/src/engine/rules/no-tools-found';

const DOCS = join(__dirname, '..', 'docs', 'rules');

const RECORD = 'With this `mcp-hints.lock.json` beside `server.ts`:\n\n```json\n';

/** The examples of one page, in order, with the heading they stand under and the review record shown above them. */
function examples(markdown: string): { kind: 'Reported' | 'Honest'; code: string; record?: string }[] {
  const out: { kind: 'Reported' | 'Honest'; code: string; record?: string }[] = [];
  let record: string | undefined;
  for (const match of markdown.matchAll(/^(?:With this `mcp-hints\.lock\.json` beside `server\.ts`:\n\n```json\n([\s\S]*?)\n```|### (Reported|Honest)\n\n```ts\n([\s\S]*?)\n```)$/gm)) {
    if (match[1] !== undefined) record = match[1];
    else out.push({ kind: match[2] as 'Reported' | 'Honest', code: match[3], record });
  }
  assert.equal(markdown.split(RECORD).length - 1, new Set(out.map((e) => e.record).filter(Boolean)).size, 'every record shown is parsed');
  return out;
}

const roots: string[] = [];
after(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

/** Analyses an example as `server.ts` in a folder of its own, with its record beside it when it has one. */
function analyzeExample(code: string, record: string | undefined, options: EngineOptions) {
  if (record === undefined) return analyzeText(code, '/virtual/docs/server.ts', options);
  const root = mkdtempSync(join(tmpdir(), 'mcp-hints-rule-page-'));
  roots.push(root);
  const file = join(root, 'server.ts');
  writeFileSync(file, code);
  writeFileSync(join(root, 'mcp-hints.lock.json'), record);
  const { review, errors } = loadReviewOptions([file], root);
  assert.deepEqual(errors, [], 'the record on the page parses');
  return analyzeText(code, file, { ...options, review });
}

/** An example may say which host profile it is checked under (`// Checked with "profile": "chatgpt" in .mcp-hints.json`). */
function optionsOf(code: string): EngineOptions {
  const profile = /^\/\/ .*"profile": "(\w+)"/.exec(code)?.[1];
  return profile ? { profile: profile as Profile } : {};
}

const pages = readdirSync(DOCS).filter((f) => f.endsWith('.md')).sort();

describe('rule pages', () => {
  test('the pages with examples are the rules', () => {
    const withExamples = pages.filter((page) => examples(readFileSync(join(DOCS, page), 'utf8')).length > 0);
    assert.ok(withExamples.length >= 15, withExamples.join(', '));
  });

  for (const page of pages) {
    const rule = page.replace(/\.md$/, '');
    const markdown = readFileSync(join(DOCS, page), 'utf8');
    examples(markdown).forEach((example, index) => {
      test(`${rule}: example ${index + 1} (${example.kind}${example.record ? ', with its record' : ''}) is a complete file and ${example.kind === 'Reported' ? 'is reported' : 'is not reported'}`, () => {
        assert.match(example.code, /^import .* from "@modelcontextprotocol\/sdk\/server\/mcp\.js";$|^import .* from "fastmcp";$|^import .* from "@modelcontextprotocol\/sdk\/server\/index\.js";$/m, 'imports the SDK');
        const options = optionsOf(example.code);
        const analysis = analyzeExample(example.code, example.record, options);
        assert.equal(analysis.error, undefined);
        // The pages about what cannot be listed show a registration, or a server, that lists none.
        assert.ok(analysis.tools.length > 0 || analysis.sites.length > 0, 'registers a tool, or has a registration site');
        // The example is the whole project: what is said about a project (no-tools-found) is said about it.
        const findings = [...analysis.findings, ...projectFindings([analysis], (loc) => `server.ts:${loc.start}`, options)];
        const found = findings.filter((f) => f.rule === rule);
        if (example.kind === 'Reported') assert.ok(found.length > 0, `no ${rule} finding; found: ${findings.map((f) => f.rule).join(', ')}`);
        else assert.deepEqual(found.map((f) => f.message), [], `the honest example is reported`);
      });
    });
  }
});
