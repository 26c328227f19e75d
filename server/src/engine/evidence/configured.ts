// `.mcp-hints.json` "evidence": the project's own functions, taken as facts. A pattern matches the callee as
// written (`this.cache.set`) when it equals the whole text or its last dotted segments; `*` matches any run of
// name characters and dots.
import { EVIDENCE_KINDS, type EvidenceConfig } from '../options';
import type { CallRecogniser } from './recogniser';

export type ConfiguredKind = (typeof EVIDENCE_KINDS)[number];

/** A config's patterns, compiled: made once per walk of a tool's handler. */
export type ConfiguredPatterns = readonly (readonly [ConfiguredKind, RegExp])[];

export function compileConfig(config: EvidenceConfig): ConfiguredPatterns {
  return EVIDENCE_KINDS.flatMap((kind) =>
    (config[kind] ?? []).map((pattern): [ConfiguredKind, RegExp] => {
      const body = pattern.split('*').map((part) => part.replace(/[.$]/g, '\\$&')).join('[\\w$.]*');
      return [kind, new RegExp(`(?:^|\\.)${body}$`)];
    }),
  );
}

/** The configured kind of a call, by its callee text; `deletes` wins over `writes` over `network` over `pure`. */
export function configuredEffect(patterns: ConfiguredPatterns, calleeText: string): ConfiguredKind | undefined {
  const text = calleeText.replace(/\?\./g, '.').replace(/\s+/g, '').replace(/^this\./, '');
  const kinds = new Set(patterns.filter(([, re]) => re.test(text)).map(([kind]) => kind));
  return (['deletes', 'writes', 'network', 'pure'] as const).find((kind) => kinds.has(kind));
}

/** A call `.mcp-hints.json` describes: its kind is a fact, and it wins over every table. */
export const configuredCall: CallRecogniser = (site, walk) => {
  const { callee, call, sf } = site;
  const kind = walk.configuredKind(callee.getText(sf));
  if (!kind) return false;
  if (kind === 'pure') return true;
  if (kind === 'writes') walk.add({ effect: 'write', strength: 'strong', world: 'closed', target: 'unknown', call: site.text(), fact: { kind: 'configured', as: kind } }, call, sf);
  else if (kind === 'deletes') walk.add({ effect: 'destroy', strength: 'strong', world: 'closed', target: 'unknown', call: site.text(), fact: { kind: 'configured', as: kind } }, call, sf);
  else {
    // The network says where, not what: the request may write, so nothing optimistic is proven by it.
    walk.markPartial();
    walk.add({ effect: 'read', strength: 'strong', world: 'open', target: 'network', call: site.text(), fact: { kind: 'configured', as: kind } }, call, sf);
  }
  return true;
};
