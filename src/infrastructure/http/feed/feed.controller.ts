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
import { TokenOptional } from '../openapi';
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
  @ApiOperation({
    summary: 'The events of every match you may see, in global commit order, resumable',
    description:
      'Server-Sent Events: one message per event, `id` its global position and `data` a FeedLineDto. ' +
      'Reconnect with `Last-Event-ID` (EventSource does) or `after=` to get every event after it, whether you were gone a second or a week: no gap, no duplicate. ' +
      'Events are redacted as the match’s other reads redact them for you; a live private match is only in its seats’, judges’ and organizer’s feed; ' +
      'a live public match with a spectator delay is left out of spectators’ feeds (follow it on GET matches/:id/stream, which keeps the delay), and what it records after it ends is in. ' +
      `A comment line every 15 s keeps the stream open. A reader more than ${FEED_MAX_BEHIND} live events behind is sent a final \`cut-off\` message (data: \`{ lastPosition, behind, detail }\`) and the stream ends: resume after its lastPosition. ` +
      '`format=ndjson` is a long poll instead: FeedLineDto lines after `after`, up to `limit`, answered as soon as some are there or after `wait` seconds.',
  })
  @LAST_EVENT_ID('global position')
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
  @ApiOperation({
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
 * has caught up, never on a timer, so it holds `limit` events whenever that many are there,
 * however slowly the answer is written (a compressed one is slower). The feed ends with it.
 */
async function* longPoll(
  items: AsyncGenerator<FeedItem>,
  limit: number,
  waitMs: number,
  abort: AbortController,
): AsyncGenerator<string> {
  const deadline = setTimeout(() => abort.abort(), waitMs);
  try {
    let sent = 0;
    while (sent < limit) {
      const result = await items.next();
      if (result.done) return;
      const item = result.value;
      if ('caughtUp' in item) {
        if (sent > 0) return;
        continue;
      }
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
