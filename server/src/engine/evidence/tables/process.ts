// Running other programs: any effect at all, so a tool that does it is neither read-only nor proven safe.
import ts from 'typescript';
import { findDeclaration, skipOuterExpressions } from '../../syntax';
import type { CallRecogniser, NewRecogniser, TemplateRecogniser } from '../recogniser';

/** Modules that start processes, and which of their exports do. `*` means every export. */
export const PROCESS_MODULES: Readonly<Record<string, readonly string[]>> = {
  child_process: ['exec', 'execSync', 'execFile', 'execFileSync', 'spawn', 'spawnSync', 'fork'],
  'node:child_process': ['exec', 'execSync', 'execFile', 'execFileSync', 'spawn', 'spawnSync', 'fork'],
  execa: ['*'],
  'cross-spawn': ['*'],
  zx: ['*'],
  shelljs: ['exec'],
};

export function isProcessCall(module: string, member: string | undefined): boolean {
  const members = PROCESS_MODULES[module];
  if (!members) return false;
  return members.includes('*') || (member !== undefined && members.includes(member));
}

// ---- recognisers (recognisers.ts orders them) ----

/** `exec(…)`, `spawn(…)`, `execa(…)`. */
export const processCall: CallRecogniser = (site, walk) => {
  const { origin, fullPath: path, call, sf } = site;
  if (origin.kind !== 'package') return false;
  if (!(isProcessCall(origin.module, path.at(-1)) || (path.length === 0 && isProcessCall(origin.module, '*')))) return false;
  walk.add({ effect: 'process', strength: 'strong', target: 'process', call: site.text(), fact: { kind: 'process', form: 'call' } }, call, sf);
  return true;
};

/** zx: $\`rm -rf …\`. */
export const processTemplate: TemplateRecogniser = (node, sf, walk) => {
  const tag = skipOuterExpressions(node.tag);
  if (!ts.isIdentifier(tag)) return false;
  const decl = findDeclaration(tag.text, tag);
  if (decl?.kind !== 'import' || !isProcessCall(decl.module, decl.exportName)) return false;
  walk.add({ effect: 'process', strength: 'strong', target: 'process', call: tag.text, fact: { kind: 'process', form: 'template' } }, node, sf);
  return true;
};

/** `new Worker(…)` from worker_threads. */
export const workerConstructor: NewRecogniser = ({ declaration, node, sf, text }, walk) => {
  if (declaration?.kind !== 'import' || (declaration.module !== 'worker_threads' && declaration.module !== 'node:worker_threads')) return false;
  walk.add({ effect: 'process', strength: 'strong', target: 'process', call: `new ${text}`, fact: { kind: 'process', form: 'worker' } }, node, sf);
  return true;
};
