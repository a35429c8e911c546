import { Inject, Logger } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import {
  SIGNATURE_ALG,
  exportHeaderOf,
  signedBytes,
  type ExportLine,
  type ExportLogProof,
  type ExportTrailer,
} from '../../../domain/export/export-format';
import type { MatchCreatedData } from '../../../domain/match/match-events';
import type { Principal } from '../../auth/principal';
import { ForbiddenError } from '../../errors';
import { CLOCK, type Clock } from '../../ports/clock.port';
import { SIGNING_KEY, type Signer } from '../../ports/signer.port';
import { TransparencyLog } from '../../transparency/transparency-log';
import { HiddenInformationAudit } from '../hidden-information-audit';
import { resolveMatchView } from '../match-access';
import { MatchRepository } from '../match-repository';

/** How long an export of a match that has just ended waits for its leaf in the transparency log. */
const LOG_WAIT_MS = 3000;

/** A signed export, ready to stream: the lines are produced as they are read. */
export interface SignedExport {
  matchId: string;
  /** The last seq the export holds: the match as it was when the export began. */
  lastSeq: number;
  lines: AsyncIterable<ExportLine>;
}

export class ExportMatchQuery extends Query<SignedExport> {
  constructor(
    readonly principal: Principal,
    readonly matchId: string,
  ) {
    super();
  }
}

/**
 * The signed export (domain/export/export-format.ts): header, every event unredacted, and a
 * trailer signed over the head hash. An export holds every secret, so it is given only to
 * callers who see everything: judges and admins of a live match, anyone once it has ended.
 * Access is checked, the match pinned at its current seq and a judge's read of a live match
 * audited before the first line, so a refusal is a proper problem response and events
 * appended meanwhile are not included.
 */
@QueryHandler(ExportMatchQuery)
export class ExportMatchHandler implements IQueryHandler<ExportMatchQuery, SignedExport> {
  constructor(
    private readonly matches: MatchRepository,
    @Inject(SIGNING_KEY) private readonly signer: Signer,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly audit: HiddenInformationAudit,
    private readonly log: TransparencyLog,
  ) {}

  private readonly logger = new Logger(ExportMatchHandler.name);

  /**
   * The match's latest leaf at or below `lastSeq` with its inclusion proof and checkpoint. A
   * match that has just ended waits for its leaf and a checkpoint over it (about a second at
   * most); a log that cannot answer leaves the member out, and the export is still whole.
   */
  private async logProof(matchId: string, lastSeq: number): Promise<ExportLogProof | undefined> {
    try {
      await this.log.settled(LOG_WAIT_MS);
      const latest = await this.log.latestLeafOf(matchId);
      if (!latest || latest.leaf.seq > lastSeq) return undefined;
      const checkpoint = await this.log.checkpointCovering(latest.index + 1);
      const proof = await this.log.inclusion(matchId, checkpoint.size);
      return {
        leaf: proof.leaf,
        index: proof.index,
        inclusionProof: proof.inclusionProof,
        checkpoint: checkpoint.note,
      };
    } catch (error) {
      this.logger.warn(`export of ${matchId} without its log proof: ${(error as Error).message}`);
      return undefined;
    }
  }

  async execute({ principal, matchId }: ExportMatchQuery): Promise<SignedExport> {
    const state = await this.matches.current(matchId);
    const view = resolveMatchView(principal, state);
    // A signature vouches for the whole chain: never for one known to break.
    if (view.everything) this.matches.refuseIfBroken(matchId);
    if (!view.everything) {
      throw new ForbiddenError({
        en:
          `Match ${matchId} is still being played: its export holds every hidden card, sealed choice and deck order, ` +
          'so until the match ends only its judges and admins may export it. ' +
          `Read GET /api/v1/matches/${matchId}/events meanwhile, or export once the match has ended.`,
        ru: 'Матч ещё идёт: в его выгрузке все скрытые карты, запечатанные выборы и порядок колод, поэтому до конца матча выгружать его могут только судьи и администраторы. Пока читайте журнал событий или выгрузите матч после его окончания',
      });
    }
    // The cached state moves on with later appends: take what the export needs now.
    const lastSeq = state.lastSeq;
    const headHash = state.headHash;
    const seed = state.revealedSeed;
    const seats = structuredClone(state.seats);
    // The header repeats MatchCreated exactly, as the verifier checks it against seq 0.
    const [created] = await this.matches.eventList(matchId, 0, 0);
    const header = exportHeaderOf(created.data as MatchCreatedData, seats, this.clock.nowIso());
    // A judge's export of a live match is recorded in its audit stream before the first line.
    await this.audit.viewed(principal, state, view, {
      scope: 'export',
      fromSeq: 0,
      toSeq: lastSeq,
    });
    const events = this.matches.events(matchId, 0, lastSeq);
    const signer = this.signer;
    const logProof = () =>
      seed === undefined ? Promise.resolve(undefined) : this.logProof(matchId, lastSeq);

    async function* lines(): AsyncIterable<ExportLine> {
      yield header;
      let count = 0;
      let last = '';
      for await (const event of events) {
        yield { kind: 'event', event };
        count += 1;
        last = event.meta.hash;
      }
      // The log read must be the log folded: never sign a head the state did not reach.
      if (count !== lastSeq + 1 || last !== headHash) {
        throw new Error(
          `Export of match ${matchId}: read ${count} events ending in ${last}, expected ${lastSeq + 1} ending in ${headHash}`,
        );
      }
      const { keyId, publicKey, value } = await signer.sign(signedBytes(last));
      const log = await logProof();
      const trailer: ExportTrailer = {
        kind: 'trailer',
        eventCount: count,
        headHash: last,
        ...(seed === undefined ? {} : { seed }),
        signature: { alg: SIGNATURE_ALG, keyId, publicKey, value },
        ...(log === undefined ? {} : { log }),
      };
      yield trailer;
    }
    return { matchId, lastSeq, lines: lines() };
  }
}
