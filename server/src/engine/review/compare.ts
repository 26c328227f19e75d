// What changed between a tool's approved contract and its contract now, each change as one clause for a message.
// Changes that make the tool look safer than approved are marked `safety`: hosts drop a human gate on them.
import { CONTRACT_EVIDENCE_KINDS, HINT_KEYS, type ApprovedEntry, type EvidenceKind, type HintKey, type HintValue, type Loc } from '../model';
import { EVIDENCE_KIND_LABELS, WRITE_KINDS, type ContractDetail } from './contract';

export interface ContractChange {
  /** True when the change removes a reason for a host to ask the user first. */
  safety: boolean;
  /** One clause: "`readOnlyHint` false → true", "handler now calls `fs.rm`". */
  text: string;
  /** Where the change shows, when it has a place (the evidence, the input). */
  loc?: Loc;
  /** The change contradicts a read-only claim the tool still makes (messages say so once). */
  stillReadOnly?: boolean;
  /** What changed. */
  subject: 'hint' | 'title' | 'input' | 'schema' | 'description' | 'evidence';
  /** The hint whose value changed, when the change is a hint. */
  hint?: HintKey;
}

/** The value of each hint that looks safer: moving to it removes a confirmation. */
const SAFER: Record<HintKey, boolean> = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

function show(value: HintValue | string | null | undefined): string {
  if (value === null || value === undefined) return '(none)';
  return typeof value === 'string' && value !== 'unresolved' ? JSON.stringify(value) : String(value);
}

export function compareContract(approved: ApprovedEntry, current: ContractDetail): ContractChange[] {
  const now = current.contract;
  const changes: ContractChange[] = [];
  for (const key of HINT_KEYS) {
    const before = approved.hints?.[key];
    const after = now.hints[key];
    if (before === undefined || before === after) continue;
    // destructiveHint and idempotentHint mean nothing on a tool that was and is read-only: a change there is drift only.
    const meaningless = (key === 'destructiveHint' || key === 'idempotentHint') && approved.hints?.readOnlyHint === true && now.hints.readOnlyHint === true;
    const safety = !meaningless && typeof before === 'boolean' && after === SAFER[key] && before !== SAFER[key];
    changes.push({ safety, subject: 'hint', text: `\`${key}\` ${show(before)} → ${show(after)}`, hint: key });
  }
  if (approved.title !== undefined && approved.title !== now.title) changes.push({ safety: false, subject: 'title', text: `title ${show(approved.title)} → ${show(now.title)}` });

  const stillReadOnly = approved.hints?.readOnlyHint === true && now.hints.readOnlyHint === true;
  const addedInputs = new Set<string>();
  if (approved.inputs) {
    for (const [name, type] of Object.entries(now.inputs)) {
      if (!(name in approved.inputs)) addedInputs.add(name);
      else if (approved.inputs[name] !== type) changes.push({ safety: false, subject: 'input', text: `input \`${name}\` ${approved.inputs[name]} → ${type}`, loc: current.inputLocs.get(name) });
    }
    for (const name of Object.keys(approved.inputs)) {
      if (!(name in now.inputs)) changes.push({ safety: false, subject: 'input', text: `input \`${name}\` removed since approval` });
    }
  }

  // Evidence kinds the code shows now and did not when approved: name what shows them.
  if (approved.evidence) {
    for (const kind of CONTRACT_EVIDENCE_KINDS) {
      const items = current.evidenceByKind.get(kind);
      if (!items || approved.evidence.includes(kind)) continue;
      const first = items[0];
      const safety = WRITE_KINDS.has(kind) && stillReadOnly;
      const input = first.source === 'input' ? [...addedInputs].find((name) => within(first.loc, current.inputLocs.get(name))) : undefined;
      let text: string;
      if (input) {
        text = `input \`${input}\` (${typeLabel(now.inputs[input])}) added since approval`;
        addedInputs.delete(input);
      } else if (first.source === 'handler') {
        text = `handler now ${first.text}`;
      } else {
        text = `${first.text} now shows the tool ${EVIDENCE_KIND_LABELS[kind]}`;
      }
      if (!safety) text += ` (${EVIDENCE_KIND_LABELS[kind]})`;
      changes.push({ safety, subject: input ? 'input' : 'evidence', text, loc: first.loc, stillReadOnly: safety });
    }
    for (const kind of approved.evidence) {
      if (!current.evidenceByKind.has(kind)) changes.push({ safety: false, subject: 'evidence', text: `no longer ${EVIDENCE_KIND_LABELS[kind as EvidenceKind]}` });
    }
  }
  for (const name of addedInputs) {
    const text = `input \`${name}\` (${typeLabel(now.inputs[name])}) added since approval`;
    changes.push({ safety: false, subject: 'input', text, loc: current.inputLocs.get(name), stillReadOnly });
  }

  const schemaChanged = approved.fingerprints?.inputSchema !== undefined && approved.fingerprints.inputSchema !== now.fingerprints.inputSchema;
  const inputsListed = changes.some((c) => c.subject === 'input');
  if (schemaChanged && !inputsListed) changes.push({ safety: false, subject: 'schema', text: 'input schema changed since approval (same fields)' });
  if (approved.fingerprints?.description !== undefined && approved.fingerprints.description !== now.fingerprints.description) {
    changes.push({ safety: false, subject: 'description', text: 'description changed since approval' });
  }
  return changes;
}

function typeLabel(type: string | undefined): string {
  if (!type) return 'unknown';
  return type.endsWith('?') ? `${type.slice(0, -1)}, optional` : type;
}

function within(inner: Loc, outer: Loc | undefined): boolean {
  return !!outer && inner.file === outer.file && outer.start <= inner.start && inner.end <= outer.end;
}

/** Where a tool stands against the record, for reports and hovers. */
export type ApprovalState = 'approved' | 'changed' | 'safety-weakened' | 'unapproved' | 'no-record';

export function approvalState(entry: ApprovedEntry | undefined, hasRecord: boolean, changes: readonly ContractChange[]): ApprovalState {
  if (!hasRecord) return 'no-record';
  if (!entry) return 'unapproved';
  if (changes.some((c) => c.safety)) return 'safety-weakened';
  return changes.length > 0 ? 'changed' : 'approved';
}
