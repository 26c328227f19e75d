// Well-known third-party SDKs. Every call through them reaches the outside world (open world).
import ts from 'typescript';
import { skipOuterExpressions } from '../../syntax';
import type { Effect } from '../model';
import type { CallRecogniser } from '../recogniser';

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

// ---- recognisers (recognisers.ts orders them) ----

/** `octokit.repos.delete(…)`, `stripe.charges.create(…)`: the method name decides, by the SDK's patterns. */
export const sdkCall: CallRecogniser = (site, walk) => {
  const { origin, last: member, call, sf } = site;
  if (origin.kind !== 'package' || !member) return false;
  const sdk = sdkFor(origin.module);
  const effect = sdk && sdkMethodEffect(sdk, member);
  if (!sdk || !effect) return false;
  walk.add({ effect, strength: 'strong', world: 'open', target: 'network', call: site.text(), fact: { kind: 'sdk', sdk: sdk.name } }, call, sf);
  return true;
};

/** `client.send(new DeleteObjectCommand(…))`. */
export const awsCommand: CallRecogniser = (site, walk) => {
  const { origin, last: member, call, sf } = site;
  if (origin.kind !== 'package' || !AWS_MODULE.test(origin.module) || member !== 'send' || !call.arguments[0]) return false;
  const command = skipOuterExpressions(call.arguments[0]);
  if (!ts.isNewExpression(command) || !ts.isIdentifier(command.expression)) return false;
  const effect = awsCommandEffect(command.expression.text);
  if (!effect) return false;
  walk.add({ effect, strength: 'strong', world: 'open', target: 'network', call: site.text(), fact: { kind: 'sdk-command', command: command.expression.text, sdk: 'AWS SDK' } }, call, sf);
  return true;
};
