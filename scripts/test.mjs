// Runs every test file under test/ with node's test runner (TypeScript through tsx).
// `npm test -- lsp corpus` runs only the files whose path contains one of the words.
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
const result = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=1', ...files], { stdio: 'inherit' });
process.exit(result.status ?? 1);
