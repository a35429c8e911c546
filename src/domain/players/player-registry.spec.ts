import { isRejection } from '../rulesets/rule-violation';
import {
  decideRegisterPlayer,
  decideSetAliases,
  evolvePlayers,
  initialPlayerRegistry,
  playersNamed,
  playersStartingWith,
  type PlayerRegistryEvent,
  type PlayerRegistryState,
} from './player-registry';

const AT = '2026-12-07T10:00:00.000Z';

function registered(...inputs: [string, string, string, string[]?][]): PlayerRegistryState {
  const state = initialPlayerRegistry();
  for (const [playerId, ru, latin, aliases = []] of inputs) {
    const event = decideRegisterPlayer(state, {
      playerId,
      names: { ru, latin },
      aliases,
      registeredBy: 'org-1',
    });
    if (isRejection(event)) throw new Error(event.message);
    evolvePlayers(state, event, AT);
  }
  return state;
}

const idsNamed = (state: PlayerRegistryState, text: string) =>
  playersNamed(state, text).map((player) => player.playerId);

describe('the player registry', () => {
  it('finds a player by id, by either name and by any alias, up to case, ё/е and spaces', () => {
    const state = registered(['belova-alena', 'Алёна Белова', 'Alena Belova', ['Лёля', 'Lyolya']]);
    for (const text of ['belova-alena', 'алена белова', 'ALENA  BELOVA', 'лЕля', ' lyolya ']) {
      expect(idsNamed(state, text)).toEqual(['belova-alena']);
    }
  });

  it('never finds a player by a part of a name', () => {
    const state = registered(['ivanova-olga', 'Ольга Иванова', 'Olga Ivanova']);
    for (const text of ['Иван', 'Ольга', 'ivanova', 'olga ivanov'])
      expect(idsNamed(state, text)).toEqual([]);
  });

  it('names every player who shares a name', () => {
    const state = registered(
      ['petrov-1', 'Иван Петров', 'Ivan Petrov'],
      ['petrov-2', 'Иван Петров', 'Ivan Petrov', ['Ваня']],
    );
    expect(idsNamed(state, 'иван петров')).toEqual(['petrov-1', 'petrov-2']);
    expect(idsNamed(state, 'ваня')).toEqual(['petrov-2']);
  });

  it('suggests players by the start of any word of a name or alias, or of the id, in id order', () => {
    const state = registered(
      ['ivanova-olga', 'Ольга Иванова', 'Olga Ivanova', ['Оля']],
      ['ivanov-ivan', 'Иван Иванов', 'Ivan Ivanov'],
      ['belova-alena', 'Алёна Белова', 'Alena Belova'],
    );
    const suggested = (text: string) =>
      playersStartingWith(state, text).map((player) => player.playerId);
    expect(suggested('Иван')).toEqual(['ivanov-ivan', 'ivanova-olga']);
    expect(suggested('ольга ив')).toEqual(['ivanova-olga']);
    expect(suggested('  OLG ')).toEqual(['ivanova-olga']);
    expect(suggested('оля')).toEqual(['ivanova-olga']);
    expect(suggested('ален')).toEqual(['belova-alena']);
    expect(suggested('belova')).toEqual(['belova-alena']);
    // Never the middle of a word, and nothing for blank text.
    expect(suggested('ванова')).toEqual([]);
    expect(suggested('lga')).toEqual([]);
    expect(suggested('   ')).toEqual([]);
  });

  it('refuses a taken id, a blank name and Cyrillic letters in the Latin name', () => {
    const state = registered(['ivanova-olga', 'Ольга Иванова', 'Olga Ivanova']);
    const decide = (playerId: string, ru: string, latin: string, aliases: string[] = []) =>
      decideRegisterPlayer(state, { playerId, names: { ru, latin }, aliases, registeredBy: 'o' });
    expect(decide('ivanova-olga', 'Ольга', 'Olga')).toMatchObject({ code: 'player_exists' });
    expect(decide('x', ' ', 'X')).toMatchObject({ kind: 'invalid_params' });
    expect(decide('x', 'Икс', 'Иks')).toMatchObject({ kind: 'invalid_params' });
    expect(decide('x', 'Икс', 'X', ['ok', '  '])).toMatchObject({ kind: 'invalid_params' });
    expect(decide('Not A Slug', 'Икс', 'X')).toMatchObject({ kind: 'invalid_params' });
  });

  it('replaces aliases: the old ones no longer name the player, spellings of one key kept once', () => {
    const state = registered(['ivanova-olga', 'Ольга Иванова', 'Olga Ivanova', ['Оля']]);
    const event = decideSetAliases(state, {
      playerId: 'ivanova-olga',
      aliases: ['Olya', 'OLYA', 'Ольга И.'],
    }) as PlayerRegistryEvent;
    expect(event.data.aliases).toEqual(['Olya', 'Ольга И.']);
    evolvePlayers(state, event, '2026-12-08T10:00:00.000Z');
    expect(idsNamed(state, 'оля')).toEqual([]);
    expect(idsNamed(state, 'olya')).toEqual(['ivanova-olga']);
    expect(state.players.get('ivanova-olga')?.updatedAt).toBe('2026-12-08T10:00:00.000Z');
  });

  it('replays stored events it cannot use without throwing', () => {
    const state = initialPlayerRegistry();
    evolvePlayers(state, { type: 'PlayerRegistered', data: null }, AT);
    evolvePlayers(
      state,
      { type: 'PlayerAliasesSet', data: { playerId: 'nobody', aliases: [] } },
      AT,
    );
    evolvePlayers(state, { type: 'SomethingElse', data: {} }, AT);
    expect(state.players.size).toBe(0);
  });
});
