// Calls that are not the tool's effect: telemetry, logging and metrics report on the tool; protocol calls talk
// to the MCP client; pure helpers compute. None of them count as evidence, and none makes the handler opaque.
import ts from 'typescript';
import type { CallRecogniser, NewRecogniser } from '../recogniser';

/** Receivers whose every method only reports (`console.log`, `logger.info`, `Sentry.captureException`). */
export const REPORTING_RECEIVERS = /^(?:console|logger|log|_?logger|this\.logger|this\.log|debug|metrics|telemetry|analytics|tracer|span|Sentry|posthog|mixpanel|segment|statsd|datadog|otel|opentelemetry|newrelic|amplitude|trace|performance|process\.stdout|process\.stderr)$/i;

/** Receiver words that mark reporting objects anywhere in a chain (`this.telemetry.track`, `ctx.logger.warn`). */
export const REPORTING_WORDS = /(?:^|\.)(?:logger|telemetry|metrics|analytics|tracer|tracker|monitor|sentry|posthog|mixpanel|log)$/i;

/** Method names that only report, whatever the receiver (`trackEvent`, `captureException`, `recordMetric`). */
export const REPORTING_METHODS = /^(?:log|info|warn|error|debug|trace|verbose|fatal|track|trackEvent|trackUsage|trackToolCall|captureException|captureMessage|captureEvent|capture|recordMetric|recordEvent|increment(?:Counter|Metric)|histogram|gauge|timing|startSpan|endSpan|setAttribute|setAttributes|addEvent|setStatus|recordException|end)$/;

/** Files whose functions only report: calls into them are not followed (`utils/capture.js`, `telemetry/index.ts`). */
export const REPORTING_FILES = /(?:^|[/\\])(?:telemetry|analytics|metrics|logging|logger|log|tracking|tracker|sentry|instrumentation|usage-?(?:tracker|stats)?)(?:[-_.][\w-]*)?(?:[/\\]|\.[cm]?[jt]sx?$)/i;

/** Functions that only report, called bare (`debug("…")`, `logError(e)`). */
export const REPORTING_FUNCTIONS = /^(?:log|debug|trace|info|warn|error|logError|logInfo|logDebug|logWarning|logWarn|capture\w*|track\w*|report\w*Telemetry|record\w*Metric|emitTelemetry)$/;

/**
 * MCP protocol calls: the tool talking to its own client (notifications, logging, sampling, elicitation,
 * progress). They change nothing in the world the hints describe.
 */
export const PROTOCOL_METHODS: readonly string[] = [
  'sendLoggingMessage',
  'sendNotification',
  'notification',
  'sendRequest',
  'createMessage',
  'elicitInput',
  'listRoots',
  'sendToolListChanged',
  'sendResourceListChanged',
  'sendPromptListChanged',
  'sendResourceUpdated',
  'reportProgress',
  'streamContent',
];

/** Global functions and constructors that compute and touch nothing outside the process. */
export const PURE_GLOBALS: readonly string[] = [
  'String', 'Number', 'Boolean', 'BigInt', 'Symbol', 'Array', 'Object', 'Date', 'RegExp', 'Error', 'TypeError', 'RangeError', 'SyntaxError',
  'Map', 'Set', 'WeakMap', 'WeakSet', 'Promise', 'URL', 'URLSearchParams', 'TextEncoder', 'TextDecoder', 'AbortController', 'Headers',
  'parseInt', 'parseFloat', 'isNaN', 'isFinite', 'encodeURIComponent', 'decodeURIComponent', 'encodeURI', 'decodeURI', 'escape', 'unescape',
  'structuredClone', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'setImmediate', 'queueMicrotask', 'atob', 'btoa',
  'require', 'Symbol', 'McpError', 'Uint8Array', 'ArrayBuffer', 'DataView', 'Blob', 'Response', 'Request', 'FormData', 'Intl', 'Buffer', 'z',
];

/** Namespaces whose members compute only (`JSON.stringify`, `Math.max`, `path.join`, `z.object`). */
export const PURE_NAMESPACES: readonly string[] = [
  'JSON', 'Math', 'Object', 'Array', 'Number', 'String', 'Promise', 'Date', 'Reflect', 'Symbol', 'Buffer', 'Intl', 'BigInt', 'URL', 'crypto', 'z',
  'path', 'posix', 'win32', 'util', 'os', 'url', 'querystring', 'assert', 'zod',
];

/** Modules whose exports compute only (imports from these are not opaque). */
export const PURE_MODULES: readonly string[] = [
  'path', 'node:path', 'url', 'node:url', 'util', 'node:util', 'os', 'node:os', 'crypto', 'node:crypto', 'querystring', 'node:querystring',
  'zod', 'zod/v3', 'zod/v4', 'zod-to-json-schema', 'assert', 'node:assert', 'buffer', 'node:buffer', 'string_decoder',
  'lodash', 'lodash-es', 'date-fns', 'dayjs', 'uuid', 'nanoid', 'minimatch', 'picomatch', 'micromatch', 'diff', 'yaml', 'js-yaml', 'mime', 'mime-types',
  'chalk', 'ajv', 'semver', 'glob-to-regexp', 'escape-string-regexp', 'json5', 'turndown', 'marked', 'cheerio',
  '@modelcontextprotocol/sdk/types.js', '@modelcontextprotocol/sdk/server/mcp.js', '@modelcontextprotocol/sdk/server/index.js',
];

/**
 * Methods that compute on values (strings, arrays, promises, parsed responses): never an effect on their own.
 * Mutating ones (push, splice, sort) only matter on module state, which tables/state.ts recognises first.
 */
export const PURE_METHODS: readonly string[] = [
  'map', 'filter', 'reduce', 'reduceRight', 'forEach', 'some', 'every', 'find', 'findIndex', 'findLast', 'findLastIndex', 'indexOf', 'lastIndexOf',
  'includes', 'join', 'concat', 'slice', 'flat', 'flatMap', 'at', 'keys', 'values', 'entries', 'fill', 'sort', 'reverse', 'toSorted', 'toReversed',
  'push', 'pop', 'shift', 'unshift', 'splice', 'split', 'trim', 'trimStart', 'trimEnd', 'toLowerCase', 'toUpperCase', 'toLocaleLowerCase', 'toLocaleUpperCase',
  'startsWith', 'endsWith', 'replace', 'replaceAll', 'match', 'matchAll', 'substring', 'substr', 'charAt', 'charCodeAt', 'codePointAt',
  'padStart', 'padEnd', 'repeat', 'normalize', 'localeCompare', 'toString', 'toFixed', 'toPrecision', 'toISOString', 'toJSON', 'toLocaleString',
  'toLocaleDateString', 'toLocaleTimeString', 'getTime', 'getFullYear', 'getMonth', 'getDate', 'getDay', 'getHours', 'getMinutes', 'getSeconds', 'valueOf',
  'then', 'catch', 'finally', 'json', 'text', 'arrayBuffer', 'blob', 'formData', 'test', 'has', 'bind', 'call', 'apply', 'parse', 'safeParse',
  'parseAsync', 'safeParseAsync', 'stringify', 'optional', 'default', 'nullable', 'abort', 'throwIfAborted', 'getReader',
  'toBuffer', 'subarray', 'readUInt8', 'readUInt32LE', 'fromEntries', 'isArray', 'from', 'of', 'all', 'allSettled', 'race', 'any', 'resolve', 'reject',
];

/**
 * Methods that are string or array operations and implausible as API calls: pure even on a value the analyser
 * cannot place (a helper's parameter may be a client, so `find`, `get` or `has` do not qualify).
 */
export const SAFE_VALUE_METHODS: readonly string[] = [
  'map', 'filter', 'reduce', 'forEach', 'some', 'every', 'join', 'split', 'slice', 'trim', 'trimStart', 'trimEnd', 'toLowerCase',
  'toUpperCase', 'includes', 'startsWith', 'endsWith', 'indexOf', 'replace', 'replaceAll', 'padStart', 'padEnd', 'toFixed', 'toString',
  'at', 'flat', 'flatMap', 'concat', 'sort', 'reverse', 'charAt', 'substring', 'match', 'matchAll', 'then', 'catch', 'finally', 'json',
  'text', 'toISOString', 'localeCompare', 'findIndex', 'lastIndexOf', 'toJSON', 'valueOf',
];

/** Event plumbing on any object: subscribing and unsubscribing change nothing outside the process. */
const EVENT_METHODS = new Set(['addEventListener', 'removeEventListener', 'dispatchEvent', 'on', 'once', 'off', 'addListener', 'removeListener', 'removeAllListeners', 'setMaxListeners', 'prependListener']);
/** Request-building values: `headers.delete("x")`, `url.searchParams.set(…)` edit a request before it is sent. */
const REQUEST_PARTS = new Set(['headers', 'searchParams', 'params', 'query']);
/** Protocol calls that ask the client for something (the model, the user, the roots). */
const CLIENT_REQUESTS = ['sendRequest', 'createMessage', 'elicitInput', 'listRoots'];

export function isPureModule(module: string): boolean {
  return PURE_MODULES.includes(module) || module.startsWith('node:path') || module.startsWith('@modelcontextprotocol/sdk/types');
}

function isReporting(receiver: string, method: string): boolean {
  if (REPORTING_RECEIVERS.test(receiver) || REPORTING_WORDS.test(receiver)) return true;
  if (receiver === '' || receiver === method) return REPORTING_FUNCTIONS.test(method);
  return REPORTING_METHODS.test(method) && /log|telemetry|metric|track|span|trace|sentry|analytics|monitor/i.test(receiver);
}

// ---- recognisers (recognisers.ts orders them) ----

/** `emitter.on(…)`, `headers.set(…)`: event plumbing and request building, on any receiver. */
export const eventPlumbing: CallRecogniser = ({ method, chain }) => !!method && (EVENT_METHODS.has(method) || (chain.path.length >= 2 && REQUEST_PARTS.has(chain.path.at(-2)!)));

/** `JSON.parse`, `console.log`, `process.stdout.write`, `setTimeout`: globals that compute or report. */
export const pureGlobalCall: CallRecogniser = ({ origin, fullPath: path }) => {
  if (origin.kind !== 'global') return false;
  const name = origin.name;
  if (path.length === 0 && (PURE_GLOBALS.includes(name) || REPORTING_FUNCTIONS.test(name))) return true;
  if (PURE_NAMESPACES.includes(name)) return true;
  if (name === 'process' && (path[0] === 'stdout' || path[0] === 'stderr' || path[0] === 'emitWarning' || path[0] === 'cwd' || path[0] === 'hrtime' || path[0] === 'memoryUsage' || path[0] === 'nextTick')) return true;
  if (name === 'console') return true;
  return false;
};

/** Logging, telemetry and metrics report on the tool: not its effect. */
export const reportingCall: CallRecogniser = ({ last, callee, receiverText }) => {
  const called = last ?? (ts.isIdentifier(callee) ? callee.text : undefined);
  return !!called && isReporting(receiverText, called);
};

/** The tool talking to its own client: no effect, except asking the model or the user (sampling, elicitation, roots). */
export const protocolCall: CallRecogniser = (site, walk) => {
  const { last, origin, call, sf } = site;
  if (!(last && PROTOCOL_METHODS.includes(last) && origin.kind !== 'package' && (origin.kind === 'value' || /server|extra|context|ctx|mcp|session/i.test(site.receiverText)))) return false;
  // Asking the client (sampling, elicitation, roots) reaches the model or the user: outside the server.
  // Sampling and elicitation prompt the model or the user anew on every call: not provably read-only or safe to retry.
  if (CLIENT_REQUESTS.includes(last)) walk.add({ effect: last === 'listRoots' ? 'read' : 'append', strength: 'weak', world: 'open', target: 'client', call: site.text(), fact: { kind: 'client-request' } }, call, sf);
  return true;
};

/** Pure computation on values: strings, arrays, parsed responses, pure namespaces and modules. */
export const pureValueCall: CallRecogniser = ({ origin, last, chain }) => {
  if (origin.kind === 'value' && last && PURE_METHODS.includes(last)) return true;
  if (origin.kind === 'global' && PURE_NAMESPACES.includes(origin.name)) return true;
  if (origin.kind === 'package' && isPureModule(origin.module)) return true;
  if (chain.path.length > 0 && last && PURE_METHODS.includes(last) && origin.kind !== 'package' && origin.kind !== 'unknown') return true;
  if (chain.path.length > 0 && last && SAFE_VALUE_METHODS.includes(last) && origin.kind === 'unknown') return true;
  if (chain.path.length > 1 && last && ['then', 'catch', 'finally', 'bind', 'toString', 'json', 'text'].includes(last)) return true;
  return false;
};

/** `new Map()`, `new Error(…)`: globals that construct values. */
export const pureConstructor: NewRecogniser = ({ named, declaration, callee }) => named && !declaration && ts.isIdentifier(callee) && (PURE_GLOBALS.includes(callee.text) || /Error$/.test(callee.text));

/** Constructing a package's client does nothing yet: its methods are what count (AWS commands are read at `send`). */
export const packageClient: NewRecogniser = ({ declaration }) => declaration?.kind === 'import' && !declaration.module.startsWith('.');
