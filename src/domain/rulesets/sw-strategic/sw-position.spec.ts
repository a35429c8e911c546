import { MatchHarness } from '@test/support/match-harness';
import { commitmentOf } from '../../dice';
import { decideCreateMatch } from '../../match/match-decider';
import type { InvalidParams } from '../rule-violation';
import { isRejection } from '../rule-violation';
import { RULES } from './sw-rules-text';
import { SW_STRATEGIC_POSITION } from './sw-position';
import type { SwState } from './sw-state';
import { swStrategicRuleset } from './sw-strategic.ruleset';
import { swTable } from './sw-table';
import { SEATS } from './sw.testkit';

/** Round 3: blue's space turn, gold's ground turn; a ship moved and hit, losses, stations, a mine. */
const position = SW_STRATEGIC_POSITION.example!;

function refused(given: unknown): InvalidParams {
  const decided = decideCreateMatch({
    matchId: 'm',
    ruleset: swStrategicRuleset as never,
    organizer: 'o',
    commitment: commitmentOf(new Uint8Array(32)),
    seats: SEATS,
    setup: {},
    position: given,
  });
  if (!isRejection(decided) || decided.kind !== 'invalid_params')
    throw new Error('the position was not refused');
  return decided;
}

const started = () =>
  new MatchHarness<SwState>(swStrategicRuleset).started(SEATS, { position } as never);

describe('a strategic mission from a given position', () => {
  it('lays out the ships, stations, mine, ground losses, credits and the turns of round 3', () => {
    const { table, rs, seats } = started().state;
    const seatIds = seats.map((s) => s.seat);
    const shown = swTable(table, rs, seatIds);
    expect(shown.pieces['destroyer-1']).toMatchObject({
      zone: 's:2:-1',
      attrs: { heading: 3, shields: 1 },
    });
    expect(rs.space.ships['destroyer-8'].status).toBe('destroyed');
    expect(shown.pieces['station:n1']).toMatchObject({ owner: 'red', status: 'captured' });
    expect(shown.pieces['station-red-1']).toMatchObject({ owner: 'red', attrs: { hp: 1 } });
    expect(shown.pieces['mine-1']).toMatchObject({ owner: 'gold', zone: 's:-4:2' });
    expect(shown.pieces['walker-7']).toMatchObject({ status: 'damaged', attrs: { hits: 1 } });
    expect(shown.pieces['infantry-10']).toBeUndefined();
    expect(shown.pieces['generator:5'].status).toBe('destroyed');
    expect(rs.legions.map((l) => l.credits)).toEqual([12, 3, 0]);
    expect(rs.space.turn).toMatchObject({ round: 3, current: 'blue', position: 1 });
    // The ground order rotates each round: round 3 of gold, red, blue is blue, gold, red.
    expect(rs.ground.turn).toMatchObject({ round: 3, current: 'gold', position: 1 });
    expect(shown.turn).toMatchObject({ round: 3, active: ['blue', 'gold'] });
  });

  it('plays on: blue ends its space turn and gold’s starts, in the same round', () => {
    const h = started();
    expect(() => h.play('red', 'end-turn', { map: 'space' })).toThrow();
    h.play('blue', 'end-turn', { map: 'space' });
    expect(h.state.rs.space.turn).toMatchObject({ round: 3, current: 'gold', position: 2 });
  });

  it('refuses what the rules do not allow, each problem with its path', () => {
    const refusal = refused({
      pieces: [
        { id: 'destroyer-1', zone: 's:0:0' },
        { id: 'transport-2', zone: 's:4:-2' },
        { id: 'x-1', type: 'cannon', owner: 'red', zone: 's:3:3' },
        { id: 'infantry-3', zone: 'g:4:0' },
        ...[1, 2, 3].map((n) => ({
          id: `cruiser-x${n}`,
          type: 'cruiser',
          owner: 'gold',
          zone: 'reserve:gold',
        })),
      ],
      tracks: [
        { id: 'credits:blue', value: -2 },
        { id: 'kill-points:red', value: 4 },
      ],
      turn: { round: 9, active: ['blue'] },
      rules: { order: { space: ['red', 'red', 'gold'], ground: ['gold', 'red', 'blue'] } },
    });
    expect(refusal.errors.map((e) => [e.path, e.localized?.[0].ru, e.ruleRef ?? null])).toEqual([
      [
        'position.pieces.2.type',
        'x-1: позиция ставит fighter, bomber, destroyer, frigate, cruiser, transport, station, mine, unit-infantry, unit-walker, turret, shield-field, comm-centre, а не «cannon»',
        null,
      ],
      [
        'position.tracks.0.value',
        'У легиона «Легион II» не может быть -2 кредитов: кредитов не бывает меньше 0',
        RULES.purchase,
      ],
      [
        'position.tracks.1.id',
        'Позиция задаёт кредиты легиона (credits:<место>), а не «kill-points:red»: остальные счётчики набираются в игре',
        null,
      ],
      ['position.turn.round', 'Раунды миссии идут с 1 по 6, а не 9', RULES.turns],
      [
        'position.rules.order.space',
        'Порядок ходов на карте «Космическое сражение», как его выбросили, называет каждый легион по разу: Легион I, Легион II, Легион III',
        RULES.turnOrder,
      ],
      [
        'position.pieces.0.zone',
        'Эсминец 1 (destroyer-1) не может стоять там: клетка (0, 0) — поверхность планеты, куда заходят только транспортные корабли',
        RULES.planetZone,
      ],
      [
        'position.pieces.1.zone',
        'Транспорт 2 (transport-2) не может стоять там: клетка (4, -2) — астероид',
        RULES.asteroidZone,
      ],
      [
        'position.pieces.3.zone',
        'Шагоход 7 (walker-7) и Пехота 3 (infantry-3) стоят на одной клетке g:4:0',
        null,
      ],
      [
        'position.pieces',
        'У легиона «Легион III» кораблей «Крейсер» 3, а одновременно можно не больше 2',
        RULES.shipTable,
      ],
    ]);
  });

  it('refuses a piece in two places and an unknown cell, creating nothing', () => {
    const refusal = refused({
      pieces: [
        { id: 'destroyer-1', zone: 's:2:-1' },
        { id: 'destroyer-1', zone: 's:3:1' },
        { id: 'mine-2', type: 'mine', owner: 'red', zone: 's:40:40' },
        { id: 'infantry-3', zone: 'g:5:0', status: 'tapped' },
      ],
      tracks: [{ id: 'wins:red', value: 1 }],
    });
    expect(refusal.errors.map((e) => e.path)).toEqual([
      'position.pieces.1',
      'position.pieces.2.zone',
      'position.tracks.0.id',
      'position.pieces.3.status',
    ]);
    expect(refusal.errors[3].localized?.[0].ru).toBe(
      'Пехота 3 (infantry-3) стоит на столе (active или damaged) или уничтожена (destroyed), а не «tapped»',
    );
  });
});
