// Extension-test entry (`extensionTestsPath`) for the client suite: runs client.vscode.ts with mocha in
// VS Code's extension host and writes a JSON summary to MCP_HINTS_VSCODE_RESULT, which the node side polls
// (code-server gives it no exit code).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Mocha from 'mocha';

export interface ClientSuiteResult {
  done: boolean;
  passed: string[];
  failed: { title: string; error: string }[];
  error?: string;
}

export async function run(): Promise<void> {
  const result: ClientSuiteResult = { done: false, passed: [], failed: [] };
  const save = () => writeFileSync(process.env.MCP_HINTS_VSCODE_RESULT!, JSON.stringify(result, null, 2));
  save();
  try {
    const mocha = new Mocha({ ui: 'bdd', timeout: 60_000, color: false });
    // Bundled next to this file by ../vscode-client.test.ts.
    mocha.addFile(join(__dirname, 'client.js'));
    await new Promise<void>((resolve) => {
      const runner = mocha.run(() => resolve());
      runner.on('pass', (test) => result.passed.push(test.fullTitle()));
      runner.on('fail', (test, error: Error) => result.failed.push({ title: test.fullTitle(), error: error?.stack ?? String(error) }));
    });
  } catch (error) {
    result.error = error instanceof Error ? (error.stack ?? error.message) : String(error);
  }
  result.done = true;
  save();
  if (result.error || result.failed.length > 0) throw new Error('mcp-hints client suite failed');
}
