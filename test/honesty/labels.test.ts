// The engine against the hand labels (test/honesty/labels, LABELLING.md): no contradiction finding on a hint the
// labels call honest, and every clearly dishonest hint caught. Set-aside packages (never tuned to) are held to
// the same bar. Figures are printed by `npm run honesty -- --set-aside`.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { CORPORA } from '../corpus/location';
import { labelReport, readLabels, type LabelReport, type Outcome } from './labels';

const show = (list: Outcome[]) => list.map((o) => `${o.package} ${o.tool} ${o.hint}: ${o.line}`).join('\n');

describe('honesty over the hand labels', () => {
  let tuned: LabelReport;
  let setAside: LabelReport;
  before(() => {
    CORPORA.wild.ensure();
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
