// Findings about a whole file the engine could not read or analyse (no tool, reported at the file's start).
import type { FindingKind } from './finding-kind';

export const UNREADABLE_FILE = 'unreadable-file';
export const ANALYSIS_FAILED = 'analysis-failed';

export const unreadableFile: FindingKind = {
  id: UNREADABLE_FILE,
  defaultSeverity: 'error',
  docs: {
    what: 'A file that could not be read (permissions, a dangling link, a device).',
    why: 'Nothing in it was checked; the other files still were.',
  },
};

export const analysisFailed: FindingKind = {
  id: ANALYSIS_FAILED,
  defaultSeverity: 'error',
  docs: {
    what: 'A file the parser or analyser could not handle (for example code nested thousands of levels deep).',
    why: 'Nothing in it was checked; the other files still were.',
  },
};
