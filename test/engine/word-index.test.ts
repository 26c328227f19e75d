// Project.filesMentioning: which project files name an identifier as a whole word. The first searches scan the
// texts; past a few, one word index answers the rest. Both must give the same files, in project order.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Project } from '../../server/src/engine/project';

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
  const project = new Project({ readFile: (path) => files[path] }, {});
  project.setProjectFiles(Object.keys(files));
  const scanned = cases.map(([name]) => [...project.filesMentioning(name)]);
  // Enough searches to go past the scans: the answers below come from the index.
  for (let i = 0; i < 20; i++) project.filesMentioning(`unused${i}`);
  const indexed = cases.map(([name]) => [...project.filesMentioning(name)]);
  assert.deepEqual(scanned, cases.map(([, expected]) => expected), 'scanning');
  assert.deepEqual(indexed, cases.map(([, expected]) => expected), 'the index');
});
