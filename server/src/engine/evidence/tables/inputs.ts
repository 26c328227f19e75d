// Input fields that tell what a tool does, whatever its handler shows. Matched on the field name's words
// (`markAsRead`, `mark_as_read` → mark, as, read).
import type { Effect } from '../model';

export interface InputFieldRule {
  /** Tested against the field name's lower-case words joined by spaces ("mark as read", "dry run"). */
  words: RegExp;
  effect: Effect;
  strength: 'strong' | 'weak';
  world?: 'open' | 'closed';
  /** Why the field says so, for messages. */
  why: string;
}

export const INPUT_FIELDS: readonly InputFieldRule[] = [
  { words: /^mark (as )?(read|unread|seen|done|complete)$|^mark read$/, effect: 'write', strength: 'strong', why: 'it changes state when set' },
  // Weak: `removeBase64Images`, `deleteAfterDays` often shape the output or a schedule rather than delete.
  { words: /^(delete|remove|purge|destroy)( |$)/, effect: 'destroy', strength: 'weak', why: 'it deletes when set' },
  { words: /^overwrite( |$)|^(replace|clobber) existing$/, effect: 'destroy', strength: 'strong', why: 'it overwrites when set' },
  { words: /^force$/, effect: 'destroy', strength: 'weak', why: 'it forces an action' },
  { words: /^dry run$|^dryrun$/, effect: 'write', strength: 'strong', why: '`dryRun: false` means it acts' },
  { words: /^(confirm|confirmed|confirmation)$/, effect: 'destroy', strength: 'weak', why: 'it asks for confirmation before acting' },
  { words: /^(idempotency key|idempotent key|request id|client token|client request token|dedupe key|deduplication id|dedup key)$/, effect: 'idempotency-key', strength: 'strong', why: 'it makes repeated calls safe' },
  { words: /^(url|uri|href|endpoint|webhook( url)?|base url|host|hostname|domain|website|site url|target url|link|remote)$|( url| uri)$/, effect: 'read', strength: 'weak', world: 'open', why: 'it names a place on the network' },
  { words: /^(to|recipient|recipients|cc|bcc|email to|send to|phone number|to email|to address)$/, effect: 'append', strength: 'weak', world: 'open', why: 'it names someone to send to' },
];

/** Field names whose enum values say what the tool does (`action: "list" | "delete"`). */
export const MODE_FIELDS = /^(mode|action|operation|op|command|cmd|method|verb|type of action|action type)$/;
