import { Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { Principal } from '../auth/principal';
import { ForbiddenError, UnauthorizedError } from '../errors';
import { DISPUTE_QUEUE, type DisputeQueue, type DisputeSummary } from '../ports/dispute-queue.port';

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
  constructor(@Inject(DISPUTE_QUEUE) private readonly queue: DisputeQueue) {}

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
    return { items: await this.queue.list({ status, ...scope }, limit) };
  }
}
