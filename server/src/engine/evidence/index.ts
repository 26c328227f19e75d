// Evidence for one tool, from its name, inputs and handler; computed once per tool and shared by the rules,
// the suggestions and the hover.
import type ts from 'typescript';
import type { Tool } from '../model';
import type { EvidenceConfig } from '../options';
import type { SourceProvider } from '../resolve';
import { handlerEvidence } from './handler';
import { inputEvidence } from './inputs';
import type { ToolEvidence } from './model';
import { nameEvidence } from './name';

export type { Effect, Evidence, EvidenceSource, HandlerVisibility, Hop, ToolEvidence } from './model';

/** Per tool and per evidence config (the review record reads evidence without one, inference with the project's). */
const cache = new WeakMap<Tool, { config: EvidenceConfig | undefined; result: ToolEvidence }>();

/** Evidence for `tool`; `sourceFileOf` reads the files its handler and schema live in (and their imports). */
export function collectEvidence(tool: Tool, registrationSf: ts.SourceFile, sourceFileOf: (file: string) => ts.SourceFile | undefined, config?: EvidenceConfig): ToolEvidence {
  const cached = cache.get(tool);
  if (cached && cached.config === config) return cached.result;
  const files = new Set<string>();
  const sources: SourceProvider = {
    getSourceFile: (path) => {
      if (path === registrationSf.fileName) return registrationSf;
      const sf = sourceFileOf(path);
      if (sf) files.add(path);
      return sf;
    },
  };
  let result: ToolEvidence;
  try {
    const handler = handlerEvidence(tool, sources, registrationSf, config);
    const items = [...nameEvidence(tool, sources, registrationSf), ...inputEvidence(tool.inputSchema, sources, registrationSf), ...handler.items];
    result = { items, handler: handler.visibility, handlerLoc: handler.loc, files: [...files] };
  } catch (error) {
    // Evidence must never take the analysis down; without it every hint stays at its pessimistic default.
    if (!(error instanceof RangeError)) throw error;
    result = { items: [], handler: 'none', handlerLoc: null, files: [...files] };
  }
  cache.set(tool, { config, result });
  return result;
}
