// The engine's data model: plain data, no LSP or VS Code types.
// Every consumer (language server, CLI, report) reads these shapes.

/** The four behavioural hints of MCP's ToolAnnotations. */
export const HINT_KEYS = ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const;
export type HintKey = (typeof HINT_KEYS)[number];

/** Every key ToolAnnotations has: the hints plus `title`. Any other key is dropped by the SDK. */
export const ANNOTATION_KEYS = [...HINT_KEYS, 'title'] as const;
export type AnnotationKey = (typeof ANNOTATION_KEYS)[number];

/** Spec defaults: every one is the pessimistic value. */
export const HINT_DEFAULTS: Readonly<Record<HintKey, boolean>> = {
  readOnlyHint: false,
  destructiveHint: true,
  idempotentHint: false,
  openWorldHint: true,
};

/** A hint as the engine knows it: a boolean, or a value that cannot be known without running code. */
export type HintValue = boolean | 'unresolved';

/** A span of one file's text, as UTF-16 offsets (what TypeScript and LSP documents use). */
export interface Loc {
  /** Absolute file path. */
  file: string;
  start: number;
  end: number;
}

/** How the tool was registered. Stable strings: they appear in the CLI's JSON. */
export type ToolForm =
  | 'registerTool'
  | 'tool'
  | 'registerToolTask'
  | 'tools/list'
  | 'addTool'
  | 'addTools'
  /** tmcp: `server.tools([defineTool(…), …])`. */
  | 'tools'
  /** Frameworks that declare tools without a registration call (annotations.md §2). */
  | 'mastra'
  | 'supabase'
  | 'mcp-framework'
  | 'xmcp'
  | 'nestjs'
  | 'nuxt'
  | 'mcp-ts-core';

/** A JSON-like value known statically, or `unresolved`. */
export type StaticValue = string | number | boolean | null | StaticValue[] | { [key: string]: StaticValue } | 'unresolved';

/**
 * Why a value read statically is unknown, as data: the evaluator gives every unknown value one (values/values.ts), and
 * phases decide from it, never from the words of its reason (which are for messages). Stable strings.
 */
export type UnknownCause =
  /** The evaluator stopped early: deeper than it follows (`depth`) or the registration's step budget spent (`steps`). */
  | { kind: 'budget'; limit: 'depth' | 'steps' }
  /** Only run time gives the value: what it comes from. */
  | { kind: 'runtime'; source: UnknownRuntimeSource }
  /** Code the evaluator does not model: which construct. */
  | { kind: 'unsupported'; construct: UnknownConstruct }
  /**
   * A parameter, loop variable or base class's `this` nothing has supplied (yet): a caller, a loop or each subclass
   * would. `passed: false` when a call reached the function without that argument.
   */
  | { kind: 'binder'; binder: 'parameter' | 'loop-variable' | 'this'; name: string; passed?: false };

export type UnknownCauseKind = UnknownCause['kind'];

export type UnknownRuntimeSource =
  /** Environment variables, the command line, the working directory. */
  | 'environment'
  /** A file's text or a folder's listing. */
  | 'file'
  /** A module chosen or loaded at run time. */
  | 'module'
  /** A call's result, an object constructed at run time. */
  | 'call'
  /** A run-time condition chooses among values (`?:`, `??`, an `if` around a write, several `return`s). */
  | 'condition'
  /** A variable or member written after its declaration, or in several places. */
  | 'write'
  /** Any other value only run time has (`this`, a spread argument, a global, a member that is not there). */
  | 'value';

export type UnknownConstruct =
  /** An expression kind the evaluator does not read (`run-time expression (…)`). */
  | 'syntax'
  /** `x[key]` whose key is not a known string or number. */
  | 'computed-member'
  /** A relative import that does not resolve to a file the engine can read. */
  | 'import'
  /** A value imported from a package (packages are not read). */
  | 'package'
  /** A data file that cannot be read in the format the code parses it as. */
  | 'data-file'
  /** A glob pattern the engine does not follow. */
  | 'glob'
  /** A recursive call, a circular reference or re-export. */
  | 'recursion'
  /** Fields a base class the engine cannot read may set. */
  | 'base-class';

/** One key of a declared annotations object, after spreads are merged. */
export interface AnnotationProperty {
  key: string;
  /** The literal value, or 'unresolved' with `reason`. */
  value: StaticValue;
  /** Why the value could not be known (only when `value` is 'unresolved'). */
  reason?: string;
  /** The same as data, when the value is an unknown one (not a function or a class). */
  cause?: UnknownCause;
  /** The property as written (key and value). */
  loc: Loc;
  keyLoc: Loc;
  valueLoc: Loc;
  /** The same key written earlier and overridden by this one (spread order). */
  overrides?: Loc;
  /**
   * For a value computed from the definition the tool was expanded over (`this.access === "read"` in a base class's
   * getter): the members that decide it for this tool, as written (`access = "read"`).
   */
  decidedBy?: { text: string; loc: Loc }[];
}

export interface DeclaredAnnotations {
  /** The annotations expression at the registration (object literal, identifier, member access, …). */
  loc: Loc;
  /** The `annotations` key the expression is written under (`annotations: {…}`, `{ annotations }`), when it has one. */
  keyLoc?: Loc;
  /** The object literal the properties come from, when it is one literal (where fixes insert keys). */
  objectLoc: Loc | null;
  /** True when the object literal is written at the registration itself (not behind a constant). */
  inline: boolean;
  /** Merged properties, last write wins, in source order of their final position. */
  properties: AnnotationProperty[];
  /** Parts that could not be resolved: a spread of a function result, an env lookup, the whole expression, … */
  /** `cause` as data, absent when the annotations are a known value that is not an object (a function, `true`). */
  unresolved: { loc: Loc; reason: string; cause?: UnknownCause }[];
  /**
   * Set when several tools read the same annotations (a base class's getter): `loc` is then this tool's name, and
   * this is the shared expression, where an edit changes every one of them.
   */
  sharedLoc?: Loc;
}

/** Where a fix can put annotations for a tool that has none. */
export type AnnotationSlot =
  /** Insert `annotations: {…}` as a property of this object literal (registerTool config, fastmcp def, tools/list entry). */
  | { kind: 'property'; object: Loc }
  /**
   * Insert a new argument before this argument (server.tool shapes). A plain object of hints there is always read as
   * annotations, and adding `{}` would change the callback's arguments, so nothing else is inserted.
   */
  | { kind: 'argument'; before: Loc }
  /** Nowhere the engine can safely write (config behind a constant in another file, a loop over data, …). */
  | { kind: 'none'; reason: string };

/** Hints written where the SDK never reads them. */
export interface MisplacedHints {
  /** What went wrong: nested in the annotations slot, in the input schema (also `tool()`'s schema argument), or at the config's top level. */
  kind: 'nested-annotations' | 'in-input-schema' | 'config-top-level';
  /** The object that holds the misplaced keys. */
  loc: Loc;
  /** The hint properties found there. */
  properties: AnnotationProperty[];
}

export interface Tool {
  /** Stable within one analysis: file + offset of the registration (+ loop index). */
  id: string;
  name: string | null;
  /** Why the name is unknown (only when `name` is null). */
  nameReason?: string;
  /** The same as data, when the name is an unknown value (not a literal of another type). */
  nameCause?: UnknownCause;
  /**
   * Environment variables the name is computed from: `name` is what the code gives when they are unset (the
   * default), and another environment may register the tool under another name.
   */
  nameDependsOn?: string[];
  form: ToolForm;
  /** The registration: the call for SDK forms, the tool object for tools/list and fastmcp definitions. */
  loc: Loc;
  /** Where the name is written (a literal, a constant), or the registration when unknown. */
  nameLoc: Loc;
  /** The receiver as written, e.g. `server`, `this.server`: tools share a server when this is equal within a file. */
  receiver: string;
  declared: DeclaredAnnotations | null;
  effective: Record<HintKey, HintValue>;
  title: string | null;
  /** Where the title came from. */
  titleSource: 'config' | 'annotations' | null;
  /** The description as written (for the review record's fingerprint), and its text when it is a known string. */
  description?: { loc: Loc; text: string | null } | null;
  /** Input schema and handler, for evidence (inference). */
  inputSchema: Loc | null;
  handler: Loc | null;
  /** The config or definition object (registerTool config, fastmcp def, tools/list entry). */
  config: Loc | null;
  slot: AnnotationSlot;
  misplaced: MisplacedHints[];
  /** True when this tool is one element of a loop, map or wrapper expansion. */
  expanded: boolean;
  /** Other facts the rules need about the call. */
  callArgs?: Loc[];
  /** Parameters of a registering wrapper bound to functions for this tool (its real handler, passed as `cb`). */
  boundFunctions?: { parameter: Loc; fn: Loc }[];
  /** Calls in a handler shared by a loop's tools whose callee (`tool.handler`) is, for this tool, its own function. */
  boundCalls?: { callee: Loc; fn: Loc }[];
  /** Members in such a handler (`def.method`) that are, for this tool, a known string. */
  boundValues?: { loc: Loc; value: string }[];
  /** Members such a handler constructs (`new tool.handler()`) that are, for this tool, a local class. */
  boundClasses?: { loc: Loc; cls: Loc }[];
  /**
   * What must hold at run time for this tool to be registered (all of them), outermost first: an `if` around the
   * call, a filter over the definitions, a guarded call of the wrapper. Absent when nothing guards it.
   */
  conditions?: ToolCondition[];
  /** The registration site that lists this tool (the call, or the framework's declaration): see RegistrationSite. */
  site: Loc;
}

/**
 * A place in the code that registers tools: a registration method call on what may be a server (`registerTool`,
 * `tool`, `addTool`, a `tools/list` handler), or a framework's declaration. Either every tool it registers is listed
 * (`enumerated`), or what it registers is not known without running the code (`unenumerated`): then `cause` says
 * where and why, and the site is reported as `unenumerated-tools`, never as a tool with a name and hints it lacks.
 */
export interface RegistrationSite {
  status: 'enumerated' | 'unenumerated';
  form: ToolForm;
  /** The call or declaration. */
  loc: Loc;
  /** The call as written, on one line and shortened: `server.registerTool(def.name, …)`. */
  text: string;
  /** How many tools it lists; an unenumerated site may list some (the callers that could be read) and not others. */
  tools: number;
  /** Why some or all of its tools cannot be listed (unenumerated only). */
  cause?: SiteCause;
}

/** What kept a registration site from being enumerated. Stable strings: they appear in the CLI's JSON. */
export type SiteCauseKind =
  /** A value comes from a parameter whose callers are not in the project (an exported helper, a callback). */
  | 'parameter'
  /** A value is only known at run time: data parsed or fetched, an environment variable, a package's result. */
  | 'runtime'
  /** What the call is made on (`this` of a class nothing constructs) could not be read. */
  | 'receiver'
  /** Code the engine does not read (a construct it does not evaluate), or an evaluation cut short. */
  | 'unsupported';

export interface SiteCause {
  kind: SiteCauseKind;
  /** In words built from the code: "the name comes from the parameter `def` of `add` (src/mcp.ts:5), which nothing in the project calls". */
  message: string;
  /** The expression at the site that could not be read (the name argument, the returned list). */
  at: Loc;
  /** Where the unknown value comes from, when elsewhere: the parameter, the loop, the `JSON.parse` call. */
  origin?: Loc;
}

/** A construction of an MCP server: `new McpServer(…)`, `new Server(…)`, `new FastMCP(…)`, a framework's entry point. */
export interface ServerConstruction {
  loc: Loc;
  /** The construction as written, shortened: `new McpServer(…)`. */
  text: string;
  /** The package it comes from (`@modelcontextprotocol/sdk/server/mcp.js`), or the bundled class's name. */
  library: string;
}

/** What a run-time condition reads. Stable strings: they appear in the CLI's JSON. */
export type ConditionDependency =
  /** An environment variable (`process.env.X`, `import.meta.env.X`). */
  | { kind: 'env'; name: string }
  /** A parameter of a function the caller supplies, or the command line (`process.argv`). */
  | { kind: 'argument'; name: string }
  /** A setting read from a config object or a class field (`config.readOnly`, `this.options.tools`). */
  | { kind: 'config'; name: string }
  /** Something else known only at run time (a function result, an import from a package). */
  | { kind: 'unknown'; name: string };

/** One run-time condition a tool's registration depends on. */
export interface ToolCondition {
  /** The expression as written (whitespace folded), e.g. `process.env.GITLAB_READ_ONLY !== "true"`. */
  text: string;
  /** True when the tool is registered when the expression is false (an `else`, an early `return`, `a || register()`). */
  negated: boolean;
  /** How it guards: an `if`/`&&`/`?:` around the call, an early exit before it, a `switch` case, a filter callback. */
  via: 'if' | 'early-exit' | 'switch' | 'filter' | 'caller';
  loc: Loc;
  dependsOn: ConditionDependency[];
}

export type Severity = 'error' | 'warning' | 'info' | 'hint';

export interface TextEdit {
  file: string;
  start: number;
  end: number;
  newText: string;
}

export interface Fix {
  title: string;
  edits: TextEdit[];
  /** Safe fixes are applied by fix-all and `--fix`; others are offered only. */
  safe: boolean;
  /** The fix the editor marks preferred. */
  preferred?: boolean;
  /** A safe fix left to the user because it edits this generated file (its generator's input is the place). */
  generatedFile?: string;
}

export interface Finding {
  rule: string;
  severity: Severity;
  /** One short sentence that says the problem (what a list of findings shows). */
  message: string;
  /**
   * The rest, for the hover, `--verbose` and JSON: the chain of calls followed, the other evidence, what a guess
   * rests on and how to teach the engine. Absent when the message says it all.
   */
  detail?: string;
  loc: Loc;
  /** The tool's name, when known. */
  tool: string | null;
  toolId?: string;
  related?: { loc: Loc; message: string }[];
  /** 'unnecessary' renders faded; 'deprecated' struck through. */
  tags?: ('unnecessary' | 'deprecated')[];
  fixes: Fix[];
}

/** What the engine reports for one file. */
export interface FileAnalysis {
  file: string;
  tools: Tool[];
  /** Every registration site in the file, enumerated or not (a tool's `site` names one of them). */
  sites: RegistrationSite[];
  /** MCP servers constructed in the file (a project that constructs one and lists no tool is reported). */
  servers: ServerConstruction[];
  findings: Finding[];
  /** Files this analysis read besides `file` (constants, imported definitions): re-analyse when they change. */
  dependencies: string[];
  /** A read or parse problem, reported as a finding too. */
  error?: string;
}

/** What the code does, as the record lists it. Order is the order of the record's `evidence` arrays. */
export const CONTRACT_EVIDENCE_KINDS = ['write', 'delete', 'create', 'process', 'network', 'opaque'] as const;
export type EvidenceKind = (typeof CONTRACT_EVIDENCE_KINDS)[number];

/** One approved contract as read from the record; absent or malformed fields are undefined (not compared). */
export interface ApprovedEntry {
  name: string;
  /** Relative to the record's folder, `/` separators. */
  file: string;
  title?: string | null;
  hints?: Partial<Record<HintKey, HintValue>>;
  inputs?: Record<string, string>;
  fingerprints?: { inputSchema?: string | null; description?: string | null };
  evidence?: EvidenceKind[];
}
