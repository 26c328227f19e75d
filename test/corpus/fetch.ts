// The project's own corpus fetcher: downloads pinned npm tarballs, checks their sha512 against the manifest and
// unpacks each into <cache>/<name with / as __>@<version>/ (the tarball's top folder stripped). A package whose
// folder already holds a marker with the same integrity is not fetched again; a half-unpacked folder has no marker.
//
//   node --import tsx test/corpus/fetch.ts [pinned|wild|wild2|wild3|heldout|src]...   (src: the source group, unpacked by ./src)
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface PinnedPackage {
  package: string;
  version: string;
  integrity: string;
}

const MARKER = '.mcp-hints-integrity';

export const packageFolderName = (p: { package: string; version: string }) => `${p.package.replace(/\//g, '__')}@${p.version}`;

export function isFetched(cacheDir: string, p: PinnedPackage): boolean {
  const marker = join(cacheDir, packageFolderName(p), MARKER);
  return existsSync(marker) && readFileSync(marker, 'utf8').trim() === p.integrity;
}

/** Fetches every package not already in `cacheDir`; throws with the list of failures after trying them all. */
export function fetchPackages(packages: PinnedPackage[], cacheDir: string, log: (line: string) => void = () => {}): void {
  const wanted = packages.filter((p) => !isFetched(cacheDir, p));
  if (wanted.length === 0) return;
  mkdirSync(cacheDir, { recursive: true });
  const downloads = mkdtempSync(join(tmpdir(), 'mcp-hints-corpus-'));
  const failures: string[] = [];
  try {
    log(`fetching ${wanted.length} package(s) from the npm registry into ${cacheDir}`);
    // One `npm pack` for many specs is much faster than one per package; on failure, retry one by one so a
    // single unpublished or unreachable package names itself.
    let packed: { filename: string; name: string; version: string }[] = [];
    try {
      packed = JSON.parse(npmPack(wanted.map(spec), downloads));
    } catch {
      for (const p of wanted) {
        try {
          packed.push(...JSON.parse(npmPack([spec(p)], downloads)));
        } catch (error) {
          failures.push(`${spec(p)}: npm pack failed: ${firstLine(error)}`);
        }
      }
    }
    for (const p of wanted) {
      const entry = packed.find((e) => e.name === p.package && e.version === p.version);
      if (!entry) {
        if (!failures.some((f) => f.startsWith(spec(p)))) failures.push(`${spec(p)}: not in npm pack's output`);
        continue;
      }
      const tarball = join(downloads, entry.filename);
      const actual = `sha512-${createHash('sha512').update(readFileSync(tarball)).digest('base64')}`;
      if (actual !== p.integrity) {
        failures.push(`${spec(p)}: integrity mismatch (expected ${p.integrity}, got ${actual})`);
        continue;
      }
      const target = join(cacheDir, packageFolderName(p));
      const staging = `${target}.partial`;
      rmSync(staging, { recursive: true, force: true });
      mkdirSync(staging, { recursive: true });
      execFileSync('tar', ['xzf', tarball, '-C', staging, '--strip-components=1']);
      writeFileSync(join(staging, MARKER), `${p.integrity}\n`);
      rmSync(target, { recursive: true, force: true });
      renameSync(staging, target);
      log(`ok   ${spec(p)}`);
    }
  } finally {
    rmSync(downloads, { recursive: true, force: true });
  }
  if (failures.length > 0) throw new Error(`could not fetch ${failures.length} corpus package(s):\n  ${failures.join('\n  ')}`);
}

const spec = (p: PinnedPackage) => `${p.package}@${p.version}`;
const firstLine = (error: unknown) => String((error as Error).message ?? error).split('\n')[0];

function npmPack(specs: string[], destination: string): string {
  return execFileSync('npm', ['pack', ...specs, '--pack-destination', destination, '--json', '--silent', '--ignore-scripts'], {
    encoding: 'utf8',
    maxBuffer: 1 << 26,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

if (require.main === module) {
  // Imported lazily so this file stays a plain library for the tests.
  const { CORPORA } = require('./location') as typeof import('./location');
  const names = process.argv.slice(2);
  for (const corpus of Object.values(CORPORA).filter((c) => names.length === 0 || names.includes(c.name))) {
    corpus.ensure((line) => console.log(line));
  }
  // The source group: repositories unpacked from archives (./src), not fetched from a registry.
  if (names.length === 0 || names.includes('src')) (require('./src') as typeof import('./src')).ensureSources((line) => console.log(line));
}
