import { resolve } from 'node:path';
import { ConfigError, defaultMatchCacheMb, loadConfig } from './app-config';

describe('loadConfig', () => {
  it('has defaults for everything', () => {
    expect(loadConfig({}, 2048 * 1024 * 1024)).toEqual({
      port: 3000,
      host: '0.0.0.0',
      dataDir: resolve('data'),
      eventStoreUrl: undefined,
      adminToken: undefined,
      maxEventBytes: 1024 * 1024,
      bodyLimit: 1024 * 1024,
      connections: {
        requestTimeoutMs: 30_000,
        headersTimeoutMs: 10_000,
        idleTimeoutMs: 60_000,
        keepAliveTimeoutMs: 65_000,
        maxConnections: 4096,
        maxConnectionsPerAddress: 256,
      },
      rateLimits: {
        windowMs: 60_000,
        perAddress: 1200,
        perToken: 600,
        authFailuresPerAddress: 300,
        authFailuresPerToken: 10,
      },
      eventsPageBytes: 8 * 1024 * 1024,
      matchCacheBytes: 256 * 1024 * 1024,
      idempotencyKeyHours: 24,
      matchesPerOrganizerHour: 300,
      log: { level: 'info', format: 'auto' },
      chainSweep: true,
      metricsAccess: 'admin',
      trustedProxies: [],
    });
  });

  it('reads the trusted proxies as addresses and CIDRs, and refuses anything else', () => {
    expect(
      loadConfig({ MATCHLOG_TRUSTED_PROXIES: ' 127.0.0.1, 10.0.0.0/8 ,::1,fd00::/8' })
        .trustedProxies,
    ).toEqual(['127.0.0.1', '10.0.0.0/8', '::1', 'fd00::/8']);
    for (const bad of ['nginx', '10.0.0.0/33', '10.0.0.1/8/1', '::1/129', '300.1.1.1', '*'])
      expect(() => loadConfig({ MATCHLOG_TRUSTED_PROXIES: `127.0.0.1,${bad}` })).toThrow(
        `MATCHLOG_TRUSTED_PROXIES must list IP addresses or CIDRs, comma-separated (127.0.0.1, 10.0.0.0/8), got "${bad}"`,
      );
  });

  it('sizes the match cache by the heap limit unless told, within 64 to 1,024 MiB', () => {
    const MIB = 1024 * 1024;
    expect(defaultMatchCacheMb(4144 * MIB)).toBe(518);
    expect(defaultMatchCacheMb(256 * MIB)).toBe(64);
    expect(defaultMatchCacheMb(16 * 1024 * MIB)).toBe(1024);
    expect(loadConfig({}, 4144 * MIB).matchCacheBytes).toBe(518 * MIB);
    expect(loadConfig({ MATCHLOG_MATCH_CACHE_MB: '32' }, 4144 * MIB).matchCacheBytes).toBe(
      32 * MIB,
    );
  });

  it('reads the environment', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      MATCHLOG_DATA_DIR: '/var/lib/matchlog',
      EVENTSTORE_URL: 'esdb://db:2113?tls=false',
      MATCHLOG_SECRET_KEY: 'ab'.repeat(32),
      MATCHLOG_SIGNING_KEY_FILE: '/etc/matchlog/signing-key.pem',
      MATCHLOG_ADMIN_TOKEN: 'a-long-enough-admin-token-123',
      MATCHLOG_MAX_EVENT_BYTES: '65536',
      MATCHLOG_BODY_LIMIT: '2097152',
      MATCHLOG_IDEMPOTENCY_KEY_HOURS: '72',
      MATCHLOG_MATCHES_PER_ORGANIZER_HOUR: '20',
      MATCHLOG_LOG_LEVEL: 'warn',
      MATCHLOG_LOG_FORMAT: 'json',
      MATCHLOG_CHAIN_SWEEP: 'off',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/var/lib/matchlog',
      eventStoreUrl: 'esdb://db:2113?tls=false',
      adminToken: 'a-long-enough-admin-token-123',
      maxEventBytes: 65536,
      bodyLimit: 2097152,
      idempotencyKeyHours: 72,
      matchesPerOrganizerHour: 20,
      log: { level: 'warn', format: 'json' },
      chainSweep: false,
    });
    expect(
      loadConfig({
        MATCHLOG_REQUEST_TIMEOUT_MS: '2000',
        MATCHLOG_HEADERS_TIMEOUT_MS: '1000',
        MATCHLOG_IDLE_TIMEOUT_MS: '3000',
        MATCHLOG_KEEP_ALIVE_TIMEOUT_MS: '500',
        MATCHLOG_MAX_CONNECTIONS: '100',
        MATCHLOG_MAX_CONNECTIONS_PER_ADDRESS: '10',
      }).connections,
    ).toEqual({
      requestTimeoutMs: 2000,
      headersTimeoutMs: 1000,
      idleTimeoutMs: 3000,
      keepAliveTimeoutMs: 500,
      maxConnections: 100,
      maxConnectionsPerAddress: 10,
    });
    expect(
      loadConfig({
        MATCHLOG_RATE_LIMIT_WINDOW_MS: '1000',
        MATCHLOG_RATE_LIMIT_PER_ADDRESS: '5',
        MATCHLOG_RATE_LIMIT_PER_TOKEN: '4',
        MATCHLOG_AUTH_FAILURES_PER_ADDRESS: '3',
        MATCHLOG_AUTH_FAILURES_PER_TOKEN: '2',
      }).rateLimits,
    ).toEqual({
      windowMs: 1000,
      perAddress: 5,
      perToken: 4,
      authFailuresPerAddress: 3,
      authFailuresPerToken: 2,
    });
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', EVENTSTORE_URL: ' ' })).toMatchObject({
      port: 3000,
      eventStoreUrl: undefined,
    });
  });

  it('reports every bad value at once, clearly', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: '80a',
        HOST: 'bad host',
        EVENTSTORE_URL: 'http://db:2113',
        MATCHLOG_ADMIN_TOKEN: 'short',
        MATCHLOG_BODY_LIMIT: '0',
        MATCHLOG_LOG_LEVEL: 'verbose',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([
      'PORT must be an integer from 0 to 65535, got "80a"',
      'HOST must be an IP address or a host name, got "bad host"',
      'EVENTSTORE_URL must be an EventStoreDB connection string (esdb://host:2113?...)',
      'MATCHLOG_ADMIN_TOKEN must be at least 24 characters long',
      'MATCHLOG_BODY_LIMIT must be an integer from 1 to 67108864, got "0"',
      'MATCHLOG_LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "verbose"',
    ]);
    expect((error as ConfigError).message).toContain('PORT must be an integer');
    expect((error as ConfigError).in('ru').split('\n')).toEqual([
      'Настройки неверны:',
      '  - PORT — целое число от 0 до 65535, а задано «80a»',
      '  - HOST — IP-адрес или имя хоста, а задано «bad host»',
      '  - EVENTSTORE_URL — строка подключения к EventStoreDB (esdb://host:2113?...)',
      '  - MATCHLOG_ADMIN_TOKEN — не короче 24 символов',
      '  - MATCHLOG_BODY_LIMIT — целое число от 1 до 67108864, а задано «0»',
      '  - MATCHLOG_LOG_LEVEL — одно из значений fatal, error, warn, info, debug, trace, silent, а задано «verbose»',
    ]);
  });

  it('takes a scrape-only metrics token, refusing a short one or the admin token again', () => {
    const admin = 'a-long-enough-admin-token-123';
    expect(
      loadConfig({
        MATCHLOG_ADMIN_TOKEN: admin,
        MATCHLOG_METRICS_TOKEN: 'prometheus-scrape-token-0123',
      }).metricsToken,
    ).toBe('prometheus-scrape-token-0123');
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(() => loadConfig({ MATCHLOG_METRICS_TOKEN: 'short' })).toThrow(
      'MATCHLOG_METRICS_TOKEN must be at least 24 characters long',
    );
    expect(() =>
      loadConfig({ MATCHLOG_ADMIN_TOKEN: admin, MATCHLOG_METRICS_TOKEN: admin }),
    ).toThrow('MATCHLOG_METRICS_TOKEN must differ from MATCHLOG_ADMIN_TOKEN');
  });

  it('refuses a port out of range and an admin token a bearer header cannot carry', () => {
    expect(() => loadConfig({ PORT: '70000' })).toThrow(
      'PORT must be an integer from 0 to 65535, got "70000"',
    );
    expect(() => loadConfig({ MATCHLOG_ADMIN_TOKEN: 'has,a,comma,in-it-0123456789' })).toThrow(
      'MATCHLOG_ADMIN_TOKEN may hold only',
    );
  });

  it('needs a secret key and a signing key file on EventStoreDB, where replicas share them', () => {
    expect(() => loadConfig({ EVENTSTORE_URL: 'esdb://db:2113?tls=false' })).toThrow(
      /MATCHLOG_SECRET_KEY is required with EVENTSTORE_URL[\s\S]*MATCHLOG_SIGNING_KEY_FILE is required with EVENTSTORE_URL/,
    );
    expect(() =>
      loadConfig({
        EVENTSTORE_URL: 'esdb://db:2113?tls=false',
        MATCHLOG_SECRET_KEY: 'c2hvcnQ=',
        MATCHLOG_SIGNING_KEY_FILE: '/etc/matchlog/signing-key.pem',
      }),
    ).toThrow(
      'MATCHLOG_SECRET_KEY must be 32 random bytes, as 64 hex digits or 44 base64 characters',
    );
    const hex = 'ab'.repeat(32);
    const base64 = Buffer.alloc(32, 7).toString('base64');
    const config = loadConfig({
      EVENTSTORE_URL: 'esdb://db:2113?tls=false',
      MATCHLOG_SECRET_KEY: hex,
      MATCHLOG_SECRET_KEYS_PREVIOUS: ` ${base64} `,
      MATCHLOG_SIGNING_KEY_FILE: '/etc/matchlog/signing-key.pem',
    });
    expect(config.secretKeys).toEqual({
      current: Buffer.from(hex, 'hex'),
      previous: [Buffer.alloc(32, 7)],
    });
    expect(config.signingKeyFile).toBe('/etc/matchlog/signing-key.pem');
  });
});
