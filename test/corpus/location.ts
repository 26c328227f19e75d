// Where the pinned corpus lives and how tests get it: ../shared/corpus beside the checkout (CI's layout) or
// MCP_HINTS_CORPUS, fetched at test time into .cache/corpus (git-ignored, never committed).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

const repo = resolve(__dirname, '../..');

export const CORPUS_SOURCE = process.env.MCP_HINTS_CORPUS ?? resolve(repo, '../shared/corpus');
export const CORPUS_CACHE = join(repo, '.cache/corpus');

/** The corpus manifest folder, or a clear error when the checkout has no shared/ beside it. */
export function corpusSource(): string {
  if (!existsSync(join(CORPUS_SOURCE, 'expected.json'))) {
    throw new Error(`The corpus manifest is not at ${CORPUS_SOURCE}: put shared/ beside the checkout (as CI does) or set MCP_HINTS_CORPUS.`);
  }
  return CORPUS_SOURCE;
}

/** Fetches the pinned packages into .cache/corpus unless every one is already there. */
export function ensureCorpus(packageDirs: string[] = []): string {
  const source = corpusSource();
  if (existsSync(CORPUS_CACHE) && packageDirs.every((dir) => existsSync(dir))) return CORPUS_CACHE;
  execFileSync(process.execPath, [join(source, 'fetch.mjs'), join(source, 'packages.json'), CORPUS_CACHE], { stdio: 'inherit' });
  return CORPUS_CACHE;
}
