import type { Loc } from '../model';

/**
 * What a piece of evidence says the tool does.
 * - `read`: reads something and changes nothing.
 * - `write`: changes state, and doing it twice changes nothing more (set, update, put, mkdir).
 * - `destroy`: deletes, overwrites, revokes or replaces (also a write; repeating it is harmless).
 * - `append`: a write that adds something each time (create, insert, send, post, append, increment, charge).
 * - `process`: runs another program: any effect at all.
 * - `opaque`: a call the analyser cannot see through (a package it does not know): any effect at all.
 * - `idempotency-key`: an input that makes repeated creates safe (`idempotencyKey`, `requestId`, `clientToken`).
 */
export type Effect = 'read' | 'write' | 'destroy' | 'append' | 'process' | 'opaque' | 'idempotency-key';

/** Where the evidence was seen. The handler and inputs are strong; the name alone is weak. */
export type EvidenceSource = 'name' | 'input' | 'handler';

export interface Evidence {
  source: EvidenceSource;
  effect: Effect;
  /**
   * `strong`: a known API (fs, child_process, HTTP, SQL, ORM, SDK tables) or a telling input field.
   * `weak`: a guess from a word (a verb in the name, in a method name, a recipient field).
   */
  strength: 'strong' | 'weak';
  /** `open` when it reaches the network or a third-party API; `closed` for local files and in-process state. */
  world?: 'open' | 'closed';
  /** Short, for messages: "calls `fs.writeFile`", "input `markAsRead`", "name verb `delete`". */
  text: string;
  /** Optional detail: "with a URL from its arguments". */
  detail?: string;
  loc: Loc;
  /** A write that repeating does not make harmless (renaming or moving: the second call acts on something else). */
  notRepeatable?: boolean;
  /** A write that only creates and fails when the target exists (`writeFile(p, d, { flag: 'wx' })`): it never overwrites. */
  createOnly?: boolean;
  /** The `world` is a guess (a request to a fixed or configured host: the server's own backend, maybe). */
  worldWeak?: boolean;
  /**
   * Why this effect is not the tool's effect as its user sees it: a log or telemetry record, a temp file, a cache.
   * Shown in the hover, marked incidental; never used by inference or a contradiction.
   */
  incidental?: string;
  /** Calls followed from the handler to reach this evidence, outermost first: tool → helper → effect. */
  chain?: Hop[];
  /** The input (`action`, `method`) whose values switch the tool between reading and writing: a catch-all tool. */
  catchAll?: string;
  /** Read from a name, a method name's verb or a request whose meaning the method alone does not settle: a guess. */
  guess?: boolean;
}

/** One followed call on the way from the handler to an effect. */
export interface Hop {
  /** The callee as written: `githubRequest`, `this.client.send`. */
  text: string;
  loc: Loc;
}

/** How much of the handler the analyser saw. */
export type HandlerVisibility =
  /** No handler found (low-level tools/list without a matching call handler, a handler behind a value it cannot read). */
  | 'none'
  /** Seen, but some calls lead into code it cannot read (packages it does not know, depth limit). */
  | 'partial'
  /** Every call was followed or recognised: the evidence is the whole story. */
  | 'complete';

export interface ToolEvidence {
  items: Evidence[];
  handler: HandlerVisibility;
  /** The handler body analysed (function or `case` clause), when one was found. */
  handlerLoc: Loc | null;
  /** Other files read for this evidence (helpers, imported handlers): the analysis depends on them. */
  files: string[];
}
