import { MatchHarness } from '@test/support/match-harness';
import { formatMessage } from '../../naming/event-phrases';
import { REX_SENTENCES } from './rex-decision-sentences';
import { REX_EVENT_TYPES } from './rex-events';
import type { RecordedEvent } from '../../events/recorded-event';
import { describeRexEvent, PHRASED_EVENTS } from './rex-phrasing';
import { REX_GAME } from './rex.game';
import { rexRuleset } from './rex.ruleset';
import { seatsOf, step } from './rex.testkit';

describe('rex phrasing', () => {
  it('phrases every one of its events in English and Russian', () => {
    expect([...REX_EVENT_TYPES].sort()).toEqual([...PHRASED_EVENTS].sort());
    const g = new MatchHarness(rexRuleset).started(seatsOf('sol', 'letnev', 'hacan'));
    g.play('sol', 'begin');
    for (let i = 0; i < 120 && g.state.status === 'started'; i += 1) step(g);
    const own = g.events.filter((e) => REX_EVENT_TYPES.has(e.type));
    expect(own.length).toBeGreaterThan(20);
    for (const e of own) {
      const en = describeRexEvent(e, 'en');
      const ru = describeRexEvent(e, 'ru');
      expect([e.type, typeof en, typeof ru]).toEqual([e.type, 'string', 'string']);
      expect(en).not.toEqual(ru);
      // The manifest gives the log these sentences: the game's words describe its events.
      expect(REX_GAME.naming.describe?.(e, 'ru', {})).toBe(ru);
    }
  });
});

describe('rex sentences in Russian', () => {
  const players: Record<string, string> = { sol: 'Аня Смирнова', hacan: 'Борис', letnev: 'Егор' };
  const names = {
    seat: (seat: string) => players[seat],
    seatIn: (seat: string, _lang: unknown, grammaticalCase: string) =>
      grammaticalCase === 'gen' ? { hacan: 'Бориса', letnev: 'Егора' }[seat] : players[seat],
  };
  const say = (type: string, data: Record<string, unknown>) =>
    describeRexEvent({ type, data } as unknown as RecordedEvent, 'ru', names);

  it('has the actor act, with the number before its noun and the place in its case', () => {
    expect(
      say('TroopsDeployed', {
        seat: 'sol',
        location: 'imperial-palace',
        troops: ['t1', 't2', 't3', 't4', 't5'],
        cost: 5,
      }),
    ).toBe('Аня Смирнова разворачивает 5 Войск в Императорском Дворце за 5 Влияния');
    expect(say('BattleLossesTaken', { seat: 'sol', troops: ['t1', 't2', 't3'] })).toBe(
      'Аня Смирнова теряет 3 Войска',
    );
    expect(say('BidPlaced', { seat: 'hacan', amount: 2, lot: 1 })).toBe(
      'Борис ставит 2 Влияния на лот 1',
    );
    expect(say('InfluenceGained', { seat: 'hacan', amount: 21 })).toBe('Борис получает 21 Влияние');
  });

  it('says in Russian why a card went to the box (the reason is recorded in English)', () => {
    expect(say('CardBoxed', { card: 'influence:3', reason: 'Ceasefire closed' })).toBe(
      'Карта убрана в коробку («Прекращение огня» окончено)',
    );
  });

  it('names the other sides of a battle in the genitive', () => {
    expect(
      say('BattleOpened', { location: 'imperial-palace', sides: ['sol', 'hacan', 'letnev'] }),
    ).toBe('Бой в Императорском Дворце: Аня Смирнова против Бориса и Егора');
  });

  it('counts Influence as the decision sentences do, and troops and cards with their nouns', () => {
    for (const amount of [1, 2, 5, 11, 21, 22, 25]) {
      const event = say('BidPlaced', { seat: 'hacan', amount, lot: 1 });
      const bid = REX_SENTENCES.bid({ amount })?.ru ?? '';
      expect(event).toBe(`Борис ${formatMessage('ru', bid, { amount })} на лот 1`);
    }
    expect(say('BidPlaced', { seat: 'hacan', amount: 11, lot: 1 })).toBe(
      'Борис ставит 11 Влияния на лот 1',
    );
    expect(say('BattleLossesTaken', { seat: 'sol', troops: ['t1'] })).toBe(
      'Аня Смирнова теряет 1 Войско',
    );
    expect(say('BattleCardsKept', { seat: 'sol', kept: ['a'], discarded: ['b', 'c', 'd'] })).toBe(
      'Аня Смирнова оставляет 1 карту и сбрасывает 3 карты',
    );
    expect(say('StartingCardsDealt', { seat: 'hacan', traitors: 4, strategy: 21 })).toBe(
      'Борис получает 4 Карты Предателей и 21 Карту Стратегий',
    );
    const english = describeRexEvent(
      {
        type: 'BattleLossesTaken',
        data: { seat: 'sol', troops: ['t1', 't2'] },
      } as unknown as RecordedEvent,
      'en',
      names,
    );
    expect(english).toBe('Аня Смирнова loses 2 troops');
  });
});
