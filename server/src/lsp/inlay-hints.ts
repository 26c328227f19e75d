// Inlay hints: each omitted hint a host will read, with its default, after the annotations object
// (or after the tool's name when it has none).

import { InlayHintKind, type InlayHint, type Range } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { HINT_DESCRIPTIONS, omittedMeaningfulHints } from '../engine';
import { HINT_DEFAULTS, type FileAnalysis, type Tool } from '../engine';
import type { Profile } from '../engine';

/** Where the hints for a tool go: after its annotations object when written in this file, else after its name. */
function anchor(tool: Tool, file: string): number | null {
  const declared = tool.declared;
  if (declared) {
    // After the object literal when it is in this file, else after the expression at the registration (a constant's name).
    if (declared.objectLoc?.file === file) return declared.objectLoc.end;
    return declared.loc.file === file ? declared.loc.end : null;
  }
  if (tool.nameLoc.file === file && tool.nameLoc.start >= tool.loc.start && tool.nameLoc.end <= tool.loc.end) return tool.nameLoc.end;
  return tool.loc.file === file ? tool.loc.start : null;
}

export function computeInlayHints(analysis: FileAnalysis, document: TextDocument, range: Range, profile: Profile): InlayHint[] {
  const startOffset = document.offsetAt(range.start);
  const endOffset = document.offsetAt(range.end);
  const hints: InlayHint[] = [];
  const placed = new Set<string>(); // a constant shared by tools gets its hints once
  for (const tool of analysis.tools) {
    const at = anchor(tool, analysis.file);
    if (at === null || at < startOffset || at > endOffset) continue;
    for (const key of omittedMeaningfulHints(tool, profile)) {
      const id = `${at}:${key}`;
      if (placed.has(id)) continue;
      placed.add(id);
      hints.push({
        position: document.positionAt(at),
        label: `${key}: ${HINT_DEFAULTS[key]} (default)`,
        kind: InlayHintKind.Parameter,
        paddingLeft: true,
        tooltip: `${HINT_DESCRIPTIONS[key].meaning} Omitted, so hosts read the default.`,
      });
    }
  }
  return hints;
}
