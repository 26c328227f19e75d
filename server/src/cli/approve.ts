// `mcp-hints approve [paths…] [--tool NAME]`: writes the analysed tools' contracts to the review record of their
// project root (engine/project/record-files.ts decides where that is and writes atomically).
import { resolve } from 'node:path';
import type { Contract } from '../engine';
import { approveInRecord, describeRecordError, projectRootOf } from '../engine';
import { relativePath } from './analyze';
import type { Report } from './report';
import type { Io } from './read';

export function runApprove(report: Report, files: readonly string[], only: string | undefined, io: Io): number {
  const named = report.tools.filter((tool) => tool.review?.contract);
  const unnamed = report.tools.length - named.length;
  const chosen = only === undefined ? named : named.filter((tool) => tool.name === only);
  if (only !== undefined && chosen.length === 0) {
    io.stderr.write(`mcp-hints: no tool named "${only}" in the files checked\n`);
    return 2;
  }
  // Group by root: a workspace of several packages has one record per package.
  const byRoot = new Map<string, { contracts: Contract[]; files: string[] }>();
  const group = (root: string) => byRoot.get(root) ?? byRoot.set(root, { contracts: [], files: [] }).get(root)!;
  for (const tool of chosen) {
    const contract = tool.review!.contract!;
    group(projectRootOf(contract.file, io.cwd)).contracts.push(contract);
  }
  // Approving everything also drops entries of tools that are gone from the files checked.
  if (only === undefined) for (const file of files) group(projectRootOf(file, io.cwd)).files.push(resolve(file));
  let failed = false;
  for (const [root, { contracts, files: analysed }] of [...byRoot].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const result = approveInRecord(root, contracts, analysed, contracts.length === 0);
    if (result.status === 'error') {
      io.stderr.write(`mcp-hints: review record ${describeRecordError(result, relativePath(io.cwd, result.path))}\n`);
      failed = true;
      continue;
    }
    if (result.status === 'skipped') continue;
    const where = relativePath(io.cwd, result.path) || result.path;
    const count = `${result.approved} tool${result.approved === 1 ? '' : 's'}`;
    io.stdout.write(result.status === 'written' ? `approved ${count} in ${where}\n` : `${where} already approves ${count}: unchanged\n`);
  }
  if (unnamed > 0 && only === undefined) {
    io.stderr.write(`mcp-hints: ${unnamed} tool${unnamed === 1 ? '' : 's'} not approved: the name is not known without running the server\n`);
  }
  return failed ? 2 : 0;
}
