// How messages name lines and files (syntax/line-mention.ts): a mention of the analysed file's line is recorded in its
// tree's index, which the tool cache reads to recompute kept results after a line break.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import ts from 'typescript';
import { fileLineMention, fileMention, lineMention, lineMentionsOf } from '../../server/src/engine/syntax';

describe('line mentions', () => {
  test('a mention of the analysed file is noted in its tree, an other file\'s mention is only text', () => {
    const sf = ts.createSourceFile('/p/a.ts', 'const a = 1;\n', ts.ScriptTarget.Latest, true);
    assert.equal(lineMention(12, sf), 'line 12');
    assert.deepEqual([...(lineMentionsOf(sf) ?? [])], ['line 12']);
    assert.equal(fileLineMention('src/index.ts', 560), 'src/index.ts:560');
    assert.deepEqual([...(lineMentionsOf(sf) ?? [])], ['line 12']);
  });
});

describe('file mentions', () => {
  test('relative to the nearest project folder that holds the file', () => {
    assert.equal(fileMention('/repo/packages/a/src/api.ts', '/repo/packages/a/src/index.ts', ['/repo', '/repo/packages/a']), 'src/api.ts');
    assert.equal(fileMention('/repo/src/lib/api.ts', '/repo/src/index.ts', ['/repo']), 'src/lib/api.ts');
  });

  test('without a project folder that holds it: relative to the registration\'s folder, else the base name', () => {
    assert.equal(fileMention('/x/src/lib/api.ts', '/x/src/index.ts'), 'lib/api.ts');
    assert.equal(fileMention('/y/lib/api.ts', '/x/src/index.ts', ['/x']), 'api.ts');
  });
});
