// Never a silent pass, in VS Code: a server whose tools exist only at run time (test/fixtures/unlisted-server: the
// names come from a JSON manifest read at start-up) shows a warning at the server and an info at the registration,
// as `check` reports them, with the registration linked under the warning; the status bar counts the registration
// it cannot list, and the report view lists it. Driven with the keyboard (F8, the command palette).
// Screenshots go to test/screenshots/unlisted/ (git-ignored). Needs `bash scripts/install-editors.sh`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { checkJson } from '../cli/helpers';
import {
  REPO_ROOT,
  SCREENSHOTS,
  assertEditorsInstalled,
  buildExtensionIfStale,
  launchChromium,
  makeWorkspace,
  startCodeServer,
  Teardown,
  waitFor,
  workbenchUrl,
} from './editors';

const FIXTURE = join(REPO_ROOT, 'test', 'fixtures', 'unlisted-server');
const SHOTS = join(SCREENSHOTS, 'unlisted');

test('a server whose tools cannot be listed statically: VS Code says so, never "0 tools" and no problem', { timeout: 180_000 }, async (t) => {
  assertEditorsInstalled();
  const teardown = new Teardown();
  t.after(() => teardown.run());
  buildExtensionIfStale();
  rmSync(SHOTS, { recursive: true, force: true });
  mkdirSync(SHOTS, { recursive: true });
  const workspace = makeWorkspace(FIXTURE);
  mkdirSync(join(workspace, '.git'));
  teardown.add(() => rmSync(workspace, { recursive: true, force: true }));
  // What `check` says on the same files: the editor must agree.
  const { output } = checkJson(workspace);
  assert.deepEqual(output.tools, []);
  assert.deepEqual(output.diagnostics.map((d) => `${d.file}:${d.line} ${d.code}`), ['src/index.ts:5 no-tools-found', 'src/manifest.ts:15 unenumerated-tools']);

  const server = await startCodeServer();
  teardown.add(() => server.stop());
  const browser = await launchChromium({ width: 1280, height: 900 });
  teardown.add(() => browser.close());
  const page = await browser.context.newPage();
  page.setDefaultTimeout(30_000);
  const started = Date.now();
  const step = (what: string) => t.diagnostic(`${((Date.now() - started) / 1000).toFixed(1)}s ${what}`);
  let passed = false;
  teardown.add(async () => {
    if (!passed) await page.screenshot({ path: join(SHOTS, 'failure.png') }).catch(() => undefined);
  });
  const press = async (...keys: string[]) => {
    for (const key of keys) await page.keyboard.press(key);
  };

  await page.goto(workbenchUrl(server, workspace, { extensionDevelopmentPath: REPO_ROOT }));
  await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
  step('workbench loaded');
  const row = (name: string) => page.locator('.explorer-folders-view .monaco-list-row', { hasText: new RegExp(`^${name.replace('.', '\\.')}$`) });
  await row('src').click();
  for (const name of ['index.ts', 'manifest.ts']) {
    await row(name).dblclick();
    await page.locator('.tabs-container .tab.active', { hasText: name }).waitFor();
  }
  await page.mouse.move(1000, 820);
  // The extension's status bar item, found by what it shows ("MCP 2 tools").
  const status = page.locator('.statusbar-item', { hasText: /MCP \d+ tools?/ }).first();

  // manifest.ts: the registration it cannot list, counted in the status bar.
  const editor = page.locator('.editor-instance:visible .monaco-editor').first();
  await editor.locator('.squiggly-info').first().waitFor({ timeout: 60_000 });
  await status.filter({ hasText: 'MCP 0 tools · 1 not listed' }).waitFor({ timeout: 30_000 }).catch(async () => {
    assert.fail(`the status bar item says "${await status.innerText().catch(() => '(none)')}"`);
  });
  step('manifest.ts: info squiggle, status bar counts the registration');

  // index.ts: F8 shows the warning at the server, the registration linked under it.
  await press('Alt+1');
  await page.locator('.tabs-container .tab.active', { hasText: 'index.ts' }).waitFor();
  await editor.locator('.squiggly-warning').first().waitFor({ timeout: 30_000 });
  await press('Control+Home', 'F8');
  const widget = page.locator('.marker-widget', { hasText: /found no tool/ }).first();
  await widget.waitFor();
  const text = await widget.innerText();
  assert.match(text, /An MCP server is created here, but mcp-hints found no tool: 1 registration it could not list \(src\/manifest\.ts:14\)/);
  assert.match(text, /manifest\.ts\(14, \d+\): Cannot be listed: the name comes from the loop variable `entry`/, `the registration is linked:\n${text}`);
  await page.screenshot({ path: join(SHOTS, 'no-tools-found.png') });
  await press('Escape');
  step('F8 shows the warning and the linked registration');

  // The report view lists the registration it cannot list, beside the (empty) tool table.
  await press('F1');
  await page.keyboard.type('MCP Hints: Show Tool Annotations Report');
  await page.locator('.quick-input-list .monaco-list-row', { hasText: 'Show Tool Annotations Report' }).first().waitFor();
  await press('Enter');
  const reportText = await waitFor(
    async () => {
      for (const frame of page.frames()) {
        const body = await frame.locator('body').innerText({ timeout: 500 }).catch(() => '');
        if (body.includes('MCP tool annotations') && body.includes('not enumerated')) return body;
      }
      return null;
    },
    30_000,
    'the report view with its registrations',
  );
  assert.match(reportText, /0 tool\(s\), 0 finding\(s\), 1 registration\(s\) not enumerated/);
  assert.match(reportText, /1 registration\(s\) whose tools cannot be listed without running the server/);
  assert.match(reportText, /src\/manifest\.ts:14\s+server\.registerTool\(entry\.name, …\)\s+the name comes from the loop variable `entry`/);
  await page.screenshot({ path: join(SHOTS, 'report.png') });
  step('report view lists the registration');
  passed = true;
});
