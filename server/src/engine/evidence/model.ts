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

/**
 * What an effect acts on.
 * - `file`: the file system. `process`: another program. `network`: a request, a socket, a third-party SDK.
 * - `database`: SQL, an ORM, a key-value store. `module-state`: a module-level container or variable.
 * - `instance-state`: a field of the object around the handler (`this.items`). `environment`: `process.env`.
 * - `client`: the MCP client, i.e. the model or the user (sampling, elicitation, roots).
 * - `unknown`: not said (a guess from a word, code the analyser cannot see into, a function the config describes).
 */
export type Target = 'file' | 'process' | 'network' | 'database' | 'module-state' | 'instance-state' | 'environment' | 'client' | 'unknown';

/** Where a request goes: a URL from the tool's arguments, a literal one, or a host fixed in the code or configured. */
export type RequestUrl = { from: 'arguments' } | { from: 'literal'; url: string } | { from: 'fixed' };

/**
 * What was seen, by the recogniser that saw it: the data every message about the evidence is rendered from
 * (render.ts). `call` on the evidence is the callee as written; these are the facts beside it.
 */
export type Fact =
  // The handler: calls the tables know.
  | { kind: 'file'; /** The fs method as called (`readFileSync`). */ method: string; /** `flag` of the options, when it changes the effect. */ flag?: string }
  | { kind: 'request'; /** GET, POST, …, or 'unknown' when chosen at run time. */ method: string; url: RequestUrl; /** A deletion flag the body forwards (`deleted`). */ forwards?: string; /** The overwriting or removing verb the endpoint's path ends with (`update` in `/batch/update`). */ endpoint?: string }
  | { kind: 'route'; method: string; path: string }
  | { kind: 'socket'; /** The package it comes from, when not a global. */ module?: string }
  | { kind: 'sql'; keyword: string }
  | { kind: 'operation-input'; /** The argument run as given. */ input: string; language: 'sql' | 'pipeline' | 'command'; /** What would make a read-only claim honest. */ restriction: string }
  | { kind: 'database' }
  | { kind: 'sdk'; sdk: string }
  | { kind: 'sdk-command'; command: string; sdk: string }
  | { kind: 'process'; form: 'call' | 'template' | 'worker' }
  | { kind: 'state-call'; state: string; /** Read by code this tool never runs: a store. */ store: boolean }
  | { kind: 'state-read'; state: string }
  | { kind: 'assignment'; /** The target as written (`this.items`, `store[key]`). */ written: string }
  | { kind: 'configured'; as: 'writes' | 'deletes' | 'network' }
  | { kind: 'client-request' }
  | { kind: 'opaque'; /** The package the call goes into, when known. */ module?: string; why: 'unseen' | 'too-deep' }
  | { kind: 'method-verb'; module?: string; verb: string }
  // The tool's name, title and description.
  | { kind: 'name-verb'; where: 'name' | 'title' | 'description'; verb: string; /** The text the verb is in. */ phrase: string }
  | { kind: 'name-word'; word: string }
  // The input schema.
  | { kind: 'input'; input: string; /** Why the field tells (from tables/inputs.ts). */ why: string }
  | { kind: 'input-url'; input: string }
  | { kind: 'input-mode'; input: string; option: string; verb: string };

export type FactKind = Fact['kind'];

/**
 * Why an effect is not the tool's effect as its user sees it. `temp-file`, `log-file`, `cache-file`: the path
 * says so; `generated-file`: a file the server names itself (a timestamp, a random id) in a folder it chooses, so it
 * never replaces a file of the caller's; `scratch-file`: removing a file under a name only this call makes (a timestamp
 * and a random id), in whatever folder: what it removes is what the call itself made; `own-folder`: making or marking a folder or binary the server chose itself
 * (`mkdir(configDir)`, `chmod(rgPath)`); `cache-state`: module state named as a cache; `telemetry-ping`: a request whose answer is never read;
 * `debug-only`: code that runs only in development; `helper`: inside a logging or caching helper.
 */
export type IncidentalReason =
  | { kind: 'temp-file' }
  | { kind: 'log-file' }
  | { kind: 'cache-file' }
  | { kind: 'generated-file' }
  | { kind: 'scratch-file' }
  | { kind: 'own-folder' }
  | { kind: 'cache-state'; state: string }
  | { kind: 'telemetry-ping' }
  | { kind: 'debug-only' }
  | { kind: 'helper'; helper: string };

export type IncidentalKind = IncidentalReason['kind'];

/** Evidence as the recognisers make it: data only. */
export interface EvidenceData {
  source: EvidenceSource;
  effect: Effect;
  target: Target;
  /** The callee as written, shortened (`fs.writeFile`, `new WebSocket`), when the evidence is a call. */
  call?: string;
  fact: Fact;
  /**
   * `strong`: a known API (fs, child_process, HTTP, SQL, ORM, SDK tables) or a telling input field.
   * `weak`: a guess from a word (a verb in the name, in a method name, a recipient field).
   */
  strength: 'strong' | 'weak';
  /** `open` when it reaches the network or a third-party API; `closed` for local files and in-process state. */
  world?: 'open' | 'closed';
  loc: Loc;
  /** A write that repeating does not make harmless (renaming or moving: the second call acts on something else). */
  notRepeatable?: boolean;
  /** A write that only creates and fails when the target exists (`writeFile(p, d, { flag: 'wx' })`): it never overwrites. */
  createOnly?: boolean;
  /**
   * A creation the code makes only when a lookup found nothing (`const existing = list.find(…); if (existing) return …;`
   * before it): a second identical call finds the first one's result and creates nothing.
   */
  ifAbsent?: boolean;
  /** The `world` is a guess (a request to a fixed or configured host: the server's own backend, maybe). */
  worldWeak?: boolean;
  /**
   * Why this effect is not the tool's effect as its user sees it: a log or telemetry record, a temp file, a cache.
   * Shown in the hover, marked incidental; never used by inference or a contradiction (but see the chatgpt profile).
   */
  incidental?: IncidentalReason;
  /** Calls followed from the handler to reach this evidence, outermost first: tool → helper → effect. */
  chain?: Hop[];
  /** The input (`action`, `method`) whose values switch the tool between reading and writing: a catch-all tool. */
  catchAll?: string;
  /** Read from a name, a method name's verb or a request whose meaning the method alone does not settle: a guess. */
  guess?: boolean;
}

/** An incidental reason with its text for display ("a log file"). */
export type Incidental = IncidentalReason & { text: string };

/**
 * Evidence with its texts, rendered from the data by render.ts once collected. The texts are for display only:
 * inference, the rules and the review record decide from the data.
 */
export interface Evidence extends Omit<EvidenceData, 'incidental'> {
  /** Short, for messages: "calls `fs.writeFile`", "input `markAsRead`", "name verb `delete`". */
  text: string;
  /** Optional detail: "with a URL from its arguments". */
  detail?: string;
  incidental?: Incidental;
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
