/**
 * A worker thread of the Node thread pool (thread-executor.ts): runs each job it is sent with
 * exactly the in-process executor's call, and posts the outcome back.
 */
import { parentPort } from 'node:worker_threads';
import { runOutcome } from './node-executor.ts';
import type { RunJob } from './spec.ts';

interface Request {
  id: number;
  job: RunJob;
  hash: boolean;
}

const port = parentPort;
if (port === null) throw new Error('thread-worker.ts runs only as a worker thread');
port.on('message', (m: Request) => {
  try {
    port.postMessage({ id: m.id, outcome: runOutcome(m.job, m.hash) });
  } catch (e) {
    port.postMessage({ id: m.id, error: e instanceof Error ? (e.stack ?? e.message) : String(e) });
  }
});
