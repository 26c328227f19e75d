// The rules layer as other layers see it: the only module of this folder they import.
export { describeHintKeyMarkdown, describeOmittedMarkdown, describeOtherKeyMarkdown, describeToolMarkdown, HINT_DESCRIPTIONS, omittedMeaningfulHints, profileLine, readOut, toolDisplayName } from './describe';
export { ANALYSIS_FAILED, UNREADABLE_FILE, unreadableFile } from './file-kinds';
export { findingDocUrl, type FindingKind } from './finding-kind';
export { FINDING_KINDS, knownFindingIds, withSettings } from './kinds';
export { type Report } from './rule';
export { RULES, runRules } from './run';
export { NO_TOOLS_FOUND, noToolsFound, noToolsMessage, projectFindings, type SeenSite } from './no-tools-found';
export { UNENUMERATED_TOOLS } from './unenumerated-tools';
