import type { RecordedEvent } from '../../events/recorded-event';
import { rulesetNaming } from '../../naming/match-phrases';
import { indexNames } from '../../naming/name-index';
import { Phraser } from '../../naming/phraser';
import { SeatNames } from '../../naming/seat-names';
import type { Table, Zone } from '../../table/table';
import { zoneText } from '../kit/table-choices';
import { seatZones } from './cp-table';
import { placeNamed } from './cp-words';

/**
 * Commanders Path names each seat's zones at setup with the seat id in them («Рука red»): the
 * pages name them by the seat's player or side instead, never by the id.
 */
describe('Commanders Path seat zones as the pages name them', () => {
  const words = rulesetNaming('commanders-path');
  const events = [
    { seq: 1, type: 'ZonesCreated', data: { zones: [...seatZones('red'), ...seatZones('blue')] } },
    { seq: 2, type: 'SeatClaimed', data: { seat: 'red', player: { name: 'Анна' } } },
  ] as unknown as RecordedEvent[];
  const names = indexNames(events, words);
  const phraser = new Phraser(
    names,
    new SeatNames(
      [{ seat: 'red' }, { seat: 'blue', side: 'Пираты' }],
      words,
      names.claims,
      names.sides,
    ),
    words,
    undefined,
  );
  const zoneNames = (seat: string, lang: 'en' | 'ru'): string[] =>
    seatZones(seat).map((zone) => phraser.zoneName(zone.id, lang));

  it('names a claimed seat’s zones by its player, after the noun', () => {
    expect(zoneNames('red', 'ru')).toEqual([
      'Рука (Анна)',
      'Колода (Анна)',
      'Зона производства (Анна)',
      'Космические объекты (Анна)',
      'Зона карт обстановки (Анна)',
      'Улучшения (Анна)',
      'Потери (Анна)',
    ]);
    expect(zoneNames('red', 'en')).toEqual([
      "Анна's hand",
      "Анна's deck",
      "Анна's production zone",
      "Анна's space objects",
      "Анна's situation zone",
      "Анна's upgrades",
      "Анна's losses",
    ]);
  });

  it('names an unclaimed seat’s zones by its side', () => {
    expect(zoneNames('blue', 'ru')).toEqual([
      'Рука (Пираты)',
      'Колода (Пираты)',
      'Зона производства (Пираты)',
      'Космические объекты (Пираты)',
      'Зона карт обстановки (Пираты)',
      'Улучшения (Пираты)',
      'Потери (Пираты)',
    ]);
    for (const lang of ['en', 'ru'] as const)
      expect(zoneNames('blue', lang).filter((name) => /\bblue\b/.test(name))).toEqual([]);
  });
});

describe('Commanders Path seat zones as the rules name them in choices and refusals', () => {
  const ctx = {
    seats: [
      { seat: 'red', player: { name: 'Анна' } },
      { seat: 'blue', side: 'Пираты' },
    ],
  };
  const zones = [...seatZones('red'), ...seatZones('blue')] as unknown as Zone[];
  const table = { zones: Object.fromEntries(zones.map((z) => [z.id, z])) } as unknown as Table;

  it('names a seat’s zone by its player or side in a choice, never by the seat id', () => {
    const named = zones.map((zone) => zoneText(ctx, zone));
    expect(named.slice(0, 7).map((n) => n.ru)).toEqual([
      'Рука (Анна)',
      'Колода (Анна)',
      'Зона производства (Анна)',
      'Космические объекты (Анна)',
      'Зона карт обстановки (Анна)',
      'Улучшения (Анна)',
      'Потери (Анна)',
    ]);
    expect(named[8]).toEqual({ en: "Пираты's deck", ru: 'Колода (Пираты)' });
    const all = named.flatMap((n) => [n.en, n.ru]);
    expect(all.filter((text) => /\b(red|blue)\b/.test(text))).toEqual([]);
  });

  it('names a seat’s zone by its player in a refusal', () => {
    expect(placeNamed({ table, ctx }, 'losses:blue')).toEqual({
      en: "Пираты's losses",
      ru: 'Потери (Пираты)',
    });
    expect(placeNamed({ table, ctx }, 'objects:red').ru).toBe('Космические объекты (Анна)');
  });
});
