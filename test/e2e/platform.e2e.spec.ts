import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import Database from 'better-sqlite3';
import { EVENT_STORE, type EventStore } from '../../src/application/ports/event-store.port';
import { createApp } from '../../src/infrastructure/app.factory';
import { loadConfig } from '../../src/infrastructure/config/app-config';
import { LOCAL_DATABASE_FILE } from '../../src/infrastructure/persistence/local-database.provider';
import { FAKE_SERVER_VERSION, startEsdbFake } from '../support/esdb-fake/esdb-fake';

const ADMIN_TOKEN = 'e2e-admin-token-0123456789abcdef';
const BODY_LIMIT = 16 * 1024;
const { version } = JSON.parse(readFileSync(join(__dirname, '../../package.json'), 'utf8')) as {
  version: string;
};

/** The parts of an OpenAPI 3 document these tests read. */
interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description: string };
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { securitySchemes: Record<string, unknown> };
}
interface OpenApiOperation {
  security?: unknown;
  tags?: string[];
  responses: Record<string, { content: Record<string, { schema: { $ref?: string } }> }>;
}

interface Running {
  app: NestFastifyApplication;
  url: string;
}

async function start(dataDir: string, env: Record<string, string> = {}): Promise<Running> {
  const config = loadConfig({
    HOST: '127.0.0.1',
    PORT: '0',
    MATCHLOG_DATA_DIR: dataDir,
    MATCHLOG_BODY_LIMIT: String(BODY_LIMIT),
    MATCHLOG_LOG_LEVEL: 'silent',
    ...env,
  });
  const app = await createApp(config);
  await app.listen(config.port, config.host);
  return { app, url: await app.getUrl() };
}

function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'matchlog-e2e-'));
}

function post(url: string, body: unknown, token?: string): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token !== undefined && { authorization: `Bearer ${token}` }),
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** Asserts an RFC 9457 response and returns its body. */
async function expectProblem(
  response: Response,
  status: number,
  code: string,
): Promise<Record<string, unknown>> {
  expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json\b/);
  const problem = (await response.json()) as Record<string, unknown>;
  expect(problem).toMatchObject({
    type: `https://matchlog.dev/problems/${code}`,
    title: expect.any(String),
    status,
    detail: expect.any(String),
    instance: new URL(response.url).pathname,
  });
  expect(response.status).toBe(status);
  return problem;
}

/** Captures what is written to stdout while `run` runs. */
async function captureStdout(run: () => Promise<void>): Promise<string> {
  let output = '';
  const spy = jest
    .spyOn(process.stdout, 'write')
    .mockImplementation((chunk: string | Uint8Array) => {
      output += String(chunk);
      return true;
    });
  try {
    await run();
  } finally {
    spy.mockRestore();
  }
  return output;
}

describe('platform (configured admin token)', () => {
  const dataDir = tempDir();
  let running: Running;
  let api: string;

  beforeAll(async () => {
    running = await start(dataDir, { MATCHLOG_ADMIN_TOKEN: ADMIN_TOKEN });
    api = `${running.url}/api/v1`;
  });
  afterAll(async () => {
    await running.app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('reports health', async () => {
    const response = await fetch(`${running.url}/health`);
    expect(response.status).toBe(200);
    const health = (await response.json()) as { chainSweep: { state: string } };
    const swept = health.chainSweep.state === 'done';
    expect(health).toEqual({
      status: 'ok',
      store: 'sqlite',
      storeVersion: expect.stringMatching(/^\d+\.\d+/),
      version,
      uptimeSeconds: expect.any(Number),
      chainSweep: {
        state: swept ? 'done' : 'running',
        streams: expect.any(Number),
        events: expect.any(Number),
        broken: 0,
        startedAt: expect.any(String),
        ...(swept && { finishedAt: expect.any(String) }),
      },
    });
  });

  it('serves a valid OpenAPI 3 document with the bearer scheme, and the UI', async () => {
    const response = await fetch(`${running.url}/docs-json`);
    expect(response.status).toBe(200);
    const document = (await response.json()) as OpenApiDocument;
    expect(document.openapi).toMatch(/^3\.\d+\.\d+$/);
    expect(document.info).toMatchObject({ title: 'matchlog', version });
    expect(document.info.description).toContain('Bearer');
    expect(document.components.securitySchemes.bearer).toEqual(
      expect.objectContaining({ type: 'http', scheme: 'bearer' }),
    );
    const create = document.paths['/api/v1/organizers'].post;
    expect(create.security).toEqual([{ bearer: [] }]);
    expect(create.tags).toEqual(['tokens']);
    expect(create.responses['201'].content['application/json'].schema.$ref).toBe(
      '#/components/schemas/IssuedOrganizerDto',
    );
    expect(create.responses['403'].content['application/problem+json'].schema.$ref).toBe(
      '#/components/schemas/ProblemDto',
    );
    expect(document.paths['/health'].get.responses).toHaveProperty('503');
    expect(unresolvedRefs(document)).toEqual([]);

    const ui = await fetch(`${running.url}/docs`);
    expect(ui.status).toBe(200);
    expect(await ui.text()).toContain('swagger-ui');
  });

  describe('tokens', () => {
    let organizerToken: string;

    beforeAll(async () => {
      const response = await post(`${api}/organizers`, { name: 'Moscow Open' }, ADMIN_TOKEN);
      organizerToken = ((await response.json()) as { token: string }).token;
    });

    it('lets the configured admin register an organizer, whose token then works', async () => {
      const response = await post(`${api}/organizers`, { name: 'Kazan Cup' }, ADMIN_TOKEN);
      expect(response.status).toBe(201);
      expect(await response.json()).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        name: 'Kazan Cup',
        token: expect.stringMatching(/^ml_org_[A-Za-z0-9_-]{43}$/),
      });

      const tournament = await post(
        `${api}/tournaments`,
        { tournamentId: 't-1', name: 'Kazan Cup 2026' },
        organizerToken,
      );
      expect(tournament.status).toBe(201);
      const judge = await post(
        `${api}/judges`,
        { name: 'Anna', tournamentId: 't-1' },
        organizerToken,
      );
      expect(judge.status).toBe(201);
      expect(await judge.json()).toEqual({
        id: expect.any(String),
        token: expect.stringMatching(/^ml_judge_/),
      });
    });

    it('refuses an anonymous caller with 401', async () => {
      await expectProblem(await post(`${api}/organizers`, { name: 'x' }), 401, 'unauthorized');
    });

    it('refuses an organizer with 403', async () => {
      const problem = await expectProblem(
        await post(`${api}/organizers`, { name: 'x' }, organizerToken),
        403,
        'forbidden',
      );
      expect(problem.detail).toBe('Only an admin token may do this');
    });

    it('refuses an unknown token and a malformed Authorization header with 401', async () => {
      await expectProblem(
        await post(`${api}/organizers`, { name: 'x' }, 'ml_org_nope'),
        401,
        'unauthorized',
      );
      const malformed = await fetch(`${api}/organizers`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: ADMIN_TOKEN },
        body: '{"name":"x"}',
      });
      const problem = await expectProblem(malformed, 401, 'unauthorized');
      expect(problem.detail).toContain('Bearer <token>');
    });

    it('scopes a judge to exactly one tournament or match', async () => {
      const both = await post(
        `${api}/judges`,
        { name: 'B', tournamentId: 't', matchId: 'm' },
        ADMIN_TOKEN,
      );
      await expectProblem(both, 400, 'invalid-scope');
      await expectProblem(
        await post(`${api}/judges`, { name: 'B' }, ADMIN_TOKEN),
        400,
        'invalid-scope',
      );
    });
  });

  describe('errors are problem+json', () => {
    it('answers malformed JSON with 400 malformed-json and the parser message', async () => {
      const problem = await expectProblem(
        await post(`${api}/organizers`, '{"name": "x",', ADMIN_TOKEN),
        400,
        'malformed-json',
      );
      expect(problem.detail).toMatch(/^The body is not valid JSON: .+/);
    });

    it('refuses prototype-poisoning keys', async () => {
      const response = await post(`${api}/organizers`, '{"__proto__":{"admin":true}}', ADMIN_TOKEN);
      await expectProblem(response, 400, 'malformed-json');
    });

    it('answers a body over the limit with 413', async () => {
      const response = await post(
        `${api}/organizers`,
        { name: 'x'.repeat(BODY_LIMIT) },
        ADMIN_TOKEN,
      );
      await expectProblem(response, 413, 'payload-too-large');
    });

    it('answers a body that is not JSON with 415', async () => {
      for (const contentType of ['text/plain', 'application/x-www-form-urlencoded']) {
        const response = await fetch(`${api}/organizers`, {
          method: 'POST',
          headers: { 'content-type': contentType, authorization: `Bearer ${ADMIN_TOKEN}` },
          body: 'name=Org',
        });
        await expectProblem(response, 415, 'unsupported-media-type');
      }
    });

    it('answers a JSON body that is not an object with 400 invalid-body', async () => {
      for (const body of ['', 'null', '["Org"]', '"Org"']) {
        const problem = await expectProblem(
          await post(`${api}/organizers`, body, ADMIN_TOKEN),
          400,
          'invalid-body',
        );
        expect(problem.detail).toBe('The request body must be a JSON object');
      }
    });

    it('answers an unknown route with 404', async () => {
      const response = await fetch(`${api}/nowhere?x=1`);
      const problem = await expectProblem(response, 404, 'not-found');
      expect(problem.instance).toBe('/api/v1/nowhere');
    });

    it('answers an invalid DTO with 400 invalid-body and the class-validator messages', async () => {
      const response = await post(`${api}/organizers`, { name: '   ', extra: 1 }, ADMIN_TOKEN);
      const problem = await expectProblem(response, 400, 'invalid-body');
      expect(problem.errors).toEqual(
        expect.arrayContaining([
          { path: 'extra', messages: ['property extra should not exist'] },
          { path: 'name', messages: ['name must not be blank'] },
        ]),
      );
    });
  });
});

describe('platform (generated admin token)', () => {
  const dataDir = tempDir();
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('writes a generated admin token to a file on first start only, and retires it once one is configured', async () => {
    let running: Running | undefined;
    const first = await captureStdout(async () => {
      running = await start(dataDir);
    });
    const tokenFile = join(dataDir, 'admin-token');
    const token = /^(ml_admin_[A-Za-z0-9_-]{43})\n$/.exec(readFileSync(tokenFile, 'utf8'))?.[1];
    expect(token).toBeDefined();
    // Never on standard output, which a process manager keeps as the log.
    expect(first).not.toContain('ml_admin_');
    rmSync(tokenFile);
    const issued = await post(`${running!.url}/api/v1/organizers`, { name: 'Org' }, token);
    expect(issued.status).toBe(201);
    await running!.app.close();

    const second = await captureStdout(async () => {
      running = await start(dataDir);
    });
    expect(second).not.toContain('ml_admin_');
    expect(existsSync(tokenFile)).toBe(false);
    expect((await post(`${running!.url}/api/v1/organizers`, { name: 'Org' }, token)).status).toBe(
      201,
    );
    await running!.app.close();

    running = await start(dataDir, { MATCHLOG_ADMIN_TOKEN: ADMIN_TOKEN });
    await expectProblem(
      await post(`${running.url}/api/v1/organizers`, { name: 'Org' }, token),
      401,
      'unauthorized',
    );
    expect(
      (await post(`${running.url}/api/v1/organizers`, { name: 'Org' }, ADMIN_TOKEN)).status,
    ).toBe(201);
    await running.app.close();
  });

  it('answers 503 degraded when the event store is unreachable', async () => {
    const running = await start(dataDir, { MATCHLOG_ADMIN_TOKEN: ADMIN_TOKEN });
    try {
      await running.app.get<EventStore>(EVENT_STORE).close();
      const response = await fetch(`${running.url}/health`);
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({ status: 'degraded', store: 'sqlite' });
    } finally {
      await running.app.close();
    }
  });
});

describe('platform (EventStoreDB mode)', () => {
  it('keeps events, token hashes and sealed dice seeds in EventStoreDB; only read models stay local', async () => {
    const dataDir = tempDir();
    const fake = await startEsdbFake();
    const keyFile = join(dataDir, 'shared-signing-key.pem');
    writeFileSync(
      keyFile,
      generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }),
    );
    const running = await start(dataDir, {
      EVENTSTORE_URL: fake.connectionString,
      MATCHLOG_ADMIN_TOKEN: ADMIN_TOKEN,
      MATCHLOG_SECRET_KEY: randomBytes(32).toString('base64'),
      MATCHLOG_SIGNING_KEY_FILE: keyFile,
    });
    try {
      const health = await fetch(`${running.url}/health`);
      expect(await health.json()).toMatchObject({
        status: 'ok',
        store: 'eventstoredb',
        storeVersion: FAKE_SERVER_VERSION,
      });
      const issued = await post(`${running.url}/api/v1/organizers`, { name: 'Org' }, ADMIN_TOKEN);
      expect(issued.status).toBe(201);
      const { token } = (await issued.json()) as { token: string };
      const created = await post(
        `${running.url}/api/v1/matches`,
        {
          ruleset: 'freeform',
          seats: [{ seat: 'red' }, { seat: 'blue' }],
          setup: { zones: [], pieces: [] },
        },
        token,
      );
      expect(created.status).toBe(201);
      const { matchId } = (await created.json()) as { matchId: string };

      const streams = new Set(fake.log.all.map((event) => event.stream));
      expect(streams).toContain(`match-${matchId}`);
      expect(
        [...streams].filter((stream) => stream.startsWith('token-')).length,
      ).toBeGreaterThanOrEqual(4);
      const [seed] = fake.log.stream(`seed-${matchId}`) ?? [];
      const sealed = JSON.parse(Buffer.from(seed.data).toString('utf8')) as Record<string, string>;
      expect(Object.keys(sealed).sort()).toEqual(['alg', 'ciphertext', 'iv', 'keyId', 'tag']);
      expect(existsSync(join(dataDir, LOCAL_DATABASE_FILE))).toBe(true);
      expect(existsSync(join(dataDir, 'matchlog.db'))).toBe(false);
      const local = new Database(join(dataDir, LOCAL_DATABASE_FILE), { readonly: true });
      const tables = local
        .prepare(`SELECT name FROM sqlite_master WHERE type = 'table'`)
        .pluck()
        .all();
      local.close();
      expect(tables).not.toEqual(expect.arrayContaining(['tokens']));
      expect(tables).not.toEqual(expect.arrayContaining(['secrets']));
      expect(tables).not.toEqual(expect.arrayContaining(['tournaments']));
    } finally {
      await running.app.close();
      await fake.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

/** Every local `$ref` of the document that points at nothing. */
function unresolvedRefs(document: unknown): string[] {
  const refs: string[] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (key === '$ref' && typeof value === 'string') refs.push(value);
        else walk(value);
      }
    }
  };
  walk(document);
  return refs.filter((ref) => {
    const target = ref
      .replace(/^#\//, '')
      .split('/')
      .reduce<unknown>(
        (node, part) => (node as Record<string, unknown> | undefined)?.[part],
        document,
      );
    return target === undefined;
  });
}
