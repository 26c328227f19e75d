// Document symbols: one per tool, so the outline and "Go to Symbol" list them.

import { SymbolKind, type DocumentSymbol } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { profileLine, toolDisplayName } from '../engine';
import type { FileAnalysis } from '../engine';

export function computeDocumentSymbols(analysis: FileAnalysis, document: TextDocument): DocumentSymbol[] {
  return analysis.tools
    .filter((tool) => tool.loc.file === analysis.file)
    .map((tool) => {
      const range = { start: document.positionAt(tool.loc.start), end: document.positionAt(tool.loc.end) };
      // The selection range must lie inside the range: a name from a constant elsewhere selects the registration.
      const nameInside = tool.nameLoc.file === analysis.file && tool.nameLoc.start >= tool.loc.start && tool.nameLoc.end <= tool.loc.end;
      const selectionRange = nameInside
        ? { start: document.positionAt(tool.nameLoc.start), end: document.positionAt(tool.nameLoc.end) }
        : range;
      return {
        name: toolDisplayName(tool) || '(unnamed tool)',
        detail: profileLine(tool.effective),
        kind: SymbolKind.Function,
        range,
        selectionRange,
      };
    });
}
