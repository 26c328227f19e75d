// Hostile inputs: each must neither crash the run nor stop the other files, and must finish in
// bounded time, through the CLI (child process) and through the engine API. Inputs are generated
// here into a temp folder (nothing large is committed).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { guardedAnalyze, readSourceFile, safeDiskHost } from '../../server/src/engine/project/files';
import { analyzeText, Project } from '../../server/src/engine/project/project';
import { checkJson, removeWorkspace, runCli, workspace, type JsonOutput } from '../cli/helpers';

const reg = (name: string, indent = '') => `${indent}server.registerTool("${name}", { description: "x" }, async () => ({ content: [] }));\n`;

/** ~12 MB: real code with tools at both ends, a large generated data table in between (like a bundle). */
function twelveMegabytes(): string {
  const parts = [reg('big_first')];
  for (let i = 0; i < 2000; i++) parts.push(`export function helper${i}(a: number, b: string) { return b.repeat(a) + ${i}; }\n`);
  parts.push('export const TABLE = [\n');
  const row = `  ["${'x'.repeat(90)}", 12345, true],\n`;
  const rows = Math.ceil((12 * 1024 * 1024) / row.length);
  parts.push(row.repeat(rows));
  parts.push('];\n', reg('big_last'));
  return parts.join('');
}

function binary(): Buffer {
  const bytes = Buffer.alloc(256 * 1024);
  let state = 12345;
  for (let i = 0; i < bytes.length; i++) {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    bytes[i] = state >> 16;
  }
  return bytes;
}

const INPUTS: Record<string, string | Buffer> = {
  'src/ok.ts': reg('healthy_tool'),
  'src/big.ts': '',
  'src/deep-brackets.ts': `${reg('before_brackets')}const x = ${'['.repeat(20000)}${']'.repeat(20000)};\n`,
  'src/deep-parens.ts': `${reg('before_parens')}const y = ${'('.repeat(20000)}1${')'.repeat(20000)};\n`,
  'src/binary.ts': binary(),
  'src/invalid-utf8.ts': Buffer.concat([Buffer.from(reg('before_invalid_bytes')), Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0xa0, 0xa1, 0xf0, 0x28, 0x8c, 0x28]), Buffer.from(`;\n${reg('after_invalid_bytes')}`)]),
  'src/bom-crlf.ts': `\uFEFF${reg('bom_first')}${reg('bom_second', '  ')}`.replace(/\n/g, '\r\n'),
  'src/empty.ts': '',
  'src/syntax-error.ts': `${reg('before_syntax_error')}function broken( { return ]]] ;\n${reg('after_syntax_error')}`,
};

let dir: string;
let output: JsonOutput;
let exitCode: number | null;
let elapsedMs: number;

before(() => {
  dir = workspace({ ...INPUTS, 'src/big.ts': twelveMegabytes() });
  symlinkSync('..', join(dir, 'src/loop-up'));
  symlinkSync('.', join(dir, 'src/loop-self'));
  symlinkSync(join(dir, 'src/no-such-file.ts'), join(dir, 'src/dangling.ts'));
  execFileSync('mkfifo', [join(dir, 'src/fifo.ts')]);
  const run = checkJson(dir, [], {}, 240_000);
  output = run.output;
  exitCode = run.result.code;
  elapsedMs = run.result.ms;
});
after(() => removeWorkspace(dir));

const toolsIn = (file: string) => output.tools.filter((t) => t.file === file).map((t) => t.name);
const codesIn = (file: string) => output.diagnostics.filter((d) => d.file === file).map((d) => d.code);

describe('CLI over hostile inputs (one run)', { timeout: 300_000 }, () => {
  test('the run completes in bounded time with exit 0 or 1 (not a crash) and reads every file', () => {
    assert.ok(exitCode === 0 || exitCode === 1, `exit ${exitCode}`);
    assert.ok(elapsedMs < 240_000, `${elapsedMs} ms`);
    // 9 inputs + dangling link + FIFO; the symlinked folders are not followed (no loop, no duplicates).
    assert.equal(output.files, 11);
    assert.deepEqual(toolsIn('src/ok.ts'), ['healthy_tool']);
    assert.equal(output.tools.filter((t) => t.name === 'healthy_tool').length, 1);
  });

  test('a 12 MB file: tools at both ends found', () => {
    assert.deepEqual(toolsIn('src/big.ts'), ['big_first', 'big_last']);
  });

  test('20,000-deep brackets: reported as a finding, never a crash', () => {
    for (const [file, tool] of [['src/deep-brackets.ts', 'before_brackets'], ['src/deep-parens.ts', 'before_parens']]) {
      const found = toolsIn(file);
      assert.ok(found.includes(tool) || codesIn(file).includes('analysis-failed'), `${file}: ${JSON.stringify(found)} ${JSON.stringify(codesIn(file))}`);
      assert.ok(codesIn(file).filter((c) => c === 'analysis-failed' || c === 'unreadable-file').length <= 1, 'reported once');
    }
  });

  test('binary data and an empty file: no crash, no tools', () => {
    assert.deepEqual(toolsIn('src/binary.ts'), []);
    assert.deepEqual(toolsIn('src/empty.ts'), []);
    assert.deepEqual(codesIn('src/empty.ts'), []);
  });

  test('invalid UTF-8: the tool before the bad bytes is found', () => {
    assert.ok(toolsIn('src/invalid-utf8.ts').includes('before_invalid_bytes'), JSON.stringify(toolsIn('src/invalid-utf8.ts')));
  });

  test('BOM + CRLF: tools found with the columns an editor shows', () => {
    const tools = output.tools.filter((t) => t.file === 'src/bom-crlf.ts');
    assert.deepEqual(tools.map((t) => [t.name, t.line, t.column]), [['bom_first', 1, 1], ['bom_second', 2, 3]]);
    const nameFinding = output.diagnostics.find((d) => d.file === 'src/bom-crlf.ts' && d.tool === 'bom_second' && d.code === 'missing-annotations');
    if (nameFinding) {
      // The name literal starts after `  server.registerTool(` (22 characters) and spans 12.
      assert.deepEqual([nameFinding.line, nameFinding.column, nameFinding.endLine, nameFinding.endColumn], [2, 23, 2, 35]);
    }
  });

  test('a syntax error halfway: the tool before it is still found', () => {
    assert.ok(toolsIn('src/syntax-error.ts').includes('before_syntax_error'), JSON.stringify(toolsIn('src/syntax-error.ts')));
  });

  test('a dangling symlink and a FIFO are reported as unreadable files (and the FIFO does not block)', () => {
    for (const file of ['src/dangling.ts', 'src/fifo.ts']) {
      const finding = output.diagnostics.find((d) => d.file === file);
      assert.ok(finding, file);
      assert.equal(finding.code, 'unreadable-file');
      assert.equal(finding.severity, 'error');
      assert.match(finding.message, /cannot read/);
    }
    assert.equal(exitCode, 1, 'unreadable files are errors');
  });
});

describe('CLI details', { timeout: 240_000 }, () => {
  test('a FIFO named explicitly does not block either', () => {
    const result = runCli(['check', 'src/fifo.ts', 'src/ok.ts', '--format', 'json'], dir, {}, 60_000);
    assert.equal(result.code, 1);
    const parsed = JSON.parse(result.stdout) as JsonOutput;
    assert.deepEqual(parsed.tools.map((t) => t.name), ['healthy_tool']);
  });

  test('--fix keeps the BOM and CRLF line endings', () => {
    const fixDir = workspace({ 'a.ts': INPUTS['src/bom-crlf.ts'] });
    try {
      runCli(['check', '--fix'], fixDir);
      const bytes = readFileSync(join(fixDir, 'a.ts'));
      assert.deepEqual([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf], 'BOM kept');
      const text = bytes.toString('utf8');
      assert.doesNotMatch(text.replace(/\r\n/g, ''), /\n/, 'no bare LF introduced');
      const again = checkJson(fixDir);
      assert.deepEqual(again.output.tools.map((t) => [t.name, t.line, t.column]), [['bom_first', 1, 1], ['bom_second', 2, 3]]);
    } finally {
      removeWorkspace(fixDir);
    }
  });
});

describe('engine API over the same inputs', { timeout: 240_000 }, () => {
  test('guardedAnalyze never throws and ends in bounded time', () => {
    const project = new Project(safeDiskHost);
    for (const rel of [...Object.keys(INPUTS), 'src/dangling.ts', 'src/fifo.ts']) {
      const path = join(dir, rel);
      const read = readSourceFile(path);
      const started = Date.now();
      const analysis = guardedAnalyze(project, path, 'text' in read ? read.text : undefined);
      assert.ok(Date.now() - started < 120_000, rel);
      assert.equal(analysis.file, path);
      const fileProblems = analysis.findings.filter((f) => f.rule === 'unreadable-file' || f.rule === 'analysis-failed');
      assert.ok(fileProblems.length <= 1, `${rel}: one file-level finding at most`);
      if ('error' in read) assert.ok(analysis.findings.some((f) => f.rule === 'unreadable-file'), rel);
    }
  });

  test('the syntax-error file keeps its first tool through analyzeText', () => {
    const analysis = analyzeText(INPUTS['src/syntax-error.ts'] as string, '/virtual/syntax-error.ts');
    assert.ok(analysis.tools.some((t) => t.name === 'before_syntax_error'));
  });

  for (const rel of ['src/deep-brackets.ts', 'src/deep-parens.ts']) {
    // TypeScript's parser overflows the stack here: the engine must report it, not throw.
    test(`analyzeText reports ${rel} as one analysis-failed finding instead of throwing`, () => {
      const analysis = analyzeText(INPUTS[rel] as string, `/virtual/${rel}`);
      assert.deepEqual(analysis.findings.map((f) => [f.rule, f.severity]), [['analysis-failed', 'error']]);
    });
  }

  test('readSourceFile strips the BOM and refuses pipes without blocking', () => {
    const bom = readSourceFile(join(dir, 'src/bom-crlf.ts'));
    assert.ok('text' in bom && bom.bom && bom.text.startsWith('server'));
    const fifo = readSourceFile(join(dir, 'src/fifo.ts'));
    assert.ok('error' in fifo && /not a regular file/.test(fifo.error));
    writeFileSync(join(dir, 'src/empty.ts'), '');
    assert.deepEqual(readSourceFile(join(dir, 'src/empty.ts')), { text: '', bom: false });
  });
});
