// Fixes write string literals with the quote most of the file's literals use (quoteOf in engine/fixes.ts): a quote
// counts when it opens and closes a run on one line, as the regular expression /'[^'\n]*'/g matches them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { quoteOf } from '../../server/src/engine/fixes/edits';

const table: [string, string, '"' | "'"][] = [
  ['more single-quoted literals', `const a = 'x'; const b = 'y'; const c = "z";`, "'"],
  ['more double-quoted literals', `const a = "x"; const b = "y"; const c = 'z';`, '"'],
  ['a tie, and an empty file, write double quotes', `const a = 'x'; const b = "y";`, '"'],
  ['', '', '"'],
  ['apostrophes that close nothing on their line do not count', `// don't\n// won't\nconst a = "x";`, '"'],
  ['a run that would close on the next line does not count', `const a = 'x\n'; const b = "y";`, '"'],
  ['an apostrophe before a literal on its line pairs with its opening quote', `// it's 'x'\nconst b = "y";`, '"'],
  ['backquotes count for neither', 'const a = `x`; const b = `y`; const c = \'z\';', "'"],
];

for (const [name, text, quote] of table) {
  test(`quoteOf: ${name || 'empty file'}`, () => assert.equal(quoteOf(text), quote));
}

test('quoteOf agrees with counting the regular expression’s matches on random texts', () => {
  const count = (text: string, pattern: RegExp) => (text.match(pattern) ?? []).length;
  let seed = 7;
  const next = (below: number) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % below;
  };
  const characters = ["'", '"', '\n', 'a', ' '];
  for (let round = 0; round < 2000; round++) {
    const text = Array.from({ length: next(40) }, () => characters[next(characters.length)]).join('');
    const expected = count(text, /'[^'\n]*'/g) > count(text, /"[^"\n]*"/g) ? "'" : '"';
    assert.equal(quoteOf(text), expected, JSON.stringify(text));
  }
});
