import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { getHeapStatistics } from 'node:v8';
import { DEFAULT_IDEMPOTENCY_KEY_HOURS } from '../../domain/match/match-state';
import { ruCount, type LocalizedText } from '../../domain/shared/localized-text';
import { OperatorError } from '../operator-error';

/** Everything the service reads from its environment, validated once at startup. */
export interface AppConfig {
  port: number;
  host: string;
  /** Absolute path of the directory holding the SQLite files. */
  dataDir: string;
  /** When set, events live in EventStoreDB; otherwise in the embedded SQLite store. */
  eventStoreUrl?: string;
  /** When set, the one admin token; otherwise one is generated at first start. */
  adminToken?: string;
  maxEventBytes: number;
  bodyLimit: number;
  connections: ConnectionLimits;
  rateLimits: RateLimits;
  /** An events page ends early, with a cursor, once its events take this many bytes as JSON. */
  eventsPageBytes: number;
  /** Bytes (JSON length) of hot match states kept in memory. */
  matchCacheBytes: number;
  /** How long new matches remember a decision's Idempotency-Key (by event time). */
  idempotencyKeyHours: number;
  /** New matches one organizer may create in any hour (the admin is not counted). */
  matchesPerOrganizerHour: number;
  log: LogConfig;
  /**
   * Whether every stream's hash chain is verified in the background after start (the chain
   * sweep: MATCHLOG_CHAIN_SWEEP=on|off); off, each stream is verified when first loaded only.
   */
  chainSweep: boolean;
  /** Who may read `/metrics`: the admin token ('admin'), or anyone ('open', on a private network). */
  metricsAccess: 'admin' | 'open';
  /** A scrape-only token: it opens `/metrics` and nothing else (the admin token still does). */
  metricsToken?: string;
  /**
   * The keys that seal dice seeds kept in EventStoreDB (required there): the current one, then
   * the previous ones that still open what they sealed.
   */
  secretKeys?: { current: Buffer; previous: Buffer[] };
  /** A PKCS8 PEM file with the Ed25519 signing key (required on EventStoreDB: shared by replicas). */
  signingKeyFile?: string;
  /**
   * The reverse proxies (addresses or CIDRs) whose `X-Forwarded-For` names the client: given to
   * Fastify's `trustProxy`. Empty: the socket's peer is the client, and the header is ignored.
   */
  trustedProxies: string[];
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** What the service logs and how: JSON lines, or readable lines in a terminal ('auto'). */
export interface LogConfig {
  level: (typeof LOG_LEVELS)[number];
  format: 'json' | 'pretty' | 'auto';
}

/**
 * How long a client may take to send a request and how many connections it may hold: a
 * client that opens connections and trickles bytes must not hold file handles for minutes.
 */
export interface ConnectionLimits {
  /** The whole request (headers and body) must have arrived within this (408 otherwise). */
  requestTimeoutMs: number;
  /** The headers must have arrived within this (at most requestTimeoutMs). */
  headersTimeoutMs: number;
  /** A connection with no traffic at all for this long is closed. */
  idleTimeoutMs: number;
  /** How long a kept-alive connection waits for its next request. */
  keepAliveTimeoutMs: number;
  /** Open connections in total; more are dropped as they arrive. */
  maxConnections: number;
  /** Open connections from one client address; more are answered 429 and closed. */
  maxConnectionsPerAddress: number;
}

/** Requests per client within one window (429 beyond it). */
export interface RateLimits {
  windowMs: number;
  /** Requests per client address, with or without a token. */
  perAddress: number;
  /** Requests per bearer token, from any address. */
  perToken: number;
  /**
   * Malformed or unknown tokens per client address; beyond it no token from that address is
   * looked at. Higher than per token: a club behind one address shares it.
   */
  authFailuresPerAddress: number;
  /** Failures of one token (by its first characters); beyond it that token alone is refused. */
  authFailuresPerToken: number;
}

/** DI token for the AppConfig. */
export const APP_CONFIG = Symbol('AppConfig');

const MIB = 1024 * 1024;
const HOUR_MS = 60 * 60 * 1000;
/** The match cache's default share of the JS heap's limit, and its bounds in MiB. */
const MATCH_CACHE_HEAP_SHARE = 1 / 8;
const MATCH_CACHE_DEFAULT_MIN_MB = 64;
const MATCH_CACHE_DEFAULT_MAX_MB = 1024;
/** An admin token is the key to everything: refuse ones short enough to guess (a metrics token too). */
const MIN_ADMIN_TOKEN_LENGTH = 24;

/** Every problem of the environment at once, in the operator's language (as the CLI's). */
export class ConfigError extends OperatorError {
  override readonly name = 'ConfigError';
  /** The problems in English, one a line. */
  readonly problems: string[];

  constructor(problems: readonly LocalizedText[]) {
    const list = (lang: keyof LocalizedText) =>
      problems.map((problem) => `  - ${problem[lang]}`).join('\n');
    super({
      en: `Invalid configuration:\n${list('en')}`,
      ru: `Настройки неверны:\n${list('ru')}`,
    });
    this.problems = problems.map((problem) => problem.en);
  }
}

/**
 * MATCHLOG_MATCH_CACHE_MB when it is not set: an eighth of the heap V8 may grow to (which Node
 * sets from the machine's memory, or --max-old-space-size), from 64 to 1,024 MiB. A fixed 64 MiB
 * held about 4,000 matches' states, and every decision on a match pushed out folds it again from
 * the log; a machine with memory to spare should not pay that, and a small one should not swap.
 */
export function defaultMatchCacheMb(heapLimitBytes: number): number {
  const share = Math.floor((heapLimitBytes * MATCH_CACHE_HEAP_SHARE) / MIB);
  return Math.min(MATCH_CACHE_DEFAULT_MAX_MB, Math.max(MATCH_CACHE_DEFAULT_MIN_MB, share));
}

/**
 * MATCHLOG_TRUSTED_PROXIES: addresses or CIDRs, comma-separated (`127.0.0.1, 10.0.0.0/8,
 * ::1`). Each entry is checked here, since Fastify would only fail at the first request.
 */
export function parseTrustedProxies(raw: string | undefined): { proxies: string[]; bad: string[] } {
  const entries = (raw ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const bad = entries.filter((entry) => !isAddressOrCidr(entry));
  return { proxies: entries, bad };
}

function isAddressOrCidr(entry: string): boolean {
  const [address, prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** Reads and checks the environment; every problem is reported at once, not the first only. */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  heapLimitBytes: number = getHeapStatistics().heap_size_limit,
): AppConfig {
  const problems: LocalizedText[] = [];
  const read = (name: string): string | undefined => {
    const value = env[name]?.trim();
    return value ? value : undefined;
  };
  const integer = (name: string, fallback: number, min: number, max: number): number => {
    const raw = read(name);
    if (raw === undefined) return fallback;
    const value = /^\d+$/.test(raw) ? Number(raw) : NaN;
    if (!Number.isSafeInteger(value) || value < min || value > max) {
      problems.push({
        en: `${name} must be an integer from ${min} to ${max}, got "${raw}"`,
        ru: `${name} — целое число от ${min} до ${max}, а задано «${raw}»`,
      });
      return fallback;
    }
    return value;
  };
  const oneOf = <T extends string>(name: string, allowed: readonly T[], fallback: T): T => {
    const raw = read(name);
    if (raw === undefined) return fallback;
    if ((allowed as readonly string[]).includes(raw)) return raw as T;
    problems.push({
      en: `${name} must be one of ${allowed.join(', ')}, got "${raw}"`,
      ru: `${name} — одно из значений ${allowed.join(', ')}, а задано «${raw}»`,
    });
    return fallback;
  };

  const port = integer('PORT', 3000, 0, 65535);
  const host = read('HOST') ?? '0.0.0.0';
  if (isIP(host) === 0 && !/^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$/i.test(host)) {
    problems.push({
      en: `HOST must be an IP address or a host name, got "${host}"`,
      ru: `HOST — IP-адрес или имя хоста, а задано «${host}»`,
    });
  }
  const dataDir = resolve(read('MATCHLOG_DATA_DIR') ?? './data');
  const eventStoreUrl = read('EVENTSTORE_URL');
  const onEventStoreDb =
    eventStoreUrl !== undefined && /^esdb(\+discover)?:\/\/\S+$/.test(eventStoreUrl);
  if (eventStoreUrl !== undefined && !onEventStoreDb) {
    problems.push({
      en: 'EVENTSTORE_URL must be an EventStoreDB connection string (esdb://host:2113?...)',
      ru: 'EVENTSTORE_URL — строка подключения к EventStoreDB (esdb://host:2113?...)',
    });
  }
  const configuredToken = (name: string): string | undefined => {
    const token = read(name);
    // RFC 6750 token68: the characters a bearer token may hold.
    if (token !== undefined && !/^[A-Za-z0-9\-._~+/]+=*$/.test(token)) {
      problems.push({
        en: `${name} may hold only letters, digits and -._~+/ (then = padding)`,
        ru: `В ${name} допустимы только латинские буквы, цифры и -._~+/ (в конце — знаки =)`,
      });
    } else if (token !== undefined && token.length < MIN_ADMIN_TOKEN_LENGTH) {
      problems.push({
        en: `${name} must be at least ${MIN_ADMIN_TOKEN_LENGTH} characters long`,
        ru: `${name} — не короче ${ruCount(MIN_ADMIN_TOKEN_LENGTH, 'символа', 'символов', 'символов')}`,
      });
    }
    return token;
  };
  const adminToken = configuredToken('MATCHLOG_ADMIN_TOKEN');
  const metricsToken = configuredToken('MATCHLOG_METRICS_TOKEN');
  if (metricsToken !== undefined && metricsToken === adminToken)
    problems.push({
      en: 'MATCHLOG_METRICS_TOKEN must differ from MATCHLOG_ADMIN_TOKEN',
      ru: 'MATCHLOG_METRICS_TOKEN должен отличаться от MATCHLOG_ADMIN_TOKEN',
    });
  const maxEventBytes = integer('MATCHLOG_MAX_EVENT_BYTES', MIB, 1, 64 * MIB);
  const bodyLimit = integer('MATCHLOG_BODY_LIMIT', MIB, 1, 64 * MIB);
  const idempotencyKeyHours = integer(
    'MATCHLOG_IDEMPOTENCY_KEY_HOURS',
    DEFAULT_IDEMPOTENCY_KEY_HOURS,
    1,
    30 * 24,
  );
  const connections: ConnectionLimits = {
    requestTimeoutMs: integer('MATCHLOG_REQUEST_TIMEOUT_MS', 30_000, 100, HOUR_MS),
    headersTimeoutMs: integer('MATCHLOG_HEADERS_TIMEOUT_MS', 10_000, 100, HOUR_MS),
    idleTimeoutMs: integer('MATCHLOG_IDLE_TIMEOUT_MS', 60_000, 100, HOUR_MS),
    // Longer than a proxy's or a client's own (nginx's upstream keepalive_timeout and most
    // load balancers' idle timeout are 60 s): they let an idle connection go first, and the
    // server never closes one under a request on its way (ECONNRESET, or a proxy's 502).
    keepAliveTimeoutMs: integer('MATCHLOG_KEEP_ALIVE_TIMEOUT_MS', 65_000, 100, HOUR_MS),
    maxConnections: integer('MATCHLOG_MAX_CONNECTIONS', 4096, 1, 1_000_000),
    maxConnectionsPerAddress: integer('MATCHLOG_MAX_CONNECTIONS_PER_ADDRESS', 256, 1, 1_000_000),
  };
  const rateLimits: RateLimits = {
    windowMs: integer('MATCHLOG_RATE_LIMIT_WINDOW_MS', 60_000, 1000, HOUR_MS),
    perAddress: integer('MATCHLOG_RATE_LIMIT_PER_ADDRESS', 1200, 1, 1_000_000_000),
    perToken: integer('MATCHLOG_RATE_LIMIT_PER_TOKEN', 600, 1, 1_000_000_000),
    authFailuresPerAddress: integer('MATCHLOG_AUTH_FAILURES_PER_ADDRESS', 300, 1, 1_000_000_000),
    authFailuresPerToken: integer('MATCHLOG_AUTH_FAILURES_PER_TOKEN', 10, 1, 1_000_000_000),
  };
  const matchesPerOrganizerHour = integer(
    'MATCHLOG_MATCHES_PER_ORGANIZER_HOUR',
    300,
    1,
    1_000_000_000,
  );
  const eventsPageBytes = integer('MATCHLOG_EVENTS_PAGE_BYTES', 8 * MIB, 1024, 1024 * MIB);
  const matchCacheBytes =
    MIB * integer('MATCHLOG_MATCH_CACHE_MB', defaultMatchCacheMb(heapLimitBytes), 1, 64 * 1024);
  const log: LogConfig = {
    level: oneOf('MATCHLOG_LOG_LEVEL', LOG_LEVELS, 'info'),
    format: oneOf('MATCHLOG_LOG_FORMAT', ['json', 'pretty', 'auto'] as const, 'auto'),
  };
  const secretKey = (name: string, raw: string): Buffer | undefined => {
    const key = /^[0-9a-f]{64}$/i.test(raw) ? Buffer.from(raw, 'hex') : Buffer.from(raw, 'base64');
    if (key.length === 32 && (/^[0-9a-f]{64}$/i.test(raw) || key.toString('base64') === raw))
      return key;
    problems.push({
      en: `${name} must be 32 random bytes, as 64 hex digits or 44 base64 characters (openssl rand -base64 32)`,
      ru: `${name} — 32 случайных байта: 64 шестнадцатеричные цифры или 44 символа base64 (openssl rand -base64 32)`,
    });
    return undefined;
  };
  const currentSecretKey = read('MATCHLOG_SECRET_KEY');
  const previousSecretKeys = (read('MATCHLOG_SECRET_KEYS_PREVIOUS') ?? '')
    .split(',')
    .map((key) => key.trim())
    .filter(Boolean)
    .map((key) => secretKey('MATCHLOG_SECRET_KEYS_PREVIOUS', key));
  const current =
    currentSecretKey === undefined ? undefined : secretKey('MATCHLOG_SECRET_KEY', currentSecretKey);
  const secretKeys =
    current === undefined
      ? undefined
      : { current, previous: previousSecretKeys.filter((key): key is Buffer => key !== undefined) };
  const signingKeyFile = read('MATCHLOG_SIGNING_KEY_FILE');
  if (onEventStoreDb) {
    // Replicas share nothing but the event store: the seeds in it are sealed with this key,
    // and exports are signed with one key whichever replica signs them.
    if (currentSecretKey === undefined)
      problems.push({
        en: 'MATCHLOG_SECRET_KEY is required with EVENTSTORE_URL: dice seeds are kept in EventStoreDB sealed with it (openssl rand -base64 32; the same on every replica)',
        ru: 'С EVENTSTORE_URL нужен MATCHLOG_SECRET_KEY: им запечатаны зёрна кубиков в EventStoreDB (openssl rand -base64 32; один и тот же на каждой реплике)',
      });
    if (signingKeyFile === undefined)
      problems.push({
        en: 'MATCHLOG_SIGNING_KEY_FILE is required with EVENTSTORE_URL: every replica signs with the same Ed25519 key (openssl genpkey -algorithm ed25519 -out signing-key.pem)',
        ru: 'С EVENTSTORE_URL нужен MATCHLOG_SIGNING_KEY_FILE: все реплики подписывают одним ключом Ed25519 (openssl genpkey -algorithm ed25519 -out signing-key.pem)',
      });
  }
  const trusted = parseTrustedProxies(read('MATCHLOG_TRUSTED_PROXIES'));
  if (trusted.bad.length > 0)
    problems.push({
      en: `MATCHLOG_TRUSTED_PROXIES must list IP addresses or CIDRs, comma-separated (127.0.0.1, 10.0.0.0/8), got ${trusted.bad.map((entry) => `"${entry}"`).join(', ')}`,
      ru: `MATCHLOG_TRUSTED_PROXIES — IP-адреса или CIDR через запятую (127.0.0.1, 10.0.0.0/8), а задано ${trusted.bad.map((entry) => `«${entry}»`).join(', ')}`,
    });
  const metricsAccess = oneOf('MATCHLOG_METRICS_ACCESS', ['admin', 'open'] as const, 'admin');
  const chainSweep = oneOf('MATCHLOG_CHAIN_SWEEP', ['on', 'off'] as const, 'on') === 'on';
  if (connections.headersTimeoutMs > connections.requestTimeoutMs) {
    problems.push({
      en: 'MATCHLOG_HEADERS_TIMEOUT_MS must not exceed MATCHLOG_REQUEST_TIMEOUT_MS',
      ru: 'MATCHLOG_HEADERS_TIMEOUT_MS не может быть больше MATCHLOG_REQUEST_TIMEOUT_MS',
    });
  }

  if (problems.length > 0) throw new ConfigError(problems);
  return {
    port,
    host,
    dataDir,
    eventStoreUrl,
    adminToken,
    maxEventBytes,
    bodyLimit,
    connections,
    rateLimits,
    eventsPageBytes,
    matchCacheBytes,
    idempotencyKeyHours,
    matchesPerOrganizerHour,
    log,
    chainSweep,
    metricsAccess,
    ...(metricsToken !== undefined && { metricsToken }),
    trustedProxies: trusted.proxies,
    ...(secretKeys && { secretKeys }),
    ...(signingKeyFile !== undefined && { signingKeyFile: resolve(signingKeyFile) }),
  };
}
