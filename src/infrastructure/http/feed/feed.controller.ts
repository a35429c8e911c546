import { Readable } from 'node:stream';
import { Controller, Get, Headers, Param, Query, Res } from '@nestjs/common';
import {
  ApiExtraModels,
  ApiHeader,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { Principal } from '../../../application/auth/principal';
import { parseFeedPosition } from '../../../application/feed/feed-position';
import { GlobalFeed, type FeedItem } from '../../../application/feed/global-feed';
import { MatchStream, type MatchStreamLine } from '../../../application/feed/match-stream';
import { ApiProblems } from '../api-problems.decorator';
import { CurrentPrincipal } from '../current-principal.decorator';
import { StreamedRead, TokenOptional } from '../openapi';
import { slicedStream } from '../sliced-stream';
import { FeedLineDto, FeedQueryDto, MatchStreamQueryDto } from './feed.dto';
import {
  abortWhenClosed,
  EVENT_STREAM,
  eventStream,
  NDJSON,
  resumePoint,
  sseMessage,
} from './server-sent-events';

/** Live events a feed reader may fall behind by before it is cut off (its buffer's bound). */
export const FEED_MAX_BEHIND = 5000;

const LAST_EVENT_ID = (what: string) =>
  ApiHeader({
    name: 'Last-Event-ID',
    required: false,
    description: `Resume after this ${what} (EventSource sends it when it reconnects); wins over \`after\``,
  });

@ApiTags('feed')
@Controller('api/v1')
@ApiExtraModels(FeedLineDto)
export class FeedController {
  constructor(
    private readonly feed: GlobalFeed,
    private readonly matchStreams: MatchStream,
  ) {}

  @Get('feed')
  @TokenOptional()
  @StreamedRead()
  @ApiOperation({
    operationId: 'readFeed',
    summary: 'Every event of every match you may see, once, in the order it became visible to you',
    description:
      'Server-Sent Events: one message per event, `id` its feed position and `data` a FeedLineDto. ' +
      'An event is given when it becomes visible to you: at once for a match you may see live (its seats, judges, organizer and read tokens scoped to it; an ended match; a public one without delay), ' +
      'when the spectator delay passes for a spectator of a live public match, and when the match ends for a stranger to a live private one. ' +
      'Its feed position is the log position of the event that made it visible (`1024`), with `-<seq>` when that was a later event of its match (`1031-17`); positions order the feed. ' +
      'Reconnect with `Last-Event-ID` (EventSource does) or `after=` to get every event after it, whether you were gone a second or a week: no gap, no duplicate, the same events in the same order as a live reader got. ' +
      'Events are redacted as the match’s other reads redact them for you. ' +
      `A comment line every 15 s keeps the stream open. A reader more than ${FEED_MAX_BEHIND} live events behind is sent a final \`cut-off\` message (data: \`{ lastPosition, behind, detail }\`) and the stream ends: resume after its lastPosition. ` +
      '`format=ndjson` is a long poll instead: FeedLineDto lines after `after`, `limit` of them whenever that many are visible (compressed or not), fewer once the feed has caught up; with none yet, those that come within `wait` seconds.',
  })
  @LAST_EVENT_ID('feed position (`1024` or `1024-17`)')
  @ApiOkResponse({
    description:
      'An event stream of FeedLineDto messages (text/event-stream), or FeedLineDto lines (ndjson)',
    content: {
      [EVENT_STREAM]: {},
      [NDJSON]: { schema: { $ref: getSchemaPath(FeedLineDto) } },
    },
  })
  @ApiProblems(400, 401)
  async globalFeed(
    @CurrentPrincipal() principal: Principal,
    @Query() query: FeedQueryDto,
    @Headers('last-event-id') lastEventId: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Readable> {
    const ndjson = query.format === 'ndjson';
    const resume =
      !ndjson && lastEventId !== undefined
        ? { value: lastEventId, name: 'Last-Event-ID' }
        : { value: query.after, name: 'after' };
    const abort = abortWhenClosed(reply);
    const items = await this.feed.open(principal, {
      ...(resume.value === undefined
        ? {}
        : { after: parseFeedPosition(resume.value, resume.name) }),
      afterName: resume.name,
      filter: { matchId: query.match, rulesets: query.ruleset, types: query.types },
      maxBehind: FEED_MAX_BEHIND,
      signal: abort.signal,
      ...(ndjson ? {} : { frame: (line, position) => sseMessage(line, position) }),
    });
    if (ndjson) {
      void reply.header('content-type', `${NDJSON}; charset=utf-8`);
      return slicedStream(longPoll(items, query.limit ?? 1000, (query.wait ?? 25) * 1000, abort));
    }
    return eventStream(reply, feedMessages(items), abort);
  }

  @Get('matches/:id/stream')
  @TokenOptional()
  @StreamedRead()
  @ApiOperation({
    operationId: 'streamMatch',
    summary: 'A live stream of one match’s events, as you may see them',
    description:
      'Server-Sent Events: one message per event in seq order, `id` its seq and `data` the event (a RecordedEventDto) redacted for you; ' +
      'first the events after `after` (or `Last-Event-ID`; without either, from the first), then each new one as it is recorded. ' +
      'A spectator of a live match gets events only as far as the spectator delay allows, each once the delay has passed. ' +
      'Live private matches only for their seats, judges and organizer; a judge’s read of a live match is recorded in its audit log.',
  })
  @LAST_EVENT_ID('seq')
  @ApiOkResponse({
    description: 'An event stream of RecordedEventDto messages',
    content: { [EVENT_STREAM]: {} },
  })
  @ApiProblems(400, 401, 403, 404)
  async matchStream(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Query() query: MatchStreamQueryDto,
    @Headers('last-event-id') lastEventId: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Readable> {
    const resume = resumePoint(lastEventId, query.after, 15);
    const abort = abortWhenClosed(reply);
    const lines = await this.matchStreams.open(principal, id, {
      afterSeq: resume.value === undefined ? undefined : Number(resume.value),
      afterName: resume.name,
      signal: abort.signal,
    });
    return eventStream(reply, matchMessages(lines), abort);
  }
}

async function* feedMessages(items: AsyncIterable<FeedItem>): AsyncGenerator<string | Buffer> {
  for await (const item of items) {
    if ('frames' in item) {
      yield item.frames;
      continue;
    }
    if ('line' in item) {
      yield sseMessage(item.line, item.position);
      continue;
    }
    if ('caughtUp' in item) continue;
    const { lastPosition, behind } = item.cutOff;
    yield sseMessage(
      JSON.stringify({
        ...(lastPosition === undefined ? {} : { lastPosition }),
        behind,
        detail: `You fell more than ${FEED_MAX_BEHIND} live events behind: reconnect after lastPosition to read on`,
      }),
      undefined,
      'cut-off',
    );
    return;
  }
}

async function* matchMessages(lines: AsyncIterable<MatchStreamLine>): AsyncGenerator<string> {
  for await (const { seq, line } of lines) yield sseMessage(line, String(seq));
}

/**
 * The long poll: the events visible to the reader now (up to `limit`), or, when there are
 * none yet, the first batch that comes within `waitMs`. The page ends where the feed says it
 * has caught up, never on a timer: `wait` bounds only the wait for a first event once the
 * feed has caught up, so a page holds `limit` events whenever that many are there, however
 * long the reading takes (a compressed answer is slower; with `wait=0` a timer firing between
 * two slices used to end the page). The feed ends with the answer.
 */
async function* longPoll(
  items: AsyncGenerator<FeedItem>,
  limit: number,
  waitMs: number,
  abort: AbortController,
): AsyncGenerator<string> {
  let expired = false;
  let waiting = false;
  const deadline = setTimeout(() => {
    expired = true;
    if (waiting) abort.abort();
  }, waitMs);
  try {
    let sent = 0;
    while (sent < limit) {
      const result = await items.next();
      if (result.done) return;
      const item = result.value;
      if ('caughtUp' in item) {
        if (sent > 0 || expired) return;
        waiting = true;
        continue;
      }
      waiting = false;
      if (!('line' in item)) return;
      yield `${item.line}\n`;
      sent += 1;
    }
  } finally {
    clearTimeout(deadline);
    abort.abort();
    await items.return(undefined);
  }
}
