import { asAdmin, asNewOrganizer, createApi, anyDecision, type Api } from '../support/api-client';
import { expectProblem, ok, startedFreeform } from '../support/match-checks';
import { startTestApp, TEST_ADMIN_TOKEN, type TestApp } from '../support/test-app';
import { APP_VERSION as version } from '../../src/infrastructure/config/package-info';
import { metricSample as sample } from '../support/metrics-text';

describe('metrics and health probes (operations)', () => {
  let test: TestApp;
  let api: Api;

  beforeAll(async () => {
    test = await startTestApp();
    api = await createApi(test.url);
  });
  afterAll(() => test.close());

  const scrape = async (): Promise<string> => {
    const answer = await fetch(`${test.url}/metrics`, {
      headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return answer.text();
  };

  it('are for the admin only, unless opened by configuration', async () => {
    await expectProblem(await api.client.GET('/metrics'), 401, 'unauthorized', 'token');
    const organizer = await asNewOrganizer(api, 'Организатор метрик');
    await expectProblem(
      await api.client.GET('/metrics', { headers: organizer.headers }),
      403,
      'forbidden',
      'admin',
    );
    const open = await startTestApp({ MATCHLOG_METRICS_ACCESS: 'open' });
    try {
      const answer = await fetch(`${open.url}/metrics`);
      expect(answer.status).toBe(200);
      expect(await answer.text()).toContain('matchlog_http_requests_total');
    } finally {
      await open.close();
    }
  });

  it('open to a scrape-only MATCHLOG_METRICS_TOKEN, which opens nothing else', async () => {
    const scraperToken = 'scrape-only-token-0123456789abcdef';
    const scraped = await startTestApp({ MATCHLOG_METRICS_TOKEN: scraperToken });
    try {
      const asScraper = { authorization: `Bearer ${scraperToken}` };
      const metrics = await fetch(`${scraped.url}/metrics`, { headers: asScraper });
      expect(metrics.status).toBe(200);
      expect(await metrics.text()).toContain('matchlog_build_info');
      // The admin token still reads them.
      expect((await fetch(`${scraped.url}/metrics`, { headers: asAdmin().headers })).status).toBe(
        200,
      );
      const elsewhere = [
        fetch(`${scraped.url}/api/v1/organizers/me`, { headers: asScraper }),
        fetch(`${scraped.url}/api/v1/rulesets`, { headers: asScraper }),
        fetch(`${scraped.url}/api/v1/organizers`, {
          method: 'POST',
          headers: { ...asScraper, 'content-type': 'application/json' },
          body: JSON.stringify({ name: 'Не организатор' }),
        }),
      ];
      for (const answer of await Promise.all(elsewhere)) {
        const problem = await expectProblem({ response: answer }, 403, 'forbidden', '/metrics');
        expect(problem.detail).toMatch(/MATCHLOG_METRICS_TOKEN/);
      }
      const inRussian = await fetch(`${scraped.url}/api/v1/rulesets`, {
        headers: { ...asScraper, 'accept-language': 'ru' },
      });
      expect(((await inRussian.json()) as { detail: string }).detail).toBe(
        'Этот токен (MATCHLOG_METRICS_TOKEN) открывает только /metrics',
      );
    } finally {
      await scraped.close();
    }
  });

  it('say which version, Node and store run (matchlog_build_info)', async () => {
    const text = await scrape();
    expect(
      sample(
        text,
        'matchlog_build_info',
        `version="${version}",node="${process.version}",store="sqlite"`,
      ),
    ).toBe(1);
  });

  it('count requests by route and status, with their latency', async () => {
    const before =
      sample(
        await scrape(),
        'matchlog_http_requests_total',
        'method="GET",route="/health",status="200"',
      ) ?? 0;
    for (let i = 0; i < 3; i += 1) ok(await api.client.GET('/health'), 200);
    const text = await scrape();
    expect(
      sample(text, 'matchlog_http_requests_total', 'method="GET",route="/health",status="200"'),
    ).toBe(before + 3);
    expect(
      sample(
        text,
        'matchlog_http_request_duration_seconds_count',
        'method="GET",route="/health",status="200"',
      ),
    ).toBeGreaterThanOrEqual(3);
  });

  it('count decisions and events appended, and the store’s commit batches', async () => {
    const before = await scrape();
    const { matchId, seats } = await startedFreeform(api, 'Организатор решений');
    ok(
      await api.client.POST('/api/v1/matches/{id}/decisions', {
        headers: seats.red.headers,
        params: { path: { id: matchId } },
        body: anyDecision({ kind: 'move', params: { pieces: ['c1'], to: 'south' } }),
      }),
      201,
    );
    const after = await scrape();
    const grew = (name: string) => (sample(after, name) ?? 0) - (sample(before, name) ?? 0);
    const decisions = (text: string) =>
      sample(text, 'matchlog_decisions_recorded_total', 'ruleset="freeform"') ?? 0;
    expect(decisions(after) - decisions(before)).toBe(1);
    // Created, two seats claimed, started, then the decision and what it caused.
    expect(grew('matchlog_events_appended_total')).toBeGreaterThanOrEqual(5);
    expect(grew('matchlog_store_commit_appends_count')).toBeGreaterThanOrEqual(1);
  });

  it('read the read models’ lag, the open live streams, memory and event-loop delay at each scrape', async () => {
    const text = await scrape();
    expect(sample(text, 'matchlog_read_model_lag')).toEqual(expect.any(Number));
    expect(sample(text, 'matchlog_process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(sample(text, 'matchlog_nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'matchlog_event_streams_open')).toBe(0);
    expect(sample(text, 'matchlog_chain_sweep_streams_total')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'matchlog_chain_sweep_broken_streams')).toBe(0);
    expect(sample(text, 'matchlog_streaming_gave_way_total')).toBeGreaterThanOrEqual(0);

    const abort = new AbortController();
    const stream = await fetch(`${test.url}/api/v1/feed`, {
      headers: { accept: 'text/event-stream', ...asAdmin().headers },
      signal: abort.signal,
    });
    expect(stream.status).toBe(200);
    expect(sample(await scrape(), 'matchlog_event_streams_open')).toBe(1);
    abort.abort();
    await stream.body?.cancel().catch(() => undefined);
    for (let i = 0; i < 50 && sample(await scrape(), 'matchlog_event_streams_open') !== 0; i += 1)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sample(await scrape(), 'matchlog_event_streams_open')).toBe(0);
  });

  it('answer liveness and readiness apart', async () => {
    expect(ok(await api.client.GET('/health/live'), 200)).toEqual({ status: 'ok' });
    expect(ok(await api.client.GET('/health/ready'), 200)).toEqual({
      status: 'ready',
      store: 'ok',
      readModelsCaughtUp: true,
      readModelLag: expect.any(Number),
      chainSweep: expect.objectContaining({
        state: expect.stringMatching(/^(running|done)$/),
        broken: 0,
      }),
    });
  });

  it('is ready after a restart whose last event is not a match event (a note)', async () => {
    const { app, api: restarted } = await (async () => {
      const first = await startTestApp();
      const firstApi = await createApi(first.url);
      const { matchId, seats } = await startedFreeform(firstApi, 'Организатор заметок');
      ok(
        await firstApi.client.POST('/api/v1/matches/{id}/annotations', {
          headers: seats.blue.headers,
          params: { path: { id: matchId } },
          body: { seq: 1, text: 'Заметка после последнего хода' },
        }),
        201,
      );
      await first.close({ keepData: true });
      const second = await startTestApp({}, first.dataDir);
      return { app: second, api: await createApi(second.url) };
    })();
    try {
      let status = 0;
      for (let i = 0; i < 100 && status !== 200; i += 1) {
        status = (await restarted.client.GET('/health/ready')).response.status;
        if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(status).toBe(200);
    } finally {
      await app.close();
    }
  });
});
