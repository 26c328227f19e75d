// `npm start`: checks the example server with the freshly built CLI, says what the exit code means and where the
// two packages `npm start` made are (the VSIX for the editor, the npm tarball for the CLI).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

const { name, version } = JSON.parse(readFileSync('package.json', 'utf8'));
const result = spawnSync(process.execPath, ['dist/cli.js', 'check', 'examples'], { stdio: 'inherit' });
console.log('');
if (result.status === 1) console.log('(The example server has problems on purpose: exit code 1 is what CI would see.)');
const vsix = `${name}-${version}.vsix`;
const tarball = `${name}-${version}.tgz`;
if (existsSync(vsix)) console.log(`Extension package: ${vsix}  (code --install-extension ${vsix})`);
if (existsSync(tarball)) console.log(`CLI package:       ${tarball}  (in your project: npm install -D ./${tarball}, then npx mcp-hints check)`);
process.exit(result.status === 1 ? 0 : (result.status ?? 1));
