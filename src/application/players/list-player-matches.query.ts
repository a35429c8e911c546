import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { Principal } from '../auth/principal';
import { PlayerDirectory } from './player-directory';
import { PlayerMatches, type PlayerMatchesFilter } from './player-matches';
import { playerRefsOf } from './player-refs';
import { requirePlayer } from './require-player';

/** Lines gathered into one piece of the answer before it goes to the stream. */
const LINES_PER_CHUNK = 50;

export class ListPlayerMatchesQuery extends Query<AsyncIterable<string>> {
  constructor(
    readonly principal: Principal,
    readonly playerId: string,
    /** `vs`: another player's id, or an exact normalised name or alias. */
    readonly filter: Omit<PlayerMatchesFilter, 'vs'> & { vs?: string },
  ) {
    super();
  }
}

/**
 * A registered player's history as NDJSON (one PlayerMatchLine a line, newest first), in the
 * manner of Lichess's `/api/games/user`. An unknown player is refused before the stream starts.
 */
@QueryHandler(ListPlayerMatchesQuery)
export class ListPlayerMatchesHandler implements IQueryHandler<
  ListPlayerMatchesQuery,
  AsyncIterable<string>
> {
  constructor(
    private readonly directory: PlayerDirectory,
    private readonly matches: PlayerMatches,
  ) {}

  async execute({
    principal,
    playerId,
    filter,
  }: ListPlayerMatchesQuery): Promise<AsyncIterable<string>> {
    await requirePlayer(this.directory, playerId);
    const { vs, ...rest } = filter;
    const lines = this.matches.of(principal, playerId, {
      ...rest,
      ...(vs !== undefined ? { vs: await playerRefsOf(this.directory, vs) } : {}),
    });
    return ndjson(lines);
  }
}

async function* ndjson(lines: AsyncIterable<object>): AsyncGenerator<string> {
  let chunk: string[] = [];
  for await (const line of lines) {
    chunk.push(`${JSON.stringify(line)}\n`);
    if (chunk.length >= LINES_PER_CHUNK) {
      yield chunk.join('');
      chunk = [];
    }
  }
  if (chunk.length > 0) yield chunk.join('');
}
