// Profiles the engine alone on the LSP benchmark's edit loop (not a test): `node --cpu-prof --import tsx
// test/bench/edit-profile.ts`. Reads the file the LSP benchmark writes (tmpdir/mcp-hints-bench/big-server.ts).
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';
import { Project } from '../../server/src/engine';

const path = join(tmpdir(), 'mcp-hints-bench', 'big-server.ts');
let text = readFileSync(path, 'utf8');
const project = new Project();
project.setProjectFiles([path]);
project.setFileText(path, text);
project.analyzeFile(path);
const edits = Number(process.env.EDITS ?? 300);
const times: number[] = [];
for (let edit = 0; edit < edits; edit++) {
  const needle = `'Does thing number ${(edit * 37) % 200}`;
  const at = text.indexOf(needle) + needle.length;
  const before = text;
  text = text.slice(0, at) + 'x' + text.slice(at);
  const t = performance.now();
  project.setFileText(path, text, { text: before, change: ts.createTextChangeRange(ts.createTextSpan(at, 0), 1) });
  project.analyzeFile(path);
  times.push(performance.now() - t);
}
times.sort((a, b) => a - b);
console.log(`p50 ${times[Math.floor(edits / 2)]!.toFixed(1)} ms p95 ${times[Math.floor(edits * 0.95)]!.toFixed(1)} ms`);
