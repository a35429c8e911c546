import { isIP } from 'node:net';
import { resolve } from 'node:path';

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
}

/** DI token for the AppConfig. */
export const APP_CONFIG = Symbol('AppConfig');

const MIB = 1024 * 1024;
/** An admin token is the key to everything: refuse ones short enough to guess. */
const MIN_ADMIN_TOKEN_LENGTH = 24;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads and checks the environment; every problem is reported at once, not the first only. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const problems: string[] = [];
  const read = (name: string): string | undefined => {
    const value = env[name]?.trim();
    return value ? value : undefined;
  };
  const integer = (name: string, fallback: number, min: number, max: number): number => {
    const raw = read(name);
    if (raw === undefined) return fallback;
    const value = /^\d+$/.test(raw) ? Number(raw) : NaN;
    if (!Number.isSafeInteger(value) || value < min || value > max) {
      problems.push(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
      return fallback;
    }
    return value;
  };

  const port = integer('PORT', 3000, 0, 65535);
  const host = read('HOST') ?? '0.0.0.0';
  if (isIP(host) === 0 && !/^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$/i.test(host)) {
    problems.push(`HOST must be an IP address or a host name, got "${host}"`);
  }
  const dataDir = resolve(read('MATCHLOG_DATA_DIR') ?? './data');
  const eventStoreUrl = read('EVENTSTORE_URL');
  if (eventStoreUrl !== undefined && !/^esdb(\+discover)?:\/\/\S+$/.test(eventStoreUrl)) {
    problems.push(
      'EVENTSTORE_URL must be an EventStoreDB connection string (esdb://host:2113?...)',
    );
  }
  const adminToken = read('MATCHLOG_ADMIN_TOKEN');
  // RFC 6750 token68: the characters a bearer token may hold.
  if (adminToken !== undefined && !/^[A-Za-z0-9\-._~+/]+=*$/.test(adminToken)) {
    problems.push('MATCHLOG_ADMIN_TOKEN may hold only letters, digits and -._~+/ (then = padding)');
  } else if (adminToken !== undefined && adminToken.length < MIN_ADMIN_TOKEN_LENGTH) {
    problems.push(
      `MATCHLOG_ADMIN_TOKEN must be at least ${MIN_ADMIN_TOKEN_LENGTH} characters long`,
    );
  }
  const maxEventBytes = integer('MATCHLOG_MAX_EVENT_BYTES', MIB, 1, 64 * MIB);
  const bodyLimit = integer('MATCHLOG_BODY_LIMIT', MIB, 1, 64 * MIB);

  if (problems.length > 0) throw new ConfigError(problems);
  return { port, host, dataDir, eventStoreUrl, adminToken, maxEventBytes, bodyLimit };
}
