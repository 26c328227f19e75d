// The review record as the rules see it: for one tool, the record that governs its file, its entry, its contract
// now and what changed. Shared by the three review rules, the hover and the report; cached per tool.
import { relative, sep } from 'node:path';
import type ts from 'typescript';
import type { Tool } from '../model';
import type { EngineOptions, LoadedRecord } from '../options';
import { compareContract, approvalState, type ApprovalState, type ContractChange } from './compare';
import { toolContract, type ContractDetail } from './contract';
import type { ApprovedEntry } from '../model';
import { findEntry } from './record';

export interface ToolReview {
  record: LoadedRecord;
  /** The tool's file relative to the record's folder, `/` separators. */
  file: string;
  entry: ApprovedEntry | undefined;
  current: ContractDetail;
  changes: ContractChange[];
  state: ApprovalState;
}

export interface ReviewContext {
  tool: Tool;
  sourceFile: ts.SourceFile;
  options: EngineOptions;
  sourceFileOf(file: string): ts.SourceFile | undefined;
}

/** Path of `file` relative to `root` with `/` separators, or undefined when it is not inside `root`. */
export function relativeTo(root: string, file: string): string | undefined {
  const rel = relative(root, file);
  if (rel === '' || rel.startsWith('..') || /^[a-zA-Z]:/.test(rel) || rel.startsWith('/')) return undefined;
  return sep === '/' ? rel : rel.split(sep).join('/');
}

/** The record that governs `file`: the one in the deepest folder that contains it. */
export function recordFor(options: EngineOptions, file: string): { record: LoadedRecord; file: string } | undefined {
  let best: { record: LoadedRecord; file: string } | undefined;
  for (const record of options.review?.records ?? []) {
    const rel = relativeTo(record.root, file);
    if (rel !== undefined && (!best || record.root.length > best.record.root.length)) best = { record, file: rel };
  }
  return best;
}

const cache = new WeakMap<Tool, { options: EngineOptions; review: ToolReview | undefined }>();

/** The tool against its record; undefined when no record governs it or its name is not known. */
export function reviewTool(context: ReviewContext): ToolReview | undefined {
  const cached = cache.get(context.tool);
  if (cached && cached.options === context.options) return cached.review;
  let review: ToolReview | undefined;
  try {
    review = computeReview(context);
  } catch (error) {
    // Pathological nesting must not take the file's analysis down: the tool is then simply not compared.
    if (!(error instanceof RangeError)) throw error;
    review = undefined;
  }
  cache.set(context.tool, { options: context.options, review });
  return review;
}

function computeReview({ tool, sourceFile, options, sourceFileOf }: ReviewContext): ToolReview | undefined {
  if (tool.name === null) return undefined;
  const governing = recordFor(options, tool.loc.file);
  if (!governing) return undefined;
  const current = toolContract(tool, { registrationSf: sourceFile, sourceFileOf });
  if (!current) return undefined;
  const entry = findEntry(governing.record.entries, tool.name, governing.file);
  const changes = entry ? compareContract(entry, current) : [];
  return { record: governing.record, file: governing.file, entry, current, changes, state: approvalState(entry, true, changes) };
}
