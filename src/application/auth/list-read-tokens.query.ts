import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { ReadLimits, ReadScope } from '../ports/token-store.port';
import { requireOrganizerOrAdmin } from './access';
import { issuerOf } from './issue-read-token.command';
import type { Principal } from './principal';
import { TokenService } from './token.service';

/** A read token as its list shows it: never the secret, which was shown once. */
export interface ListedReadToken {
  id: string;
  name: string;
  scope: ReadScope;
  limits: ReadLimits;
  issuedBy: string;
  createdAt: string;
}

export class ListReadTokensQuery extends Query<ListedReadToken[]> {
  constructor(readonly principal: Principal) {
    super();
  }
}

/** The read tokens not revoked: an organizer's own, or every one for the admin. */
@QueryHandler(ListReadTokensQuery)
export class ListReadTokensHandler implements IQueryHandler<
  ListReadTokensQuery,
  ListedReadToken[]
> {
  constructor(private readonly tokens: TokenService) {}

  async execute({ principal }: ListReadTokensQuery): Promise<ListedReadToken[]> {
    requireOrganizerOrAdmin(principal);
    const records = await this.tokens.readTokens(
      principal.kind === 'admin' ? undefined : issuerOf(principal),
    );
    return records.map((record) => ({
      id: record.subject,
      name: record.name ?? '',
      scope: record.scope ?? {},
      limits: record.limits ?? { requestsPerMinute: 0, openStreams: 0 },
      issuedBy: record.issuedBy ?? '',
      createdAt: record.createdAt,
    }));
  }
}
