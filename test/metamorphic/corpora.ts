// The workspaces the harness runs over: the pinned corpus, the wild corpus (packages fetched into .cache by
// test/corpus/fetch.ts; their recorded truth is in test/corpus/data) and every discovery table test's cases.
import { existsSync, realpathSync } from 'node:fs';
import { CORPORA } from '../corpus/location';
import { collectCases, type Case } from '../engine/tester';
import { diskWorkspace, memoryWorkspace, type Workspace } from './workspace';

export type CorpusName = 'pinned' | 'wild' | 'tables';

export interface NamedWorkspace {
  name: string;
  workspace: () => Workspace;
}

/** The packages of a corpus, fetched when missing (`npm run corpus:fetch`). */
export function corpusWorkspaces(name: 'pinned' | 'wild'): NamedWorkspace[] {
  const corpus = CORPORA[name];
  corpus.ensure();
  return corpus.packages().map((p) => {
    const dir = corpus.packageDir(p);
    // The cache may be a link to another checkout's: files are walked under its real path.
    return { name: `${p.package}@${p.version}`, workspace: () => diskWorkspace(existsSync(dir) ? realpathSync(dir) : dir) };
  });
}

/** The discovery tables (test/engine/*.test.ts files that only hold runCases tables). */
export const TABLE_FILES = ['forms', 'frameworks', 'discovery', 'conditions', 'data-files', 'sites', 'instances', 'compiled'];

/** Every case of the discovery tables, each a workspace of its own (its main file and extra files, in memory). */
export async function tableWorkspaces(): Promise<NamedWorkspace[]> {
  const tables = await collectCases(async () => {
    for (const file of TABLE_FILES) await import(`../engine/${file}.test`);
  });
  const out: NamedWorkspace[] = [];
  for (const [title, cases] of tables) {
    for (const c of cases) {
      out.push({ name: `${title} › ${c.name}`, workspace: () => caseWorkspace(c) });
    }
  }
  return out;
}

function caseWorkspace(c: Case): Workspace {
  const root = '/metamorphic/case';
  return memoryWorkspace(root, { ...(c.files ?? {}), [c.filename ?? 'server.ts']: c.code }, c.options ?? {});
}

