// Evidence for one tool, from its name, inputs and handler; computed once per tool and shared by the rules,
// the suggestions and the hover.
import type ts from 'typescript';
import type { Tool } from '../model';
import type { EvidenceConfig } from '../options';
import type { SourceProvider } from '../values';
import { handlerEvidence } from './handler';
import { inputEvidence } from './inputs';
import type { ToolEvidence } from './model';
import { nameEvidence } from './name';

export type { Effect, Evidence, EvidenceSource, HandlerVisibility, Hop, ToolEvidence } from './model';

/** Per tool and per evidence config (the review record reads evidence without one, inference with the project's). */
const cache = new WeakMap<Tool, { config: EvidenceConfig | undefined; result: ToolEvidence }>();

interface Session {
  sources: SourceProvider;
  /** Files read for the tool being read now (a file its helpers share is listed where it is first read). */
  files: Set<string>;
}

/**
 * The tools of one analysis (one reader of files, one registration file) share a source provider, and so the
 * evidence evaluator and its caches: a helper every tool of a file calls is evaluated once.
 */
const sessions = new WeakMap<(file: string) => ts.SourceFile | undefined, WeakMap<ts.SourceFile, Session>>();

function sessionOf(registrationSf: ts.SourceFile, sourceFileOf: (file: string) => ts.SourceFile | undefined): Session {
  let byFile = sessions.get(sourceFileOf);
  if (!byFile) sessions.set(sourceFileOf, (byFile = new WeakMap()));
  let session = byFile.get(registrationSf);
  if (!session) {
    const created: Session = {
      files: new Set(),
      sources: {
        getSourceFile: (path) => {
          if (path === registrationSf.fileName) return registrationSf;
          const sf = sourceFileOf(path);
          if (sf) created.files.add(path);
          return sf;
        },
      },
    };
    byFile.set(registrationSf, (session = created));
  }
  return session;
}

/** Evidence for `tool`; `sourceFileOf` reads the files its handler and schema live in (and their imports). */
export function collectEvidence(tool: Tool, registrationSf: ts.SourceFile, sourceFileOf: (file: string) => ts.SourceFile | undefined, config?: EvidenceConfig): ToolEvidence {
  const cached = cache.get(tool);
  if (cached && cached.config === config) return cached.result;
  const session = sessionOf(registrationSf, sourceFileOf);
  const files = new Set<string>();
  session.files = files;
  const sources = session.sources;
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
