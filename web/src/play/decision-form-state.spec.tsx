import { render } from 'preact';
import { act } from 'preact/test-utils';
import type { DryRunResult } from '../api/client';
import {
  useDecisionForm,
  type DecisionFormInput,
  type DecisionFormState,
} from './decision-form-state';

// The server's dry run, answered when the test says so.
const dryRuns: Array<{ params: unknown; answer(result: DryRunResult): void }> = [];
jest.mock('../api/client', () => ({
  ...jest.requireActual('../api/client'),
  postJson: (_path: string, body: { params: unknown }) =>
    new Promise((resolve) => dryRuns.push({ params: body.params, answer: resolve })),
}));

/**
 * A decision form's busy signal (`aria-busy`, which the browser tests wait on) covers the rules'
 * verdict on what is chosen: whenever the form reads «Проверяем по правилам…», it is busy
 * (issue 39).
 */
describe('a decision form is busy while its verdict is checked', () => {
  const spec: DecisionFormInput['spec'] = {
    kind: 'note',
    summary: { en: 'Note', ru: 'Заметка' },
    params: { type: 'object', properties: { text: { type: 'string' } } },
  };
  // Every state the form was drawn in, the last one last.
  let drawn: DecisionFormState[];
  let setText: (text: string) => void;
  function Probe(props: DecisionFormInput): null {
    const form = useDecisionForm(props);
    drawn.push(form);
    setText = (text) => form.setValues(() => ({ text }));
    return null;
  }
  // Preact needs no more of a parent for a component that draws nothing.
  const root = { nodeType: 1, childNodes: [], firstChild: null } as unknown as Element;
  const draw = (changed: Partial<DecisionFormInput> = {}): Promise<void> =>
    act(() =>
      render(
        <Probe
          lang="ru"
          matchId="m"
          seat="red"
          seq={7}
          spec={spec}
          schemas={{}}
          onRecorded={() => undefined}
          onStale={() => undefined}
          {...changed}
        />,
        root,
      ),
    );
  const shown = (): DecisionFormState => drawn[drawn.length - 1];
  // Past the form's pause before it asks (the dry run is asked once typing stops).
  const asked = (): Promise<void> => act(() => new Promise((resolve) => setTimeout(resolve, 350)));
  const answer = (): Promise<void> =>
    act(async () => {
      dryRuns.shift()!.answer({ withheld: undefined } as unknown as DryRunResult);
      await Promise.resolve();
    });
  // The forms drawn reading «Проверяем по правилам…» without being busy, with what they held.
  const checkingButIdle = (): unknown[] =>
    drawn
      .filter((form) => form.check.state === 'checking' && !form.busy)
      .map((form) => ({ params: form.params, check: form.check.state, busy: form.busy }));

  beforeEach(() => {
    drawn = [];
    dryRuns.length = 0;
  });
  afterEach(() => act(() => render(null, root)));

  it('asks, then settles on the verdict', async () => {
    await draw();
    expect(shown()).toMatchObject({ busy: true });
    await asked();
    expect(dryRuns.map((d) => d.params)).toEqual([{}]);
    expect(shown()).toMatchObject({ busy: true, check: { state: 'checking' } });
    await answer();
    expect(shown()).toMatchObject({ busy: false, check: { state: 'ok' } });
    expect(checkingButIdle()).toEqual([]);
  });

  it('stays busy when a choice is changed and changed back before the verdict', async () => {
    await draw();
    await asked();
    await answer();
    await act(() => setText('атака'));
    expect(shown().busy).toBe(true);
    await act(() => setText(''));
    // Back to what the verdict shown answered: it still reads as that verdict, or as busy.
    await asked();
    expect(checkingButIdle()).toEqual([]);
    while (dryRuns.length > 0) await answer();
    expect(shown()).toMatchObject({ busy: false, check: { state: 'ok' } });
  });

  it('keeps the verdict of what is chosen when the answer for an earlier choice comes late', async () => {
    await draw();
    await asked();
    await answer();
    await act(() => setText('атака'));
    await asked();
    expect(dryRuns.map((d) => d.params)).toEqual([{ text: 'атака' }]);
    await act(() => setText(''));
    await answer();
    expect(shown()).toMatchObject({ params: {}, busy: false, check: { state: 'ok' } });
    expect(checkingButIdle()).toEqual([]);
  });

  it('stays settled on its verdict when the page reloads its table at the same seq', async () => {
    await draw({ localCheck: () => undefined });
    await asked();
    await answer();
    expect(shown()).toMatchObject({ busy: false, check: { state: 'ok' } });
    // The play page makes a new local check each time it reloads the match.
    await draw({ localCheck: () => undefined });
    await asked();
    expect(checkingButIdle()).toEqual([]);
    while (dryRuns.length > 0) await answer();
    expect(shown()).toMatchObject({ busy: false, check: { state: 'ok' } });
  });
});
