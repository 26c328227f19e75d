// Rule pages as tests (as Biome does): every example on docs/rules/*.md is a complete file. Its "Reported"
// example must give a finding of the page's rule, its "Honest" example none of that rule.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import type { EngineOptions, Profile } from '../server/src/engine/options';
import { analyzeText } from '../server/src/engine/project';

const DOCS = join(__dirname, '..', 'docs', 'rules');

/** The examples of one page, in order, with the heading they stand under. */
function examples(markdown: string): { kind: 'Reported' | 'Honest'; code: string }[] {
  const out: { kind: 'Reported' | 'Honest'; code: string }[] = [];
  for (const match of markdown.matchAll(/^### (Reported|Honest)\n\n```ts\n([\s\S]*?)\n```$/gm)) {
    out.push({ kind: match[1] as 'Reported' | 'Honest', code: match[2] });
  }
  return out;
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
      test(`${rule}: example ${index + 1} (${example.kind}) is a complete file and ${example.kind === 'Reported' ? 'is reported' : 'is not reported'}`, () => {
        assert.match(example.code, /^import .* from "@modelcontextprotocol\/sdk\/server\/mcp\.js";$|^import .* from "fastmcp";$|^import .* from "@modelcontextprotocol\/sdk\/server\/index\.js";$/m, 'imports the SDK');
        const analysis = analyzeText(example.code, `/virtual/docs/${rule}-${index}.ts`, optionsOf(example.code));
        assert.equal(analysis.error, undefined);
        assert.ok(analysis.tools.length > 0, 'registers a tool');
        const found = analysis.findings.filter((f) => f.rule === rule);
        if (example.kind === 'Reported') assert.ok(found.length > 0, `no ${rule} finding; found: ${analysis.findings.map((f) => f.rule).join(', ')}`);
        else assert.deepEqual(found.map((f) => f.message), [], `the honest example is reported`);
      });
    });
  }
});
