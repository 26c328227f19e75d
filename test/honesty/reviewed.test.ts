// The honesty report over the corpus, with every listed case reviewed by hand. A new case (a change in the
// inference or the rules) fails until it is reviewed here; a verdict whose case is gone fails too.
// Verdicts:
// - 'author-wrong': the author's claim is contradicted and the code shows it; the finding is right.
// - 'author-pessimistic': the inference is more optimistic than the author, and the code shows the inference is
//   the truth (the author chose a safe default). Allowed: never more optimistic than the truth.
// An 'inference-wrong' verdict is not allowed to stay: fix the inference instead.
import assert from 'node:assert/strict';
import { ensureCorpus } from '../corpus/location';
import { before, describe, test } from 'node:test';
import { honestyReport, type HonestyResult } from './honesty';

type Verdict = 'author-wrong' | 'author-pessimistic';

const REVIEWED: Record<string, { verdict: Verdict; why: string }> = {
  'mcp-server-kubernetes@4.1.7|kubectl_context|readOnlyHint|contradicted': {
    verdict: 'author-wrong',
    why: 'operation "set" runs `kubectl config use-context`, which rewrites the kubeconfig (dist/tools/kubectl-context.js:233).',
  },
  'firecrawl-mcp@3.26.0|firecrawl_research_search_github|openWorldHint|more-optimistic': {
    verdict: 'author-pessimistic',
    why: 'deprecated entry point: beforeValidate and execute only build an error payload; nothing leaves the process.',
  },
  'firecrawl-mcp@3.26.0|firecrawl_extract|openWorldHint|more-optimistic': {
    verdict: 'author-pessimistic',
    why: 'deprecated entry point: execute throws a UserError with a fixed payload; nothing leaves the process.',
  },
  '@wonderwhy-er__desktop-commander@0.2.52|get_recent_tool_calls|openWorldHint|more-optimistic': {
    verdict: 'author-pessimistic',
    why: 'handleGetRecentToolCalls formats the in-memory tool history (dist/handlers/history-handlers.js:18, toolHistory.getRecentCallsFormatted); nothing leaves the machine; the author omitted the hint (default true).',
  },
  'mcp-server-kubernetes@4.1.7|ping|openWorldHint|more-optimistic': {
    verdict: 'author-pessimistic',
    why: 'ping() returns {} without calling the cluster (dist/tools/ping.js:13); the author omitted the hint (default true).',
  },
};

let result: HonestyResult;

before(() => {
  ensureCorpus();
  result = honestyReport();
});

describe('honesty over the corpus', () => {
  test('finds the corpus tools', () => {
    assert.ok(result.tools >= 200, `only ${result.tools} tools`);
  });

  test('every listed case has a reviewed verdict', () => {
    const unreviewed = result.cases.filter((c) => !REVIEWED[c.id]).map((c) => `${c.id}: ${c.why}`);
    assert.deepEqual(unreviewed, [], 'review each new case by hand and record it in REVIEWED');
  });

  test('every verdict still matches a listed case', () => {
    const listed = new Set(result.cases.map((c) => c.id));
    assert.deepEqual(Object.keys(REVIEWED).filter((id) => !listed.has(id)), []);
  });

  test('the inference is never more optimistic than the truth', () => {
    for (const c of result.cases.filter((c) => c.kind === 'more-optimistic')) {
      assert.equal(REVIEWED[c.id]?.verdict, 'author-pessimistic', `${c.id}: ${c.why}`);
    }
  });

  test('no honest tool gets a contradiction warning', () => {
    for (const c of result.cases.filter((c) => c.kind === 'contradicted')) {
      assert.equal(REVIEWED[c.id]?.verdict, 'author-wrong', `${c.id}: ${c.why}`);
    }
  });

  test('agreement with the authors where both say something', () => {
    // Not a target in itself (pessimism costs agreement, never honesty), but a collapse means a regression.
    for (const [key, stats] of Object.entries(result.perHint)) {
      assert.ok(stats.bothKnown === 0 || stats.agree / stats.bothKnown >= 0.5, `${key}: ${stats.agree}/${stats.bothKnown}`);
    }
  });
});
