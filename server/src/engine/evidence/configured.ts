// `.mcp-hints.json` "evidence": the project's own functions, taken as facts. A pattern matches the callee as
// written (`this.cache.set`) when it equals the whole text or its last dotted segments; `*` matches any run of
// name characters and dots.
import { EVIDENCE_KINDS, type EvidenceConfig } from '../options';

export type ConfiguredKind = (typeof EVIDENCE_KINDS)[number];

const compiled = new WeakMap<EvidenceConfig, [ConfiguredKind, RegExp][]>();

function patternsOf(config: EvidenceConfig): [ConfiguredKind, RegExp][] {
  let list = compiled.get(config);
  if (!list) {
    list = EVIDENCE_KINDS.flatMap((kind) =>
      (config[kind] ?? []).map((pattern): [ConfiguredKind, RegExp] => {
        const body = pattern.split('*').map((part) => part.replace(/[.$]/g, '\\$&')).join('[\\w$.]*');
        return [kind, new RegExp(`(?:^|\\.)${body}$`)];
      }),
    );
    compiled.set(config, list);
  }
  return list;
}

/** The configured kind of a call, by its callee text; `deletes` wins over `writes` over `network` over `pure`. */
export function configuredEffect(config: EvidenceConfig, calleeText: string): ConfiguredKind | undefined {
  const text = calleeText.replace(/\?\./g, '.').replace(/\s+/g, '').replace(/^this\./, '');
  const kinds = new Set(patternsOf(config).filter(([, re]) => re.test(text)).map(([kind]) => kind));
  return (['deletes', 'writes', 'network', 'pure'] as const).find((kind) => kinds.has(kind));
}
