// The review record, `mcp-hints.lock.json`: one approved contract per tool. Pure: parsing, updating and printing.
// The record is the user's data: a text that does not parse is reported (file and line) and never rewritten,
// and fields this version does not know (at the top level and in entries) are kept as they are.
import { parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser/lib/esm/main.js';
import { lineColumn } from '../syntax';
import { CONTRACT_EVIDENCE_KINDS, HINT_KEYS, type ApprovedEntry, type EvidenceKind, type HintKey, type HintValue } from '../model';
import type { Contract } from './contract';

export const RECORD_FILE_NAME = 'mcp-hints.lock.json';
export const RECORD_VERSION = 1;

/** A parsed record: the entries the engine compares, and the raw JSON (kept for unknown fields). */
export interface ReviewRecord {
  entries: ApprovedEntry[];
  raw: Record<string, unknown>;
}

export interface RecordError {
  message: string;
  /** 1-based. */
  line: number;
  column: number;
}

export type RecordParse = { ok: true; record: ReviewRecord } | { ok: false; error: RecordError };

const CONFLICT_MARKER = /^(<{7}|={7}|>{7}|\|{7})(?:\s|$)/m;

export function emptyRecord(): ReviewRecord {
  return { entries: [], raw: { version: RECORD_VERSION, tools: [] } };
}

/** Parses a record's text. Merge-conflict markers and anything that is not the record's JSON shape are errors. */
export function parseRecord(text: string): RecordParse {
  const fail = (message: string, offset: number): RecordParse => ({ ok: false, error: { message, ...lineColumn(text, offset) } });
  const conflict = CONFLICT_MARKER.exec(text);
  if (conflict) return fail(`merge-conflict marker "${conflict[1]}": resolve the conflict in the file (keep one side per tool), then run mcp-hints approve`, conflict.index);
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  if (errors.length > 0) return fail(`invalid JSON: ${printParseErrorCode(errors[0].error)}`, errors[0].offset);
  if (!tree || tree.type !== 'object') return fail('the record must be a JSON object with a "tools" array', tree?.offset ?? 0);
  const raw = nodeValue(tree) as Record<string, unknown>;
  const toolsNode = propertyNode(tree, 'tools');
  if (!toolsNode) return fail('the record has no "tools" array', tree.offset);
  if (toolsNode.type !== 'array') return fail('"tools" must be an array', toolsNode.offset);
  const entries: ApprovedEntry[] = [];
  for (const entryNode of toolsNode.children ?? []) {
    if (entryNode.type !== 'object') return fail('each entry of "tools" must be an object', entryNode.offset);
    const entry = nodeValue(entryNode) as Record<string, unknown>;
    if (typeof entry.name !== 'string' || typeof entry.file !== 'string') return fail('each entry of "tools" needs a string "name" and "file"', entryNode.offset);
    entries.push(readEntry(entry));
  }
  return { ok: true, record: { entries, raw } };
}

function propertyNode(object: Node, key: string): Node | undefined {
  for (const property of object.children ?? []) {
    const [keyNode, valueNode] = property.children ?? [];
    if (keyNode?.value === key) return valueNode;
  }
  return undefined;
}

function nodeValue(node: Node): unknown {
  switch (node.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const property of node.children ?? []) {
        const [keyNode, valueNode] = property.children ?? [];
        if (keyNode && valueNode) out[String(keyNode.value)] = nodeValue(valueNode);
      }
      return out;
    }
    case 'array':
      return (node.children ?? []).map(nodeValue);
    default:
      return node.value;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The fields this version compares; a field of another shape (a newer version's) is left out, not guessed. */
function readEntry(raw: Record<string, unknown>): ApprovedEntry {
  const entry: ApprovedEntry = { name: raw.name as string, file: raw.file as string };
  if (raw.title === null || typeof raw.title === 'string') entry.title = raw.title;
  if (isObject(raw.hints)) {
    entry.hints = {};
    for (const key of HINT_KEYS) {
      const value = raw.hints[key];
      if (typeof value === 'boolean' || value === 'unresolved') entry.hints[key] = value;
    }
  }
  if (isObject(raw.inputs) && Object.values(raw.inputs).every((v) => typeof v === 'string')) entry.inputs = raw.inputs as Record<string, string>;
  if (isObject(raw.fingerprints)) {
    const { inputSchema, description } = raw.fingerprints;
    entry.fingerprints = {};
    if (inputSchema === null || typeof inputSchema === 'string') entry.fingerprints.inputSchema = inputSchema;
    if (description === null || typeof description === 'string') entry.fingerprints.description = description;
  }
  if (Array.isArray(raw.evidence)) entry.evidence = raw.evidence.filter((k): k is EvidenceKind => (CONTRACT_EVIDENCE_KINDS as readonly unknown[]).includes(k));
  return entry;
}

/** The record's entry for a tool, matched by name and file (relative to the record). */
export function findEntry(entries: readonly ApprovedEntry[], name: string, file: string): ApprovedEntry | undefined {
  return entries.find((entry) => entry.name === name && entry.file === file);
}

export interface ApprovalUpdate {
  /** Contracts to approve, with `file` relative to the record. */
  contracts: Contract[];
  /**
   * Files (relative) whose tools were all analysed: their entries without a matching contract are dropped (the
   * tool is gone). Entries of other files are left alone.
   */
  analysedFiles: ReadonlySet<string>;
}

const ENTRY_KEYS = ['name', 'file', 'title', 'hints', 'inputs', 'fingerprints', 'evidence'] as const;
const TOP_KEYS = ['version', 'tools'] as const;

/** The record after approving `update.contracts`: known fields replaced, unknown fields kept, entries sorted. */
export function approve(record: ReviewRecord, update: ApprovalUpdate): Record<string, unknown> {
  const rawEntries = (Array.isArray(record.raw.tools) ? record.raw.tools : []).filter(isObject);
  const key = (name: unknown, file: unknown) => `${String(file)}\0${String(name)}`;
  const approved = new Map(update.contracts.map((contract) => [key(contract.name, contract.file), contract]));
  const out: Record<string, unknown>[] = [];
  const written = new Set<string>();
  for (const entry of rawEntries) {
    const entryKey = key(entry.name, entry.file);
    const contract = approved.get(entryKey);
    if (contract) {
      if (written.has(entryKey)) continue;
      out.push(entryFor(contract, entry));
      written.add(entryKey);
    } else if (!update.analysedFiles.has(String(entry.file))) {
      out.push(entry);
    }
  }
  for (const [contractKey, contract] of approved) {
    if (!written.has(contractKey)) out.push(entryFor(contract, {}));
  }
  out.sort((a, b) => compareText(String(a.name), String(b.name)) || compareText(String(a.file), String(b.file)));
  const version = typeof record.raw.version === 'number' && record.raw.version > RECORD_VERSION ? record.raw.version : RECORD_VERSION;
  return withKeyOrder({ ...record.raw, version, tools: out }, TOP_KEYS);
}

function entryFor(contract: Contract, previous: Record<string, unknown>): Record<string, unknown> {
  const known: Record<string, unknown> = {
    name: contract.name,
    file: contract.file,
    title: contract.title,
    hints: contract.hints,
    inputs: contract.inputs,
    fingerprints: contract.fingerprints,
    evidence: contract.evidence,
  };
  return withKeyOrder({ ...previous, ...known }, ENTRY_KEYS);
}

/** Known keys first, in a fixed order; unknown keys after them, in the order they were found. */
function withKeyOrder(object: Record<string, unknown>, order: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of order) if (key in object) out[key] = object[key];
  for (const [key, value] of Object.entries(object)) if (!(key in out)) out[key] = value;
  return out;
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The record's text: 2-space JSON with a trailing newline. */
export function printRecord(raw: Record<string, unknown>): string {
  return `${JSON.stringify(raw, null, 2)}\n`;
}
