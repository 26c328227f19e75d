// The corpora of real servers and where tests get them. Their facts (pinned packages with sha512, what each server
// answered to `tools/list`, the expected tools of the pinned nine) are data in test/corpus/data; the packages
// themselves are fetched at test time into .cache/ (git-ignored, never committed) by ./fetch. The held-out set's
// sources are read by nobody while building: only its measurement looks at them.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fetchPackages, packageFolderName, type PinnedPackage } from './fetch';

const repo = resolve(__dirname, '../..');

export interface Corpus {
  name: 'pinned' | 'wild' | 'wild2' | 'wild3' | 'heldout';
  /** Committed facts: packages.json, runtime/, and for the pinned nine expected.json. */
  dataDir: string;
  /** Where the packages are unpacked, one folder per package. */
  cacheDir: string;
  packages(): PinnedPackage[];
  packageDir(p: { package: string; version: string }): string;
  /** Fetches whatever is missing, then returns cacheDir. */
  ensure(log?: (line: string) => void): string;
}

function corpus(name: Corpus['name'], cacheFolder: string): Corpus {
  const dataDir = join(repo, 'test/corpus/data', name);
  const cacheDir = join(repo, '.cache', cacheFolder);
  const self: Corpus = {
    name,
    dataDir,
    cacheDir,
    packages: () => JSON.parse(readFileSync(join(dataDir, 'packages.json'), 'utf8')),
    packageDir: (p) => join(cacheDir, packageFolderName(p)),
    ensure(log = (line) => process.stderr.write(`${line}\n`)) {
      fetchPackages(self.packages(), cacheDir, log);
      return cacheDir;
    },
  };
  return self;
}

export const CORPORA = {
  pinned: corpus('pinned', 'corpus'),
  wild: corpus('wild', 'corpus-wild'),
  /** Servers of the second shared set, corpus-wild2 (the held-out and wild ones left out, copied into data/wild2); the honesty labels read some too. */
  wild2: corpus('wild2', 'corpus-wild2'),
  wild3: corpus('wild3', 'corpus-wild3'),
  heldout: corpus('heldout', 'corpus-heldout'),
};

/** The published servers developed against, measured against what each answered to `tools/list` (wild.ts). */
export const DEVELOPED = [CORPORA.wild, CORPORA.wild2, CORPORA.wild3];

/** The pinned nine, with the tools a person read in their code (data/pinned/expected.json). */
export const CORPUS_CACHE = CORPORA.pinned.cacheDir;
export const corpusSource = (): string => CORPORA.pinned.dataDir;
export const ensureCorpus = (): string => CORPORA.pinned.ensure();
