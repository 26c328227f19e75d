// What the engine knows about one tool beyond its findings: the evidence and the hints it supports, how much of the
// handler was seen, the tool's contract and where it stands against the review record. The hover and the CLI's
// records (`report`, `approve`) read this one query, so they cannot tell two stories.
import type ts from 'typescript';
import { collectEvidence, evidenceFor, evidenceMarkdown, type HandlerVisibility, type Inference } from '../evidence';
import type { Tool } from '../model';
import type { EngineOptions } from '../options';
import { EVIDENCE_KIND_LABELS, toolContract, type ContractDetail } from './contract';
import { reviewMarkdown } from './describe';
import { reviewTool, type ToolReview } from './tool-review';

export interface ToolDetailsContext {
  /** The file that registers the tool (its evidence starts at the registration). */
  sourceFile: ts.SourceFile;
  sourceFileOf(file: string): ts.SourceFile | undefined;
  /** The options in force for that file (its review record, evidence facts from .mcp-hints.json). */
  options: EngineOptions;
}

export interface ToolDetails {
  /** What the code shows: the inferred hints with their reasons, and name-only notes. */
  inference: Inference;
  /** How much of the handler the analyser saw. */
  handler: HandlerVisibility;
  /** The contract the review record holds for the tool, with the evidence behind each kind; undefined for a nameless tool. */
  contract: ContractDetail | undefined;
  /** Where the tool stands against the record in force; undefined when no record governs the file. */
  review: ToolReview | undefined;
}

export function toolDetails(tool: Tool, context: ToolDetailsContext): ToolDetails {
  const { sourceFile, sourceFileOf, options } = context;
  return {
    inference: evidenceFor(tool, context),
    handler: collectEvidence(tool, sourceFile, sourceFileOf, options.evidence).handler,
    contract: toolContract(tool, { registrationSf: sourceFile, sourceFileOf }),
    review: reviewTool({ tool, sourceFile, options, sourceFileOf }),
  };
}

/**
 * The hover's account: the inferred hints and their evidence, then the review state when a record governs the tool.
 * `shownIn` is the file the hover is in: its lines read "line N", other files' `path:N`.
 */
export function toolDetailsMarkdown(details: ToolDetails, context: ToolDetailsContext, shownIn?: string): string {
  const evidence = evidenceMarkdown(details.inference, context, shownIn);
  return details.review ? `${evidence}\n\n---\n\n${reviewMarkdown(details.review)}` : evidence;
}

/** One line of what the code shows, per kind of effect the contract lists ("writes files: calls `fs.writeFile`"). */
export function evidenceSummary(details: ToolDetails): string {
  const detail = details.contract;
  const shown = detail ? detail.contract.evidence.map((kind) => `${EVIDENCE_KIND_LABELS[kind]}: ${detail.evidenceByKind.get(kind)![0].text}`) : [];
  if (shown.length > 0) return shown.join('; ');
  return details.handler === 'none' ? 'handler not found' : 'no writes, deletes, processes or network calls found';
}
