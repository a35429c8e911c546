import { Field, Section, TextFileButton, type Update } from './new-match-fields';
import type { JSX } from 'preact';
import type { Lang, PieceTypeSpec } from '@domain/rulesets/ruleset';
import { nameInCase } from '@domain/naming/russian-name-cases';
import { type RulesetDetail } from '../api/client';
import { newWords } from './new-words';
import { type RulesetWords } from '../ruleset-words';
import {
  factionsOf,
  registersDecks,
  type FieldProblems,
  type MatchDraft,
  type SeatDraft,
  linkedTo,
} from './match-request';
import { PlayerCandidates, PlayerPicker } from './player-picker';

/** A seat whose name was typed anew: no longer the player picked, nor a choice pending. */
const UNLINKED: Partial<SeatDraft> = {
  registered: undefined,
  candidates: undefined,
  nameOnly: undefined,
};

export function SeatsSection({
  lang,
  ruleset,
  words,
  draft,
  problems,
  update,
  setSeat,
}: {
  lang: Lang;
  ruleset: RulesetDetail;
  words: RulesetWords | undefined;
  draft: MatchDraft;
  problems: FieldProblems;
  update: Update;
  setSeat(index: number, patch: Partial<SeatDraft>): void;
}): JSX.Element {
  const listed = factionsOf(ruleset);
  const factions = listed.length > 0 ? listed : (words?.factions ?? []);
  const decks = registersDecks(ruleset, draft);
  const { min, max } = ruleset.seats;
  return (
    <Section title={newWords('seatsSection', lang, { min, max })}>
      <p class="hint small muted">{newWords(decks ? 'seatsHintDecks' : 'seatsHint', lang)}</p>
      {problems.seats ? (
        <p class="field-problem" role="alert">
          {problems.seats}
        </p>
      ) : null}
      <ol class="seat-rows">
        {draft.seats.map((seat, i) => (
          <li class="seat-row" data-seat-row={i} aria-labelledby={`f-seat-row-${i}`}>
            <p id={`f-seat-row-${i}`} class="seat-row-name">
              {seatRowName(seat, i, lang)}
            </p>
            <Field
              id={`f-seat-${i}`}
              label={newWords('seatId', lang)}
              problem={problems[`seats.${i}.seat`]}
            >
              <input
                id={`f-seat-${i}`}
                value={seat.seat}
                maxLength={32}
                spellcheck={false}
                onInput={(e: Event) => setSeat(i, { seat: (e.target as HTMLInputElement).value })}
              />
            </Field>
            <Field
              id={`f-side-${i}`}
              label={newWords('seatSide', lang)}
              problem={problems[`seats.${i}.side`]}
            >
              <input
                id={`f-side-${i}`}
                value={seat.side}
                maxLength={64}
                onInput={(e: Event) => setSeat(i, { side: (e.target as HTMLInputElement).value })}
              />
            </Field>
            <Field
              id={`f-faction-${i}`}
              label={newWords('seatFaction', lang)}
              problem={problems[`seats.${i}.faction`]}
            >
              {factions.length ? (
                <select
                  id={`f-faction-${i}`}
                  value={seat.faction}
                  onChange={(e: Event) =>
                    setSeat(i, { faction: (e.target as HTMLSelectElement).value })
                  }
                >
                  <option value="">—</option>
                  {factions.map((f) => (
                    <option value={f}>{words?.faction?.(f)?.[lang] ?? f}</option>
                  ))}
                </select>
              ) : (
                <input
                  id={`f-faction-${i}`}
                  value={seat.faction}
                  maxLength={64}
                  onInput={(e: Event) =>
                    setSeat(i, { faction: (e.target as HTMLInputElement).value })
                  }
                />
              )}
            </Field>
            <PlayerPicker
              lang={lang}
              index={i}
              seat={seat}
              problem={problems[`seats.${i}.player`]}
              onText={(player) => setSeat(i, { player, ...UNLINKED })}
              onPick={(player) => setSeat(i, linkedTo(player))}
            />
            <PlayerCandidates
              lang={lang}
              index={i}
              seat={seat}
              onPick={(player) => setSeat(i, linkedTo(player))}
              onNameOnly={() => setSeat(i, { ...UNLINKED, nameOnly: true })}
            />
            {decks ? (
              <DeckField
                lang={lang}
                index={i}
                seat={seat}
                ruleset={ruleset}
                problems={problems}
                setSeat={setSeat}
              />
            ) : null}
            {draft.seats.length > min ? (
              <button
                type="button"
                class="link-button seat-remove"
                onClick={() => update((d) => ({ ...d, seats: d.seats.filter((_, j) => j !== i) }))}
              >
                {removeSeatText(seat, i, lang)}
              </button>
            ) : null}
          </li>
        ))}
      </ol>
      {draft.seats.length < max ? (
        <button
          type="button"
          class="button"
          onClick={() =>
            update((d) => ({
              ...d,
              seats: [
                ...d.seats,
                {
                  seat: `seat${d.seats.length + 1}`,
                  side: '',
                  faction: '',
                  player: '',
                  deck: '',
                },
              ],
            }))
          }
        >
          {newWords('addSeat', lang)}
        </button>
      ) : null}
    </Section>
  );
}

/** A seat's deck list: pasted, or read from a file the player sent. */
function DeckField({
  lang,
  index,
  seat,
  ruleset,
  problems,
  setSeat,
}: {
  lang: Lang;
  index: number;
  seat: SeatDraft;
  ruleset: RulesetDetail;
  problems: FieldProblems;
  setSeat(index: number, patch: Partial<SeatDraft>): void;
}): JSX.Element {
  const id = `f-deck-${index}`;
  return (
    <Field
      id={id}
      label={newWords('deckList', lang)}
      hint={newWords('deckListHint', lang, {
        example: exampleDeck(ruleset.catalog, lang),
      })}
      problem={problems[`seats.${index}.deck`]}
    >
      <textarea
        id={id}
        rows={4}
        value={seat.deck}
        spellcheck={false}
        onInput={(e: Event) => setSeat(index, { deck: (e.target as HTMLTextAreaElement).value })}
      />
      <TextFileButton
        id={`${id}-file`}
        text={newWords('deckFile', lang)}
        onText={(text) => setSeat(index, { deck: text })}
      />
    </Field>
  );
}

function exampleDeck(catalog: readonly PieceTypeSpec[], lang: Lang): string {
  const commander = catalog.find((c) => c.kind === 'commander');
  const card = catalog.find((c) => c.kind !== 'commander');
  return `${lang === 'ru' ? 'Командор' : 'Commander'}: ${commander?.name[lang] ?? '…'}; 4 ${card?.name[lang] ?? '…'}`;
}

/**
 * A seat row as the page names it: its player's name once typed, else its number («Место 1»).
 * The seat id is the organizer's value in its own field, never a name the page reads out.
 */
export function seatRowName(seat: SeatDraft, index: number, lang: Lang): string {
  return seat.player.trim() || newWords('seatNumber', lang, { n: index + 1 });
}

function removeSeatText(seat: SeatDraft, index: number, lang: Lang): string {
  const player = seat.player.trim();
  if (!player) return newWords('removeSeat', lang, { n: index + 1 });
  return newWords('removePlayersSeat', lang, {
    name: lang === 'ru' ? nameInCase(player, 'gen') : player,
  });
}
