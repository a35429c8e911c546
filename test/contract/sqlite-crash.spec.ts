import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StoredEvent } from '../../src/application/ports/event-store.port';
import { SqliteEventStore } from '../../src/infrastructure/eventstore/sqlite/sqlite-event-store';

const REPO_ROOT = join(__dirname, '..', '..');
const CHILD_SCRIPT = join(REPO_ROOT, 'test', 'support', 'append-burst.child.ts');
const ACKS_BEFORE_KILL = 500;
const CHILD_TIMEOUT_MS = 30_000;

interface Ack {
  stream: string;
  revision: bigint;
  eventId: string;
}

/** Runs the append-burst child, SIGKILLs it mid-burst, and returns what it acknowledged. */
function appendThenKill(dataDir: string): Promise<Ack[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-r', '@swc-node/register', CHILD_SCRIPT, dataDir], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let killed = false;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`The child acknowledged too few appends in time. stderr: ${stderr}`));
    }, CHILD_TIMEOUT_MS);

    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (!killed && stdout.split('\n').length > ACKS_BEFORE_KILL) {
        killed = child.kill('SIGKILL');
      }
    });
    // 'close' comes after stdout is drained: every line written before the kill is in `stdout`.
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (signal !== 'SIGKILL') {
        reject(new Error(`The child exited by itself (code ${code}). stderr: ${stderr}`));
        return;
      }
      const complete = stdout.slice(0, stdout.lastIndexOf('\n'));
      resolve(
        complete.split('\n').map((line) => {
          const [stream, revision, eventId] = line.split(' ');
          return { stream, revision: BigInt(revision), eventId };
        }),
      );
    });
  });
}

describe('SqliteEventStore after kill -9', () => {
  let dataDir: string;
  beforeEach(() => (dataDir = mkdtempSync(join(tmpdir(), 'matchlog-sqlite-crash-'))));
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('reopens intact with every acknowledged append', async () => {
    const acks = await appendThenKill(dataDir);
    expect(acks.length).toBeGreaterThanOrEqual(ACKS_BEFORE_KILL);

    const store = new SqliteEventStore({ dataDir });
    try {
      expect(store.database.pragma('integrity_check', { simple: true })).toBe('ok');

      const streams = new Map<string, StoredEvent[]>();
      let previous: StoredEvent | undefined;
      for await (const event of store.readAll()) {
        if (previous) expect(event.position).toBeGreaterThan(previous.position);
        previous = event;
        const inStream = streams.get(event.stream) ?? [];
        // No revision gaps: each stream's events come in as 0, 1, 2, ...
        expect(event.revision).toBe(BigInt(inStream.length));
        inStream.push(event);
        streams.set(event.stream, inStream);
      }
      for (const ack of acks) {
        const stored = streams.get(ack.stream)?.[Number(ack.revision)];
        expect(stored?.eventId).toBe(ack.eventId);
      }
    } finally {
      await store.close();
    }
  }, 60_000);
});
