// What a recogniser sees: one call (or `new`, or tagged template) met by the handler walk, and the walk itself.
// Each API family (tables/fs.ts, tables/http.ts, …) recognises its calls beside its table; recognisers.ts lists
// them in the order they are tried. Types only, so the families and the walk both depend on this file, not on
// each other.
import type ts from 'typescript';
import type { EVIDENCE_KINDS } from '../options';
import type { Declaration } from '../syntax';
import type { Evaluator } from '../values';
import type { EvidenceData } from './model';
import type { Chain } from './nodes';

/** Where a value comes from, as far as the syntax tells. */
export type Origin =
  | { kind: 'package'; module: string; path: string[] }
  | { kind: 'module-state'; name: string; decl: ts.VariableDeclaration }
  | { kind: 'value' }
  | { kind: 'global'; name: string; path: string[] }
  | { kind: 'unknown'; text: string };

/** A function body the walk reads. */
export interface Body {
  node: ts.Node;
  sf: ts.SourceFile;
}

/** The walk as the recognisers use it: what they add, and what they may ask about the calls followed so far. */
export interface Walk {
  readonly evaluator: Evaluator;
  /** The tool's name in words: a tool named `write_log` writing a log file is doing its job, not bookkeeping. */
  readonly toolWords: readonly string[];
  /** What `.mcp-hints.json` says a callee (its text as written) does, if it names it. */
  configuredKind(calleeText: string): (typeof EVIDENCE_KINDS)[number] | undefined;
  /** Whether a relative import from `sf` names a file the analysis can read. */
  resolvesImport(sf: ts.SourceFile, specifier: string): boolean;
  add(evidence: Omit<EvidenceData, 'source' | 'loc'>, node: ts.Node, sf: ts.SourceFile): void;
  /** Some of the handler stays unseen: every optimistic hint stays unknown. */
  markPartial(): void;
  /** A call the analyser cannot see into (the last resort of every list). */
  opaque(call: ts.Node, sf: ts.SourceFile, text: string, origin: Origin, last: string | undefined): void;
  /** Follows a call into a local or relatively imported function; true when it did. */
  follow(site: CallSite): boolean;
  /** Walks a local class's constructor, which `new` runs. */
  walkConstructor(constructor: ts.ConstructorDeclaration, sf: ts.SourceFile): void;
  originOf(root: ts.Expression, sf: ts.SourceFile): Origin;
  /** A parameter of the handler itself: the tool's arguments or the SDK's `extra`. */
  isDataParam(parameter: ts.Node): boolean;
  /** A parameter of a followed function that received a function literal at the call. */
  isBoundCallback(parameter: ts.Node): boolean;
  /** A member of a loop's shared handler (`def.method`) that is, for this tool, a known string. */
  boundValue(expr: ts.Node): string | undefined;
  /** What the followed call passed for a parameter of the function being walked. */
  argumentFor(parameter: ts.Node): ts.Expression | undefined;
  /**
   * The request method each followed call passed (`githubRequest(url, { method: "POST" })`), innermost last:
   * a string when given, null when the call gives none (the helper's default applies), undefined when unknown.
   */
  readonly methodFrames: readonly (string | null | undefined)[];
  /** The functions walked so far. */
  visitedRoots(): ts.Node[];
}

/** One call the walk met. The origin and the paths are read when a recogniser first asks. */
export interface CallSite {
  readonly call: ts.CallExpression;
  readonly sf: ts.SourceFile;
  /** How many calls were followed to reach it. */
  readonly depth: number;
  /** The callee without parentheses, casts and CommonJS's `(0, f)`. */
  readonly callee: ts.Expression;
  readonly chain: Chain;
  /** The callee's last member as written (`query` in `db.query`). */
  readonly method: string | undefined;
  /** The callee's text, shortened, for messages. */
  text(): string;
  /** Where the chain's root comes from. */
  readonly origin: Origin;
  /** The members from the origin: a package's export path, then the chain's. */
  readonly fullPath: string[];
  readonly last: string | undefined;
  /** `this.client` in `this.client.send`. */
  readonly receiverText: string;
}

/** Decides a call: true when it did (with or without evidence), false to let the next recogniser try. */
export type CallRecogniser = (site: CallSite, walk: Walk) => boolean;

/** One `new X(…)` the walk met. */
export interface NewSite {
  readonly node: ts.NewExpression;
  readonly sf: ts.SourceFile;
  readonly callee: ts.Expression;
  /** The callee's text, shortened. */
  readonly text: string;
  /** What a plain-name callee (`new Client()`) is declared as: undefined for a global or a callee of another shape. */
  readonly declaration: Declaration | undefined;
  /** Whether the callee is a plain name. */
  readonly named: boolean;
}

export type NewRecogniser = (site: NewSite, walk: Walk) => boolean;

export type TemplateRecogniser = (node: ts.TaggedTemplateExpression, sf: ts.SourceFile, walk: Walk) => boolean;
