import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServiceProcess, type ServiceProcess } from '../support/service-process';

type LogLine = Record<string, unknown>;

/** Every line the process wrote, each parsed: a line that is not JSON fails the test here. */
function logLines(service: ServiceProcess): LogLine[] {
  return service
    .stdout()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as LogLine);
}

/** The first line `match` accepts, waited for up to a second (the log is flushed per line). */
async function lineWhere(
  service: ServiceProcess,
  match: (line: LogLine) => boolean,
): Promise<LogLine | undefined> {
  for (let waited = 0; waited <= 1000; waited += 20) {
    const found = logLines(service).find(match);
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return undefined;
}

describe('the log as an operator reads it (operations, issue 44 item 5)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'matchlog-oplog-'));
  const tokenFile = join(dataDir, 'admin-token');
  let service: ServiceProcess;
  let adminToken: string;

  beforeAll(async () => {
    service = await startServiceProcess({
      MATCHLOG_DATA_DIR: dataDir,
      // No admin token configured: one is generated.
      MATCHLOG_ADMIN_TOKEN: '',
      MATCHLOG_LOG_LEVEL: 'info',
      MATCHLOG_LOG_FORMAT: 'json',
      MATCHLOG_AUTH_FAILURES_PER_ADDRESS: '3',
    });
    adminToken = readFileSync(tokenFile, 'utf8').trim();
  });
  afterAll(async () => {
    await service.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('writes a generated admin token to a file only its user reads, and only the file’s path to the log', async () => {
    expect(adminToken).toMatch(/^ml_admin_[A-Za-z0-9_-]{43}$/);
    expect(statSync(tokenFile).mode & 0o777).toBe(0o600);
    const organizers = await fetch(`${service.url}/api/v1/organizers`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Клуб журнала' }),
    });
    expect(organizers.status).toBe(201);
    const notice = await lineWhere(service, (line) => line.file === tokenFile);
    expect(notice).toMatchObject({ level: 40, context: 'AdminToken' });
    expect(service.stdout()).not.toContain(adminToken);
    expect(service.stdout()).not.toContain('ml_admin_');
  });

  it('says at start which version, Node, store and data directory it runs with, in JSON like every line', async () => {
    const start = await lineWhere(service, (line) => line.version !== undefined);
    expect(start).toMatchObject({
      level: 30,
      service: 'matchlog',
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
      node: process.version,
      store: 'sqlite',
      dataDir,
    });
    // Nest's own lines are JSON too (logLines would have thrown otherwise).
    expect(logLines(service).some((line) => line.context === 'NestApplication')).toBe(true);
  });

  it('writes each access line as the request is answered, with the client’s address, user agent and token kind', async () => {
    const answer = await fetch(`${service.url}/api/v1/organizers/me`, {
      headers: {
        authorization: `Bearer ${adminToken}`,
        'user-agent': 'club-scoreboard/2.1',
        'x-request-id': 'operator-log-1',
      },
    });
    expect(answer.status).toBeGreaterThanOrEqual(200);
    const line = await lineWhere(service, (l) => l.requestId === 'operator-log-1');
    expect(line).toMatchObject({
      msg: 'request',
      route: '/api/v1/organizers/me',
      address: '127.0.0.1',
      userAgent: 'club-scoreboard/2.1',
      tokenKind: 'admin',
    });
    const anonymous = await fetch(`${service.url}/health/live`, {
      headers: { 'x-request-id': 'operator-log-2' },
    });
    expect(anonymous.status).toBe(200);
    expect(await lineWhere(service, (l) => l.requestId === 'operator-log-2')).toMatchObject({
      tokenKind: 'none',
    });
  });

  it('logs a lockout at warn with the address, and the refused tokens only by kind', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const answer = await fetch(`${service.url}/api/v1/organizers/me`, {
        headers: {
          authorization: `Bearer ml_org_bogus${i}xxxxxxxxxxxx`,
          'x-request-id': `lock-${i}`,
        },
      });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    const lockout = await lineWhere(
      service,
      (line) => line.level === 40 && line.failures === 3 && line.address === '127.0.0.1',
    );
    expect(lockout?.msg).toMatch(/Failed authentications from 127\.0\.0\.1 reached 3/);
    expect(await lineWhere(service, (l) => l.requestId === 'lock-0')).toMatchObject({
      status: 401,
      tokenKind: 'rejected',
    });
    expect(service.stdout()).not.toContain('ml_org_bogus');
  });

  it('logs SIGTERM and the stop, then exits 0; a restart generates no second token', async () => {
    service.child.kill('SIGTERM');
    expect(await service.exited).toBe(0);
    const lines = logLines(service);
    const signalled = lines.findIndex((line) => line.signal === 'SIGTERM');
    const stopped = lines.findIndex((line) => /^matchlog stopped/.test(String(line.msg)));
    expect(signalled).toBeGreaterThanOrEqual(0);
    expect(stopped).toBeGreaterThan(signalled);

    rmSync(tokenFile);
    service = await startServiceProcess({
      MATCHLOG_DATA_DIR: dataDir,
      MATCHLOG_ADMIN_TOKEN: '',
      MATCHLOG_LOG_LEVEL: 'info',
      MATCHLOG_LOG_FORMAT: 'json',
    });
    expect(await lineWhere(service, (line) => line.store === 'sqlite')).toBeDefined();
    expect(existsSync(tokenFile)).toBe(false);
    expect(logLines(service).some((line) => line.context === 'AdminToken')).toBe(false);
  });
});
