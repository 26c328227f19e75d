// Entry point of the integration suite, in the shape @vscode/test-electron expects (`extensionTestsPath`):
// VS Code's extension host calls `run()` once the workbench is up and our extension is loaded from source.
// Besides resolving or rejecting, it writes a JSON summary so a launcher that cannot see the extension host's
// exit code (code-server in a browser) can read the outcome: MCP_HINTS_VSCODE_RESULT, or result.json next to
// this file.
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Mocha from 'mocha';

export interface SuiteResult {
  /** false while the tests still run. */
  done: boolean;
  passed: string[];
  failed: { title: string; error: string }[];
  pending: string[];
  /** A failure outside any test (the suite could not load or run). */
  error?: string;
  durationMs: number;
}

export function resultPath(): string {
  return process.env.MCP_HINTS_VSCODE_RESULT ?? join(__dirname, 'result.json');
}

export async function run(): Promise<void> {
  const started = Date.now();
  const result: SuiteResult = { done: false, passed: [], failed: [], pending: [], durationMs: 0 };
  const save = () => {
    result.durationMs = Date.now() - started;
    writeFileSync(resultPath(), JSON.stringify(result, null, 2));
  };
  save();
  try {
    const mocha = new Mocha({ ui: 'bdd', timeout: 60_000, color: false, reporter: 'spec' });
    for (const file of readdirSync(__dirname).filter((f) => f.endsWith('.suite.js')).sort()) {
      mocha.addFile(join(__dirname, file));
    }
    await new Promise<void>((resolve) => {
      const runner = mocha.run(() => resolve());
      runner.on('pass', (test) => result.passed.push(test.fullTitle()));
      runner.on('pending', (test) => result.pending.push(test.fullTitle()));
      runner.on('fail', (test, error: Error) => {
        result.failed.push({ title: test.fullTitle(), error: error?.stack ?? String(error) });
      });
    });
  } catch (error) {
    result.error = error instanceof Error ? (error.stack ?? error.message) : String(error);
  }
  result.done = true;
  save();
  if (result.error) throw new Error(result.error);
  if (result.failed.length > 0) throw new Error(`${result.failed.length} VS Code integration test(s) failed`);
}
