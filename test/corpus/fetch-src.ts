// Copies the server sources the honesty labels read (test/corpus/data/src/repos.json) into the repository, so that
// tests never reach outside it: each archive holds a repository's files at a pinned commit; its sha256 is checked,
// and only the listed folders' non-test TypeScript/JavaScript sources, package.json and tsconfig files, and the
// licence are kept, under test/corpus/data/src/files/<owner>__<repo>/. Run by hand when repos.json changes:
//
//   node --import tsx test/corpus/fetch-src.ts <folder holding the .tar.xz archives>
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';

export interface SourceRepo {
  repo: string;
  commit: string;
  archive: string;
  sha256: string;
  license: string;
  /** Files or folders (ending in /) to keep, relative to the repository root. */
  keep: string[];
}

export const SRC_DATA = join(__dirname, 'data/src');
export const SRC_FILES = join(SRC_DATA, 'files');
export const repoFolderName = (repo: string) => repo.replace(/\//g, '__');
export const sourceRepos = (): SourceRepo[] => JSON.parse(readFileSync(join(SRC_DATA, 'repos.json'), 'utf8'));

const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;
const TEST = /(^|\/)(__tests__|__mocks__|tests?|e2e|fixtures)\/|\.(test|spec)\.[cm]?[jt]sx?$/;
const kept = (path: string) => (SOURCE.test(path) && !TEST.test(path) && !path.endsWith('.d.ts')) || /(^|\/)(package\.json|tsconfig[^/]*\.json)$/.test(path);

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else out.push(path);
  }
  return out;
}

export function fetchSources(archives: string, log: (line: string) => void = console.log): void {
  for (const r of sourceRepos()) {
    const archive = join(archives, r.archive);
    const actual = createHash('sha256').update(readFileSync(archive)).digest('hex');
    if (actual !== r.sha256) throw new Error(`${r.archive}: sha256 ${actual}, expected ${r.sha256}`);
    const staging = mkdtempSync(join(tmpdir(), 'mcp-hints-src-'));
    try {
      execFileSync('tar', ['-xJf', archive, '-C', staging]);
      const target = join(SRC_FILES, repoFolderName(r.repo));
      rmSync(target, { recursive: true, force: true });
      let count = 0;
      for (const entry of r.keep) {
        const from = join(staging, entry);
        const files = entry.endsWith('/') ? walk(from).filter((f) => kept(relative(staging, f))) : [from];
        for (const file of files) {
          const to = join(target, relative(staging, file));
          mkdirSync(dirname(to), { recursive: true });
          cpSync(file, to);
          count++;
        }
      }
      log(`ok   ${r.repo}@${r.commit.slice(0, 12)}: ${count} files`);
    } finally {
      rmSync(staging, { recursive: true, force: true });
    }
  }
}

if (require.main === module) {
  const folder = process.argv[2];
  if (!folder) throw new Error('usage: node --import tsx test/corpus/fetch-src.ts <folder holding the .tar.xz archives>');
  fetchSources(folder);
}
