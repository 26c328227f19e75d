// The review layer as other layers see it: the only module of this folder they import.
export { type ApprovalState, type ContractChange } from './compare';
export { type Contract, EVIDENCE_KIND_LABELS, toolContract } from './contract';
export { reviewMarkdown } from './describe';
export { approve, emptyRecord, parseRecord, printRecord, RECORD_FILE_NAME, type RecordError, type ReviewRecord } from './record';
export { COMPARED_KEYS, type ComparedKey, type ComparedTool, compareWithRuntime, type Comparison, type RuntimeTool, type VerifyStatus } from './runtime-compare';
export { relativeTo, reviewTool } from './tool-review';
export { evidenceSummary, type ToolDetails, type ToolDetailsContext, toolDetails, toolDetailsMarkdown } from './tool-details';
