// A worker thread of `mcp-hints check`: one Project over the disk for its whole life, so a file it
// imports is parsed once per worker; answers each batch of paths with plain records.
import { parentPort, workerData } from 'node:worker_threads';
import { analyzeBatch, createProject, type BatchContext } from './analyze';
import type { WorkerReply, WorkerRequest } from './worker-protocol';

const context = workerData as BatchContext;
const project = createProject(context.options, context.files);

parentPort?.on('message', (request: WorkerRequest) => {
  if ('done' in request) return parentPort!.close();
  const reply: WorkerReply = { count: request.files.length, result: analyzeBatch(project, request.files, context) };
  parentPort!.postMessage(reply);
});
