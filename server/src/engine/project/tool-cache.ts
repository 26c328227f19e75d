// Per-statement reuse of tools and rule reports between analyses of one edited file (the editor's case: one
// keystroke in a file of hundreds of tools). Owned by Project, one state per file.
//
// What makes a cached result stale, and how each is caught:
// - The statement's own text: the key is the statement node. An incremental re-parse reuses a node only when its
//   text is unchanged (it may move); a node made anew (a full parse makes all of them anew) is taken for the
//   previous one only when it sits at the same place outside the edit with the same text.
// - The other statements of the file: an edit is reused around only when every statement it made or removed is
//   *isolated*: a top-level `x.tool(…)` call statement that declares nothing, writes or fills no outside variable
//   (any write syntax/writes.ts names: destructuring, loop heads and calls that change a receiver included),
//   calls nothing the file declares or imports by that name, and keeps the count of each module variable's name
//   (the walks that search statements by name then find the same things). Anything else recomputes the file.
//   Its functions may read module variables: a tool's evidence asks whether a function it never entered reads one
//   (functionsUsing in evidence/tables/state.ts), so each module variable must be read by a function of the edited
//   statements before the edit exactly when it is after. What the others read (declarations, writes) it cannot change.
// - File-wide facts some checks read from the whole text (quote style, indentation, line ends, which forms may
//   appear, low-level `tools/call` dispatch): recorded, and any difference recomputes the file.
// - Line numbers in messages: after an edit that adds or removes line breaks, a statement whose results name a line
//   ("at line 12") is computed again; the others keep their offsets, moved. Fixes read a location's line (where it
//   starts, its indentation): such an edit is reused around only when no other statement starts on its last line.
// - Other files: Project drops this state when a file the last analysis read changes, and on settings, project
//   file list or resolution-config changes (the analyses are dropped then too).
// Tools whose results depend on other tools (expanded from a loop or wrapper, renamed for a duplicate id, sharing an
// annotations literal) are recomputed, and rules marked `readsOtherTools` always run.

import ts from 'typescript';
import type { Loc, Tool } from '../model';
import type { Report } from '../rules';
import { eol, indentUnit, quoteOf } from '../fixes';
import { mayRegisterTools } from '../registrations';
import { writtenRootName, writtenTargets } from '../syntax';
import { DECLARATION_FORMS, formsThatMayDeclare } from '../registrations';
import { findDeclaration, skipOuterExpressions } from '../syntax';
import { keptEnds, textChangeRange, type TextSince } from '../syntax';
import { mentionsLine } from '../syntax';

/** What one isolated statement produced, with positions as they were when it was computed. */
interface Entry {
  pos: number;
  /** The largest offset in this file that its tools and reports name: below the edit, nothing of it moves. */
  last: number;
  tools: Tool[];
  /** Rule id → reports, per tool of `tools` (same index); absent when that tool's reports are not reusable. */
  reports: (Map<string, Report[]> | undefined)[];
  /** The locations inside `tools`, and inside `reports` per tool: what an edit above moves. */
  toolLocations: Located;
  reportLocations: (Located | undefined)[];
  shape: StatementShape;
  /** Whether a text of its tools or reports names a line ("line 12"), which a line break above it would change. */
  namesLines: boolean;
}

/** What an isolated statement reads from and offers to the rest of the file. */
interface StatementShape {
  /** Names it calls (`f()`, `x.f()`, `new F()`): a walk for a function's call sites by name may find it. */
  callees: string[];
  /** Occurrences of each module variable's name in its text (a check counts them over the whole file). */
  mentions: Map<string, number>;
  /** Module variables that a function inside it reads. */
  readers: Set<string>;
}

interface FileState {
  text: string;
  facts: string;
  /** The top-level statements, and where each was (`starts`, `ends`) when this state was kept. */
  statements: readonly ts.Statement[];
  starts: Int32Array;
  ends: Int32Array;
  entries: Map<ts.Statement, Entry>;
  dependencies: string[];
  /** How many statements declare each name (see namesDeclaredIn); counted when first needed, then kept up to date. */
  declared?: Map<string, number>;
}

export class ToolCache {
  private readonly files = new Map<string, FileState>();

  /** Forget `path` (a file its analysis read changed, or it was closed). */
  drop(path: string): void {
    this.files.delete(path);
  }

  clear(): void {
    this.files.clear();
  }

  /** The reuse plan for analysing `sf` now: which statements' results carry over, moved to their new place. */
  begin(sf: ts.SourceFile, sourceFileOf: (file: string) => ts.SourceFile | undefined, since?: TextSince): ToolReuse {
    const previous = this.files.get(sf.fileName);
    // Taken out until finish: reusable() updates its counts for this text.
    this.files.delete(sf.fileName);
    const facts = fileFacts(sf);
    // The edits' span as the project found it, when it starts from the text kept here (the same string: one pointer comparison).
    const change = !previous ? undefined : since && since.text === previous.text ? since.change : textChangeRange(previous.text, sf.text);
    const plan = previous && change !== undefined ? reusable(previous, sf, change, facts, sourceFileOf) : undefined;
    return new ToolReuse(sf, facts, previous && plan ? { previous, change: change ?? null, ...plan } : undefined);
  }

  /** Keep what this analysis computed and reused, for the next one. */
  finish(session: ToolReuse, dependencies: string[]): void {
    const { sf } = session;
    this.files.set(sf.fileName, {
      text: sf.text,
      facts: session.facts,
      statements: sf.statements,
      ...positions(sf.statements),
      entries: session.entries,
      dependencies: [...new Set([...dependencies, ...(session.previous?.dependencies ?? [])])],
      declared: session.declared,
    });
  }
}

function positions(statements: readonly ts.Statement[]): { starts: Int32Array; ends: Int32Array } {
  const starts = new Int32Array(statements.length);
  const ends = new Int32Array(statements.length);
  statements.forEach((statement, index) => {
    starts[index] = statement.pos;
    ends[index] = statement.end;
  });
  return { starts, ends };
}

/** One analysis's view of the cache: find.ts asks it per statement, runRules per tool and rule. */
export class ToolReuse {
  readonly entries = new Map<ts.Statement, Entry>();
  /** A tool handed out or recorded → its entry and index, for its rule reports. */
  private readonly origin = new WeakMap<Tool, { entry: Entry; index: number; reused: boolean }>();
  private readonly shift: { start: number; end: number; delta: number } | undefined;
  /** The edit added or removed line breaks. */
  private readonly linesMoved: boolean;

  readonly previous: FileState | undefined;
  readonly declared: Map<string, number> | undefined;
  /** A statement the parser made anew over unchanged text → the previous one with that text. */
  private readonly alias: Map<ts.Statement, ts.Statement> | undefined;

  constructor(
    readonly sf: ts.SourceFile,
    readonly facts: string,
    last: { previous: FileState; change: ts.TextChangeRange | null; declared: Map<string, number>; alias: Map<ts.Statement, ts.Statement>; linesMoved: boolean } | undefined,
  ) {
    this.linesMoved = last?.linesMoved ?? false;
    this.previous = last?.previous;
    this.declared = last?.declared;
    this.alias = last?.alias;
    const change = last?.change;
    if (last) this.shift = change ? { start: change.span.start, end: ts.textSpanEnd(change.span), delta: change.newLength - change.span.length } : { start: 0, end: 0, delta: 0 };
  }

  /** The dependencies of the previous analysis, still read by the results carried over. */
  get reusedDependencies(): readonly string[] {
    return this.previous?.dependencies ?? [];
  }

  /** The tools `statement` registered last time, moved to where they are now; undefined to compute them. */
  reuse(statement: ts.Statement): Tool[] | undefined {
    const entry = this.previous?.entries.get(this.alias?.get(statement) ?? statement);
    if (!entry || !this.shift || (this.linesMoved && entry.namesLines)) return undefined;
    // A statement inside the edited span may have moved by another amount (two edits between analyses).
    const { start, end, delta } = this.shift;
    const entryEnd = entry.pos + (statement.end - statement.pos);
    if (!(entryEnd <= start || entry.pos >= end) || statement.pos !== (entry.pos >= end ? entry.pos + delta : entry.pos)) return undefined;
    // Offsets before the edit stay, offsets after it move; none of this statement's results points inside it.
    const move = (offset: number) => {
      if (offset > start && offset < end) throw new RangeError('a location inside the edit');
      // At a pure insertion point, an offset belongs to what follows only in a statement that starts there.
      return offset > end || (offset === end && (start !== end || entry.pos >= end)) ? offset + delta : offset;
    };
    if (entry.last >= start) {
      // The entry's data is its own (copied when kept): moved where it is (copying it cost most of an edit near the
      // top of a large file). What the previous analysis of this file handed out shares it and moves too; that
      // analysis is stale since the edit. An entry that cannot move is left half moved: nothing uses it again.
      try {
        for (const located of [entry.toolLocations, ...entry.reportLocations]) if (located) moveLocations(located, this.sf.fileName, move);
        entry.last = move(entry.last);
      } catch {
        return undefined;
      }
    }
    entry.pos = statement.pos;
    // The analysis only ever replaces a tool's own properties (shared-annotations.ts): a shallow copy keeps the
    // entry apart from it; what is nested is never changed by the analysis.
    const handed = entry.tools.map((tool) => ({ ...tool }));
    this.entries.set(statement, entry);
    handed.forEach((tool, index) => this.origin.set(tool, { entry, index, reused: true }));
    return handed;
  }

  /** `statement` was analysed afresh: keep its tools when it is isolated (copies, so later changes stay out). */
  record(statement: ts.Statement, tools: Tool[]): void {
    const shape = isolatedShape(statement, this.sf, moduleVariables(this.sf));
    if (!shape) return;
    const toolLocations: Located = { locs: [], ids: [] };
    const kept = tools.map((tool) => keptCopy(tool, this.sf.fileName, toolLocations));
    const entry: Entry = {
      pos: statement.pos,
      last: lastOffset(toolLocations),
      tools: kept,
      reports: tools.map(() => new Map()),
      toolLocations,
      reportLocations: tools.map(() => ({ locs: [], ids: [] })),
      shape,
      namesLines: namesLine(tools),
    };
    this.entries.set(statement, entry);
    tools.forEach((tool, index) => this.origin.set(tool, { entry, index, reused: false }));
  }

  /** Reports of `ruleId` for `tool` computed last time, when the tool came back unchanged. */
  reports(tool: Tool, ruleId: string): Report[] | undefined {
    const origin = this.origin.get(tool);
    if (!origin?.reused || !ownResult(tool, origin.entry.tools[origin.index])) return undefined;
    // Read only: runRules spreads each report into a new finding.
    return origin.entry.reports[origin.index]?.get(ruleId);
  }

  /** Keep `reports` of `ruleId` for `tool` when they depend on the tool alone. */
  keepReports(tool: Tool, ruleId: string, reports: Report[]): void {
    const origin = this.origin.get(tool);
    if (!origin || !ownResult(tool, origin.entry.tools[origin.index])) {
      if (origin) origin.entry.reports[origin.index] = origin.entry.reportLocations[origin.index] = undefined;
      return;
    }
    if (!origin.entry.namesLines && namesLine(reports)) origin.entry.namesLines = true;
    const located = origin.entry.reportLocations[origin.index];
    if (!located) return;
    const before = located.locs.length;
    origin.entry.reports[origin.index]!.set(ruleId, keptCopy(reports, this.sf.fileName, located));
    origin.entry.last = Math.max(origin.entry.last, lastOffset(located, before));
  }
}

/**
 * A tool that the file's other tools did not change: not expanded (a loop's or wrapper's tools share their
 * literal), its id as built (a duplicate gets a position suffix), no shared annotations located.
 */
function ownResult(tool: Tool, cached: Tool | undefined): boolean {
  return !!cached && !tool.expanded && tool.id === cached.id && !tool.declared?.sharedLoc;
}

/**
 * Whether the last state's entries can be used for `sf` (every statement the edit made or removed is isolated):
 * then the counts of declared names for `sf`, else undefined.
 */
function reusable(
  previous: FileState,
  sf: ts.SourceFile,
  change: ts.TextChangeRange | null,
  facts: string,
  sourceFileOf: (file: string) => ts.SourceFile | undefined,
): { declared: Map<string, number>; alias: Map<ts.Statement, ts.Statement>; linesMoved: boolean } | undefined {
  const no = undefined;
  const alias = new Map<ts.Statement, ts.Statement>();
  // The statements an incremental re-parse kept are the same objects in the same order: only the window between
  // the kept first and last ones can differ.
  const old = previous.statements;
  const now = sf.statements;
  const { first, last } = keptEnds(old, now);
  if (!change) return first === old.length && old.length === now.length ? { declared: (previous.declared ??= countDeclared(old)), alias, linesMoved: false } : no;
  const before = previous.text.slice(change.span.start, ts.textSpanEnd(change.span));
  const after = sf.text.slice(change.span.start, change.span.start + change.newLength);
  const linesMoved = lineBreaks(before) !== lineBreaks(after);
  if (facts !== previous.facts) return no;
  // Statements the parser made anew (all of them after a full parse) over text the edit left alone are the same
  // statements: matched by place and text with the previous ones.
  const oldWindow = new Set(old.slice(first, old.length - last));
  const newWindow = new Set(now.slice(first, now.length - last));
  const unmatched = new Map<string, ts.Statement>();
  for (let index = first; index < old.length - last; index++) {
    if (!newWindow.has(old[index])) unmatched.set(`${previous.starts[index]}:${previous.ends[index]}`, old[index]);
  }
  const start = change.span.start;
  const delta = change.newLength - change.span.length;
  const added: ts.Statement[] = [];
  for (const statement of newWindow) {
    if (oldWindow.has(statement)) continue;
    const before = statement.end <= start;
    const after = statement.pos >= start + change.newLength;
    const key = before ? `${statement.pos}:${statement.end}` : after ? `${statement.pos - delta}:${statement.end - delta}` : undefined;
    const old = key === undefined ? undefined : unmatched.get(key);
    const oldPos = before ? statement.pos : statement.pos - delta;
    if (old && key && previous.text.slice(oldPos, oldPos + statement.end - statement.pos) === sf.text.slice(statement.pos, statement.end)) {
      alias.set(statement, old);
      unmatched.delete(key);
    } else added.push(statement);
  }
  if (linesMoved && !ownsLastLine(previous.text, sf, change, new Set(added))) return no;
  const removed = [...unmatched.values()];
  const removedShapes = removed.map((statement) => previous.entries.get(statement)?.shape);
  if (removedShapes.some((shape) => !shape)) return no;
  const variables = moduleVariables(sf);
  const addedShapes = added.map((statement) => isolatedShape(statement, sf, variables));
  if (addedShapes.some((shape) => !shape)) return no;
  const shapes = [...removedShapes, ...addedShapes] as StatementShape[];
  // Called names must not name anything the file declares or imports (call sites are searched by name).
  // Nor anything a file the analysis read declares (a method there whose call sites here bind its parameters).
  const declared = (previous.declared ??= countDeclared(old));
  const elsewhere = previous.dependencies.map((file) => sourceFileOf(file));
  for (const callee of new Set(shapes.flatMap((shape) => shape.callees))) {
    const outside = (declared.get(callee) ?? 0) - removed.filter((statement) => namesDeclaredIn(statement).has(callee)).length;
    if (outside > 0 || elsewhere.some((other) => !other || other.statements.some((statement) => namesDeclaredIn(statement).has(callee)))) return no;
  }
  // Each module variable is read by a function of the removed statements exactly when by one of the new ones.
  for (const name of variables) if (removedShapes.some((shape) => shape!.readers.has(name)) !== addedShapes.some((shape) => shape!.readers.has(name))) return no;
  // Each module variable's name occurs as often in the removed statements as in the new ones.
  for (const name of variables) {
    const count = (list: (StatementShape | undefined)[]) => list.reduce((sum, shape) => sum + (shape?.mentions.get(name) ?? NaN), 0);
    const was = count(removedShapes);
    const is = count(addedShapes);
    if (!(was === is)) return no;
  }
  for (const statement of removed) for (const name of namesDeclaredIn(statement)) declared.set(name, declared.get(name)! - 1);
  for (const statement of added) for (const name of namesDeclaredIn(statement)) declared.set(name, (declared.get(name) ?? 0) + 1);
  return { declared, alias, linesMoved };
}

/**
 * Whether every statement that starts (its first token) on the edit's last line, after the edit, is one the edit
 * made: a fix of a reused one reads its line from where the line starts, which a line break there moves.
 */
function ownsLastLine(oldText: string, sf: ts.SourceFile, change: ts.TextChangeRange, added: ReadonlySet<ts.Statement>): boolean {
  const oldEnd = ts.textSpanEnd(change.span);
  const lineEnd = oldText.indexOf('\n', oldEnd);
  // In the new text's offsets.
  const limit = (lineEnd === -1 ? oldText.length : lineEnd) + change.newLength - change.span.length;
  const editEnd = change.span.start + change.newLength;
  for (const statement of sf.statements) {
    if (statement.end <= change.span.start) continue;
    if (statement.getStart(sf) > limit) break;
    if (statement.getStart(sf) >= editEnd && !added.has(statement)) return false;
  }
  return true;
}

/** Whether a text inside plain data names a line as `lineMention` writes it: messages and reasons print them. */
function namesLine(value: unknown): boolean {
  if (typeof value === 'string') return mentionsLine(value);
  if (typeof value !== 'object' || value === null) return false;
  for (const item of value instanceof Map ? value.values() : Object.values(value)) if (namesLine(item)) return true;
  return false;
}

function lineBreaks(text: string): number {
  let count = 0;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) count++;
  return count;
}

/** Facts read from the whole text by some checks; one string to compare. */
function fileFacts(sf: ts.SourceFile): string {
  const { text } = sf;
  const may = formsThatMayDeclare(sf);
  const forms = DECLARATION_FORMS.map((form) => (may.includes(form) ? 1 : 0)).join('');
  const dispatch = /CallToolRequestSchema|['"]tools\/call['"]/.test(text);
  return JSON.stringify([mayRegisterTools(text), forms, dispatch, quoteOf(text), indentUnit(text), eol(text)]);
}

/**
 * The shape of `statement` when nothing else in the file can read it, else undefined: a top-level expression
 * statement that is itself one registration call, declaring nothing outside it and writing no outside variable.
 */
function isolatedShape(statement: ts.Statement, sf: ts.SourceFile, variables: readonly string[]): StatementShape | undefined {
  if (!ts.isExpressionStatement(statement) || statement.parent !== sf) return undefined;
  const call = skipOuterExpressions(statement.expression);
  if (!ts.isCallExpression(call) || !ts.isPropertyAccessExpression(call.expression)) return undefined;
  if (/CallToolRequestSchema|['"]tools\/call['"]/.test(statement.getFullText(sf))) return undefined;
  const declared = new Set<string>();
  const roots: string[] = [];
  const moduleNames = new Set(variables);
  let functionDepth = 0;
  const readers = new Set<string>();
  const visit = (node: ts.Node): void => {
    // A function that reads a module variable is found by the walks for that variable's users (as they find it).
    if (functionDepth > 0 && ts.isIdentifier(node) && moduleNames.has(node.text) && !(ts.isPropertyAccessExpression(node.parent) && node.parent.name === node) && readsModuleVariable(node, sf)) readers.add(node.text);
    if ((ts.isVariableDeclaration(node) || ts.isParameter(node) || ts.isBindingElement(node)) && ts.isIdentifier(node.name)) declared.add(node.name.text);
    if ((ts.isFunctionDeclaration(node) || ts.isClassDeclaration(node) || ts.isFunctionExpression(node) || ts.isClassExpression(node)) && node.name) declared.add(node.name.text);
    // Assignments, destructuring, `++`, `delete`, loop heads, and calls that fill or change a receiver (syntax/writes.ts).
    for (const write of writtenTargets(node)) {
      const root = writtenRootName(write);
      if (root) roots.push(root);
    }
    const inFunction = ts.isFunctionLike(node);
    if (inFunction) functionDepth++;
    ts.forEachChild(node, visit);
    if (inFunction) functionDepth--;
  };
  visit(statement);
  // A write to a name declared inside (even shadowing one outside) stays conservative: any outside root refuses.
  if (roots.some((root) => !declared.has(root))) return undefined;
  const mentions = new Map<string, number>();
  const text = statement.getFullText(sf);
  for (const name of variables) mentions.set(name, occurrences(text, name));
  return { callees: callNames(statement), mentions, readers };
}

/** Whether `name` (inside a function) names a module-level variable of `sf`, not a local one that shadows it. */
function readsModuleVariable(name: ts.Identifier, sf: ts.SourceFile): boolean {
  const found = findDeclaration(name.text, name);
  return found?.kind === 'variable' && ts.isVariableDeclarationList(found.declaration.parent) && found.declaration.parent.parent.parent === sf;
}

/** Names `node` calls or constructs: `f(…)`, `x.f(…)`, `new F(…)`. */
function callNames(node: ts.Node): string[] {
  const out = new Set<string>();
  const visit = (child: ts.Node): void => {
    if (ts.isCallExpression(child) || ts.isNewExpression(child) || ts.isDecorator(child) || ts.isTaggedTemplateExpression(child)) {
      const callee = skipOuterExpressions(ts.isTaggedTemplateExpression(child) ? child.tag : child.expression);
      if (ts.isIdentifier(callee)) out.add(callee.text);
      else if (ts.isPropertyAccessExpression(callee)) out.add(callee.name.text);
      else if (ts.isElementAccessExpression(callee) && ts.isStringLiteralLike(callee.argumentExpression)) out.add(callee.argumentExpression.text);
    }
    ts.forEachChild(child, visit);
  };
  visit(node);
  return [...out];
}

/** Name → how many of `statements` declare it. */
function countDeclared(statements: Iterable<ts.Statement>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const statement of statements) for (const name of namesDeclaredIn(statement)) counts.set(name, (counts.get(name) ?? 0) + 1);
  return counts;
}

const declaredNames = new WeakMap<ts.Statement, Set<string>>();

/** Names a statement declares anywhere inside (functions, methods, classes, variables, properties, imports). */
function namesDeclaredIn(statement: ts.Statement): Set<string> {
  const known = declaredNames.get(statement);
  if (known) return known;
  const out = new Set<string>();
  declaredNames.set(statement, out);
  const visit = (node: ts.Node): void => {
    const name = (node as { name?: ts.Node }).name;
    if (name && (ts.isIdentifier(name) || ts.isStringLiteralLike(name) || ts.isPrivateIdentifier(name)) && isDeclarationOfName(node)) out.add(name.text);
    ts.forEachChild(node, visit);
  };
  visit(statement);
  return out;
}

function isDeclarationOfName(node: ts.Node): boolean {
  return (
    ts.isFunctionDeclaration(node) ||
    ts.isFunctionExpression(node) ||
    ts.isClassDeclaration(node) ||
    ts.isClassExpression(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isMethodSignature(node) ||
    ts.isPropertyDeclaration(node) ||
    ts.isPropertyAssignment(node) ||
    ts.isShorthandPropertyAssignment(node) ||
    ts.isVariableDeclaration(node) ||
    ts.isBindingElement(node) ||
    ts.isImportSpecifier(node) ||
    ts.isImportClause(node) ||
    ts.isNamespaceImport(node) ||
    ts.isImportEqualsDeclaration(node) ||
    ts.isGetAccessor(node) ||
    ts.isSetAccessor(node) ||
    ts.isEnumDeclaration(node) ||
    ts.isModuleDeclaration(node)
  );
}

/** Names of the file's module-level variables. */
const variablesOf = new WeakMap<ts.SourceFile, string[]>();

function moduleVariables(sf: ts.SourceFile): string[] {
  const known = variablesOf.get(sf);
  if (known) return known;
  const out: string[] = [];
  variablesOf.set(sf, out);
  for (const statement of sf.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const decl of statement.declarationList.declarations) if (ts.isIdentifier(decl.name)) out.push(decl.name.text);
  }
  return out;
}

function occurrences(text: string, name: string): number {
  let count = 0;
  for (let at = text.indexOf(name); at !== -1; at = text.indexOf(name, at + name.length)) count++;
  return count;
}

/** The locations in a file inside kept data, found as it is copied, so that an edit moves them without a walk. */
interface Located {
  locs: Loc[];
  /** Objects whose id starts with their location (`file:start:`): the id moves with it. */
  ids: { id: string; loc: Loc }[];
}

/**
 * The cache's own deep copy of plain data, strings copied flat (a string cut from a source text keeps that whole
 * text alive); the copy's locations in `file` are added to `located`. Throws for anything else, and for an id in
 * `file` that does not start with its location: the id's start is what moveLocations moves.
 */
function keptCopy<T>(value: T, file: string, located: Located): T {
  return copy(value) as T;
  function copy(item: unknown): unknown {
    if (typeof item === 'string') return item.length > 12 ? flat(item) : item;
    if (typeof item !== 'object' || item === null) return item;
    if (Array.isArray(item)) return item.map(copy);
    if (item instanceof Map) return new Map([...item].map(([key, entry]) => [key, copy(entry)]));
    const prototype = Object.getPrototypeOf(item);
    if (prototype !== Object.prototype && prototype !== null) throw new TypeError('not plain data');
    const original = item as { id?: unknown; loc?: unknown };
    if (typeof original.id === 'string' && isLoc(original.loc) && original.loc.file === file && !original.id.startsWith(`${file}:${original.loc.start}:`)) {
      throw new TypeError('an id that does not start with its location');
    }
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(item)) out[key] = copy((item as Record<string, unknown>)[key]);
    if (isLoc(out) && out.file === file) located.locs.push(out);
    if (typeof out.id === 'string' && isLoc(out.loc) && out.loc.file === file) located.ids.push(out as { id: string; loc: Loc });
    return out;
  }
}

/** Moves the locations (and the ids that start with theirs) by `move`, in place: each id before its location. */
function moveLocations(located: Located, file: string, move: (offset: number) => number): void {
  for (const item of located.ids) {
    const old = `${file}:${item.loc.start}:`;
    item.id = `${file}:${move(item.loc.start)}:${item.id.slice(old.length)}`;
  }
  for (const loc of located.locs) {
    loc.start = move(loc.start);
    loc.end = move(loc.end);
  }
}

/** The largest end of the locations found from `from` on (-1 when none). */
function lastOffset(located: Located, from = 0): number {
  let last = -1;
  for (let index = from; index < located.locs.length; index++) last = Math.max(last, located.locs[index]!.end);
  return last;
}

function isLoc(value: unknown): value is Loc {
  const loc = value as Loc;
  return typeof loc === 'object' && loc !== null && typeof loc.file === 'string' && typeof loc.start === 'number' && typeof loc.end === 'number';
}

/** A copy of `text` that does not point into the string it was cut from. */
function flat(text: string): string {
  return (' ' + text).slice(1);
}
