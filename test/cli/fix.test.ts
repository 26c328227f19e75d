// applySafeFixes (the engine of --fix) with a scripted project: only safe fixes, never overlapping
// edits in one pass, never a result that parses worse, never edits to other files, always ending.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { applySafeFixes } from '../../server/src/cli/analyze';
import type { FileAnalysis, Fix } from '../../server/src/engine';
import { Project } from '../../server/src/engine';

const FILE = '/virtual/server.ts';

/** A project whose analysis offers whatever fixes `offer` computes from the current text. */
class ScriptedProject extends Project {
  constructor(private readonly offer: (text: string) => Fix[]) {
    super({ readFile: () => undefined });
  }

  override analyzeFile(path: string): FileAnalysis {
    const text = this.getText(path) ?? '';
    const findings = this.offer(text).map((fix) => ({ rule: 'test-rule', severity: 'warning' as const, message: 'm', loc: { file: path, start: 0, end: 0 }, tool: null, fixes: [fix] }));
    return { file: path, tools: [], sites: [], servers: [], findings, dependencies: [] };
  }
}

const insert = (at: number, newText: string, safe = true, file = FILE): Fix => ({ title: 't', safe, edits: [{ file, start: at, end: at, newText }] });

describe('applySafeFixes', () => {
  test('applies safe fixes until none is offered, one edit per position per pass', () => {
    // Offers "/*a*/" then "/*b*/" at offset 0 while they are missing: both land, in two passes.
    const project = new ScriptedProject((text) => [
      ...(text.includes('/*a*/') ? [] : [insert(0, '/*a*/')]),
      ...(text.includes('/*b*/') ? [] : [insert(0, '/*b*/')]),
    ]);
    const result = applySafeFixes(project, FILE, 'const x = 1;\n');
    assert.equal(result.applied, 2);
    assert.match(result.text, /^\/\*[ab]\*\/\/\*[ab]\*\/const x = 1;\n$/);
  });

  test('unsafe fixes and fixes that edit another file are not applied', () => {
    const project = new ScriptedProject(() => [insert(0, '// unsafe\n', false), insert(0, '// elsewhere\n', true, '/virtual/other.ts')]);
    assert.deepEqual(applySafeFixes(project, FILE, 'const x = 1;\n'), { text: 'const x = 1;\n', applied: 0 });
  });

  test('a pass that would add parse errors is dropped', () => {
    const project = new ScriptedProject(() => [insert(0, 'const = ((( ')]);
    assert.deepEqual(applySafeFixes(project, FILE, 'const x = 1;\n'), { text: 'const x = 1;\n', applied: 0 });
  });

  test('a fix that is offered forever stops after a bounded number of passes', () => {
    const project = new ScriptedProject(() => [insert(0, ' ')]);
    const result = applySafeFixes(project, FILE, 'x;\n');
    assert.equal(result.applied, 10);
  });

  test('inserted text follows CRLF line endings', () => {
    const project = new ScriptedProject((text) => (text.includes('added') ? [] : [insert(0, '// added\n')]));
    assert.equal(applySafeFixes(project, FILE, 'const x = 1;\r\n').text, '// added\r\nconst x = 1;\r\n');
  });
});
