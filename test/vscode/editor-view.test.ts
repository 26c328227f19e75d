// What a user sees in VS Code on a server split over several files (test/fixtures/notes-server: an index
// registering the tools three modules define, their handlers calling a store), driven with the keyboard as a user
// would: every squiggle on one line over the node that carries the finding, each finding once (in its own file,
// at the line `check` reports), its evidence as related information, inlay hints inside the annotations object,
// and the "Annotate" quick fix written beside the name without moving the cursor.
// Screenshots go to test/screenshots/editor-view/ (git-ignored; the reviewed ones are copied to images/editor-view/).
// Needs `bash scripts/install-editors.sh`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
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
  workbenchUrl,
} from './editors';

const FIXTURE = join(REPO_ROOT, 'test', 'fixtures', 'notes-server');
const SHOTS = join(SCREENSHOTS, 'editor-view');

/**
 * Line number → the line's text as shown, for the visible lines of the active editor. Inlay hints are inline text
 * too, their padding a hair space (U+200A, matched by `\s`).
 */
async function visibleLines(page: Page): Promise<Map<number, string>> {
  // Runs in the browser; typed structurally because this project compiles without the DOM library.
  type Element = { getBoundingClientRect(): { top: number }; textContent: string | null; querySelectorAll(s: string): ArrayLike<Element> };
  const editor = page.locator('.editor-instance:visible .monaco-editor').first();
  const rows = await editor.evaluate((root: Element) => {
    // (No named functions in here: the test's transpiler would wrap them in a helper the page does not have.)
    const numbers = new Map(Array.from(root.querySelectorAll('.margin-view-overlays .line-numbers')).map((e) => [Math.round(e.getBoundingClientRect().top), Number(e.textContent)]));
    return Array.from(root.querySelectorAll('.view-lines .view-line')).map(
      (e) => [numbers.get(Math.round(e.getBoundingClientRect().top)) ?? -1, (e.textContent ?? '').replace(/\u00a0/g, ' ')] as const,
    );
  });
  return new Map(rows.filter(([line]) => line > 0));
}

/** Waits for line `line` of the active editor to read like `pattern` (inlay hints arrive after the text). */
async function expectLine(page: Page, line: number, pattern: RegExp): Promise<void> {
  const deadline = Date.now() + 15_000;
  let text = (await visibleLines(page)).get(line) ?? '';
  while (!pattern.test(text) && Date.now() < deadline) {
    await page.waitForTimeout(250);
    text = (await visibleLines(page)).get(line) ?? '';
  }
  assert.match(text, pattern, `line ${line}`);
}

/** The line numbers that carry a squiggle (any severity) in the active editor. */
async function squiggledLines(page: Page): Promise<number[]> {
  type Element = { getBoundingClientRect(): { top: number; bottom: number }; textContent: string | null; querySelectorAll(s: string): ArrayLike<Element> };
  const editor = page.locator('.editor-instance:visible .monaco-editor').first();
  return editor.evaluate((root: Element) => {
    const numbers = Array.from(root.querySelectorAll('.margin-view-overlays .line-numbers')).map((e) => ({ rect: e.getBoundingClientRect(), line: Number(e.textContent) }));
    const lines = Array.from(root.querySelectorAll('.view-overlays [class*="squiggly-"]')).map((squiggle) => {
      const middle = (squiggle.getBoundingClientRect().top + squiggle.getBoundingClientRect().bottom) / 2;
      return numbers.find((n) => n.rect.top <= middle && middle <= n.rect.bottom)?.line ?? -1;
    });
    return [...new Set(lines)].sort((a, b) => a - b);
  });
}

/** Waits for the status bar to show the cursor at `position` ("Ln 24, Col 5"); fails saying where it is. */
async function cursorAt(page: Page, position: string, what: string): Promise<void> {
  const selection = page.locator('#status\\.editor\\.selection');
  await selection.filter({ hasText: position }).waitFor({ timeout: 5_000 }).catch(async () => {
    assert.fail(`${what}: the cursor is at ${(await selection.innerText()).trim()}, not ${position}`);
  });
}

test('a multi-file server in VS Code: narrow squiggles, each finding once, related information, inlay hints, the fix', { timeout: 180_000 }, async (t) => {
  assertEditorsInstalled();
  const teardown = new Teardown();
  t.after(() => teardown.run());
  buildExtensionIfStale();
  rmSync(SHOTS, { recursive: true, force: true });
  mkdirSync(SHOTS, { recursive: true });
  const workspace = makeWorkspace(FIXTURE);
  mkdirSync(join(workspace, '.git'));
  teardown.add(() => rmSync(workspace, { recursive: true, force: true }));
  // What `check` reports on the same files: the editor must show each of these once, where `check` says.
  const cli = checkJson(workspace).output.diagnostics;
  const linesOf = (file: string) => [...new Set(cli.filter((d) => d.file === file).map((d) => d.line))].sort((a, b) => a - b);
  assert.ok(cli.filter((d) => d.severity === 'warning').length >= 4, JSON.stringify(cli));

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
  const shoot = (name: string) => page.screenshot({ path: join(SHOTS, name) });
  const press = async (...keys: string[]) => {
    for (const key of keys) await page.keyboard.press(key);
  };
  /** Ctrl+G: the cursor to a line and column, as a user types it. */
  const goTo = async (line: number, column: number) => {
    await press('Control+G');
    await page.keyboard.type(`${line}:${column}`);
    await press('Enter');
    await cursorAt(page, `Ln ${line}, Col ${column}`, 'Ctrl+G');
  };

  await page.goto(workbenchUrl(server, workspace, { extensionDevelopmentPath: REPO_ROOT }));
  await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
  step('workbench loaded');

  // Open the index and the three modules from the Explorer (a double click keeps each tab open).
  const row = (name: string) => page.locator('.explorer-folders-view .monaco-list-row', { hasText: new RegExp(`^${name.replace('.', '\\.')}$`) });
  const open = async (name: string) => {
    await row(name).dblclick();
    await page.locator('.tabs-container .tab.active', { hasText: name }).waitFor();
  };
  await row('src').click();
  await open('index.ts');
  await row('tools').click();
  for (const name of ['trash.ts', 'search.ts', 'notes.ts']) await open(name);
  /** Alt+N, the N-th editor tab (index, trash, search, notes). */
  const TABS = ['index.ts', 'trash.ts', 'search.ts', 'notes.ts'];
  const showTab = async (name: string) => {
    await press(`Alt+${TABS.indexOf(name) + 1}`);
    await page.locator('.tabs-container .tab.active', { hasText: name }).waitFor();
  };
  await press('Control+B');
  await page.locator('.part.sidebar').waitFor({ state: 'hidden' });
  // The mouse rests below the code, where it shows no hover in the screenshots; the keyboard does the rest.
  await page.mouse.move(1000, 820);
  const editor = page.locator('.editor-instance:visible .monaco-editor').first();
  await editor.locator('.squiggly-warning').first().waitFor({ timeout: 60_000 });
  step('files open, squiggle shown');

  // Each finding once: the status bar counts the warnings of every open file, as many as `check` reports.
  const warnings = cli.filter((d) => d.severity === 'warning').length;
  await page.locator(`#status\\.problems[aria-label="Warnings: ${warnings}"]`).waitFor({ timeout: 30_000 }).catch(async () => {
    assert.fail(`the status bar says ${await page.locator('#status\\.problems').getAttribute('aria-label')}, \`check\` reports ${warnings} warnings`);
  });

  // Squiggles: on the lines `check` reports for this file, and nowhere else (a range over several lines would
  // squiggle them all).
  const squiggles = async (file: string, expected = linesOf(file)) => {
    const deadline = Date.now() + 15_000;
    let shown = await squiggledLines(page);
    while (JSON.stringify(shown) !== JSON.stringify(expected) && Date.now() < deadline) {
      await page.waitForTimeout(250);
      shown = await squiggledLines(page);
    }
    assert.deepEqual(shown, expected, `${file}: squiggled lines`);
  };
  await squiggles('src/tools/notes.ts');

  // F8, the next problem: the widget names the evidence in the other file as related information.
  await press('Control+Home', 'F8');
  const widget = page.locator('.marker-widget', { hasText: /readOnlyHint: true`?, but/ }).first();
  await widget.waitFor();
  const widgetText = await widget.innerText();
  assert.match(widgetText, /readOnlyHint: true`?, but/);
  assert.match(widgetText, /store\.ts\(4, 9\): Calls `writeFile`/, `the widget links the write in store.ts:\n${widgetText}`);
  await cursorAt(page, 'Ln 24, Col 5', 'F8 moves to the claim');
  await shoot('problems-and-squiggle.png');
  step('F8 shows the problem and its related information');
  await press('Escape');

  // Hover, from the keyboard: the problem and what the hint means.
  await goTo(24, 8);
  await press('Control+K', 'Control+I');
  // The problem, its related locations, and what the hint means (the server's hover, which may come later).
  const hover = page.locator('.monaco-hover:not(.hidden)', { hasText: /readOnlyHint: true`?, but/ }).filter({ hasText: 'Default when omitted' }).first();
  await hover.waitFor();
  await shoot('hover.png');
  await press('Escape');
  step('hover shown');

  // Inlay hints: inside the annotations object, after its last property, never after its closing brace.
  await goTo(1, 1);
  await expectLine(page, 10, /^ {4}readOnlyHint: true,\s?\+ openWorldHint: true$/);
  await expectLine(page, 11, /^ {2}\},$/);
  await shoot('inlay-hints.png');

  // The other modules and the index: squiggles on their own lines only; hints short, before the closing brace.
  for (const [name, file] of [['index.ts', 'src/index.ts'], ['search.ts', 'src/tools/search.ts'], ['trash.ts', 'src/tools/trash.ts']] as const) {
    await showTab(name);
    await squiggles(file);
  }
  await expectLine(page, 8, /openWorldHint: false\s?\+ destructiveHint: true\s?\+1 more \},$/);
  step('inlay hints inside the objects');

  // The Problems panel: one group per file, each finding once, with its related locations.
  await press('Control+Shift+M');
  const panel = page.locator('.markers-panel');
  await panel.locator('.monaco-list-row').first().waitFor();
  const rowLabels = async () => panel.locator('.monaco-list-row').evaluateAll((rows: { getAttribute(name: string): string | null }[]) => rows.map((r) => r.getAttribute('aria-label') ?? ''));
  const labels = await rowLabels();
  const problems = labels.filter((l) => /^Warning: /.test(l));
  assert.equal(problems.length, warnings, labels.join('\n'));
  assert.equal(new Set(problems).size, problems.length, `a problem is listed twice:\n${labels.join('\n')}`);
  assert.ok(labels.includes('1 problems in file index.ts of folder src'), `the index lists only its own finding:\n${labels.join('\n')}`);
  for (const d of cli.filter((x) => x.severity === 'warning')) {
    const name = d.file.split('/').at(-1);
    const group = labels.findIndex((l) => l.includes(`in file ${name} of folder`));
    const at = labels.findIndex((l, i) => i > group && l.startsWith('Warning: ') && l.includes(`at line ${d.line} and character ${d.column}.`));
    assert.ok(group >= 0 && at > group, `${d.file}:${d.line}:${d.column} ${d.code} is not listed under its file:\n${labels.join('\n')}`);
  }
  assert.ok(labels.some((l) => /has references to \d+ locations/.test(l)) && labels.includes('Calls `writeFile` at line 4 and character 9 in store.ts'), labels.join('\n'));
  await shoot('problems-panel.png');
  await press('Control+Shift+M');
  await panel.waitFor({ state: 'hidden' }).catch(() => undefined);
  step('problems panel checked');

  // Quick fix on the name of the tool without annotations: written beside the name, the cursor stays.
  await showTab('search.ts');
  await goTo(4, 12);
  const menu = page.locator('.action-widget');
  const annotate = menu.locator('.monaco-list-row', { hasText: /Annotate:|Add annotations/ }).first();
  const menuDeadline = Date.now() + 30_000;
  for (;;) {
    await press('Control+.');
    if (await annotate.waitFor({ timeout: 3_000 }).then(() => true, () => false)) break;
    if (Date.now() > menuDeadline) throw new Error('Ctrl+. on the tool name never offered the annotations fix within 30 s');
    await press('Escape');
  }
  await shoot('quick-fix.png');
  const focused = menu.locator('.monaco-list-row.focused');
  for (let i = 0; i < 10 && !/Annotate:|Add annotations/.test(await focused.innerText().catch(() => '')); i++) await press('ArrowDown');
  await press('Enter');
  const fixDeadline = Date.now() + 15_000;
  let fixed = await visibleLines(page);
  while (!/^ {2}annotations: \{$/.test(fixed.get(7) ?? '')) {
    if (Date.now() > fixDeadline) assert.fail(`no annotations object beside the name:\n${[...fixed.values()].join('\n')}`);
    await page.waitForTimeout(200);
    fixed = await visibleLines(page);
  }
  assert.match(fixed.get(6) ?? '', /^ {2}inputSchema: /, 'after the schema');
  const handlerLine = [...fixed].find(([, text]) => /^ {2}handler: /.test(text))?.[0] ?? 0;
  assert.ok(handlerLine > 7, 'above the handler');
  await cursorAt(page, 'Ln 4, Col 12', 'the fix leaves the cursor where it was');
  // The server's view follows the edit: no squiggle, no inlay hints on the name, a code lens with the new hints.
  await squiggles('src/tools/search.ts (fixed)', []);
  await expectLine(page, 4, /^ {2}name: "search_web",$/);
  await editor.locator('.codelens-decoration', { hasText: 'no annotations' }).waitFor({ state: 'detached', timeout: 15_000 });
  await shoot('quick-fix-applied.png');
  step('fix applied, cursor unmoved');
  passed = true;
});
