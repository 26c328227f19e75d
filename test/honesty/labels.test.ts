// The hand labels (test/honesty/labels, LABELLING.md): every label file is well formed and consistent with what its
// server declared, the set is large enough to measure with, and the engine does no worse on it than it did when
// the floors (floors.json) were last set. Figures are printed by `npm run honesty -- --set-aside`.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageFolderName } from '../corpus/fetch';
import { labelledRepos, repoFolder, SRC_CACHE } from '../corpus/src';
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
  test('the measuring stick: at least 400 annotated tools, 40 clearly dishonest hints in 10 packages, about a quarter set aside', () => {
    const annotated = (file: LabelFile) => {
      const declared = declaredOf(file);
      return file.tools.filter((t) => HINT_KEYS.some((k) => typeof declared.get(t.name)?.[k] === 'boolean')).length;
    };
    const all = labels.reduce((n, f) => n + annotated(f), 0);
    const setAside = labels.filter((f) => f.setAside).reduce((n, f) => n + annotated(f), 0);
    const dishonest = labels.flatMap((f) => f.tools.flatMap((t) => (t.dishonest ?? []).map(() => f.package)));
    assert.ok(all >= 400, `${all} annotated tools`);
    assert.ok(dishonest.length >= 40, `${dishonest.length} dishonest hints`);
    assert.ok(new Set(dishonest).size >= 10, `dishonest hints in ${new Set(dishonest).size} packages`);
    assert.ok(setAside / all >= 0.2 && setAside / all <= 0.3, `${setAside} of ${all} annotated tools set aside`);
  });
  for (const file of labels) {
    test(`${file.package}: a package of its corpus, tools it answered, four hints with file:line evidence, consistent verdicts`, () => {
      const pinned = corpusOf(file).packages().find((p) => `${p.package}@${p.version}` === file.package);
      assert.ok(pinned, `${file.package} is not in the ${file.corpus ?? 'wild'} corpus`);
      if (file.corpus === 'src') assert.equal(join(SRC_CACHE, file.dir), repoFolder(labelledRepos().find((r) => r.repo === pinned.package)!));
      else assert.equal(file.dir, packageFolderName(pinned));
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

/** The engine's present figures on the labels (set by `npm run honesty -- --set-aside`): a floor, never a target. */
interface Floors {
  tuned: { falseAlarms: number; caught: number };
  setAside: { falseAlarms: number; caught: number };
  chatgptFalseAlarms: number;
}
const FLOORS: Floors = JSON.parse(readFileSync(join(__dirname, 'floors.json'), 'utf8'));

describe('honesty over the hand labels', () => {
  let tuned: LabelReport;
  let setAside: LabelReport;
  before(() => {
    ensureLabelledCorpora();
    const labels = readLabels();
    tuned = labelReport({}, labels.filter((f) => !f.setAside));
    setAside = labelReport({}, labels.filter((f) => f.setAside));
  });

  test(`tuned packages: no more false alarms than ${FLOORS.tuned.falseAlarms}, at least ${FLOORS.tuned.caught} dishonest hints caught`, () => {
    assert.ok(tuned.falseAlarms.length <= FLOORS.tuned.falseAlarms, show(tuned.falseAlarms));
    assert.ok(tuned.caught.length >= FLOORS.tuned.caught, show(tuned.missed));
  });
  test(`set-aside packages: no more false alarms than ${FLOORS.setAside.falseAlarms}, at least ${FLOORS.setAside.caught} dishonest hints caught`, () => {
    assert.ok(setAside.falseAlarms.length <= FLOORS.setAside.falseAlarms, show(setAside.falseAlarms));
    assert.ok(setAside.caught.length >= FLOORS.setAside.caught, show(setAside.missed));
  });
  test(`the chatgpt profile: no more false alarms than ${FLOORS.chatgptFalseAlarms} on the tuned packages`, () => {
    const chatgpt = labelReport({ profile: 'chatgpt' }, readLabels().filter((f) => !f.setAside));
    assert.ok(chatgpt.falseAlarms.length <= FLOORS.chatgptFalseAlarms, show(chatgpt.falseAlarms));
  });
});
