// The server notes the span of each edit the client sends (EditSpans), so the project does not compare two
// versions of a large file to find it. Whatever the edits, the span it hands over must describe the change: the
// texts agree before it and after it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { EditSpans } from '../../server/src/lsp/workspace';

const URI = 'file:///virtual/edit-spans/server.ts';

function describes(before: string, after: string, span: { span: { start: number; length: number }; newLength: number }): boolean {
  const { start, length } = span.span;
  return before.slice(0, start) === after.slice(0, start) && before.slice(start + length) === after.slice(start + span.newLength) && after.length === before.length - length + span.newLength;
}

test('each ranged edit, and several collapsed between two reads, hand over a span that describes the change', () => {
  const spans = new EditSpans();
  let doc = spans.create(URI, 'typescript', 1, 'server.registerTool("a", { description: "one" }, async () => ({ content: [] }));\n'.repeat(20));
  let seed = 7;
  const next = (below: number) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % below;
  };
  let taken = doc.getText();
  for (let round = 0; round < 40; round++) {
    // One to three edits before the project reads the text again.
    for (let edit = next(3); edit >= 0; edit--) {
      const text = doc.getText();
      const start = next(text.length);
      const end = Math.min(text.length, start + next(6));
      const inserted = ['', 'x', '\n', '"})', 'ab\ncd'][next(5)];
      doc = spans.update(doc, [{ range: { start: doc.positionAt(start), end: doc.positionAt(end) }, text: inserted }], doc.version + 1);
    }
    const span = spans.take(URI, doc.getText());
    assert.ok(span, `round ${round}: a span`);
    assert.equal(span.text, taken, `round ${round}: from the text read last`);
    assert.ok(describes(taken, doc.getText(), span.change), `round ${round}: the span describes the change`);
    taken = doc.getText();
    assert.equal(spans.take(URI, taken), undefined, 'a span is handed over once');
  }
});

test('a whole-text change, or several changes in one message, leave the span to a comparison of the texts', () => {
  const spans = new EditSpans();
  let doc = spans.create(URI, 'typescript', 1, 'const a = 1;\nconst b = 2;\n');
  doc = spans.update(doc, [{ text: 'const a = 3;\n' }], 2);
  assert.equal(spans.take(URI, doc.getText()), undefined, 'whole text');
  doc = spans.update(doc, [{ range: { start: { line: 0, character: 6 }, end: { line: 0, character: 7 } }, text: 'z' }], 3);
  doc = spans.update(
    doc,
    [
      { range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: '// x\n' },
      { range: { start: { line: 1, character: 0 }, end: { line: 1, character: 5 } }, text: 'let' },
    ],
    4,
  );
  assert.equal(spans.take(URI, doc.getText()), undefined, 'two changes in one message (an earlier span is dropped too)');
  doc = spans.update(doc, [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: 'x' }], 5);
  assert.equal(spans.take(URI, 'some other text'), undefined, 'a span that does not lead to the text asked about');
});

test('a closed document keeps no text', () => {
  const spans = new EditSpans();
  let doc = spans.create(URI, 'typescript', 1, 'const a = 1;\n');
  doc = spans.update(doc, [{ range: { start: { line: 0, character: 6 }, end: { line: 0, character: 7 } }, text: 'b' }], 2);
  spans.forget(URI);
  assert.equal(spans.take(URI, doc.getText()), undefined);
});
