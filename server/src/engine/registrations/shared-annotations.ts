// One annotations literal read by several tools (a base class's getter deciding hints from `this.access`, a
// constant every definition of a loop points to): a finding about one tool belongs at that tool, its name in its
// class or definition, and a fix that edits the shared literal changes all of them, so it says so and is only offered.
import type { Finding, Tool } from '../model';

/** Moves `declared.loc` of tools that share one annotations literal to each tool's name; keeps the literal as `sharedLoc`. */
export function locateSharedAnnotations(tools: Tool[]): void {
  const byLoc = new Map<string, Tool[]>();
  for (const tool of tools) {
    if (!tool.expanded || !tool.declared) continue;
    const key = `${tool.declared.loc.file}:${tool.declared.loc.start}:${tool.declared.loc.end}`;
    byLoc.set(key, [...(byLoc.get(key) ?? []), tool]);
  }
  for (const sharing of byLoc.values()) {
    if (sharing.length < 2 || new Set(sharing.map((t) => `${t.nameLoc.file}:${t.nameLoc.start}`)).size < 2) continue;
    for (const tool of sharing) tool.declared = { ...tool.declared!, sharedLoc: tool.declared!.loc, loc: tool.nameLoc };
  }
}

/** How many tools read the annotations at `tool.declared.sharedLoc` (including `tool`). */
function sharers(tool: Tool, tools: readonly Tool[]): Tool[] {
  const shared = tool.declared?.sharedLoc;
  if (!shared) return [];
  return tools.filter((t) => t.declared?.sharedLoc && t.declared.sharedLoc.file === shared.file && t.declared.sharedLoc.start === shared.start);
}

/** Fixes that edit a shared annotations literal name the tools they change, and are never applied by fix-all. */
export function markSharedFixes(findings: Finding[], tools: readonly Tool[]): void {
  for (const finding of findings) {
    const tool = finding.toolId ? tools.find((t) => t.id === finding.toolId) : undefined;
    const shared = tool?.declared?.sharedLoc;
    if (!tool || !shared) continue;
    const others = sharers(tool, tools).filter((t) => t !== tool);
    finding.fixes = finding.fixes.map((fix) => {
      const inside = fix.edits.some((e) => e.file === shared.file && e.start >= shared.start && e.end <= shared.end);
      if (!inside) return fix;
      const names = others.map((t) => (t.name === null ? 'an unnamed tool' : `"${t.name}"`)).join(', ');
      return { ...fix, title: `${fix.title} (in the annotations shared with ${names})`, safe: false };
    });
  }
}
