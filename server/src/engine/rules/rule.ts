import type ts from 'typescript';
import type { FindingKind, FindingKindDocs } from './finding-kind';
import type { Finding, Fix, Loc, Tool } from '../model';
import type { EngineOptions } from '../options';

/** A rule's documentation: the docs pages and hovers are generated from it. Every rule has examples. */
export interface RuleDocs extends FindingKindDocs {
  examples: NonNullable<FindingKindDocs['examples']>;
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
  detail?: string;
  loc: Loc;
  related?: Finding['related'];
  tags?: Finding['tags'];
  fixes?: Fix[];
}

/** A finding kind with a check that runs on every tool. */
export interface Rule extends FindingKind {
  docs: RuleDocs;
  /** The check reads the file's other tools (`context.tools`) for any tool: its reports are never reused after an edit. */
  readsOtherTools?: boolean;
  /**
   * The finding is about text written once (a key, a value, a call), not about one tool's behaviour: tools that
   * share that text (one annotations object made for every tool of a list) share one finding there.
   */
  aboutCode?: true;
  check(context: RuleContext): Report[];
}
