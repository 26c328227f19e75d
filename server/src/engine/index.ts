// The engine layer as other layers see it: the only module of this folder they import.
export { collectEvidence, evidenceFor, evidenceMarkdown } from './evidence';
export { applyEdits, fixAll, selectSafeFixes } from './fixes';
export { type ConditionDependency, type FileAnalysis, type Finding, type Fix, HINT_DEFAULTS, HINT_KEYS, type HintKey, type HintValue, type Loc, type Severity, type StaticValue, type Tool, type ToolCondition } from './model';
export { type EngineOptions, IMPLICIT_DEFAULTS, type ImplicitDefaults, type LoadedRecord, type Profile, type ReviewOptions, type RuleSetting } from './options';
export { approveInRecord, type ApproveResult, CONFIG_FILE_NAMES, describeRecordError, loadRecord, loadReviewOptions, projectRootOf, type RecordLoad, recordOf, type ConfigHost, configIgnores, configSchema, createRunHost, discoverFiles, discoverFilesAsync, diskConfigHost, diskHost, type FileHost, findConfigFile, guardedAnalyze, isResolutionConfig, loadConfig, type LoadedConfig, type McpHintsConfig, parseConfig, PROFILES, Project, type ReadResult, readSourceFile, RESOLUTION_CONFIG_GLOBS, RULE_SETTINGS, SKIPPED_FOLDERS, TEST_FILE_PATTERNS, toEngineOptions, UNREADABLE_FILE, unreadableAnalysis } from './project';
export { conditionText, mayRegisterTools } from './registrations';
export { evidenceSummary, type ToolDetails, toolDetails, toolDetailsMarkdown, type ApprovalState, COMPARED_KEYS, type ComparedKey, type ComparedTool, compareWithRuntime, type Comparison, type Contract, EVIDENCE_KIND_LABELS, RECORD_FILE_NAME, relativeTo, reviewMarkdown, reviewTool, type RuntimeTool, toolContract, type VerifyStatus } from './review';
export { describeHintKeyMarkdown, describeOmittedMarkdown, describeOtherKeyMarkdown, describeToolMarkdown, FINDING_KINDS, findingDocUrl, HINT_DESCRIPTIONS, knownFindingIds, omittedMeaningfulHints, profileLine, readOut, RULES, toolDisplayName, unreadableFile } from './rules';
export { isSourceFile, parseSource, type TextSince } from './syntax';
