// The VS Code client in real VS Code (code-server, as test/vscode does): commands, the report webview,
// restart on command and after a crash. A missing editor is a failure (npm test installs them first).
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import * as esbuild from 'esbuild';
import type { ClientSuiteResult } from './vscode-client/runner';
import {
  CHROMIUM,
  CODE_SERVER_ENTRY,
  REPO_ROOT,
  buildExtensionIfStale,
  launchChromium,
  makeWorkspace,
  startCodeServer,
  Teardown,
  waitFor,
  workbenchUrl,
} from '../vscode/editors';

const OUT = join(REPO_ROOT, 'test', '.tmp', 'vscode-client-suite');
test('the VS Code client: commands, report, restarts', { timeout: 240_000 }, async (t) => {
  assert.ok(existsSync(CODE_SERVER_ENTRY) && existsSync(CHROMIUM), 'code-server and Chromium are installed (bash scripts/install-editors.sh)');
  const teardown = new Teardown();
  t.after(() => teardown.run());
  buildExtensionIfStale();
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  await esbuild.build({
    entryPoints: { index: join(REPO_ROOT, 'test', 'lsp', 'vscode-client', 'runner.ts'), client: join(REPO_ROOT, 'test', 'lsp', 'vscode-client', 'client.vscode.ts') },
    outdir: OUT,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    external: ['vscode'],
    logLevel: 'error',
  });
  const resultFile = join(OUT, 'result.json');
  const workspace = makeWorkspace();
  teardown.add(() => rmSync(workspace, { recursive: true, force: true }));
  const server = await startCodeServer({ env: { MCP_HINTS_VSCODE_RESULT: resultFile } });
  teardown.add(() => server.stop());
  const browser = await launchChromium();
  teardown.add(() => browser.close());
  const page = await browser.context.newPage();
  await page.goto(workbenchUrl(server, workspace, { extensionDevelopmentPath: REPO_ROOT, extensionTestsPath: join(OUT, 'index.js') }));
  // When the suite asks (a marker file), click the first row of the report webview like a user would:
  // this runs the page's script under its CSP and the extension's message handler.
  const marker = join(OUT, 'click-row');
  let clicked = false;
  const clicker = setInterval(() => {
    if (clicked || !existsSync(marker)) return;
    clicked = true;
    void (async () => {
      for (let attempt = 0; attempt < 40; attempt++) {
        for (const frame of page.frames()) {
          const row = await frame.$('tbody tr[data-index="0"]').catch(() => null);
          if (row) {
            await row.click();
            return;
          }
        }
        await new Promise((r) => setTimeout(r, 500));
      }
    })();
  }, 300);
  teardown.add(() => clearInterval(clicker));
  const result = await waitFor(
    async () => {
      try {
        const r = JSON.parse(readFileSync(resultFile, 'utf8')) as ClientSuiteResult;
        return r.done ? r : null;
      } catch {
        return null;
      }
    },
    200_000,
    'the client suite to finish',
  ).catch((e: Error) => {
    throw new Error(`${e.message}\n--- code-server output ---\n${server.output().slice(-4000)}`);
  });
  for (const name of result.passed) t.diagnostic(`passed: ${name}`);
  assert.equal(result.error, undefined, `the suite could not run: ${result.error}`);
  assert.deepEqual(result.failed, [], `${JSON.stringify(result.failed, null, 2)}\n--- the extension's log ---\n${server.extensionLog().slice(-6000)}`);
  assert.equal(result.passed.length, 5, JSON.stringify(result.passed));
});
