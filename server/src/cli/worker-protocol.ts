// Messages between the CLI and its worker threads (structured-clone plain data only).
import type { BatchResult } from './analyze';

/** workerData is the BatchContext; then the main thread sends batches of absolute paths. */
export interface WorkerRequest {
  files: string[];
}

export interface WorkerReply {
  count: number;
  result: BatchResult;
}
