import { getEventListeners } from 'node:events';
import { WakeUp } from './wake-up';

describe('WakeUp', () => {
  it('leaves no listener on the signal after each wait, however many waits a stream makes', async () => {
    const wake = new WakeUp();
    const abort = new AbortController();
    for (let i = 0; i < 50; i += 1) {
      const waited = wake.wait(abort.signal);
      wake.raise();
      await waited;
    }
    expect(getEventListeners(abort.signal, 'abort')).toHaveLength(0);
  });

  it('returns at once when raised before the wait, and when aborted', async () => {
    const wake = new WakeUp();
    const abort = new AbortController();
    wake.raise();
    await wake.wait(abort.signal);
    const waiting = wake.wait(abort.signal);
    abort.abort();
    await expect(waiting).resolves.toBeUndefined();
  });
});
