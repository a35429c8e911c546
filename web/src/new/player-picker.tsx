import type { JSX } from 'preact';
import type { Lang } from '@domain/rulesets/ruleset';
import { Field } from './new-match-fields';
import { newWords } from './new-words';
import type { SeatDraft, SeatPlayer } from './match-request';
import { usePlayerPicker } from './player-picker-state';

/**
 * A seat's player: a name typed freely, with the registered players it may mean suggested
 * under it (Russian and Latin names), one of which can be picked; once picked (or once the
 * name typed names one registered player) the field says whom the seat is for.
 */
export function PlayerPicker({
  lang,
  index,
  seat,
  problem,
  onText,
  onPick,
}: {
  lang: Lang;
  index: number;
  seat: SeatDraft;
  problem: string | undefined;
  onText(text: string): void;
  onPick(player: SeatPlayer): void;
}): JSX.Element {
  const id = `f-player-${index}`;
  const listId = `${id}-players`;
  const picker = usePlayerPicker(seat.player, onText, onPick);
  const optionId = (i: number): string => `${listId}-${i}`;
  const linked = seat.registered;
  return (
    <Field id={id} label={newWords('seatPlayer', lang)} problem={problem}>
      <div class="player-picker" aria-busy={picker.busy ? 'true' : 'false'}>
        <input
          id={id}
          value={seat.player}
          maxLength={100}
          autocomplete="off"
          spellcheck={false}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={picker.open ? 'true' : 'false'}
          aria-controls={listId}
          aria-activedescendant={
            picker.open && picker.active >= 0 ? optionId(picker.active) : undefined
          }
          aria-describedby={linked ? `${id}-linked` : undefined}
          onInput={(e: Event) => picker.onInput((e.target as HTMLInputElement).value)}
          onKeyDown={picker.onKeyDown}
          onBlur={picker.close}
        />
        <ul
          id={listId}
          class="player-suggestions"
          role="listbox"
          aria-label={newWords('registeredPlayers', lang)}
          hidden={!picker.open}
        >
          {picker.open
            ? picker.suggestions.map((player, i) => (
                <li
                  id={optionId(i)}
                  role="option"
                  aria-selected={i === picker.active ? 'true' : 'false'}
                  class={i === picker.active ? 'active' : undefined}
                  data-player-id={player.playerId}
                  // Keeps the focus in the field, so the pick lands before the list closes.
                  onMouseDown={(e: Event) => e.preventDefault()}
                  onClick={() => picker.pick(player)}
                >
                  <span class="player-name-ru">{player.names.ru}</span>{' '}
                  <span class="player-name-latin">{player.names.latin}</span>
                </li>
              ))
            : null}
        </ul>
      </div>
      {linked ? (
        <p id={`${id}-linked`} class="player-linked small" data-player-id={linked.playerId}>
          {newWords('playerLinked', lang, { ru: linked.names.ru, latin: linked.names.latin })}
        </p>
      ) : null}
    </Field>
  );
}

/** The registered players a typed name names, for the organizer to say which one is meant. */
export function PlayerCandidates({
  lang,
  index,
  seat,
  onPick,
  onNameOnly,
}: {
  lang: Lang;
  index: number;
  seat: SeatDraft;
  onPick(player: SeatPlayer): void;
  onNameOnly(): void;
}): JSX.Element | null {
  if (!seat.candidates?.length) return null;
  const name = `f-player-${index}-who`;
  return (
    <fieldset class="player-candidates" data-candidates={index}>
      <legend>{newWords('playerWhich', lang, { name: seat.player.trim() })}</legend>
      {seat.candidates.map((player) => (
        <label class="check">
          <input type="radio" name={name} value={player.playerId} onChange={() => onPick(player)} />
          {` ${candidateText(player, lang)}`}
        </label>
      ))}
      <label class="check">
        <input type="radio" name={name} value="" onChange={onNameOnly} />
        {` ${newWords('playerNameOnly', lang, { name: seat.player.trim() })}`}
      </label>
    </fieldset>
  );
}

/** «Иван Петров (Ivan Petrov), id petrov-ivan-tver; также: Ваня из Твери». */
function candidateText(player: SeatPlayer, lang: Lang): string {
  const params = { ru: player.names.ru, latin: player.names.latin, id: player.playerId };
  return player.aliases?.length
    ? newWords('playerCandidateAliases', lang, { ...params, aliases: player.aliases.join(', ') })
    : newWords('playerCandidate', lang, params);
}
