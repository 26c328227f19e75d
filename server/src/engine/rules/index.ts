import type ts from 'typescript';
import type { Finding, Tool } from '../model';
import type { EngineOptions } from '../options';
import type { Rule, RuleContext } from './rule';

export const RULES: readonly Rule[] = [];

export function ruleDocUrl(id: string): string {
  return `https://github.com/mcp-hints/mcp-hints/blob/main/docs/rules/${id}.md`;
}

export function runRules(tools: Tool[], sourceFile: ts.SourceFile, options: EngineOptions, textOf: (file: string) => string | undefined = () => undefined): Finding[] {
  const findings: Finding[] = [];
  for (const tool of tools) {
    for (const rule of RULES) {
      const setting = options.rules?.[rule.id];
      if (setting === 'off') continue;
      const context: RuleContext = { tool, tools, sourceFile, options, textOf };
      for (const report of rule.check(context)) {
        findings.push({ rule: rule.id, severity: setting ?? rule.defaultSeverity, tool: tool.name, toolId: tool.id, fixes: [], ...report });
      }
    }
  }
  return findings;
}
