// Runs every test file under test/ with node's test runner (TypeScript through tsx).
// `npm test -- lsp corpus` runs only the files whose path contains one of the words.
// First it sets up what the tests drive (scripts/install-editors.sh: idempotent, quick when all is there), so a
// fresh clone needs nothing but Node and npm; the corpus packages are fetched by the tests that read them.
import { spawnSync } from 'node:child_process';
import { globSync } from 'tinyglobby';

const filters = process.argv.slice(2);
const files = globSync(['test/**/*.test.ts'], { ignore: ['**/fixtures/**', '**/node_modules/**'] })
  .filter((f) => filters.length === 0 || filters.some((w) => f.includes(w)))
  .sort();
if (files.length === 0) {
  console.error(`no test files match ${filters.join(' ')}`);
  process.exit(2);
}
const EDITOR_TESTS = ['test/vscode/', 'test/neovim/', 'test/lsp/vscode-client', 'test/grammar/vscode-highlight'];
if (files.some((f) => EDITOR_TESTS.some((prefix) => f.startsWith(prefix)))) {
  const editors = spawnSync('bash', ['scripts/install-editors.sh'], { stdio: 'inherit' });
  if (editors.status !== 0) {
    console.error('npm test: the editors the tests drive could not be installed (see the message above); nothing was run.');
    process.exit(editors.status ?? 1);
  }
}
const result = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=1', ...files], { stdio: 'inherit' });
process.exit(result.status ?? 1);
