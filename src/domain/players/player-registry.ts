import { invalid, wrongState } from '../match/match-decider';
import type { Rejection } from '../rulesets/rule-violation';
import { playerKey } from '../stats/player-key';

/** The one stream every player's registration and alias change is recorded in, in order. */
export const PLAYER_REGISTRY_STREAM = 'players';

/** A player id is a slug: it appears in URLs, seat claims and `player=` filters. */
export const PLAYER_ID = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;
/** As long as a name a seat may be claimed with. */
export const MAX_PLAYER_NAME = 100;
export const MAX_ALIASES = 32;

/** A person who plays in many matches: known by a stable id, two names and any aliases. */
export interface Player {
  playerId: string;
  /** The name in Russian (Cyrillic, as a club writes it) and in Latin letters. */
  names: { ru: string; latin: string };
  /** Other spellings people use for them (a nickname, a maiden name, a transliteration). */
  aliases: string[];
  /** The organizer (or admin) who registered them. */
  registeredBy: string;
  registeredAt: string;
  updatedAt: string;
}

export interface PlayerRegisteredData {
  playerId: string;
  names: { ru: string; latin: string };
  aliases: string[];
  registeredBy: string;
}

/** The player's aliases from now on (the whole list: it replaces the previous one). */
export interface PlayerAliasesSetData {
  playerId: string;
  aliases: string[];
}

export type PlayerRegistryEvent =
  | { type: 'PlayerRegistered'; data: PlayerRegisteredData }
  | { type: 'PlayerAliasesSet'; data: PlayerAliasesSetData };

/** The registry folded from its stream: every player, and who answers to which name key. */
export interface PlayerRegistryState {
  players: Map<string, Player>;
  /** playerKey of a name, a Latin name or an alias → the ids of the players it names. */
  byKey: Map<string, string[]>;
}

export function initialPlayerRegistry(): PlayerRegistryState {
  return { players: new Map(), byKey: new Map() };
}

/** Every name key a player answers to (names and aliases), once each. */
export function nameKeysOf(player: Pick<Player, 'names' | 'aliases'>): string[] {
  const names = [player.names.ru, player.names.latin, ...player.aliases];
  return [...new Set(names.map(playerKey).filter((key) => key !== ''))];
}

/** Applies one stored registry event; never throws (a stored event must replay forever). */
export function evolvePlayers(
  state: PlayerRegistryState,
  event: { type: string; data: unknown },
  recordedAt: string,
): void {
  if (event.type === 'PlayerRegistered') {
    const data = (event.data ?? {}) as Partial<PlayerRegisteredData>;
    if (typeof data.playerId !== 'string' || state.players.has(data.playerId)) return;
    const player: Player = {
      playerId: data.playerId,
      names: { ru: String(data.names?.ru ?? ''), latin: String(data.names?.latin ?? '') },
      aliases: Array.isArray(data.aliases) ? data.aliases.map(String) : [],
      registeredBy: String(data.registeredBy ?? ''),
      registeredAt: recordedAt,
      updatedAt: recordedAt,
    };
    state.players.set(player.playerId, player);
    index(state, player, +1);
  } else if (event.type === 'PlayerAliasesSet') {
    const data = (event.data ?? {}) as Partial<PlayerAliasesSetData>;
    const player = typeof data.playerId === 'string' && state.players.get(data.playerId);
    if (!player || !Array.isArray(data.aliases)) return;
    index(state, player, -1);
    player.aliases = data.aliases.map(String);
    player.updatedAt = recordedAt;
    index(state, player, +1);
  }
}

function index(state: PlayerRegistryState, player: Player, direction: 1 | -1): void {
  for (const key of nameKeysOf(player)) {
    const ids = (state.byKey.get(key) ?? []).filter((id) => id !== player.playerId);
    if (direction === 1) ids.push(player.playerId);
    if (ids.length > 0) state.byKey.set(key, ids.sort());
    else state.byKey.delete(key);
  }
}

/**
 * The players a text names: the player with that id, else every player one of whose names or
 * aliases has its key (playerKey: case, ё/е, look-alike letters and spaces aside), never
 * one whose name merely contains it.
 */
export function playersNamed(state: PlayerRegistryState, text: string): Player[] {
  const byId = state.players.get(text);
  if (byId) return [byId];
  const ids = state.byKey.get(playerKey(text)) ?? [];
  return ids.flatMap((id) => state.players.get(id) ?? []);
}

/**
 * The players a picker offers for what has been typed so far: those whose id starts with it,
 * or one of whose names or aliases has a word starting with it (keys as playersNamed compares
 * them), ordered by id. Unlike playersNamed this does find a part of a name: it suggests,
 * and the person typing picks; filters and claims never use it.
 */
export function playersStartingWith(state: PlayerRegistryState, text: string): Player[] {
  const prefix = playerKey(text);
  if (prefix === '') return [];
  const id = text.trim().toLowerCase();
  const fits = (key: string) => key.startsWith(prefix) || key.includes(` ${prefix}`);
  return [...state.players.values()]
    .filter((player) => player.playerId.startsWith(id) || nameKeysOf(player).some(fits))
    .sort((a, b) => (a.playerId < b.playerId ? -1 : 1));
}

export function decideRegisterPlayer(
  state: PlayerRegistryState,
  input: PlayerRegisteredData,
): PlayerRegistryEvent | Rejection {
  if (!PLAYER_ID.test(input.playerId))
    return invalid('playerId', {
      en: 'playerId must be 1-64 lowercase Latin letters, digits and hyphens, starting and ending with a letter or digit',
      ru: 'Идентификатор игрока — от 1 до 64 строчных латинских букв, цифр и дефисов; первый и последний знак — буква или цифра',
    });
  if (state.players.has(input.playerId))
    return wrongState('player_exists', {
      en: `Player id ${input.playerId} is taken: it stays with the player registered under it; choose another`,
      ru: `Идентификатор игрока «${input.playerId}» занят другим игроком: выберите другой`,
    });
  const names =
    checkName('names.ru', input.names.ru) ??
    checkName('names.latin', input.names.latin) ??
    checkLatin(input.names.latin);
  if (names) return names;
  const aliases = checkAliases(input.aliases);
  if (!Array.isArray(aliases)) return aliases;
  return {
    type: 'PlayerRegistered',
    data: {
      playerId: input.playerId,
      names: { ru: input.names.ru.trim(), latin: input.names.latin.trim() },
      aliases,
      registeredBy: input.registeredBy,
    },
  };
}

export function decideSetAliases(
  state: PlayerRegistryState,
  input: PlayerAliasesSetData,
): PlayerRegistryEvent | Rejection {
  const aliases = checkAliases(input.aliases);
  if (!Array.isArray(aliases)) return aliases;
  return { type: 'PlayerAliasesSet', data: { playerId: input.playerId, aliases } };
}

function checkName(path: string, name: string): Rejection | undefined {
  if (playerKey(name) === '' || name.length > MAX_PLAYER_NAME)
    return invalid(path, {
      en: `${path}: a name has 1 to ${MAX_PLAYER_NAME} characters, not only spaces`,
      ru: `${path}: имя — от 1 до ${MAX_PLAYER_NAME} символов, не одни пробелы`,
    });
  return undefined;
}

function checkLatin(name: string): Rejection | undefined {
  if (/\p{Script=Cyrillic}/u.test(name))
    return invalid('names.latin', {
      en: `names.latin is the name in Latin letters: "${name}" has Cyrillic ones`,
      ru: `names.latin — имя латиницей, а в «${name}» есть кириллические буквы`,
    });
  return undefined;
}

/** The aliases trimmed, each key once (the first spelling kept), or why they are refused. */
function checkAliases(aliases: string[]): string[] | Rejection {
  if (aliases.length > MAX_ALIASES)
    return invalid('aliases', {
      en: `A player has at most ${MAX_ALIASES} aliases, not ${aliases.length}`,
      ru: `У игрока не больше ${MAX_ALIASES} псевдонимов, а их ${aliases.length}`,
    });
  const kept = new Map<string, string>();
  for (const [i, alias] of aliases.entries()) {
    const refused = checkName(`aliases[${i}]`, alias);
    if (refused) return refused;
    if (!kept.has(playerKey(alias))) kept.set(playerKey(alias), alias.trim());
  }
  return [...kept.values()];
}
