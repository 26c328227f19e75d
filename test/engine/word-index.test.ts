// Project.filesMentioning: which project files name an identifier as a whole word. The first searches scan the
// texts; past WORD_INDEX_AFTER names, one word index answers the rest. Both must give the same files, in project order,
// and an answer is kept only until a project file changes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Project, WORD_INDEX_AFTER } from '../../server/src/engine/project/project';

const files: Record<string, string> = {
  '/w/a.ts': 'registerAll(server)',
  '/w/b.ts': 'import { registerAll } from "./a";\nexport const $tools = [];\n',
  '/w/c.ts': '// registerAllTools is another word\nconst café = 1; x.$tools.push(café);',
  '/w/d.ts': 'registerAll',
  '/w/e.ts': '',
};

const cases: [string, string[]][] = [
  ['registerAll', ['/w/a.ts', '/w/b.ts', '/w/d.ts']],
  ['registerAllTools', ['/w/c.ts']],
  ['register', []],
  ['$tools', ['/w/b.ts', '/w/c.ts']],
  ['tools', []],
  ['café', ['/w/c.ts']],
  ['caf', []],
  ['server', ['/w/a.ts']],
  ['import', ['/w/b.ts']],
];

test('whole-word mentions: the same files before and after the word index is built', () => {
  const scanning = new Project({ readFile: (path) => files[path] }, {});
  scanning.setProjectFiles(Object.keys(files));
  const scanned = cases.map(([name]) => [...scanning.filesMentioning(name)]);
  // Answers are kept by name, so the index answers only names asked after enough others.
  const indexing = new Project({ readFile: (path) => files[path] }, {});
  indexing.setProjectFiles(Object.keys(files));
  for (let i = 0; i < WORD_INDEX_AFTER; i++) indexing.filesMentioning(`unused${i}`);
  const indexed = cases.map(([name]) => [...indexing.filesMentioning(name)]);
  assert.deepEqual(scanned, cases.map(([, expected]) => expected), 'scanning');
  assert.deepEqual(indexed, cases.map(([, expected]) => expected), 'the index');
});

test('a kept answer goes when a project file changes', () => {
  for (const before of [0, WORD_INDEX_AFTER]) {
    const project = new Project({ readFile: (path) => files[path] }, {});
    project.setProjectFiles(Object.keys(files));
    for (let i = 0; i < before; i++) project.filesMentioning(`unused${i}`);
    assert.deepEqual([...project.filesMentioning('registerAll')], ['/w/a.ts', '/w/b.ts', '/w/d.ts']);
    project.setFileText('/w/e.ts', 'registerAll(other)');
    project.setFileText('/w/a.ts', 'register(server)');
    assert.deepEqual([...project.filesMentioning('registerAll')], ['/w/b.ts', '/w/d.ts', '/w/e.ts'], `after ${before} other names`);
  }
});
