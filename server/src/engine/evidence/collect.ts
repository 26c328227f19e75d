// Evidence for one tool, from its name, inputs and handler; computed once per tool and shared by the rules,
// the suggestions and the hover.
import type ts from 'typescript';
import type { Tool } from '../model';
import type { EvidenceConfig } from '../options';
import { fileIndexOf, table } from '../syntax';
import { handlerEvidence } from './handler';
import { inputEvidence } from './inputs';
import type { ToolEvidence } from './model';
import { nameEvidence } from './name';
import { renderEvidence } from './render';
import { EvidenceSession } from './session';

export type { Effect, Evidence, EvidenceData, EvidenceSource, Fact, FactKind, HandlerVisibility, Hop, Incidental, IncidentalKind, IncidentalReason, Target, ToolEvidence } from './model';

/** Per tool and per evidence config (the review record reads evidence without one, inference with the project's). */
const TOOL_EVIDENCE = table<Tool, { config: EvidenceConfig | undefined; result: ToolEvidence }>('collect:tool-evidence', 'analysis', 'a tool’s evidence, with the evidence config it was read under');

/**
 * The tools of one analysis (one reader of files, one registration file) share a session: the evidence evaluator
 * and its memos. Keyed by the reader, in the registration file's index.
 */
const SESSIONS = table<(file: string) => ts.SourceFile | undefined, EvidenceSession>('collect:sessions', 'analysis', 'the evidence session of the tools read through one file reader');

/** Evidence for `tool`; `sourceFileOf` reads the files its handler and schema live in (and their imports). */
export function collectEvidence(tool: Tool, registrationSf: ts.SourceFile, sourceFileOf: (file: string) => ts.SourceFile | undefined, config?: EvidenceConfig): ToolEvidence {
  const index = fileIndexOf(registrationSf);
  const cached = index.get(TOOL_EVIDENCE, tool);
  if (cached && cached.config === config) return cached.result;
  const session = index.cached(SESSIONS, sourceFileOf, () => new EvidenceSession(registrationSf, sourceFileOf));
  const files = new Set<string>();
  session.files = files;
  let result: ToolEvidence;
  try {
    const handler = handlerEvidence(tool, session, registrationSf, config);
    // Collected as data; the texts are written once, from the data, for display.
    const items = [...nameEvidence(tool, session.sources, registrationSf), ...inputEvidence(tool.inputSchema, session, registrationSf), ...handler.items].map(renderEvidence);
    result = { items, handler: handler.visibility, handlerLoc: handler.loc, files: [...files] };
  } catch (error) {
    // Evidence must never take the analysis down; without it every hint stays at its pessimistic default.
    if (!(error instanceof RangeError)) throw error;
    result = { items: [], handler: 'none', handlerLoc: null, files: [...files] };
  }
  index.set(TOOL_EVIDENCE, tool, { config, result });
  return result;
}
