/** A flag one side raises and the other awaits: raised before the wait, the wait returns at once. */
export class WakeUp {
  private raised = false;
  private waiter?: () => void;

  raise(): void {
    this.raised = true;
    this.waiter?.();
  }

  /** Resolves once raised (or aborted), and lowers the flag. */
  async wait(signal: AbortSignal): Promise<void> {
    if (!this.raised && !signal.aborted) {
      let aborted = () => {};
      await new Promise<void>((resolve) => {
        this.waiter = resolve;
        aborted = () => resolve();
        signal.addEventListener('abort', aborted, { once: true });
      });
      // One listener per wait, removed after it: a long stream must not pile them up.
      signal.removeEventListener('abort', aborted);
      this.waiter = undefined;
    }
    this.raised = false;
  }
}
