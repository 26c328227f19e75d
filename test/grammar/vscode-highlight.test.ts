// The injection grammars inside real VS Code (code-server in headless Chromium, see test/vscode/editors.ts):
// VS Code must load them from package.json's contributes.grammars, inject them into TypeScript, and colour the
// scoped tokens differently from their surroundings. Reads the colours Monaco renders for each token.
// Semantic highlighting is off in the scratch workspace: TypeScript's semantic tokens recolour every object key
// once its server is ready, which would hide the annotation keys (comments are not affected).
// Needs `bash scripts/install-editors.sh`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT, SCREENSHOTS, assertEditorsInstalled, buildExtensionIfStale, launchChromium, startCodeServer, Teardown, workbenchUrl } from '../vscode/editors';

const SAMPLE = `// mcp-hints-disable-next-line missing-annotations, implicit-default -- wrapped by the SDK
server.registerTool("delete_user", {
  description: "Deletes a user",
  title: "Delete user",
  annotations: {
    title: "Delete a user",
    destructiveHint: true,
  },
}, handler);
// a plain comment
// mcp-hints-disable-line missing-annotations
`;

test('VS Code colours the directives and annotation keys (code-server + Chromium)', { timeout: 180_000 }, async (t) => {
  assertEditorsInstalled();
  const teardown = new Teardown();
  t.after(() => teardown.run());
  buildExtensionIfStale();
  const workspace = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-hints-grammar-ws-'));
  teardown.add(() => fs.rmSync(workspace, { recursive: true, force: true }));
  fs.mkdirSync(path.join(workspace, '.vscode'));
  fs.writeFileSync(path.join(workspace, '.vscode', 'settings.json'), JSON.stringify({ 'editor.semanticHighlighting.enabled': false }));
  fs.writeFileSync(path.join(workspace, 'sample.ts'), SAMPLE);

  const server = await startCodeServer();
  teardown.add(() => server.stop());
  const browser = await launchChromium();
  teardown.add(() => browser.close());
  const page = await browser.context.newPage();
  page.setDefaultTimeout(60_000);
  await page.goto(workbenchUrl(server, workspace, { extensionDevelopmentPath: REPO_ROOT }));
  await page.locator('.monaco-workbench').waitFor({ timeout: 90_000 });
  await page.locator('.explorer-folders-view .monaco-list-row', { hasText: 'sample.ts' }).first().click();
  const lines = page.locator('.editor-instance .monaco-editor .view-lines').first();
  await lines.waitFor();

  /** Rendered tokens, line by line in document order: the text and colour of every span (run in the page). */
  const RENDERED_TOKENS = `[...document.querySelector('.editor-instance .monaco-editor .view-lines').querySelectorAll('.view-line')]
    .sort((a, b) => parseFloat(a.style.top) - parseFloat(b.style.top))
    .map((line) => [...line.querySelectorAll('span > span')].map((span) => ({
      text: (span.textContent ?? '').replace(/\\u00a0/g, ' '),
      color: getComputedStyle(span).color,
    })))`;
  type Rendered = Array<Array<{ text: string; color: string }>>;
  const tokens = () => page.evaluate(RENDERED_TOKENS) as Promise<Rendered>;
  const colourOf = (rendered: Rendered, line: number, text: string) => {
    // Monaco merges neighbouring tokens of one colour (a key and its ':' for instance).
    const token = rendered[line]?.find((s) => s.text.trim().replace(/:$/, '') === text);
    assert.ok(token, `line ${line + 1} has a token "${text}": ${JSON.stringify(rendered[line])}`);
    return token.color;
  };

  // Monaco tokenizes in the background, top to bottom, and re-tokenizes when the extension's grammars arrive after
  // the file opened; a loaded machine shows lines coloured by either pass. Wait until the first and the last line
  // carry the injected directive token and three reads in a row agree.
  const hasToken = (r: Rendered, line: number, text: string) => r[line]?.some((s) => s.text.trim() === text) ?? false;
  const injected = (r: Rendered) => hasToken(r, 0, 'mcp-hints-disable-next-line') && hasToken(r, 10, 'mcp-hints-disable-line');
  let rendered = await tokens();
  let stableReads = 0;
  for (let i = 0; i < 180 && stableReads < 2; i++) {
    await page.waitForTimeout(500);
    const next = await tokens();
    stableReads = injected(next) && JSON.stringify(next) === JSON.stringify(rendered) ? stableReads + 1 : 0;
    rendered = next;
  }
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, 'grammar-highlighting.png') });

  const comment = colourOf(rendered, 9, '// a plain comment');
  const directive = colourOf(rendered, 0, 'mcp-hints-disable-next-line');
  const ruleId = colourOf(rendered, 0, 'missing-annotations');
  const reason = colourOf(rendered, 0, 'wrapped by the SDK');
  assert.notEqual(directive, comment, 'the directive is coloured apart from the comment');
  assert.notEqual(ruleId, comment, 'rule ids are coloured apart from the comment');
  assert.notEqual(ruleId, directive, 'rule ids are coloured apart from the directive');
  assert.notEqual(reason, comment, 'the reason is coloured apart from the comment');
  assert.notEqual(colourOf(rendered, 10, 'mcp-hints-disable-line'), directive, 'a directive without a reason is marked invalid');

  const plainKey = colourOf(rendered, 2, 'description');
  assert.notEqual(colourOf(rendered, 6, 'destructiveHint'), plainKey, 'a hint key is coloured apart from other keys');
  assert.notEqual(colourOf(rendered, 5, 'title'), plainKey, 'title inside annotations is an annotation key');
  assert.equal(colourOf(rendered, 3, 'title'), plainKey, 'title outside annotations is an ordinary key');
});
