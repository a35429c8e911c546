/**
 * A progress line for the offline tools: done/total, rate and an estimate of the time left.
 * In a terminal it redraws one line; otherwise (a log, CI) it prints a line every few seconds.
 */
export class Progress {
  private readonly started = Date.now();
  private lastPrinted = 0;
  private readonly terminal = process.stderr.isTTY === true;

  constructor(
    private readonly what: string,
    private readonly unit: string,
    private total: number,
  ) {}

  update(done: number, total = this.total): void {
    this.total = total;
    const now = Date.now();
    if (now - this.lastPrinted < (this.terminal ? 100 : 2000)) return;
    this.lastPrinted = now;
    this.print(done);
  }

  finish(done: number): void {
    this.print(done);
    if (this.terminal) process.stderr.write('\n');
  }

  private print(done: number): void {
    const seconds = Math.max((Date.now() - this.started) / 1000, 0.001);
    const rate = done / seconds;
    const share = this.total > 0 ? Math.min(done / this.total, 1) : 1;
    const left = rate > 0 && this.total > done ? (this.total - done) / rate : 0;
    const width = 24;
    const filled = Math.round(share * width);
    const line =
      `${this.what} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ` +
      `${Math.floor(share * 100)}% ${done.toLocaleString('en-US')}/${this.total.toLocaleString('en-US')} ${this.unit}, ` +
      `${Math.round(rate).toLocaleString('en-US')} ${this.unit}/s, ~${Math.ceil(left)} s left`;
    process.stderr.write(this.terminal ? `\r${line}\x1b[K` : `${line}\n`);
  }
}
