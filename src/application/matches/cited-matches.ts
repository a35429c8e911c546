import { Injectable } from '@nestjs/common';
import { own } from '../../domain/shared/id-record';
import { isId } from '../../domain/shared/safe-text';
import type { MatchState } from '../../domain/match/match-state';
import { deriveMatch } from '../../domain/match/score-series';
import type { CitedMatch, Ruleset } from '../../domain/rulesets/ruleset';
import { NotFoundError } from '../errors';
import { MatchRepository } from './match-repository';

/** At most this many matches are read for one decision: a league battle cites one. */
export const MAX_CITED_MATCHES = 8;

/**
 * Reads the matches a decision's params cite (its spec's `cites`) before it is decided, so
 * the decision stays a pure function: the domain checks them (finished, the hash the caller
 * named) and records what it took. An unknown match is left out (the decision refuses it).
 */
@Injectable()
export class CitedMatches {
  constructor(private readonly matches: MatchRepository) {}

  async citedBy(
    ruleset: Ruleset,
    citingMatchId: string,
    kind: string,
    params: unknown,
  ): Promise<CitedMatch[]> {
    const cites = own(ruleset.decisions, kind)?.cites;
    if (!cites || params === null || typeof params !== 'object' || Array.isArray(params)) return [];
    const ids = [...new Set(cites(params as Record<string, unknown>))]
      .filter((id) => typeof id === 'string' && isId(id) && id !== citingMatchId)
      .slice(0, MAX_CITED_MATCHES);
    const cited: CitedMatch[] = [];
    for (const id of ids) {
      const state = await this.stateOf(id);
      if (state) cited.push(this.citedOf(state));
    }
    return cited;
  }

  private async stateOf(matchId: string): Promise<MatchState | undefined> {
    try {
      return await this.matches.current(matchId);
    } catch (error) {
      if (error instanceof NotFoundError) return undefined;
      throw error;
    }
  }

  private citedOf(state: MatchState): CitedMatch {
    const finished = state.status === 'finished';
    const derived = finished ? deriveMatch(this.matches.rulesetOf(state), state) : undefined;
    return {
      matchId: state.matchId,
      ruleset: state.ruleset.id,
      status: state.status === 'none' ? 'created' : state.status,
      headSeq: state.lastSeq,
      headHash: state.headHash,
      winners: finished ? [...(state.result?.winners ?? [])] : [],
      points: { ...(derived?.scores ?? {}) },
      seats: state.seats.map((seat) => ({
        seat: seat.seat,
        ...(seat.player ? { player: seat.player.name } : {}),
        ...(seat.faction ? { faction: seat.faction } : {}),
      })),
    };
  }
}
