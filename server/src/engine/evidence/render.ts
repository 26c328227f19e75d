// The texts of evidence, rendered from its data once it is collected. Nothing decides from these texts: they are
// what the hover, the findings and the review record show.
import type { Evidence, EvidenceData, Fact, Incidental, IncidentalReason } from './model';

/** The evidence with its text, detail and incidental reason written out. */
export function renderEvidence(data: EvidenceData): Evidence {
  const { incidental, ...rest } = data;
  const { text, detail } = factText(data.fact, data.call ?? '', data.target);
  const rendered: Evidence = { ...rest, text };
  if (detail !== undefined) rendered.detail = detail;
  if (incidental) rendered.incidental = renderIncidental(incidental);
  return rendered;
}

function factText(fact: Fact, call: string, target: EvidenceData['target']): { text: string; detail?: string } {
  switch (fact.kind) {
    case 'file':
      return { text: `calls \`${call}\``, ...(fact.flag !== undefined ? { detail: `(with flag \`${fact.flag}\`)` } : {}) };
    case 'request': {
      const method = fact.method === 'unknown' ? ' (method chosen at run time)' : fact.method === 'GET' ? '' : fact.endpoint ? ` (${fact.method} to an endpoint named \`${fact.endpoint}\`)` : ` (${fact.method})`;
      const where = fact.url.from === 'arguments' ? 'with a URL from its arguments' : fact.url.from === 'literal' ? `to \`${truncate(fact.url.url, 50)}\`` : 'to a fixed or configured host';
      return { text: `calls \`${call}\`${method}`, detail: fact.forwards ? `${where}, forwarding \`${fact.forwards}\` flags` : where };
    }
    case 'route':
      return { text: `sends \`${fact.method} ${fact.path}\` through \`${call}\`` };
    case 'socket':
      return { text: `opens \`${call}\`${fact.module ? ` (${fact.module})` : ''}` };
    case 'sql':
      return { text: call ? `runs SQL \`${fact.keyword}\` through \`${call}\`` : `runs SQL \`${fact.keyword}\`` };
    case 'operation-input': {
      const what = fact.language === 'sql' ? 'statement' : fact.language === 'pipeline' ? 'pipeline' : 'command line';
      return { text: `passes the input \`${fact.input}\` unchanged to \`${call}\``, detail: `(the caller's ${what}: it may write or destroy, depending on the input)` };
    }
    case 'database':
      return { text: `calls \`${call}\` (database)` };
    case 'sdk':
      return { text: `calls \`${call}\` (${fact.sdk})` };
    case 'sdk-command':
      return { text: `sends \`${fact.command}\` (${fact.sdk})` };
    case 'process':
      if (fact.form === 'worker') return { text: `starts \`${call}\`` };
      return { text: fact.form === 'template' ? `runs a process with \`${call}\`\`…\`\`` : `runs a process with \`${call}\`` };
    case 'state-call':
      return { text: `calls \`${call}\` on module state \`${fact.state}\``, ...(fact.store ? { detail: '(a store other code reads)' } : {}) };
    case 'state-read':
      return { text: `reads module state \`${fact.state}\`` };
    case 'assignment':
      return { text: target === 'module-state' ? `changes module state \`${fact.written}\`` : `changes \`${fact.written}\`` };
    case 'configured': {
      const what = fact.as === 'writes' ? 'a write' : fact.as === 'deletes' ? 'deletes or overwrites' : 'reaches the network';
      return { text: `calls \`${call}\``, detail: `(${what}, per .mcp-hints.json)` };
    }
    case 'client-request':
      return { text: `asks the client with \`${call}\`` };
    case 'opaque':
      return { text: fact.why === 'too-deep' ? `calls \`${call}\`, deeper than the analyser follows` : `${calledFrom(call, fact.module)}, which the analyser cannot see into` };
    case 'method-verb':
      return { text: calledFrom(call, fact.module), detail: `(its name starts with \`${fact.verb}\`)` };
    case 'name-verb':
      return { text: `${fact.where} verb \`${fact.verb}\``, detail: `in "${truncate(fact.phrase, 50)}"` };
    case 'name-word':
      return { text: `name word \`${fact.word}\``, detail: 'the web' };
    case 'input':
      return { text: `input \`${fact.input}\``, detail: fact.why };
    case 'input-url':
      return { text: `input \`${fact.input}\``, detail: 'it is a URL' };
    case 'input-mode':
      return { text: `input \`${fact.input}\` accepts \`${fact.option}\``, detail: `\`${fact.verb}\` is a write` };
  }
}

function calledFrom(call: string, module: string | undefined): string {
  return `calls \`${call}\`${module ? ` from \`${module}\`` : ''}`;
}

export function renderIncidental(reason: IncidentalReason): Incidental {
  return { ...reason, text: incidentalText(reason) };
}

function incidentalText(reason: IncidentalReason): string {
  switch (reason.kind) {
    case 'temp-file':
      return 'a temp file';
    case 'log-file':
      return 'a log file';
    case 'cache-file':
      return 'a cache file';
    case 'generated-file':
      return 'a file the server names itself, in a folder it chooses';
    case 'scratch-file':
      return 'a scratch file this call made under a fresh name';
    case 'own-folder':
      return 'a folder or file the server chose itself (its own set-up)';
    case 'cache-state':
      return `module state \`${reason.state}\` is a cache`;
    case 'telemetry-ping':
      return 'a request whose answer is never read (a telemetry ping)';
    case 'debug-only':
      return 'runs only in development or debug mode';
    case 'helper':
      return `inside \`${reason.helper}\`, a logging or caching helper`;
  }
}

/** "calls `fs.writeFile`", with its detail when there is one. */
export function describe(e: Evidence): string {
  return e.detail && e.source === 'handler' ? `${e.text} ${e.detail}` : e.detail ? `${e.text} (${e.detail})` : e.text;
}

/** A call the analyser could not follow, for a list of them: "calls `x` from `pkg`". */
export function unfollowedCallText(e: Evidence): string {
  return e.fact.kind === 'opaque' && e.fact.why === 'unseen' ? calledFrom(e.call ?? '', e.fact.module) : e.text;
}

/** "name suggests a write (`delete`)": a writing verb in the name, title or description. */
export function suggestsWriteText(e: Evidence): string {
  return e.fact.kind === 'name-verb' ? `${e.fact.where} suggests a write (\`${e.fact.verb}\`)` : e.text;
}

export function truncate(text: string, max: number): string {
  const oneLine = text.replace(/\s+/g, ' ');
  return oneLine.length > max ? `${oneLine.slice(0, max - 1)}…` : oneLine;
}
