import Database from 'better-sqlite3';
import { SqliteTokenStore } from '../../infrastructure/persistence/sqlite-token-store';
import { SystemClock } from '../../infrastructure/persistence/system-clock';
import { CryptoRng } from '../../infrastructure/persistence/crypto-rng';
import { BadRequestError, UnauthorizedError } from '../errors';
import { ANONYMOUS } from './principal';
import { hashToken, SEAT_TOKEN_RECHECK_MS, TokenService } from './token.service';

const CONFIGURED_ADMIN = 'configured-admin-token-0123456789';

describe('TokenService', () => {
  let database: Database.Database;
  let store: SqliteTokenStore;
  const service = (adminToken?: string) =>
    new TokenService(store, new CryptoRng(), new SystemClock(), { adminToken });

  beforeEach(() => {
    database = new Database(':memory:');
    store = new SqliteTokenStore(database);
  });
  afterEach(() => database.close());

  /** Every value of every row of the tokens table, as text. */
  const storedText = () => JSON.stringify(database.prepare('SELECT * FROM tokens').all());

  it('issues prefixed 32-byte base64url tokens and stores only their sha256', async () => {
    const tokens = service();
    const organizer = await tokens.issue({ kind: 'organizer', name: 'Org' });
    const seats = await tokens.issueMany([
      { kind: 'seat', matchId: 'm-1', seat: 'red' },
      { kind: 'seat', matchId: 'm-1', seat: 'blue' },
    ]);

    expect(organizer.token).toMatch(/^ml_org_[A-Za-z0-9_-]{43}$/);
    expect(seats.map((seat) => seat.token)).toEqual([
      expect.stringMatching(/^ml_seat_[A-Za-z0-9_-]{43}$/),
      expect.stringMatching(/^ml_seat_[A-Za-z0-9_-]{43}$/),
    ]);
    const stored = storedText();
    for (const { token } of [organizer, ...seats]) {
      expect(stored).not.toContain(token);
      // The secret part after the kind prefix (it may itself hold `_`).
      expect(stored).not.toContain(token.replace(/^ml_[a-z]+_/, ''));
      expect(stored).toContain(hashToken(token));
    }
  });

  it('resolves each token to its principal', async () => {
    const tokens = service();
    const organizer = await tokens.issue({ kind: 'organizer', name: 'Org' });
    const [seat] = await tokens.issueMany([{ kind: 'seat', matchId: 'm-1', seat: 'red' }]);
    const judge = await tokens.issue({ kind: 'judge', name: 'Anna', tournamentId: 't-1' });

    expect(await tokens.resolve(organizer.token)).toEqual({
      kind: 'organizer',
      id: organizer.id,
      name: 'Org',
    });
    expect(await tokens.resolve(seat.token)).toEqual({
      kind: 'seat',
      id: seat.id,
      matchId: 'm-1',
      seat: 'red',
    });
    expect(await tokens.resolve(judge.token)).toEqual({
      kind: 'judge',
      id: judge.id,
      name: 'Anna',
      tournamentId: 't-1',
      matchId: undefined,
    });
  });

  it('treats no token as anonymous and an unknown one as unauthorized', async () => {
    const tokens = service();
    expect(await tokens.resolve(undefined)).toBe(ANONYMOUS);
    await expect(tokens.resolve('ml_org_unknown')).rejects.toBeInstanceOf(UnauthorizedError);
  });

  it('scopes a judge to exactly one tournament or match', async () => {
    const tokens = service();
    await expect(tokens.issue({ kind: 'judge', name: 'J' })).rejects.toBeInstanceOf(
      BadRequestError,
    );
    await expect(
      tokens.issue({ kind: 'judge', name: 'J', tournamentId: 't', matchId: 'm' }),
    ).rejects.toMatchObject({ kind: 'invalid-input', code: 'invalid-scope' });
    expect(storedText()).toBe('[]');
  });

  it('generates an admin token on first start only', async () => {
    const generated = await service().ensureAdminToken();
    expect(generated).toMatch(/^ml_admin_[A-Za-z0-9_-]{43}$/);
    expect(storedText()).not.toContain(generated);
    expect(await service().ensureAdminToken()).toBeUndefined();
    expect(await service().resolve(generated)).toEqual({ kind: 'admin', id: 'admin' });
  });

  it('stores a configured admin token by hash, and honours no other admin token then', async () => {
    const generated = await service().ensureAdminToken();
    const tokens = service(CONFIGURED_ADMIN);
    expect(await tokens.ensureAdminToken()).toBeUndefined();
    expect(await tokens.ensureAdminToken()).toBeUndefined();

    expect(storedText()).not.toContain(CONFIGURED_ADMIN);
    expect(await tokens.resolve(CONFIGURED_ADMIN)).toEqual({ kind: 'admin', id: 'admin' });
    await expect(tokens.resolve(generated)).rejects.toBeInstanceOf(UnauthorizedError);
  });

  it('answers a seat’s revoked token 401: at once where its link was issued again, within the recheck elsewhere', async () => {
    let now = Date.parse('2026-12-06T10:00:00.000Z');
    const clock = { nowIso: () => new Date(now).toISOString() };
    const here = new TokenService(store, new CryptoRng(), clock, {});
    const there = new TokenService(store, new CryptoRng(), clock, {});
    const [old, other] = await here.issueMany([
      { kind: 'seat', matchId: 'm-1', seat: 'red' },
      { kind: 'seat', matchId: 'm-1', seat: 'blue' },
    ]);
    await here.resolve(old.token);
    await there.resolve(old.token);

    const fresh = await here.reissueSeat('m-1', 'red');
    await expect(here.resolve(old.token)).rejects.toBeInstanceOf(UnauthorizedError);
    expect(await here.resolve(fresh.token)).toMatchObject({ kind: 'seat', seat: 'red' });
    expect(await here.resolve(other.token)).toMatchObject({ kind: 'seat', seat: 'blue' });
    // Another replica's cache still knows it, until the recheck.
    expect(await there.resolve(old.token)).toMatchObject({ seat: 'red' });
    now += SEAT_TOKEN_RECHECK_MS + 1;
    await expect(there.resolve(old.token)).rejects.toBeInstanceOf(UnauthorizedError);
  });
});
