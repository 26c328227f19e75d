// Evidence is data; its texts are for display. Inference and the contradiction rules must decide the same with
// every text replaced, and the texts must be what render.ts writes from the data.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { contradictingEvidence, inferFromEvidence, type Inference } from '../../server/src/engine/evidence/infer';
import type { Evidence } from '../../server/src/engine/evidence/model';
import { renderEvidence } from '../../server/src/engine/evidence/render';
import { truncate } from '../../server/src/engine/evidence/nodes';
import { infer } from './harness';

const reg = (name: string, handler: string, config = '') => `server.registerTool("${name}", { description: "x"${config ? `, ${config}` : ''} }, ${handler});`;

/** One source per kind of evidence, and the kinds of fact each must show. */
const SOURCES: { name: string; code: string; facts: Evidence['fact']['kind'][] }[] = [
  { name: 'file reads', code: `import { readFile, stat } from "node:fs/promises";\n${reg('show', 'async ({ p }) => { await stat(p); return { content: [{ type: "text", text: await readFile(p, "utf8") }] }; }')}`, facts: ['name-verb', 'file', 'file'] },
  { name: 'file reads and module state', code: `import { readFileSync } from "fs";\nconst seenFiles = new Map();\n${reg('show', '({ p }) => { seenFiles.get(p); return { content: [{ type: "text", text: readFileSync(p, "utf8") }] }; }')}`, facts: ['name-verb', 'state-read', 'file'] },
  { name: 'a log file (incidental)', code: `import { appendFileSync } from "fs";\n${reg('show', '({ id }) => { appendFileSync("server.log", id); return { content: [] }; }', 'annotations: { readOnlyHint: true }')}`, facts: ['name-verb', 'file'] },
  { name: 'a temp file (incidental)', code: `import { writeFileSync } from "fs";\nimport { tmpdir } from "os";\nimport { join } from "path";\n${reg('preview', '({ html }) => { writeFileSync(join(tmpdir(), "p.html"), html); return { content: [] }; }', 'annotations: { readOnlyHint: true }')}`, facts: ['name-verb', 'file'] },
  { name: 'a cache in module state (incidental)', code: `const responseCache = new Map();\n${reg('quote', 'async ({ s }) => { responseCache.set(s, 1); return { content: [] }; }', 'annotations: { readOnlyHint: true }')}`, facts: ['state-call'] },
  { name: 'requests', code: reg('sync', 'async ({ url }) => { await fetch(url, { method: "DELETE" }); await fetch("https://api.example.com/x"); return { content: [] }; }', 'annotations: { destructiveHint: false, openWorldHint: false }'), facts: ['request', 'request'] },
  { name: 'SQL', code: `import { db } from "./db";\n${reg('purge', 'async () => { await db.query("DELETE FROM users WHERE 1"); return { content: [] }; }', 'annotations: { readOnlyHint: true }')}`, facts: ['name-verb', 'sql'] },
  { name: 'a process', code: `import { execSync } from "child_process";\n${reg('run', '({ ref }) => { execSync(`git log ${ref}`); return { content: [] }; }', 'annotations: { readOnlyHint: true }')}`, facts: ['name-verb', 'process'] },
  { name: 'a command line from the arguments', code: `import { execSync } from "child_process";\n${reg('run', '({ cmd }) => { execSync(cmd); return { content: [] }; }', 'annotations: { readOnlyHint: true }')}`, facts: ['name-verb', 'operation-input', 'process'] },
  { name: 'an opaque package and a method verb', code: `import { client } from "some-sdk";\n${reg('drop_pod', 'async ({ id }) => { await client.deleteNamespacedPod(id); return { content: [] }; }', 'annotations: { destructiveHint: false }')}`, facts: ['name-verb', 'opaque', 'method-verb'] },
  { name: 'inputs', code: `import { z } from "zod";\nimport { api } from "x";\n${reg('manage', 'async (a) => api.go(a)', 'inputSchema: { action: z.enum(["list", "delete"]), markAsRead: z.boolean(), source: z.string().url() }, annotations: { readOnlyHint: true, openWorldHint: false }')}`, facts: ['input-mode', 'input', 'input-url', 'opaque'] },
];

/** The same evidence with every text replaced: what is left is the data. */
function withoutTexts(inference: Inference): Inference {
  const items = inference.evidence.items.map((e, index) => ({ ...e, text: `#${index}`, detail: e.detail === undefined ? undefined : '?', ...(e.incidental ? { incidental: { ...e.incidental, text: '?' } } : {}) }));
  return inferFromEvidence({ ...inference.evidence, items });
}

/** What inference and the contradiction rules decided, as evidence indexes. */
function decisions(inference: Inference): unknown {
  const index = (e: Evidence) => inference.evidence.items.findIndex((item) => item.loc === e.loc && item.fact === e.fact);
  return {
    hints: Object.values(inference.hints).map((hint) => [hint.key, hint.value, hint.confidence, hint.evidence.map(index)]),
    notes: inference.notes.length,
    contradictions: (['spec', 'chatgpt', 'claude'] as const).map((profile) =>
      Object.keys(inference.hints).map((key) => {
        const { evidence, outweighed } = contradictingEvidence(inference, key as keyof Inference['hints'], profile);
        return [profile, key, evidence.map(index), outweighed.map(index)];
      }),
    ),
  };
}

describe('evidence is data: decisions never read its texts', () => {
  for (const source of SOURCES) {
    test(source.name, () => {
      const inference = infer(source.code);
      assert.deepEqual(inference.evidence.items.map((e) => e.fact.kind), source.facts);
      assert.deepEqual(decisions(withoutTexts(inference)), decisions(inference));
    });
  }
  test('the chatgpt profile counts a log file against readOnlyHint by its kind, not its wording', () => {
    const inference = infer(SOURCES[2].code);
    assert.equal(inference.evidence.items.find((e) => e.fact.kind === 'file')?.incidental?.kind, 'log-file');
    assert.equal(contradictingEvidence(withoutTexts(inference), 'readOnlyHint', 'chatgpt').evidence.length, 1);
    assert.equal(contradictingEvidence(withoutTexts(inference), 'readOnlyHint', 'spec').evidence.length, 0);
  });
  test('the summary of a read-only handler is chosen from the facts', () => {
    assert.equal(withoutTexts(infer(SOURCES[0].code)).hints.readOnlyHint.reason, 'reads local files only');
    assert.equal(withoutTexts(infer(SOURCES[1].code)).hints.readOnlyHint.reason, 'reads local files only');
    assert.equal(withoutTexts(infer(reg('echo', 'async ({ t }) => ({ content: [{ type: "text", text: t.trim() }] })'))).hints.readOnlyHint.reason, 'its handler only computes its result');
  });
});

describe('evidence texts are rendered from the data', () => {
  test('every text and detail is what render.ts writes for its fact', () => {
    for (const source of SOURCES) {
      for (const e of infer(source.code).evidence.items) {
        const { text, detail, incidental, ...data } = e;
        const again = renderEvidence({ ...data, ...(incidental ? { incidental: { ...incidental, text: undefined } as never } : {}) });
        assert.deepEqual([again.text, again.detail, again.incidental?.text], [text, detail, incidental?.text], source.name);
      }
    }
  });
  test('a few renderings, by fact', () => {
    const loc = { file: '/x.ts', start: 0, end: 1 };
    const base = { source: 'handler', strength: 'strong', loc } as const;
    assert.equal(renderEvidence({ ...base, effect: 'destroy', target: 'file', call: 'fs.rm', fact: { kind: 'file', method: 'rm' } }).text, 'calls `fs.rm`');
    const post = renderEvidence({ ...base, effect: 'append', target: 'network', call: 'fetch', fact: { kind: 'request', method: 'POST', url: { from: 'arguments' } } });
    assert.deepEqual([post.text, post.detail], ['calls `fetch` (POST)', 'with a URL from its arguments']);
    assert.equal(renderEvidence({ ...base, effect: 'opaque', target: 'unknown', call: 'client.go', fact: { kind: 'opaque', why: 'unseen', module: 'pkg' } }).text, 'calls `client.go` from `pkg`, which the analyser cannot see into');
    assert.equal(renderEvidence({ ...base, effect: 'write', target: 'file', call: 'fs.writeFile', fact: { kind: 'file', method: 'writeFile' }, incidental: { kind: 'helper', helper: 'logCall' } }).incidental?.text, 'inside `logCall`, a logging or caching helper');
  });
});

describe('truncate: a callee shown on one line', () => {
  const simple = (text: string, max = 60) => {
    const oneLine = text.replace(/\s+/g, ' ');
    return oneLine.length > max ? `${oneLine.slice(0, max - 1)}…` : oneLine;
  };
  test('a long text is cut from its head, with white space runs as one space, as when the whole is collapsed', () => {
    const pieces = ['a', 'bb', ' ', '\n\t  ', 'server.registerTool(', '\u00a0', 'x'.repeat(70), '\r\n'];
    let seed = 7;
    // xorshift32: the same texts on every run.
    const next = () => {
      seed ^= seed << 13;
      seed ^= seed >>> 17;
      seed ^= seed << 5;
      return seed >>> 0;
    };
    let long = 0;
    for (let i = 0; i < 300; i++) {
      let text = '';
      for (let n = next() % 400; n > 0; n--) text += pieces[next() % pieces.length];
      if (text.length > 480) long++;
      for (const max of [1, 40, 60]) assert.equal(truncate(text, max), simple(text, max), JSON.stringify(text.slice(0, 80)));
    }
    assert.ok(long > 100, 'most texts are long enough to be cut from the head');
  });
});
