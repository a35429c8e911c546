import { apiLanguage } from '../api/client';
import type { ViewEvent } from '../replay/replay-engine';

/**
 * Follows a match as it is recorded: GET matches/:id/stream (Server-Sent Events, one message
 * per event, `id` its seq), read with fetch because EventSource cannot send the seat's token
 * in an Authorization header and the stream knows the caller only by it. When the stream
 * breaks, it resumes after the last seq it delivered (`after=`), so nothing is missed or
 * delivered twice.
 */
export function followMatch(
  matchId: string,
  token: string | undefined,
  afterSeq: number,
  onEvents: (events: ViewEvent[]) => void,
  onState: (connected: boolean) => void,
): () => void {
  const abort = new AbortController();
  let last = afterSeq;
  let retry = 1000;
  const run = async (): Promise<void> => {
    while (!abort.signal.aborted) {
      try {
        const response = await fetch(
          `/api/v1/matches/${encodeURIComponent(matchId)}/stream?after=${last}`,
          {
            headers: {
              accept: 'text/event-stream',
              'accept-language': apiLanguage(),
              ...(token ? { authorization: `Bearer ${token}` } : {}),
            },
            signal: abort.signal,
          },
        );
        if (!response.ok || !response.body) throw new Error(`stream: ${response.status}`);
        onState(true);
        retry = 1000;
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        let rest = '';
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          rest += value;
          const messages = rest.split('\n\n');
          rest = messages.pop() ?? '';
          const events = messages.flatMap((m) => eventOf(m) ?? []).filter((e) => e.seq > last);
          if (events.length > 0) {
            last = events[events.length - 1].seq;
            onEvents(events);
          }
        }
      } catch {
        if (abort.signal.aborted) return;
      }
      onState(false);
      await new Promise((resolve) => setTimeout(resolve, retry));
      retry = Math.min(retry * 2, 15_000);
    }
  };
  void run();
  return () => abort.abort();
}

/** One SSE message's event: its `data:` lines joined (comments and `retry:` carry none). */
export function eventOf(message: string): ViewEvent | undefined {
  const data = message
    .split('\n')
    .filter((line) => line.startsWith('data:'))
    .map((line) => line.slice(line.startsWith('data: ') ? 6 : 5))
    .join('\n');
  if (!data) return undefined;
  try {
    const event = JSON.parse(data) as ViewEvent;
    return typeof event?.seq === 'number' ? event : undefined;
  } catch {
    return undefined;
  }
}
