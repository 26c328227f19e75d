// Evidence from the tool's name, title and description: the first verb each one uses. Weak evidence: a reading
// name never proves read-only, and a writing name contradicts a claim only when the handler cannot be seen through.
import ts from 'typescript';
import { nodeAt } from '../fixes';
import type { Loc, Tool } from '../model';
import type { SourceProvider } from '../values';
import { propertyNameText, skipOuterExpressions } from '../syntax';
import { locOf } from '../values';
import type { EvidenceData } from './model';
import { classifyVerb, words } from './tables/verbs';

/** Words in a tool's name that say it reaches the web. */
const OPEN_WORLD_WORDS = new Set(['web', 'internet', 'crawl', 'crawling', 'crawler', 'scrape', 'scraping', 'scraper']);

export function nameEvidence(tool: Tool, sources: SourceProvider, registrationSf: ts.SourceFile): EvidenceData[] {
  const out: EvidenceData[] = [];
  const add = (where: 'name' | 'title' | 'description', text: string, loc: Loc) => {
    const verb = firstVerb(text);
    if (verb) out.push({ source: 'name', effect: verb.effect, strength: 'weak', target: 'unknown', fact: { kind: 'name-verb', where, verb: verb.verb, phrase: text }, loc });
  };
  if (tool.name) add('name', tool.name, tool.nameLoc);
  // `web_search`, `crawl_site`: the name says the tool reaches the web (a guess, corroborated only by a request).
  const web = tool.name ? words(tool.name).find((word) => OPEN_WORLD_WORDS.has(word)) : undefined;
  if (web && tool.name) out.push({ source: 'name', effect: 'read', strength: 'weak', world: 'open', guess: true, target: 'network', fact: { kind: 'name-word', word: web }, loc: tool.nameLoc });
  if (tool.title) add('title', tool.title, tool.nameLoc);
  const description = descriptionOf(tool, sources, registrationSf);
  if (description) add('description', description.text, description.loc);
  return out;
}

/** The first word of `text` that the verb tables know, with a plural `s` allowed ("Deletes a file"). */
export function firstVerb(text: string): ReturnType<typeof classifyVerb> {
  const list = words(text);
  // Descriptions: only the leading word is a reliable verb ("Delete a file", "Reads …"); names and titles: any word.
  const candidates = /\s/.test(text.trim()) && list.length > 4 ? list.slice(0, 1) : list;
  const verbs = candidates.map((word) => classifyVerb(word) ?? (word.endsWith('es') ? classifyVerb(word.slice(0, -2)) : undefined) ?? (word.endsWith('s') ? classifyVerb(word.slice(0, -1)) : undefined)).filter((v) => v !== undefined);
  const first = verbs[0];
  // `start_search`, `run_query`: a writing verb next to a reading one says little; destroying verbs still count.
  if (first && (first.effect === 'write' || first.effect === 'append') && verbs.some((v) => v.effect === 'read')) return undefined;
  return first;
}

function descriptionOf(tool: Tool, sources: SourceProvider, registrationSf: ts.SourceFile): { text: string; loc: Loc } | undefined {
  if (tool.config) {
    const sf = tool.config.file === registrationSf.fileName ? registrationSf : sources.getSourceFile(tool.config.file);
    const node = sf && nodeAt(sf, tool.config);
    const object = node && ts.isExpression(node) ? skipOuterExpressions(node) : undefined;
    if (sf && object && ts.isObjectLiteralExpression(object)) {
      for (const property of object.properties) {
        if (ts.isPropertyAssignment(property) && propertyNameText(property.name) === 'description') {
          const value = skipOuterExpressions(property.initializer);
          if (ts.isStringLiteralLike(value)) return { text: value.text, loc: locOf(value, sf) };
        }
      }
    }
  }
  // server.tool(name, "description", …)
  if (tool.form === 'tool' && tool.callArgs && tool.callArgs.length > 2) {
    const loc = tool.callArgs[1];
    const node = nodeAt(registrationSf, loc);
    if (node && ts.isStringLiteralLike(node)) return { text: node.text, loc };
  }
  return undefined;
}
