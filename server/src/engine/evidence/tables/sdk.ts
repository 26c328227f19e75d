// Well-known third-party SDKs. Every call through them reaches the outside world (open world).
import type { Effect } from '../model';

export interface SdkEntry {
  /** Package names whose imports are this SDK. */
  modules: readonly string[];
  /** Human name for messages. */
  name: string;
  /** Method-name patterns → effect, first match wins; unmatched calls stay opaque (any effect). */
  methods: readonly [RegExp, Effect][];
}

const READ_NAMES: [RegExp, Effect] = [/^(get|list|search|retrieve|describe|find|fetch|history|info|lookup|paginate)/i, 'read'];
const DESTROY_NAMES: [RegExp, Effect] = [/^(delete|del|remove|destroy|revoke|cancel|archive|purge|kick|ban|close)/i, 'destroy'];
const APPEND_NAMES: [RegExp, Effect] = [/^(create|post|send|add|insert|invite|upload|publish|charge|pay|capture|fork|merge|dispatch)/i, 'append'];
const WRITE_NAMES: [RegExp, Effect] = [/^(update|set|edit|patch|put|rename|move|transfer|replace|enable|disable|lock|unlock)/i, 'write'];

export const SDKS: readonly SdkEntry[] = [
  { name: 'Octokit (GitHub)', modules: ['@octokit/rest', 'octokit', '@octokit/core', '@octokit/graphql'], methods: [READ_NAMES, DESTROY_NAMES, APPEND_NAMES, WRITE_NAMES] },
  { name: 'Slack', modules: ['@slack/web-api', '@slack/bolt'], methods: [READ_NAMES, DESTROY_NAMES, [/^(postMessage|postEphemeral|scheduleMessage|upload|uploadV2|invite|open|create|add|join)/, 'append'], WRITE_NAMES] },
  { name: 'Stripe', modules: ['stripe'], methods: [READ_NAMES, [/^(del|cancel|void|expire)/, 'destroy'], APPEND_NAMES, WRITE_NAMES, [/^(refund|pay|confirm|finalize)/, 'append']] },
  { name: 'nodemailer', modules: ['nodemailer'], methods: [[/^sendMail$/, 'append'], [/^verify$/, 'read']] },
  { name: 'Twilio', modules: ['twilio'], methods: [READ_NAMES, APPEND_NAMES, DESTROY_NAMES, WRITE_NAMES] },
  { name: 'SendGrid', modules: ['@sendgrid/mail'], methods: [[/^send/, 'append']] },
  { name: 'OpenAI', modules: ['openai'], methods: [READ_NAMES, APPEND_NAMES, DESTROY_NAMES] },
  { name: 'Discord', modules: ['discord.js'], methods: [READ_NAMES, DESTROY_NAMES, APPEND_NAMES, WRITE_NAMES] },
];

/** AWS SDK v3: `client.send(new DeleteObjectCommand(…))`; the command's verb decides. */
export const AWS_MODULE = /^@aws-sdk\//;
export const AWS_COMMAND_VERBS: readonly [RegExp, Effect][] = [
  [/^(Delete|Remove|Terminate|Purge|Revoke|Detach|Disable|Deregister|Cancel|Stop)/, 'destroy'],
  [/^(Put|Update|Modify|Attach|Enable|Tag|Untag|Set|Restore|Copy|Replace)/, 'destroy'],
  [/^(Create|Send|Publish|Start|Run|Invoke|Register|Import|Upload|Add|Receive)/, 'append'],
  [/^(Get|List|Describe|Head|Query|Scan|Select|BatchGet|Search|Lookup|Check|Test|Filter)/, 'read'],
];

export function sdkFor(module: string): SdkEntry | undefined {
  return SDKS.find((sdk) => sdk.modules.includes(module));
}

export function sdkMethodEffect(sdk: SdkEntry, method: string): Effect | undefined {
  return sdk.methods.find(([pattern]) => pattern.test(method))?.[1];
}

export function awsCommandEffect(command: string): Effect | undefined {
  return AWS_COMMAND_VERBS.find(([pattern]) => pattern.test(command))?.[1];
}
