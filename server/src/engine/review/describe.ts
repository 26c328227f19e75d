// The approved contract beside the current one, for the hover.
import { HINT_KEYS, type HintValue } from '../model';
import { EVIDENCE_KIND_LABELS } from './contract';
import type { ToolReview } from './tool-review';
import { RECORD_FILE_NAME } from './record';

const STATE_LINE: Record<ToolReview['state'], string> = {
  approved: 'matches its approved contract',
  changed: 'differs from its approved contract',
  'safety-weakened': '**looks safer than its approved contract**',
  unapproved: `has no approved contract in \`${RECORD_FILE_NAME}\``,
  'no-record': 'has no review record',
};

function show(value: HintValue | string | null | undefined): string {
  if (value === undefined) return '—';
  if (value === null) return '(none)';
  return typeof value === 'string' && value !== 'unresolved' ? `"${value.replace(/\|/g, '\\|')}"` : String(value);
}

function list(values: string[] | undefined): string {
  if (values === undefined) return '—';
  return values.length > 0 ? values.join(', ') : '(none)';
}

export function reviewMarkdown(review: ToolReview): string {
  const lines = [`**Review:** this tool ${STATE_LINE[review.state]}.`];
  const entry = review.entry;
  if (!entry) return lines.join('\n');
  const now = review.current.contract;
  const mark = (same: boolean) => (same ? '' : ' ⚠');
  lines.push('', '| | approved | now |', '|---|---|---|');
  for (const key of HINT_KEYS) {
    const before = entry.hints?.[key];
    lines.push(`| \`${key}\` | ${show(before)} | ${show(now.hints[key])}${mark(before === undefined || before === now.hints[key])} |`);
  }
  lines.push(`| title | ${show(entry.title)} | ${show(now.title)}${mark(entry.title === undefined || entry.title === now.title)} |`);
  const inputs = (record: Record<string, string> | undefined) => (record ? Object.entries(record).map(([name, type]) => `\`${name}\` ${type}`) : undefined);
  const inputsBefore = inputs(entry.inputs);
  const inputsNow = inputs(now.inputs)!;
  lines.push(`| inputs | ${list(inputsBefore)} | ${list(inputsNow)}${mark(inputsBefore === undefined || inputsBefore.join() === inputsNow.join())} |`);
  const evidenceBefore = entry.evidence?.map((kind) => EVIDENCE_KIND_LABELS[kind]);
  const evidenceNow = now.evidence.map((kind) => EVIDENCE_KIND_LABELS[kind]);
  lines.push(`| code | ${list(evidenceBefore)} | ${list(evidenceNow)}${mark(evidenceBefore === undefined || evidenceBefore.join() === evidenceNow.join())} |`);
  const describedSame = entry.fingerprints?.description === undefined || entry.fingerprints.description === now.fingerprints.description;
  lines.push(`| description | | ${describedSame ? 'unchanged' : 'changed ⚠'} |`);
  if (review.changes.length > 0) lines.push('', ...review.changes.map((c) => `- ${c.safety ? '**safer than approved:** ' : ''}${c.text}`));
  return lines.join('\n');
}
