// The engine against the hand labels (test/honesty/labels, LABELLING.md): no contradiction finding on a hint the
// labels call honest, and every clearly dishonest hint caught. Set-aside packages (never tuned to) are held to
// the same bar. Figures are printed by `npm run honesty -- --set-aside`.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageFolderName } from '../corpus/fetch';
import { repoFolderName } from '../corpus/fetch-src';
import { HINT_KEYS, type HintKey } from '../../server/src/engine/model';
import { corpusOf, ensureLabelledCorpora, labelReport, readLabels, type LabelFile, type LabelReport, type Outcome } from './labels';

const show = (list: Outcome[]) => list.map((o) => `${o.package} ${o.tool} ${o.hint}: ${o.line}`).join('\n');

/** The optimistic value of each hint: a declared hint with this value that the code contradicts is too optimistic. */
const OPTIMISTIC: Record<HintKey, boolean> = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
const declaredOf = (file: LabelFile): Map<string, Record<string, unknown>> => {
  if (file.corpus === 'src') return new Map(file.tools.map((t) => [t.name, t.declared ?? {}]));
  const answer = JSON.parse(readFileSync(join(corpusOf(file).dataDir, 'runtime', `${file.dir}.json`), 'utf8')) as { tools: { name: string; annotations?: Record<string, unknown> | null }[] };
  return new Map(answer.tools.map((t) => [t.name, t.annotations ?? {}]));
};

describe('the label files', () => {
  const labels = readLabels();
  for (const file of labels) {
    test(`${file.package}: a package of its corpus, tools it answered, four hints with file:line evidence, consistent verdicts`, () => {
      const pinned = corpusOf(file).packages().find((p) => `${p.package}@${p.version}` === file.package);
      assert.ok(pinned, `${file.package} is not in the ${file.corpus ?? 'wild'} corpus`);
      assert.equal(file.dir, file.corpus === 'src' ? repoFolderName(pinned.package) : packageFolderName(pinned));
      if (file.corpus === 'src') {
        for (const tool of file.tools) {
          assert.ok(tool.declared && Object.values(tool.declared).every((v) => typeof v === 'boolean'), `${tool.name}: sources need the declared hints as read`);
        }
      }
      assert.equal(typeof file.setAside, 'boolean');
      const declared = declaredOf(file);
      const names = new Set<string>();
      for (const tool of file.tools) {
        assert.ok(!names.has(tool.name), `${tool.name} labelled twice`);
        names.add(tool.name);
        const claims = declared.get(tool.name);
        assert.ok(claims, `${tool.name} is not in the recorded tools/list answer`);
        for (const key of HINT_KEYS) {
          const [value, evidence] = tool[key];
          assert.equal(typeof value, 'boolean', `${tool.name} ${key}`);
          assert.match(evidence, /[\w@.\/-]+\.[cm]?[jt]sx?:\d+/, `${tool.name} ${key} cites no file:line`);
          const claim = claims[key];
          const debatable = tool.debatable?.includes(key) ?? false;
          const dishonest = tool.dishonest?.includes(key) ?? false;
          assert.ok(!(debatable && dishonest), `${tool.name} ${key} both debatable and dishonest`);
          // Dishonest means: declared, optimistic, and the truth is the other value; such a hint is never silently "honest".
          const tooOptimistic = claim === OPTIMISTIC[key] && value !== OPTIMISTIC[key];
          if (dishonest) assert.ok(tooOptimistic, `${tool.name} ${key} is marked dishonest but declared ${String(claim)}, label ${value}`);
          else if (tooOptimistic) assert.ok(debatable, `${tool.name} ${key} declared ${String(claim)} against label ${value}: mark it dishonest or debatable`);
        }
      }
    });
  }
});

describe('honesty over the hand labels', () => {
  let tuned: LabelReport;
  let setAside: LabelReport;
  before(() => {
    ensureLabelledCorpora();
    const labels = readLabels();
    tuned = labelReport({}, labels.filter((f) => !f.setAside));
    setAside = labelReport({}, labels.filter((f) => f.setAside));
  });

  test('the labels cover at least 150 tools in at least 10 packages, two of them set aside', () => {
    const labels = readLabels();
    assert.ok(labels.reduce((n, f) => n + f.tools.length, 0) >= 150);
    assert.ok(labels.length >= 10);
    assert.equal(labels.filter((f) => f.setAside).length, 2);
  });
  test('no false alarm on a hint the labels call honest', () => {
    assert.deepEqual(tuned.falseAlarms, [], show(tuned.falseAlarms));
  });
  test('every clearly dishonest hint raises its rule (2 of 2)', () => {
    assert.equal(tuned.dishonest.length, 2);
    assert.equal(tuned.caught.length, 2, show(tuned.missed));
  });
  test('set-aside packages: no false alarm, every dishonest hint caught', () => {
    assert.deepEqual(setAside.falseAlarms, [], show(setAside.falseAlarms));
    assert.equal(setAside.caught.length, setAside.dishonest.length, show(setAside.missed));
  });
  test('the chatgpt profile raises no false alarm either', () => {
    const chatgpt = labelReport({ profile: 'chatgpt' }, readLabels().filter((f) => !f.setAside));
    assert.deepEqual(chatgpt.falseAlarms, [], show(chatgpt.falseAlarms));
  });
});
