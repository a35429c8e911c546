import { useEffect, useState } from 'preact/hooks';
import { findPlayers, type RegisteredPlayer } from '../api/client';
import type { SeatPlayer } from './match-request';

/** How many players the picker suggests at once: enough to pick from, few enough to read. */
export const SUGGESTED_PLAYERS = 8;
/** Typing faster than this asks the registry once, for the text the typing stopped at. */
const TYPING_PAUSE_MS = 150;

export function seatPlayerOf(player: RegisteredPlayer): SeatPlayer {
  return { playerId: player.playerId, names: player.names, aliases: player.aliases };
}

/** What a seat's player picker holds and does, for the view (`player-picker.tsx`). */
export interface PlayerPickerState {
  /** The suggestions are shown (the organizer is typing in the field). */
  open: boolean;
  suggestions: SeatPlayer[];
  /** The registry is being asked about the text typed. */
  busy: boolean;
  /** The suggestion the arrow keys are on, -1 for none. */
  active: number;
  onInput(text: string): void;
  onKeyDown(event: KeyboardEvent): void;
  close(): void;
  pick(player: SeatPlayer): void;
}

/**
 * A combobox over the player registry: as the organizer types, the players whose name, alias
 * or id starts with the text are suggested (`GET /api/v1/players?prefix=`); arrows move among
 * them, Enter or a click picks one, Escape closes. Typing again unlinks a picked player.
 */
export function usePlayerPicker(
  text: string,
  onText: (text: string) => void,
  onPick: (player: SeatPlayer) => void,
): PlayerPickerState {
  const [open, setOpen] = useState(false);
  const [suggestions, setSuggestions] = useState<SeatPlayer[]>([]);
  const [busy, setBusy] = useState(false);
  const [active, setActive] = useState(-1);

  useEffect(() => {
    const prefix = text.trim();
    setActive(-1);
    if (!open || !prefix) {
      setSuggestions([]);
      setBusy(false);
      return;
    }
    let live = true;
    setBusy(true);
    const timer = setTimeout(() => {
      findPlayers({ prefix }, SUGGESTED_PLAYERS).then(
        (page) => {
          if (!live) return;
          setSuggestions(page.items.map(seatPlayerOf));
          setBusy(false);
        },
        // A suggestion that cannot be had is none: the name is still checked when sent.
        () => {
          if (!live) return;
          setSuggestions([]);
          setBusy(false);
        },
      );
    }, TYPING_PAUSE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [text, open]);

  const close = (): void => {
    setOpen(false);
    setActive(-1);
  };
  const pick = (player: SeatPlayer): void => {
    close();
    onPick(player);
  };
  const onKeyDown = (event: KeyboardEvent): void => {
    const count = suggestions.length;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) setOpen(true);
      if (count === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((at) => (at + step + count) % count);
    } else if (event.key === 'Enter' && open && active >= 0 && active < count) {
      // Picks the player rather than sending the form.
      event.preventDefault();
      pick(suggestions[active]);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      close();
    }
  };
  return {
    open: open && suggestions.length > 0,
    suggestions,
    busy,
    active,
    onInput: (typed) => {
      setOpen(true);
      onText(typed);
    },
    onKeyDown,
    close,
    pick,
  };
}
