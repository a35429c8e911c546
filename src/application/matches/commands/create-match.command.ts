import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { commitmentOf } from '../../../domain/dice';
import { decideCreateMatch } from '../../../domain/match/match-decider';
import { isRejection } from '../../../domain/rulesets/rule-violation';
import type { RulesetRegistry } from '../../../domain/rulesets/ruleset-registry';
import type { SeatSpec } from '../../../domain/rulesets/ruleset';
import type { Principal } from '../../auth/principal';
import { TokenService } from '../../auth/token.service';
import { BadRequestError, ForbiddenError, RejectedError, UnauthorizedError } from '../../errors';
import { RNG, type Rng } from '../../ports/rng.port';
import { RULESET_REGISTRY } from '../../ports/ruleset-registry.token';
import { SECRETS, type Secrets } from '../../ports/secrets.port';
import { TOURNAMENT_REGISTRY, type TournamentRegistry } from '../../ports/tournament-registry.port';
import { requireManagedTournament } from '../../tournaments/tournament-access';
import { PlayerDirectory } from '../../players/player-directory';
import { resolveSeatPlayer } from '../../players/require-player';
import { MatchCreationQuota } from '../match-creation-quota';
import { MatchRepository } from '../match-repository';

export interface CreateMatchInput {
  ruleset: string;
  title?: string;
  options?: Record<string, unknown>;
  setup?: Record<string, unknown>;
  /** A starting position laid over the setup (domain/match/position.ts). */
  position?: Record<string, unknown>;
  /** `player`: a registered player (id, name or alias) who takes the seat at creation. */
  seats: (SeatSpec & { player?: string })[];
  tournamentId?: string;
  public?: boolean;
  spectatorDelay?: number;
  disputeWindowMinutes?: number;
}

/** DI token: how long new matches remember a decision's Idempotency-Key, in hours. */
export const IDEMPOTENCY_KEY_HOURS = Symbol('IdempotencyKeyHours');

export interface CreatedMatch {
  matchId: string;
  commitment: string;
  seq: number;
  /** One token per seat, shown only here: the organizer hands them to the players. */
  seatTokens: { seat: string; token: string }[];
}

export class CreateMatchCommand extends Command<CreatedMatch> {
  constructor(
    readonly principal: Principal,
    readonly input: CreateMatchInput,
  ) {
    super();
  }
}

@CommandHandler(CreateMatchCommand)
export class CreateMatchHandler implements ICommandHandler<CreateMatchCommand, CreatedMatch> {
  constructor(
    private readonly matches: MatchRepository,
    private readonly tokens: TokenService,
    @Inject(RULESET_REGISTRY) private readonly registry: RulesetRegistry,
    @Inject(SECRETS) private readonly secrets: Secrets,
    @Inject(RNG) private readonly rng: Rng,
    @Inject(TOURNAMENT_REGISTRY) private readonly tournaments: TournamentRegistry,
    @Inject(IDEMPOTENCY_KEY_HOURS) private readonly idempotencyKeyHours: number,
    private readonly quota: MatchCreationQuota,
    private readonly directory: PlayerDirectory,
  ) {}

  async execute({ principal, input }: CreateMatchCommand): Promise<CreatedMatch> {
    if (principal.kind === 'anonymous') throw new UnauthorizedError();
    if (principal.kind !== 'organizer' && principal.kind !== 'admin') {
      throw new ForbiddenError({
        en: 'Matches are created with an organizer or admin token',
        ru: 'Матч создают с токеном организатора или администратора',
      });
    }
    const ruleset = this.registry.get(input.ruleset);
    if (!ruleset) {
      const known = this.registry.list().map((r) => r.id);
      throw new BadRequestError(
        {
          en: `Unknown ruleset "${input.ruleset}"; known: ${known.join(', ')}`,
          ru: `Набора правил «${input.ruleset}» нет`,
        },
        'unknown-ruleset',
      );
    }
    // Its judges see every match of the tournament: only its owner adds matches to it.
    if (input.tournamentId !== undefined)
      await requireManagedTournament(this.tournaments, principal, input.tournamentId);
    const claims = [];
    for (const { seat, player } of input.seats)
      if (player !== undefined)
        claims.push({ seat, player: await resolveSeatPlayer(this.directory, player) });
    const matchId = this.rng.uuid();
    const seed = this.rng.bytes(32);
    const commitment = commitmentOf(seed);
    const decided = decideCreateMatch({
      ...input,
      seats: input.seats.map(({ player: _player, ...seat }) => seat),
      claims,
      matchId,
      ruleset,
      organizer: principal.id,
      commitment,
      idempotencyKeyHours: this.idempotencyKeyHours,
    });
    if (isRejection(decided)) throw new RejectedError(decided);
    // Only a match that would be created counts; a refused request takes no place.
    this.quota.take(principal);
    // Seed and tokens first: if the append then fails they are orphans, never a match without them.
    await this.secrets.putSeed(matchId, seed);
    const issued = await this.tokens.issueMany(
      input.seats.map(({ seat }) => ({ kind: 'seat' as const, matchId, seat })),
    );
    const seatTokens = input.seats.map(({ seat }, i) => ({ seat, token: issued[i].token }));
    const events = await this.matches.create(matchId, ruleset, decided, {
      actor: { kind: principal.kind, id: principal.id },
    });
    return { matchId, commitment, seq: events[events.length - 1].seq, seatTokens };
  }
}
