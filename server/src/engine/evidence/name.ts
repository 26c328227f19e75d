// Evidence from the tool's name, title and description: the first verb each one uses. Weak evidence: a reading
// name never proves read-only, and a writing name contradicts a claim only when the handler cannot be seen through.
import ts from 'typescript';
import type { Loc, Tool } from '../model';
import type { SourceProvider } from '../values';
import { nodeAt, propertyNameText, skipOuterExpressions } from '../syntax';
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

/**
 * The first word of `text` that the verb tables know. A third-person `s` ("Deletes a file", "pushes_commit") is
 * read only where the word stands as a verb: the first word, or the word after a leading adverb ("Permanently
 * deletes"). Elsewhere a word ending in `s` is a plural noun: `web_data_x_posts` names posts, it does not post.
 */
export function firstVerb(text: string): ReturnType<typeof classifyVerb> {
  const list = words(text);
  // Descriptions: only the leading word is a reliable verb ("Delete a file", "Reads …"); names and titles: any word.
  const candidates = /\s/.test(text.trim()) && list.length > 4 ? list.slice(0, 1) : list;
  const verbs = candidates.map((word, index) => classifyVerb(word) ?? (verbPosition(list, index) ? thirdPerson(word) : undefined)).filter((v) => v !== undefined);
  const first = verbs[0];
  // `start_search`, `run_query`: a writing verb next to a reading one says little; destroying verbs still count.
  if (first && (first.effect === 'write' || first.effect === 'append') && verbs.some((v) => v.effect === 'read')) return undefined;
  return first;
}

/** Where a word is a verb rather than a noun: the first word, or the second after an adverb ("Permanently deletes"). */
function verbPosition(list: readonly string[], index: number): boolean {
  return index === 0 || (index === 1 && list[0].length > 3 && list[0].endsWith('ly'));
}

/** `deletes` → delete, `pushes` → push: the verb a third-person form stands for, when the tables know it. */
function thirdPerson(word: string): ReturnType<typeof classifyVerb> {
  return (word.endsWith('es') ? classifyVerb(word.slice(0, -2)) : undefined) ?? (word.endsWith('s') ? classifyVerb(word.slice(0, -1)) : undefined);
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
