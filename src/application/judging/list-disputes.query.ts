import { Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { Principal } from '../auth/principal';
import { ForbiddenError, UnauthorizedError } from '../errors';
import { DISPUTE_QUEUE, type DisputeQueue, type DisputeSummary } from '../ports/dispute-queue.port';
import { TOKEN_STORE, type TokenStore } from '../ports/token-store.port';

export class ListDisputesQuery extends Query<{ items: DisputeSummary[] }> {
  constructor(
    readonly principal: Principal,
    readonly status: 'open' | 'ruled' | undefined,
    readonly limit: number,
  ) {
    super();
  }
}

/** Judges see the disputes of the matches they judge; organizers those of their matches; admins all. */
@QueryHandler(ListDisputesQuery)
export class ListDisputesHandler implements IQueryHandler<
  ListDisputesQuery,
  { items: DisputeSummary[] }
> {
  constructor(
    @Inject(DISPUTE_QUEUE) private readonly queue: DisputeQueue,
    @Inject(TOKEN_STORE) private readonly tokens: TokenStore,
  ) {}

  async execute({
    principal,
    status,
    limit,
  }: ListDisputesQuery): Promise<{ items: DisputeSummary[] }> {
    const scope = (() => {
      switch (principal.kind) {
        case 'anonymous':
          throw new UnauthorizedError();
        case 'seat':
        case 'reader':
          throw new ForbiddenError({
            en: 'The disputes queue is for judges and organizers',
            ru: 'Очередь споров видят судьи и организаторы',
          });
        case 'admin':
          return { all: true };
        case 'organizer':
          return { organizer: principal.id };
        case 'judge':
          return principal.matchId
            ? { matchIds: [principal.matchId] }
            : { tournamentIds: principal.tournamentId ? [principal.tournamentId] : [] };
      }
    })();
    const items = await this.queue.list({ status, ...scope }, limit);
    return { items: await this.nameJudges(items) };
  }

  /** Events record a judge by id: the desk reads the name the judge was appointed under. */
  private async nameJudges(items: DisputeSummary[]): Promise<DisputeSummary[]> {
    const scopes = new Map<string, { matchId: string; tournamentId?: string }>();
    for (const d of items)
      if (d.judge) scopes.set(d.matchId, { matchId: d.matchId, tournamentId: d.tournamentId });
    const names = new Map<string, Map<string, string>>();
    for (const [matchId, scope] of scopes) {
      const judges = await this.tokens.judgesOf(scope);
      names.set(matchId, new Map(judges.map((j) => [j.id, j.name])));
    }
    return items.map((d) => {
      const name = d.judge && names.get(d.matchId)?.get(d.judge.id);
      return d.judge && name ? { ...d, judge: { id: d.judge.id, name } } : d;
    });
  }
}
