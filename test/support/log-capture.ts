import { Writable } from 'node:stream';

/** Captures the service's log lines as parsed JSON (pass it as `logDestination`). */
export class LogCapture extends Writable {
  readonly lines: Record<string, unknown>[] = [];
  text = '';
  override _write(chunk: Buffer, _encoding: string, done: () => void): void {
    this.text += chunk.toString();
    for (const line of chunk.toString().split('\n')) if (line) this.lines.push(JSON.parse(line));
    done();
  }
  accessLines(): Record<string, unknown>[] {
    return this.lines.filter((line) => line.msg === 'request' || line.msg === 'request failed');
  }
}
