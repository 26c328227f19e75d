// Runs the integration suite (test/vscode/suite) inside real VS Code: code-server 4.100.3 serves the workbench,
// headless Chromium opens it with VS Code web's `payload` parameter naming our extension as the development
// extension and the bundled suite as `extensionTestsPath`; the suite runs in code-server's extension host and
// writes its outcome to a JSON file we poll. Needs `bash scripts/install-editors.sh`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { SuiteResult } from './suite';
import {
  REPO_ROOT,
  buildExtensionIfStale,
  buildSuite,
  launchChromium,
  makeWorkspace,
  startCodeServer,
  Teardown,
  waitFor,
  workbenchUrl,
  assertEditorsInstalled,
  SUITE_OUT,
} from './editors';

const START_TIMEOUT_MS = 60_000;
const SUITE_TIMEOUT_MS = 100_000;

test('the integration suite passes inside code-server (real VS Code)', { timeout: 180_000 }, async (t) => {
  assertEditorsInstalled();
  const teardown = new Teardown();
  t.after(() => teardown.run());
  buildExtensionIfStale();
  const suiteEntry = await buildSuite();
  const resultFile = join(SUITE_OUT, 'result.json');
  rmSync(resultFile, { force: true });
  const workspace = makeWorkspace();
  teardown.add(() => rmSync(workspace, { recursive: true, force: true }));

  const server = await startCodeServer({ env: { MCP_HINTS_VSCODE_RESULT: resultFile } });
  teardown.add(() => server.stop());
  const browser = await launchChromium();
  teardown.add(() => browser.close());

  const page = await browser.context.newPage();
  const started = Date.now();
  const browserErrors: string[] = [];
  page.on('pageerror', (error) => browserErrors.push(error.message));
  await page.goto(workbenchUrl(server, workspace, { extensionDevelopmentPath: REPO_ROOT, extensionTestsPath: suiteEntry }));

  /** The suite's summary once it says it is done (a half-written file reads as not done yet). */
  const finishedResult = (): SuiteResult | null => {
    try {
      const result = JSON.parse(readFileSync(resultFile, 'utf8')) as SuiteResult;
      return result.done ? result : null;
    } catch {
      return null;
    }
  };
  const explain = (error: Error) => {
    const state = existsSync(resultFile) ? 'the suite started but did not finish' : 'the suite never started';
    return new Error(
      `${error.message} (${state})\n--- code-server output ---\n${server.output().slice(-4000)}\n` +
        `--- browser errors ---\n${browserErrors.slice(-10).join('\n')}`,
    );
  };
  // Two deadlines: the extension host must start the suite soon; the tests then get the rest of the budget.
  await waitFor(async () => existsSync(resultFile), START_TIMEOUT_MS, `the suite to start (${resultFile})`).catch((e) => {
    throw explain(e);
  });
  t.diagnostic(`suite started after ${((Date.now() - started) / 1000).toFixed(1)}s`);
  const result = await waitFor(async () => finishedResult(), SUITE_TIMEOUT_MS, 'the suite to finish').catch((e) => {
    throw explain(e);
  });
  t.diagnostic(`suite finished after ${((Date.now() - started) / 1000).toFixed(1)}s (tests: ${(result.durationMs / 1000).toFixed(1)}s)`);

  for (const name of result.passed) t.diagnostic(`passed: ${name}`);
  const failures = result.failed.map((f) => `${f.title}\n${f.error}`).join('\n\n');
  assert.equal(result.error, undefined, `the suite could not run: ${result.error}`);
  assert.equal(result.failed.length, 0, `failed in VS Code:\n${failures}`);
  assert.ok(result.passed.length >= 5, `expected at least 5 passing tests, got ${JSON.stringify(result.passed)}`);
});
