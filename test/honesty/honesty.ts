// `npm run honesty`: infers hints for every tool of the pinned corpus (fetched into .cache/corpus) while
// ignoring what the authors wrote, prints agreement per hint, and lists every case where the inference is more
// optimistic than the author, or where the author's claim is contradicted by evidence.
// test/honesty/reviewed.test.ts holds the verdict for each listed case.
import { readdirSync } from 'node:fs';
import { CORPUS_CACHE, ensureCorpus } from '../corpus/location';
import { ensureLabelledCorpora, labelReport, printLabelReport, readLabels } from './labels';
import { join, relative } from 'node:path';
import { discoverFiles, safeDiskHost } from '../../server/src/engine/project/files';
import { inferHints } from '../../server/src/engine/evidence/infer';
import { HINT_DEFAULTS, HINT_KEYS, type HintKey } from '../../server/src/engine/model';
import { Project } from '../../server/src/engine/project/project';

export const CONTRADICTION_RULES = ['read-only-contradicted', 'destructive-understated', 'idempotent-overclaimed', 'closed-world-contradicted'];
/** The hint each contradiction rule is about (from the rule, never from its message's wording). */
const CONTRADICTED_HINT: Record<string, string> = { 'read-only-contradicted': 'readOnlyHint', 'destructive-understated': 'destructiveHint', 'idempotent-overclaimed': 'idempotentHint', 'closed-world-contradicted': 'openWorldHint' };

export interface HonestyCase {
  /** `package|tool|hint|kind`: stable across runs, used to match reviewed verdicts. */
  id: string;
  kind: 'more-optimistic' | 'contradicted';
  package: string;
  tool: string;
  file: string;
  hint: HintKey | string;
  /** What the author wrote (undefined: omitted, the default applies). */
  author: boolean | string | undefined;
  inferred: boolean;
  why: string;
}

export interface HonestyResult {
  tools: number;
  perHint: Record<HintKey, { authorWrote: number; inferredKnown: number; bothKnown: number; agree: number }>;
  cases: HonestyCase[];
}

export function honestyReport(cacheDir = CORPUS_CACHE): HonestyResult {
  const perHint = Object.fromEntries(HINT_KEYS.map((k) => [k, { authorWrote: 0, inferredKnown: 0, bothKnown: 0, agree: 0 }])) as HonestyResult['perHint'];
  const cases: HonestyCase[] = [];
  let tools = 0;
  for (const pkg of readdirSync(cacheDir).sort()) {
    const dir = join(cacheDir, pkg);
    const project = new Project(safeDiskHost, {});
    const { files } = discoverFiles([dir], dir);
    for (const file of files) {
      const analysis = project.analyzeFile(file);
      const sourceFile = project.getSourceFile(file);
      if (!sourceFile) continue;
      for (const tool of analysis.tools) {
        tools++;
        const name = tool.name ?? '(unnamed)';
        const { hints } = inferHints(tool, { sourceFile, sourceFileOf: (f) => project.getSourceFile(f) });
        for (const key of HINT_KEYS) {
          const written = tool.declared?.properties.find((p) => p.key === key)?.value;
          const author = typeof written === 'boolean' ? written : undefined;
          const inferred = hints[key];
          const known = inferred.confidence !== 'unknown';
          const stats = perHint[key];
          if (author !== undefined) stats.authorWrote++;
          if (known) stats.inferredKnown++;
          if (author !== undefined && known) {
            stats.bothKnown++;
            if (author === inferred.value) stats.agree++;
          }
          // More optimistic than the author: the inference claims the optimistic value, the author (or the default) does not.
          const authorValue = author ?? HINT_DEFAULTS[key];
          const optimistic = !HINT_DEFAULTS[key];
          // destructive/idempotent mean nothing on a read-only tool: compare them only when the author says it writes.
          const meaningful = key === 'readOnlyHint' || key === 'openWorldHint' || tool.effective.readOnlyHint !== true;
          if (known && meaningful && inferred.value === optimistic && authorValue !== optimistic) {
            cases.push({ id: `${pkg}|${name}|${key}|more-optimistic`, kind: 'more-optimistic', package: pkg, tool: name, file: relative(dir, file), hint: key, author, inferred: inferred.value, why: inferred.reason });
          }
        }
        for (const finding of analysis.findings) {
          if (finding.toolId !== tool.id || !CONTRADICTION_RULES.includes(finding.rule)) continue;
          const key = CONTRADICTED_HINT[finding.rule];
          cases.push({ id: `${pkg}|${name}|${key}|contradicted`, kind: 'contradicted', package: pkg, tool: name, file: relative(dir, file), hint: key, author: key === 'readOnlyHint' || key === 'idempotentHint', inferred: !(key === 'readOnlyHint' || key === 'idempotentHint'), why: finding.message });
        }
      }
    }
  }
  return { tools, perHint, cases };
}

function main(): void {
  // The labelled wild-corpus tools first; set-aside packages only on request (they are never tuned to).
  ensureLabelledCorpora();
  const withSetAside = process.argv.includes('--set-aside');
  printLabelReport(labelReport({}, readLabels().filter((file) => withSetAside || !file.setAside)));
  console.log(withSetAside ? '' : '\n(set-aside packages left out: npm run honesty -- --set-aside)');
  console.log('\n----\n');
  ensureCorpus();
  const result = honestyReport();
  console.log(`Honesty over ${result.tools} corpus tools (inference ignores what the authors wrote)\n`);
  console.log('hint              author wrote  inferred (not default)  both  agree');
  for (const key of HINT_KEYS) {
    const s = result.perHint[key];
    const pct = s.bothKnown ? ` (${Math.round((100 * s.agree) / s.bothKnown)}%)` : '';
    console.log(`${key.padEnd(18)}${String(s.authorWrote).padStart(12)}${String(s.inferredKnown).padStart(24)}${String(s.bothKnown).padStart(6)}${String(s.agree).padStart(7)}${pct}`);
  }
  const optimistic = result.cases.filter((c) => c.kind === 'more-optimistic');
  const contradicted = result.cases.filter((c) => c.kind === 'contradicted');
  console.log(`\nInference more optimistic than the author: ${optimistic.length}`);
  for (const c of optimistic) console.log(`  ${c.package} ${c.tool} (${c.file}): ${c.hint} inferred ${c.inferred}, author ${c.author ?? 'omitted'}: ${c.why}`);
  console.log(`\nAuthor's claim contradicted by evidence: ${contradicted.length}`);
  for (const c of contradicted) console.log(`  ${c.package} ${c.tool} (${c.file}): ${c.why}`);
  console.log('\nEach case has a reviewed verdict in test/honesty/reviewed.test.ts.');
}

if (require.main === module) main();
