import type { LocalizedText } from '../../domain/shared/localized-text';
import type { CliLang } from './cli-language';

/**
 * A progress line for the offline tools: done/total, rate and an estimate of the time left, in
 * the CLI's language. In a terminal it redraws one line; otherwise (a log, CI) it prints a line
 * every few seconds.
 */
export class Progress {
  private readonly started = Date.now();
  private lastPrinted = 0;
  private readonly terminal = process.stderr.isTTY === true;

  constructor(
    /** What is being done ("Backing up"). */
    private readonly what: LocalizedText,
    /** What is counted: English plural ("pages"), Russian genitive plural ("страниц"). */
    private readonly unit: LocalizedText,
    private total: number,
    private readonly lang: CliLang = 'en',
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
    const left = Math.ceil(rate > 0 && this.total > done ? (this.total - done) / rate : 0);
    const width = 24;
    const filled = Math.round(share * width);
    const bar = `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${Math.floor(share * 100)}%`;
    const number = (n: number) =>
      Math.round(n).toLocaleString(this.lang === 'ru' ? 'ru-RU' : 'en-US');
    const [what, unit] = [this.what[this.lang], this.unit[this.lang]];
    // "страниц: 10 из 20": the genitive plural after a colon agrees with any count.
    const line =
      this.lang === 'ru'
        ? `${what} ${bar} — ${unit}: ${number(done)} из ${number(this.total)}, ${number(rate)} в секунду, осталось ~${left} с`
        : `${what} ${bar} ${number(done)}/${number(this.total)} ${unit}, ${number(rate)} ${unit}/s, ~${left} s left`;
    process.stderr.write(this.terminal ? `\r${line}\x1b[K` : `${line}\n`);
  }
}
