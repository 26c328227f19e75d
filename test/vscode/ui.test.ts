// What a user sees: Playwright drives the real VS Code workbench (code-server in headless Chromium) with our
// extension loaded from source. Opens the fixture from the Explorer, waits for the warning squiggle, hovers the
// tool name, applies the annotations quick fix with Ctrl+. and checks the editor text.
// Screenshots go to test/screenshots/ (git-ignored): squiggle.png, hover.png, quick-fix-menu.png, fixed.png.
// Needs `bash scripts/install-editors.sh`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import {
  REPO_ROOT,
  SCREENSHOTS,
  assertEditorsInstalled,
  buildExtensionIfStale,
  launchChromium,
  makeWorkspace,
  startCodeServer,
  Teardown,
  workbenchUrl,
} from './editors';

/**
 * The visible lines of the editor as text. Monaco keeps line elements in any DOM order (sorted here by their
 * `top`), renders spaces as U+00A0, and inlay hints are inline text too: "readOnlyHint: false (default)" shows
 * up in the middle of a line, so assertions anchor on whole lines.
 */
async function editorText(page: Page): Promise<string> {
  // Runs in the browser; typed structurally because this project compiles without the DOM library.
  type LineElement = { style: { top: string }; textContent: string | null };
  return page.locator('.editor-instance .monaco-editor .view-lines .view-line').evaluateAll((elements: LineElement[]) =>
    elements
      .sort((a, b) => parseFloat(a.style.top) - parseFloat(b.style.top))
      .map((line) => (line.textContent ?? '').replace(/\u00a0/g, ' '))
      .join('\n'),
  );
}

const HINTS = ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'];
const HINT_LINE = (hint: string) => new RegExp(`^\\s*${hint}: (true|false),?$`, 'm');

async function shoot(target: Page | Locator, name: string): Promise<void> {
  await target.screenshot({ path: join(SCREENSHOTS, name) });
}

test('squiggle, hover and quick fix in the VS Code UI (code-server + Chromium)', { timeout: 180_000 }, async (t) => {
  assertEditorsInstalled();
  const teardown = new Teardown();
  t.after(() => teardown.run());
  buildExtensionIfStale();
  mkdirSync(SCREENSHOTS, { recursive: true });
  const workspace = makeWorkspace();
  teardown.add(() => rmSync(workspace, { recursive: true, force: true }));
  const server = await startCodeServer();
  teardown.add(() => server.stop());
  // Short enough that the screenshots (copied to images/ for the README) have little empty space.
  const browser = await launchChromium({ width: 1280, height: 640 });
  teardown.add(() => browser.close());
  const page = await browser.context.newPage();
  page.setDefaultTimeout(30_000);
  const started = Date.now();
  const step = (what: string) => t.diagnostic(`${((Date.now() - started) / 1000).toFixed(1)}s ${what}`);
  // Whatever fails, keep a picture of the workbench at that moment.
  teardown.add(async () => {
    if (!passed) await shoot(page, 'failure.png').catch(() => undefined);
  });
  let passed = false;

  await page.goto(workbenchUrl(server, workspace, { extensionDevelopmentPath: REPO_ROOT }));
  await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
  step('workbench loaded');

  // Open the fixture from the Explorer (Quick Open is slower and flakier here).
  const fileInExplorer = page.locator('.explorer-folders-view .monaco-list-row', { hasText: 'tools.ts' });
  await fileInExplorer.waitFor({ timeout: 60_000 });
  await fileInExplorer.click();
  const editor = page.locator('.editor-instance .monaco-editor').first();
  await editor.locator('.view-lines', { hasText: 'delete_user' }).waitFor();
  step('fixture open');
  // Hide the side bar: the screenshots are about the editor.
  await page.keyboard.press('Control+B');
  await page.locator('.part.sidebar').waitFor({ state: 'hidden' });

  // The warning squiggle comes from our diagnostics (TypeScript's own validation is off in the test settings).
  const squiggle = editor.locator('.squiggly-warning');
  await squiggle.first().waitFor({ timeout: 60_000 });
  step('squiggle shown');
  await shoot(page, 'squiggle.png');

  // Problems panel agrees that the warning is ours.
  const problems = page.locator('.markers-panel');
  await page.keyboard.press('Control+Shift+M');
  await problems.locator('.monaco-list-row', { hasText: 'mcp-hints' }).first().waitFor();
  const problemText = await problems.innerText();
  assert.match(problemText, /missing-annotations/, `the Problems panel lists missing-annotations:\n${problemText}`);
  await page.keyboard.press('Control+Shift+M'); // close it again so the editor has room
  await problems.waitFor({ state: 'hidden' }).catch(() => undefined);

  // Hover the tool name: the hover explains every hint and its default.
  const toolName = editor.locator('.view-line span span', { hasText: "'delete_user'" }).first();
  await toolName.hover();
  // Retry: a hover requested while the language server was still starting is empty, and VS Code keeps it.
  const hover = page.locator('.monaco-hover:not(.hidden) .monaco-hover-content', { hasText: 'readOnlyHint' }).first();
  const hoverDeadline = Date.now() + 30_000;
  for (;;) {
    await toolName.hover();
    if (await hover.waitFor({ timeout: 3_000 }).then(() => true, () => false)) break;
    if (Date.now() > hoverDeadline) throw new Error('no hover mentioning readOnlyHint on the tool name within 30 s');
    await page.keyboard.press('Escape');
    await page.mouse.move(5, 5);
  }
  const hoverText = await hover.innerText();
  step('hover shown');
  for (const hint of HINTS) assert.ok(hoverText.includes(hint), `the hover names ${hint}:\n${hoverText}`);
  assert.match(hoverText, /default/i, `the hover says which values are defaults:\n${hoverText}`);
  await shoot(page, 'hover.png');
  await page.keyboard.press('Escape');
  await page.mouse.move(5, 5);

  // Quick fix: cursor on the tool name, Ctrl+., pick the annotations fix ("Annotate: <what the handler does>", or
  // "Add annotations (…)" when the engine infers nothing). Retried like the hover: a request that
  // races the server's re-analysis can come back empty ("No code actions available").
  await toolName.click();
  const menu = page.locator('.action-widget');
  const addAnnotations = menu.locator('.monaco-list-row', { hasText: /Annotate:|Add annotations/ }).first();
  const menuDeadline = Date.now() + 30_000;
  for (;;) {
    await page.keyboard.press('Control+.');
    if (await addAnnotations.waitFor({ timeout: 3_000 }).then(() => true, () => false)) break;
    if (Date.now() > menuDeadline) throw new Error('Ctrl+. on the tool name never offered the annotations fix within 30 s');
    await page.keyboard.press('Escape');
  }
  step('quick fix menu shown');
  await shoot(page, 'quick-fix-menu.png');
  // Keyboard, as a user would: move the focus to the fix (it is first when preferred), then Enter.
  // (Clicking the row times out: Playwright never sees the animated widget as stable.)
  const focused = menu.locator('.monaco-list-row.focused');
  for (let i = 0; i < 10 && !/Annotate:|Add annotations/.test(await focused.innerText().catch(() => '')); i++) {
    await page.keyboard.press('ArrowDown');
  }
  assert.match(await focused.innerText(), /Annotate:|Add annotations/, 'the annotations fix is focused in the menu');
  await page.keyboard.press('Enter');
  // Wait for the edit itself (not just any "readOnlyHint": the inlay hints say that before the fix).
  const fixDeadline = Date.now() + 15_000;
  let fixed = await editorText(page);
  while (!/^\s*annotations: \{$/m.test(fixed)) {
    if (Date.now() > fixDeadline) assert.fail(`the editor never showed an annotations object:\n${fixed}`);
    await page.waitForTimeout(200);
    fixed = await editorText(page);
  }
  step('fix applied');
  for (const hint of HINTS) assert.match(fixed, HINT_LINE(hint), `the editor shows ${hint} on its own line:\n${fixed}`);

  // Save, and check what reached the disk (the editor's text without any decoration).
  await page.keyboard.press('Control+S');
  const fixturePath = join(workspace, 'tools.ts');
  const saveDeadline = Date.now() + 15_000;
  while (!readFileSync(fixturePath, 'utf8').includes('annotations:')) {
    if (Date.now() > saveDeadline) assert.fail('Ctrl+S did not write the fixed file');
    await page.waitForTimeout(200);
  }
  const saved = readFileSync(fixturePath, 'utf8');
  for (const hint of HINTS) assert.match(saved, HINT_LINE(hint), `the saved file declares ${hint}:\n${saved}`);
  assert.match(saved, /^\s*readOnlyHint: false,?$/m, 'a tool that deletes users is not read-only');
  assert.match(saved, /^\s*destructiveHint: true,?$/m, 'a tool that deletes users is destructive');
  step('saved');
  // The squiggle goes away once the server has re-analysed the buffer.
  await squiggle.first().waitFor({ state: 'detached', timeout: 20_000 });
  step('squiggle gone');
  // The code lens above the registration follows the edit too (it said "(no annotations)" before).
  await editor.locator('.codelens-decoration', { hasText: 'no annotations' }).waitFor({ state: 'detached', timeout: 15_000 });
  step('code lens updated');
  await shoot(page, 'fixed.png');
  passed = true;
});
