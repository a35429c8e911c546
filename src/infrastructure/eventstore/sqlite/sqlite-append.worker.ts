/**
 * The writer thread of SqliteEventStore: its own connection to the events file, so the
 * INSERTs and the COMMIT's fsync of one batch run while the main thread serves requests and
 * collects the next batch. Messages: a batch (`AppendRequest[]`) in, a `BatchOutcome` out, in
 * order; `null` closes the connection and ends the thread.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { SqliteAppender, type AppendRequest } from './sqlite-appender';
import { openEventsDatabase } from './sqlite-schema';

export interface AppendWorkerData {
  file: string;
}

const port = parentPort;
if (!port) throw new Error('sqlite-append.worker runs only as a worker thread');

const db = openEventsDatabase((workerData as AppendWorkerData).file);
const appender = new SqliteAppender(db);
port.on('message', (batch: AppendRequest[] | null) => {
  if (batch === null) {
    db.close();
    port.close();
    return;
  }
  port.postMessage(appender.write(batch));
});
