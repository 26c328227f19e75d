// How messages name lines and files (engine/line-mention.ts): the tool cache recomputes kept results whose texts
// name a line, so every form a message writes must be recognised, and a tool id must not be taken for one.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { fileLineMention, fileMention, lineMention, mentionsLine } from '../../server/src/engine/syntax';

describe('line mentions', () => {
  test('both forms a message writes are recognised', () => {
    assert.ok(mentionsLine(`calls \`rm\` at ${lineMention(12)}`));
    assert.ok(mentionsLine(`calls \`rm\` at ${fileLineMention('src/index.ts', 560)}`));
    assert.ok(mentionsLine(`Reached through \`wipe\` (${fileLineMention('lib/api.js', 3)})`));
    assert.ok(mentionsLine(fileLineMention('index.ts', 1)));
  });

  test('tool ids, absolute paths and plain text are not line mentions', () => {
    assert.equal(mentionsLine('/work/project/src/server.ts:345'), false);
    assert.equal(mentionsLine('C:\\work\\server.ts:345'), false);
    assert.equal(mentionsLine('the handler calls `fs.writeFile`'), false);
    assert.equal(mentionsLine('readOnlyHint: true'), false);
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
