// Inlay hints: each omitted hint a host will read, as `+ openWorldHint: true`, inside the annotations object
// (after its last property), so it reads as the missing entry; after the tool's name when it has no annotations.

import { InlayHintKind, type InlayHint, type Range } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { HINT_DEFAULTS, HINT_DESCRIPTIONS, omittedMeaningfulHints, type FileAnalysis, type HintKey, type Loc, type Profile, type Tool } from '../engine';

/** Where the hints for a tool go in `file`, or null when they belong elsewhere (the object is in another file). */
function anchor(tool: Tool, file: string, text: string): number | null {
  const declared = tool.declared;
  // Annotations shared by several tools (a base class's getter): each tool's own hints at its name.
  if (declared?.sharedLoc) return afterName(tool, file, text);
  if (declared?.objectLoc) return declared.objectLoc.file === file ? insideObject(declared.objectLoc, declared.properties.map((p) => p.loc), text) : null;
  if (declared) {
    // A constant or a call: after it, unless that ends in a closing bracket (on the key, then).
    if (declared.loc.file === file && !/[)\]}]$/.test(text.slice(declared.loc.start, declared.loc.end))) return declared.loc.end;
    return declared.keyLoc?.file === file ? declared.keyLoc.end : null;
  }
  return afterName(tool, file, text);
}

/** After the object's last property and its comma, or just inside `{` when it has none written here. */
function insideObject(object: Loc, properties: Loc[], text: string): number {
  const own = properties.filter((p) => p.file === object.file && p.start > object.start && p.end < object.end);
  const last = own.reduce<Loc | undefined>((latest, p) => (!latest || p.end > latest.end ? p : latest), undefined);
  if (!last) return object.start + 1;
  const comma = /^[ \t]*,/.exec(text.slice(last.end, object.end));
  return last.end + (comma ? comma[0].length : 0);
}

function afterName(tool: Tool, file: string, text: string): number | null {
  const name = tool.nameLoc;
  return name.file === file && !text.slice(name.start, name.end).includes('\n') ? name.end : null;
}

/**
 * VS Code cuts a line's inlay hints past `editor.inlayHints.maximumLength` characters (43 by default, padding
 * included): what does not fit is counted in a last `+N more` hint, whose tooltip lists it.
 */
const LINE_BUDGET = 43;

export function computeInlayHints(analysis: FileAnalysis, document: TextDocument, range: Range, profile: Profile): InlayHint[] {
  const startOffset = document.offsetAt(range.start);
  const endOffset = document.offsetAt(range.end);
  const text = document.getText();
  // The omitted hints per position; a constant shared by tools gets its hints once.
  const byPosition = new Map<number, HintKey[]>();
  for (const tool of analysis.tools) {
    const at = anchor(tool, analysis.file, text);
    if (at === null || at < startOffset || at > endOffset) continue;
    const keys = byPosition.get(at) ?? [];
    for (const key of omittedMeaningfulHints(tool, profile)) if (!keys.includes(key)) keys.push(key);
    byPosition.set(at, keys);
  }
  const hints: InlayHint[] = [];
  for (const [at, keys] of byPosition) {
    const position = document.positionAt(at);
    const labels = keys.map((key) => `+ ${key}: ${HINT_DEFAULTS[key]}`);
    // Full hints while they fit beside the count of the rest.
    let shown = 0;
    let used = 0;
    while (shown < keys.length) {
      const rest = keys.length - shown - 1;
      const need = labels[shown].length + 1 + (rest > 0 ? `+${rest} more`.length + 1 : 0);
      if (used + need > LINE_BUDGET) break;
      used += labels[shown].length + 1;
      shown++;
    }
    for (const [i, key] of keys.slice(0, shown).entries()) {
      hints.push({ position, label: labels[i], kind: InlayHintKind.Parameter, paddingLeft: true, tooltip: tooltipOf(key) });
    }
    const rest = keys.slice(shown);
    if (rest.length > 0) {
      hints.push({
        position,
        label: `+${rest.length} more`,
        kind: InlayHintKind.Parameter,
        paddingLeft: true,
        tooltip: rest.map((key) => `${key}: ${HINT_DEFAULTS[key]}. ${tooltipOf(key)}`).join('\n'),
      });
    }
  }
  return hints;
}

function tooltipOf(key: HintKey): string {
  return `${HINT_DESCRIPTIONS[key].meaning} Omitted, so hosts read the default, ${key}: ${HINT_DEFAULTS[key]}.`;
}
