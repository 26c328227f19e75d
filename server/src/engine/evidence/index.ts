// The evidence layer as other layers see it: the only module of this folder they import.
export { collectEvidence, type Evidence } from './collect';
export { type HandlerVisibility } from './model';
export { chainText, contradictingEvidence, describe, evidenceFor, evidenceMarkdown, honestValue, type Inference, inferHints, type InferredHint, isOptimisticClaim, whereIs } from './infer';
