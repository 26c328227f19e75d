// Messages between the CLI and its worker threads (structured-clone plain data only).
import type { BatchResult } from './analyze';

/**
 * workerData is the BatchContext; then the main thread sends batches of absolute paths, then `done`: the worker
 * ends on its own (not terminated), so its exit handlers run (the code cache's first write, scripts/code-cache.cjs).
 */
export type WorkerRequest = { files: string[] } | { done: true };

export interface WorkerReply {
  count: number;
  result: BatchResult;
}
