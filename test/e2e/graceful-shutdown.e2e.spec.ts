import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { anyDecision, createApi, type Api } from '../support/api-client';
import { ok, startedFreeform } from '../support/match-checks';
import { startServiceProcess } from '../support/service-process';
import { TEST_ADMIN_TOKEN } from '../support/test-app';

interface Receipt {
  match: string;
  seq: number;
  headHash: string;
}

describe('a graceful shutdown (operations)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'matchlog-sigterm-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('on SIGTERM under load: every acknowledged decision is in the log, live streams get a final message, exit 0', async () => {
    const service = await startServiceProcess({ MATCHLOG_DATA_DIR: dataDir });
    try {
      const api: Api = await createApi(service.url);
      const matches = await Promise.all([1, 2, 3, 4].map((n) => startedFreeform(api, `Клуб ${n}`)));

      // A live stream of the first match, read to its end.
      const stream = await fetch(`${service.url}/api/v1/matches/${matches[0].matchId}/stream`, {
        headers: { accept: 'text/event-stream', authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
      });
      expect(stream.status).toBe(200);
      const streamText = stream.text();

      const receipts: Receipt[] = [];
      let failures = 0;
      const writers = matches.flatMap(({ matchId, seats }) =>
        [0, 1].map(async (writer) => {
          for (let i = 0; i < 5000; i += 1) {
            try {
              const answer = await api.client.POST('/api/v1/matches/{id}/decisions', {
                headers: seats.red.headers,
                params: { path: { id: matchId } },
                body: anyDecision({
                  kind: 'move',
                  params: { pieces: ['c1'], to: (i + writer) % 2 === 0 ? 'south' : 'north' },
                }),
              });
              // 409: the other writer of this match moved it first; anything else stops.
              if (answer.response.status === 409) continue;
              receipts.push(ok(answer, 201).receipt as Receipt);
            } catch {
              failures += 1;
              return;
            }
          }
        }),
      );
      // Until 100 are acknowledged, or every writer has given up (then the test fails below
      // rather than waiting here forever, the service still running).
      let writing = writers.length;
      for (const writer of writers) void writer.finally(() => (writing -= 1));
      while (receipts.length < 100 && writing > 0) await new Promise((r) => setTimeout(r, 5));
      expect({ acknowledged: receipts.length >= 100, failures }).toEqual({
        acknowledged: true,
        failures: 0,
      });
      const signalled = Date.now();
      service.child.kill('SIGTERM');
      const code = await service.exited;
      const stoppedInMs = Date.now() - signalled;
      await Promise.allSettled(writers);

      expect({ code, boundedBy10s: stoppedInMs < 10_000 }).toEqual({ code: 0, boundedBy10s: true });
      expect(failures).toBeGreaterThan(0);
      expect(await streamText).toMatch(
        /event: shutdown\ndata: \{"detail":"The server is shutting down/,
      );

      const db = new Database(join(dataDir, 'matchlog.db'), { readonly: true });
      try {
        const hashAt = db
          .prepare(
            `SELECT json_extract(meta, '$.hash') FROM events WHERE stream = ? AND revision = ?`,
          )
          .pluck();
        const missing = receipts.filter(
          (r) => hashAt.get(`match-${r.match}`, r.seq) !== r.headHash,
        );
        expect({ acknowledged: receipts.length, missing }).toEqual({
          acknowledged: receipts.length,
          missing: [],
        });
      } finally {
        db.close();
      }
    } finally {
      if (service.child.exitCode === null) service.child.kill('SIGKILL');
    }
  }, 120_000);
});
