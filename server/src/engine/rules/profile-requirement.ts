import { fixTitleFor } from './contradiction';
import type { HintKey } from '../model';
import type { Profile } from '../options';
import { suggestAnnotations } from './suggest';
import { annotationsLoc, insertIntoAnnotations, toolLoc } from './helpers';
import type { Report, Rule } from './rule';
import { exampleFile } from './example';

/** What each host profile requires to be written on a tool. `spec` requires nothing beyond the spec. */
export const PROFILE_REQUIREMENTS: Readonly<Record<Profile, { hints: (readOnly: boolean) => HintKey[]; title: boolean; host: string }>> = {
  spec: { hints: () => [], title: false, host: 'the MCP spec' },
  // ChatGPT reads an omitted hint as the unsafe value and wants all three written, reads included.
  chatgpt: { hints: () => ['readOnlyHint', 'destructiveHint', 'openWorldHint'], title: false, host: 'ChatGPT' },
  // Claude's connector review: a title and the hints that apply (destructive only when the tool writes).
  claude: { hints: (readOnly) => (readOnly ? ['readOnlyHint', 'openWorldHint'] : ['readOnlyHint', 'destructiveHint', 'openWorldHint']), title: true, host: 'Claude (connectors directory)' },
};

export const profileRequirement: Rule = {
  id: 'profile-requirement',
  defaultSeverity: 'warning',
  docs: {
    what: 'The chosen host profile (`profile` setting, `--profile`) requires an annotation the tool does not write.',
    why:
      'chatgpt: ChatGPT requires readOnlyHint, destructiveHint and openWorldHint written explicitly on every tool (an omitted ' +
      'destructiveHint reads as destructive, even on reads). claude: the Claude connectors directory requires a title and ' +
      'the applicable hints on every tool. Tools with no annotations at all are reported by missing-annotations instead.',
    examples: [
      {
        bad: exampleFile([], `server.registerTool("list_notes", { title: "List notes", annotations: { readOnlyHint: true } }, async () => ({ content: [] }));`, 'chatgpt'),
        good: exampleFile([], `server.registerTool("list_notes", { title: "List notes", annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false } }, async () => ({ content: [] }));`, 'chatgpt'),
      },
      {
        bad: exampleFile([], `server.registerTool("list_files", { annotations: { readOnlyHint: true } }, async () => ({ content: [] }));`, 'claude'),
        good: exampleFile([], `server.registerTool("list_files", { title: "List files", annotations: { readOnlyHint: true, openWorldHint: false } }, async () => ({ content: [] }));`, 'claude'),
      },
    ],
  },
  check(context) {
    const profile = context.options.profile ?? 'spec';
    const requirement = PROFILE_REQUIREMENTS[profile];
    const { tool } = context;
    const declared = tool.declared;
    // No annotations: missing-annotations reports it and its fix writes what the profile needs.
    // Unresolved parts: what is written cannot be known.
    if (!declared || declared.unresolved.length > 0) return [];
    const readOnly = tool.effective.readOnlyHint === true;
    const missing = requirement.hints(readOnly).filter((key) => !declared.properties.some((p) => p.key === key && typeof p.value === 'boolean'));
    const needsTitle = requirement.title && tool.title === null;
    if (missing.length === 0 && !needsTitle) return [];
    const reports: Report[] = [];
    const parts = [...(needsTitle ? ['a title'] : []), ...missing.map((k) => k)];
    const suggestions = suggestAnnotations(tool, { ...context, options: { ...context.options, profile } }).filter((s) => missing.includes(s.key));
    // Hints the suggestion leaves out for read-only tools (destructiveHint on chatgpt) take the value a read has.
    for (const key of missing) {
      if (!suggestions.some((s) => s.key === key)) suggestions.push({ key, value: key === 'destructiveHint' ? !readOnly : false, basis: 'evidence', reason: 'read-only' });
    }
    // Safe only in the tool's own literal: a shared constant serves other tools whose evidence may differ.
    const fix = missing.length > 0 ? insertIntoAnnotations(tool, context, suggestions.map((s) => `${s.key}: ${s.value}`), fixTitleFor(suggestions, 'Write'), false) : undefined;
    reports.push({
      message: `The ${profile} profile requires ${joinList(parts)} on every tool (${requirement.host}); ${tool.name ? `"${tool.name}"` : 'this tool'} leaves ${parts.length > 1 ? 'them' : 'it'} out.`,
      loc: missing.length > 0 ? annotationsLoc(tool, context) : toolLoc(tool, context),
      fixes: fix ? [fix] : [],
    });
    return reports;
  },
};

function joinList(items: string[]): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}
