// The project layer as other layers see it: the only module of this folder they import.
export { CONFIG_FILE_NAMES, type ConfigHost, configSchema, loadConfig, type LoadedConfig, type McpHintsConfig, parseConfig, PROFILES, RULE_SETTINGS, toEngineOptions } from './config';
export { configIgnores, createRunHost, discoverFiles, discoverFilesAsync, diskConfigHost, findConfigFile, guardedAnalyze, projectFolderOf, type ReadResult, readSourceFile, SKIPPED_FOLDERS, TEST_FILE_PATTERNS, UNREADABLE_FILE, unreadableAnalysis } from './files';
export { isResolutionConfig, RESOLUTION_CONFIG_GLOBS } from './module-resolution';
export { diskHost, type FileHost, Project } from './project';
export { approveInRecord, type ApproveResult, describeRecordError, loadRecord, loadReviewOptions, projectRootOf, type RecordLoad, recordOf } from './record-files';
