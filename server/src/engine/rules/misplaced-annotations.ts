import ts from 'typescript';
import { nodeAt } from '../syntax';
import { insertProperties, objectLiteralAt, removeProperty } from '../fixes';
import type { Fix, MisplacedHints, TextEdit, Tool } from '../model';
import type { Rule, RuleContext } from './rule';
import { annotationsObjectText } from './helpers';
import { exampleFile, ZOD } from './example';

const WHERE: Record<MisplacedHints['kind'], string> = {
  'nested-annotations': 'inside another `annotations` object, where the SDK never looks',
  'in-input-schema': 'in the input schema, where they become tool parameters (and crash some servers at run time)',
  'config-top-level': 'at the top level of the tool config instead of under `annotations`',
};

export const misplacedAnnotations: Rule = {
  id: 'misplaced-annotations',
  aboutCode: true,
  defaultSeverity: 'error',
  docs: {
    what: 'Hints written where the SDK never reads them: nested `annotations` inside the annotations slot, hints in the input schema, or at the config\'s top level.',
    why: 'Misplaced hints are silently dropped, so the tool keeps the pessimistic defaults while its author believes otherwise.',
    examples: [
      {
        bad: exampleFile([], `server.tool("search", "Search the docs", {}, { title: "Search", annotations: { readOnlyHint: true } }, async () => ({ content: [] }));`),
        good: exampleFile([], `server.tool("search", "Search the docs", {}, { title: "Search", readOnlyHint: true }, async () => ({ content: [] }));`),
      },
      {
        bad: exampleFile([ZOD], `server.registerTool("search", { readOnlyHint: true, inputSchema: { query: z.string() } }, async () => ({ content: [] }));`),
        good: exampleFile([ZOD], `server.registerTool("search", { annotations: { readOnlyHint: true }, inputSchema: { query: z.string() } }, async () => ({ content: [] }));`),
      },
    ],
  },
  check(context) {
    const { tool } = context;
    return tool.misplaced.map((misplaced) => {
      const keys = misplaced.properties.map((p) => p.key).join(', ');
      const fix = moveFix(tool, misplaced, context);
      return {
        message: `${keys} ${misplaced.properties.length > 1 ? 'are' : 'is'} ${WHERE[misplaced.kind]}: no host will see ${misplaced.properties.length > 1 ? 'them' : 'it'}.`,
        detail: `Hosts read the defaults instead, while the code looks annotated.${fix ? ` The quick fix moves ${misplaced.properties.length > 1 ? 'them' : 'it'} into the tool's annotations.` : ''}`,
        loc: misplaced.properties[0]?.loc ?? misplaced.loc,
        fixes: fix ? [fix] : [],
      };
    });
  },
};

/** Moves the misplaced hint properties into the annotations object (creating it in the config when needed). */
function moveFix(tool: Tool, misplaced: MisplacedHints, context: RuleContext): Fix | undefined {
  const sf = context.sourceFileOf(misplaced.loc.file);
  if (!sf) return undefined;
  const elements: ts.ObjectLiteralElementLike[] = [];
  for (const property of misplaced.properties) {
    const node = nodeAt(sf, property.loc);
    if (!node || !ts.isObjectLiteralElementLike(node)) return undefined;
    elements.push(node);
  }
  const texts = elements.map((e) => e.getText(sf));
  const edits: TextEdit[] = [];
  const target = tool.declared?.objectLoc;
  if (misplaced.kind === 'nested-annotations') {
    // Replace the nested `annotations: {…}` property with its hints.
    const nested = objectLiteralAt(sf, misplaced.loc);
    const holder = nested?.parent;
    if (!nested || !holder || !ts.isPropertyAssignment(holder)) return undefined;
    const outer = holder.parent as ts.ObjectLiteralExpression;
    const keep = outer.properties.filter((p) => p !== holder).map((p) => p.getText(sf));
    const outerSf = sf;
    const existing = new Set(outer.properties.map((p) => (p.name && ts.isIdentifier(p.name) ? p.name.text : '')));
    const moved = texts.filter((_, i) => !existing.has(misplaced.properties[i].key));
    edits.push({ file: sf.fileName, start: outer.getStart(outerSf), end: outer.getEnd(), newText: `{ ${[...keep, ...moved].join(', ')} }` });
    return { title: `Move ${misplaced.properties.map((p) => p.key).join(', ')} up to where the SDK reads them`, edits, safe: true };
  }
  for (const element of elements) edits.push(removeProperty(sf, element));
  if (target && target.file === sf.fileName) {
    const object = objectLiteralAt(sf, target);
    if (!object) return undefined;
    const existing = new Set(tool.declared!.properties.map((p) => p.key));
    const moved = texts.filter((_, i) => !existing.has(misplaced.properties[i].key));
    if (moved.length > 0) edits.push(insertProperties(sf, object, moved));
  } else if (!tool.declared && tool.slot.kind === 'property' && tool.slot.object.file === sf.fileName) {
    const config = objectLiteralAt(sf, tool.slot.object);
    if (!config) return undefined;
    const multiLine = sf.text.slice(config.getStart(sf), config.getEnd()).includes('\n');
    const at = config.properties[0]?.getStart(sf) ?? config.getStart(sf);
    edits.push(insertProperties(sf, config, [`annotations: ${annotationsObjectText(sf, at, texts.map((text) => ({ text })), multiLine)}`]));
  } else {
    return undefined;
  }
  if (overlaps(edits)) return undefined;
  return { title: `Move ${misplaced.properties.map((p) => p.key).join(', ')} into annotations`, edits, safe: true };
}

function overlaps(edits: TextEdit[]): boolean {
  const sorted = [...edits].sort((a, b) => a.start - b.start);
  return sorted.some((edit, i) => i > 0 && edit.start < sorted[i - 1].end);
}
