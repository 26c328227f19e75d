// What the engine knows about one tool beyond its findings: the evidence and the hints it supports, how much of the
// handler was seen, the tool's contract and where it stands against the review record. The hover and the CLI's
// records (`report`, `approve`) read this one query, so they cannot tell two stories.
import type ts from 'typescript';
import { chainText, collectEvidence, contradictingEvidence, describe, type Evidence, evidenceFor, evidenceMarkdown, type HandlerVisibility, type Inference, isOptimisticClaim, whereIs } from '../evidence';
import { HINT_KEYS, type HintKey, type Loc } from '../model';
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
  /** Each optimistic claim the evidence contradicts, with the call that contradicts it (its chain of calls inside). */
  contradicted: ContradictedClaim[];
}

export interface ContradictedClaim {
  key: HintKey;
  value: boolean;
  /** Where the claim is written. */
  loc: Loc;
  evidence: Evidence;
}

export function toolDetails(tool: Tool, context: ToolDetailsContext): ToolDetails {
  const { sourceFile, sourceFileOf, options } = context;
  return {
    inference: evidenceFor(tool, context),
    handler: collectEvidence(tool, sourceFile, sourceFileOf, options.evidence).handler,
    contract: toolContract(tool, { registrationSf: sourceFile, sourceFileOf }),
    review: reviewTool({ tool, sourceFile, options, sourceFileOf }),
    contradicted: contradictedClaims(tool, context),
  };
}

/** The declared optimistic claims the evidence contradicts, as the contradiction rules find them. */
function contradictedClaims(tool: Tool, context: ToolDetailsContext): ContradictedClaim[] {
  const inference = evidenceFor(tool, context);
  const out: ContradictedClaim[] = [];
  for (const key of HINT_KEYS) {
    const property = tool.declared?.properties.find((p) => p.key === key && isOptimisticClaim(key, p.value));
    if (!property || typeof property.value !== 'boolean') continue;
    const [first] = contradictingEvidence(inference, key, context.options.profile).evidence;
    if (first) out.push({ key, value: property.value, loc: property.valueLoc, evidence: first });
  }
  return out;
}

/**
 * "`readOnlyHint: true` at line 4 ← `saveTo` at line 6 → `write` at out.ts:5 → calls `fs.writeFileSync` at out.ts:8":
 * each contradicted claim, the calls followed and the call that contradicts it, each with its file and line.
 */
export function contradictionsMarkdown(claims: readonly ContradictedClaim[], context: ToolDetailsContext, shownIn?: string): string {
  if (claims.length === 0) return '';
  const lines = ['**Contradicted by the code**', ''];
  for (const claim of claims) {
    const steps = [chainText(claim.evidence, context, '', shownIn), `${describe(claim.evidence)} ${whereIs(claim.evidence.loc, context, shownIn)}`.trim()].filter(Boolean);
    lines.push(`- \`${claim.key}: ${claim.value}\` ${whereIs(claim.loc, context, shownIn)}`.trimEnd() + ` ← ${steps.join(' → ')}`);
  }
  return lines.join('\n');
}

/**
 * The hover's account: the inferred hints and their evidence, then the review state when a record governs the tool.
 * `shownIn` is the file the hover is in: its lines read "line N", other files' `path:N`.
 */
export function toolDetailsMarkdown(details: ToolDetails, context: ToolDetailsContext, shownIn?: string): string {
  const claims = contradictionsMarkdown(details.contradicted, context, shownIn);
  const evidence = [claims, evidenceMarkdown(details.inference, context, shownIn)].filter(Boolean).join('\n\n');
  return details.review ? `${evidence}\n\n---\n\n${reviewMarkdown(details.review)}` : evidence;
}

/** One line of what the code shows, per kind of effect the contract lists ("writes files: calls `fs.writeFile`"). */
export function evidenceSummary(details: ToolDetails): string {
  const detail = details.contract;
  const shown = detail ? detail.contract.evidence.map((kind) => `${EVIDENCE_KIND_LABELS[kind]}: ${detail.evidenceByKind.get(kind)![0].text}`) : [];
  if (shown.length > 0) return shown.join('; ');
  return details.handler === 'none' ? 'handler not found' : 'no writes, deletes, processes or network calls found';
}
