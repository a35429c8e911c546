import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { decideSeatLinkReissue } from '../../../domain/match/match-decider';
import type { Principal } from '../../auth/principal';
import { TokenService } from '../../auth/token.service';
import { ForbiddenError, UnauthorizedError } from '../../errors';
import { managesMatch } from '../match-access';
import { MatchRecorder } from '../match-recorder';
import { actorOf, type RecordedResult } from './record-match-events';

export type ReissuedSeatLink = RecordedResult & { seat: string; token: string };

export class ReissueSeatLinkCommand extends Command<ReissuedSeatLink> {
  constructor(
    readonly principal: Principal,
    readonly matchId: string,
    readonly seat: string,
  ) {
    super();
  }
}

/**
 * A lost (or leaked) seat link replaced: by the match's organizer (or an admin) while it is
 * live. `SeatLinkReissued` is recorded first (a refusal changes nothing), so every seat sees
 * that the link changed and the organizer keeps the receipt; then the new token is issued and
 * every earlier token of the seat revoked.
 */
@CommandHandler(ReissueSeatLinkCommand)
export class ReissueSeatLinkHandler implements ICommandHandler<
  ReissueSeatLinkCommand,
  ReissuedSeatLink
> {
  constructor(
    private readonly recorder: MatchRecorder,
    private readonly tokens: TokenService,
  ) {}

  async execute({ principal, matchId, seat }: ReissueSeatLinkCommand): Promise<ReissuedSeatLink> {
    const current = await this.recorder.current(matchId);
    if (principal.kind === 'anonymous') throw new UnauthorizedError();
    if (!managesMatch(principal, current))
      throw new ForbiddenError({
        en: 'A seat link is issued again by the match’s organizer (or an admin)',
        ru: 'Новую ссылку места выдаёт организатор матча (или администратор)',
      });
    const recorded = await this.recorder.record(
      matchId,
      (state) => decideSeatLinkReissue(state, seat),
      { viewer: principal, actor: actorOf(principal) },
    );
    const { token } = await this.tokens.reissueSeat(matchId, seat);
    return { ...recorded, seat, token };
  }
}
