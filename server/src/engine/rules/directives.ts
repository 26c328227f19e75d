import ts from 'typescript';
import type { FindingKind } from './finding-kind';
import type { Finding, Loc } from '../model';

/**
 * `// mcp-hints-disable-next-line <rule>[, <rule>…] -- <reason>` and `// mcp-hints-disable-line …`.
 * The reason is required: a suppression is a claim a reviewer should be able to read.
 */
export interface Directive {
  kind: 'next-line' | 'line';
  rules: string[];
  reason: string | null;
  loc: Loc;
  /** 0-based line the directive applies to. */
  targetLine: number;
  used: boolean;
}

export const INVALID_DIRECTIVE = 'invalid-disable-directive';
export const UNUSED_DIRECTIVE = 'unused-disable-directive';

export const invalidDisableDirective: FindingKind = {
  id: INVALID_DIRECTIVE,
  defaultSeverity: 'warning',
  docs: {
    what: 'A `mcp-hints-disable` comment without a reason, or naming an unknown rule.',
    why: 'A suppression is a claim a reviewer should be able to read: write `// mcp-hints-disable-next-line <rule> -- <reason>`. Until it has a reason and known rule ids it suppresses nothing.',
  },
};

export const unusedDisableDirective: FindingKind = {
  id: UNUSED_DIRECTIVE,
  defaultSeverity: 'warning',
  docs: {
    what: 'A `mcp-hints-disable` comment that suppresses nothing.',
    why: 'Stale suppressions hide the next real finding on that line. The quick fix removes the comment.',
  },
};

const DIRECTIVE = /\/[/*]\s*mcp-hints-disable-(next-line|line)\b([^\n]*)/g;

export function parseDirectives(sf: ts.SourceFile): Directive[] {
  const text = sf.text;
  if (!text.includes('mcp-hints-disable')) return [];
  const out: Directive[] = [];
  for (const match of text.matchAll(DIRECTIVE)) {
    const start = match.index!;
    // `// mcp-hints-…` inside a string, template, regex or JSX text is data, not a directive.
    if (insideLiteral(sf, start)) continue;
    const body = match[2].replace(/\*\/.*$/, '');
    const [ruleText, ...reasonParts] = body.split(/\s--\s?|^--\s?/);
    const reason = reasonParts.join(' -- ').trim();
    const rules = ruleText
      .split(',')
      .map((r) => r.trim())
      .filter(Boolean);
    const line = sf.getLineAndCharacterOfPosition(start).line;
    out.push({
      kind: match[1] as Directive['kind'],
      rules,
      reason: reason.length > 0 ? reason : null,
      loc: { file: sf.fileName, start, end: start + match[0].replace(/\s+$/, '').length },
      targetLine: match[1] === 'next-line' ? line + 1 : line,
      used: false,
    });
  }
  return out;
}

const LITERAL_KINDS = new Set([
  ts.SyntaxKind.StringLiteral,
  ts.SyntaxKind.NoSubstitutionTemplateLiteral,
  ts.SyntaxKind.TemplateHead,
  ts.SyntaxKind.TemplateMiddle,
  ts.SyntaxKind.TemplateTail,
  ts.SyntaxKind.RegularExpressionLiteral,
  ts.SyntaxKind.JsxText,
]);

/** True when `pos` lies in the text of a literal token (`//` and `/*` can only appear in those and in comments). */
function insideLiteral(sf: ts.SourceFile, pos: number): boolean {
  let node: ts.Node = sf;
  for (;;) {
    const child: ts.Node | undefined = ts.forEachChild(node, (c) => (c.getFullStart() <= pos && pos < c.getEnd() ? c : undefined));
    if (!child) break;
    node = child;
  }
  return LITERAL_KINDS.has(node.kind) && pos >= node.getStart(sf);
}

/** Drops suppressed findings and reports directives that are malformed or suppress nothing. */
export function applyDirectives(findings: Finding[], sf: ts.SourceFile, knownRules: ReadonlySet<string>): Finding[] {
  const directives = parseDirectives(sf);
  if (directives.length === 0) return findings;
  const kept = findings.filter((finding) => {
    if (finding.loc.file !== sf.fileName) return true;
    const line = sf.getLineAndCharacterOfPosition(finding.loc.start).line;
    const directive = directives.find((d) => d.targetLine === line && d.reason !== null && d.rules.includes(finding.rule));
    if (!directive) return true;
    directive.used = true;
    return false;
  });
  for (const directive of directives) {
    const unknown = directive.rules.filter((r) => !knownRules.has(r));
    if (directive.rules.length === 0 || directive.reason === null || unknown.length > 0) {
      const problem =
        directive.rules.length === 0
          ? 'names no rule'
          : unknown.length > 0
            ? `names unknown rule${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}`
            : 'has no reason (write one after `--`)';
      kept.push({ rule: INVALID_DIRECTIVE, severity: invalidDisableDirective.defaultSeverity, message: `This mcp-hints directive ${problem}, so it suppresses nothing.`, loc: directive.loc, tool: null, fixes: [] });
    } else if (!directive.used) {
      kept.push({
        rule: UNUSED_DIRECTIVE,
        severity: unusedDisableDirective.defaultSeverity,
        message: `Unused directive: nothing from ${directive.rules.join(', ')} is reported on the ${directive.kind === 'line' ? 'same' : 'next'} line.`,
        loc: directive.loc,
        tool: null,
        tags: ['unnecessary'],
        fixes: [{ title: 'Remove the unused directive', safe: true, edits: [removeLineEdit(sf, directive.loc)] }],
      });
    }
  }
  return kept;
}

function removeLineEdit(sf: ts.SourceFile, loc: Loc) {
  const text = sf.text;
  const lineStart = text.lastIndexOf('\n', loc.start - 1) + 1;
  const lineEnd = text.indexOf('\n', loc.end);
  const before = text.slice(lineStart, loc.start);
  if (/^[ \t]*$/.test(before)) return { file: sf.fileName, start: lineStart, end: lineEnd === -1 ? text.length : lineEnd + 1, newText: '' };
  const end = lineEnd === -1 ? text.length : text[lineEnd - 1] === '\r' ? lineEnd - 1 : lineEnd;
  return { file: sf.fileName, start: loc.start - (/\s*$/.exec(before)?.[0].length ?? 0), end, newText: '' };
}
