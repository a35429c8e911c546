import { render } from 'preact';
import { act } from 'preact/test-utils';
import type { RegisteredPlayer } from '../api/client';
import type { SeatPlayer } from './match-request';
import { usePlayerPicker, type PlayerPickerState } from './player-picker-state';

// The registry's suggestions, answered when the test says so.
const asks: Array<{ query: unknown; limit: number; answer(items: RegisteredPlayer[]): void }> = [];
jest.mock('../api/client', () => ({
  ...jest.requireActual('../api/client'),
  findPlayers: (query: unknown, limit: number) =>
    new Promise((resolve) => asks.push({ query, limit, answer: (items) => resolve({ items }) })),
}));

const player = (playerId: string, ru: string, latin: string): RegisteredPlayer =>
  ({ playerId, names: { ru, latin }, aliases: [] }) as unknown as RegisteredPlayer;
const OLGA = player('ivanova-olga', 'Ольга Иванова', 'Olga Ivanova');
const OLEG = player('olegov-oleg', 'Олег Олегов', 'Oleg Olegov');

/**
 * A seat's player picker asks the registry once typing pauses, for the text it stopped at,
 * shows only the answer to that text, and picks with the keyboard as with the mouse.
 */
describe('the player picker', () => {
  let drawn: PlayerPickerState[];
  let picked: SeatPlayer[];
  let text: string;
  function Probe(): null {
    drawn.push(
      usePlayerPicker(
        text,
        (typed) => (text = typed),
        (p) => picked.push(p),
      ),
    );
    return null;
  }
  const root = { nodeType: 1, childNodes: [], firstChild: null } as unknown as Element;
  const draw = (): Promise<void> => act(() => render(<Probe />, root));
  const shown = (): PlayerPickerState => drawn[drawn.length - 1];
  /** The organizer types: the field's text changes and the page draws again. */
  const type = async (typed: string): Promise<void> => {
    await act(() => shown().onInput(typed));
    await draw();
  };
  const paused = (): Promise<void> => act(() => new Promise((resolve) => setTimeout(resolve, 200)));
  /** A key pressed in the field; whether the picker kept it from the form (its default). */
  const key = async (name: string): Promise<{ prevented: boolean }> => {
    const pressed = { key: name, prevented: false, preventDefault: () => undefined };
    pressed.preventDefault = () => void (pressed.prevented = true);
    await act(() => shown().onKeyDown(pressed as unknown as KeyboardEvent));
    return pressed;
  };

  beforeEach(async () => {
    drawn = [];
    picked = [];
    text = '';
    asks.length = 0;
    await draw();
  });
  afterEach(() => act(() => render(null, root)));

  it('asks once typing pauses, for the last text, and shows only its answer', async () => {
    await type('О');
    await type('Ол');
    expect(shown()).toMatchObject({ busy: true, open: false });
    await paused();
    expect(asks.map((ask) => [ask.query, ask.limit])).toEqual([[{ prefix: 'Ол' }, 8]]);
    await type('Оле');
    await paused();
    // The answer for «Ол» comes late: the picker is on «Оле» now and waits for its own.
    await act(async () => asks[0].answer([OLGA, OLEG]));
    expect(shown()).toMatchObject({ busy: true, open: false, suggestions: [] });
    await act(async () => asks[1].answer([OLEG]));
    expect(shown()).toMatchObject({ busy: false, open: true });
    expect(shown().suggestions.map((p) => p.names)).toEqual([OLEG.names]);
  });

  it('asks nothing for blank text', async () => {
    await type('   ');
    await paused();
    expect(asks).toEqual([]);
    expect(shown()).toMatchObject({ busy: false, open: false });
  });

  it('moves with the arrows, picks with Enter instead of sending the form, closes with Escape', async () => {
    await type('О');
    await paused();
    await act(async () => asks[0].answer([OLGA, OLEG]));
    await key('ArrowDown');
    await key('ArrowDown');
    await key('ArrowDown');
    expect(shown().active).toBe(0);
    await key('ArrowUp');
    expect(shown().active).toBe(1);
    const enter = await key('Enter');
    expect(enter.prevented).toBe(true);
    expect(picked.map((p) => p.playerId)).toEqual(['olegov-oleg']);
    expect(shown().open).toBe(false);

    await type('Ол');
    await paused();
    await act(async () => asks[1].answer([OLGA]));
    expect(shown().open).toBe(true);
    await key('Escape');
    expect(shown().open).toBe(false);
    // Enter with the list closed is the form's: it sends.
    expect((await key('Enter')).prevented).toBe(false);
    expect(picked).toHaveLength(1);
  });
});
