// Every relative link in the README and docs/ leads somewhere: the file exists, and a `#fragment` names a heading
// of that file (as GitHub makes anchors from headings).
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { test } from 'node:test';

const root = join(__dirname, '..');
const documents = ['README.md', 'CHANGELOG.md', ...readdirSync(join(root, 'docs'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.md')).map((f) => join('docs', f))];

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function anchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
}

function anchorsOf(file: string): Set<string> {
  const text = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
  return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((m) => anchor(m[1])));
}

test('relative links in the README and docs/ resolve', () => {
  const broken: string[] = [];
  let checked = 0;
  for (const doc of documents) {
    const text = readFileSync(join(root, doc), 'utf8').replace(/```[\s\S]*?```/g, '');
    for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/.test(target)) continue;
      checked++;
      const [path, fragment] = target.split('#');
      const file = path === '' ? join(root, doc) : join(root, dirname(doc), path);
      if (!existsSync(file)) {
        broken.push(`${doc}: ${target} (no ${relative(root, file)})`);
      } else if (fragment !== undefined && !(statSync(file).isFile() && anchorsOf(file).has(fragment))) {
        broken.push(`${doc}: ${target} (no heading #${fragment})`);
      }
    }
  }
  assert.ok(checked > 20, `only ${checked} links found`);
  assert.deepEqual(broken, []);
});
