import type { Clock } from '../../application/ports/clock.port';

export class SystemClock implements Clock {
  nowIso(): string {
    return new Date().toISOString();
  }
}
