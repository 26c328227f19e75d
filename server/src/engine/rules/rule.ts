import type ts from 'typescript';
import type { Finding, Fix, Loc, Severity, Tool } from '../model';
import type { EngineOptions } from '../options';

/** A rule's documentation: the docs pages and hovers are generated from it. */
export interface RuleDocs {
  /** One line: what the rule reports. */
  what: string;
  /** Why it matters, for users. */
  why: string;
  /** Code that triggers the rule, and the fixed or honest version. */
  examples: { bad: string; good: string }[];
}

/** What a rule's check receives: one resolved tool, the file's other tools, and the settings. */
export interface RuleContext {
  tool: Tool;
  tools: readonly Tool[];
  sourceFile: ts.SourceFile;
  options: EngineOptions;
  /** The parsed file any of the tool's locations point into (handlers and constants may live elsewhere). */
  sourceFileOf(file: string): ts.SourceFile | undefined;
}

/** A finding before the engine adds the rule id, severity and tool. */
export interface Report {
  message: string;
  loc: Loc;
  related?: Finding['related'];
  tags?: Finding['tags'];
  fixes?: Fix[];
}

export interface Rule {
  id: string;
  defaultSeverity: Severity;
  docs: RuleDocs;
  check(context: RuleContext): Report[];
}
