// A code lens above each tool with its one-line profile ("read-only · closed-world").

import type { CodeLens } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { profileLine } from '../engine';
import type { FileAnalysis } from '../engine';

export function computeCodeLenses(analysis: FileAnalysis, document: TextDocument): CodeLens[] {
  return analysis.tools
    .filter((tool) => tool.loc.file === analysis.file)
    .map((tool) => {
      const start = document.positionAt(tool.loc.start);
      return {
        range: { start, end: start },
        // An empty command id renders as a plain label in VS Code (nothing to run on click).
        command: { title: `MCP: ${profileLine(tool.effective)}${tool.declared ? '' : ' (no annotations)'}`, command: '' },
      };
    });
}
