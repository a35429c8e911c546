import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Principal } from '../../application/auth/principal';
import { HiddenInformationAudit } from '../../application/matches/hidden-information-audit';
import {
  judgesMatch,
  managesMatch,
  resolveMatchView,
  seatOf,
} from '../../application/matches/match-access';
import { MatchRepository } from '../../application/matches/match-repository';
import { redactEvent } from '../../domain/match/match-view';
import type { MatchState } from '../../domain/match/match-state';
import type { BoardLayout } from '../../domain/rulesets/ruleset';
import { ApiProblems } from '../http/api-problems.decorator';
import { CurrentPrincipal } from '../http/current-principal.decorator';
import { TokenOptional } from '../http/openapi';
import {
  BoardPositionDto,
  HexCellDto,
  LayoutDto,
  PhrasesDto,
  PhrasesQueryDto,
  ViewerContextDto,
  type EventPhraseDto,
} from './replay-api.dto';

/** What the replay viewer needs besides the matches API: who is looking, the board layout, the ruleset's phrasing. */
@ApiTags('matches')
@ApiExtraModels(BoardPositionDto, HexCellDto)
@Controller('api/v1/matches')
export class ReplayApiController {
  constructor(
    private readonly matches: MatchRepository,
    private readonly audit: HiddenInformationAudit,
  ) {}

  @Get(':id/viewer')
  @TokenOptional()
  @ApiOperation({
    summary: 'Who the caller reads this match as',
    description:
      'The viewer (public, a seat, a judge, an admin), whether the token sent applies to this match, whether hidden information is shown, and the last seq the caller may see (for a spectator of a live match, also the last seq they are told of).',
  })
  @ApiOkResponse({ type: ViewerContextDto })
  @ApiProblems(401, 403, 404)
  async viewer(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
  ): Promise<ViewerContextDto> {
    const current = await this.matches.current(id);
    const view = resolveMatchView(principal, current);
    const viewer = view.viewer;
    return {
      matchId: id,
      viewer: viewer.kind === 'seat' ? { kind: 'seat', seat: viewer.seat } : { kind: viewer.kind },
      token: tokenScope(principal, current),
      seesEverything: view.everything,
      horizon: view.horizon,
      delayed: view.delayed,
      lastSeq: view.horizon,
      ...(principal.kind === 'judge' || principal.kind === 'organizer'
        ? { name: principal.name, actorId: principal.id }
        : {}),
    };
  }

  @Get(':id/layout')
  @TokenOptional()
  @ApiOperation({
    summary: 'How to draw the board of this match',
    description:
      "The ruleset's layout for the match's setup: coordinates for locations, a hex grid or a ring of sectors; `areas` when the ruleset has none.",
  })
  @ApiOkResponse({ type: LayoutDto })
  @ApiProblems(401, 403, 404)
  async layout(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
  ): Promise<LayoutDto> {
    const current = await this.matches.current(id);
    const view = resolveMatchView(principal, current);
    const state = await this.matches.stateAt(id, view.horizon);
    return { matchId: id, ruleset: state.ruleset, layout: this.layoutOf(state) };
  }

  @Get(':id/phrases')
  @TokenOptional()
  @ApiOperation({
    summary: "The ruleset's sentences for its own events, in English and Russian",
    description:
      'For the replay log. Generic table and match events are phrased by the viewer (src/domain/match/event-phrases.ts); a ruleset phrases its own. Hidden members are redacted for the caller first.',
  })
  @ApiOkResponse({ type: PhrasesDto })
  @ApiProblems(400, 401, 403, 404)
  async phrases(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Query() query: PhrasesQueryDto,
  ): Promise<PhrasesDto> {
    const current = await this.matches.current(id);
    const view = resolveMatchView(principal, current);
    const ruleset = this.matches.rulesetOf(current);
    const phrases: EventPhraseDto[] = [];
    const describe = ruleset.describeEvent?.bind(ruleset);
    const to = Math.min(query.to ?? view.horizon, view.horizon);
    const from = query.from ?? 0;
    if (!describe || from > to) return { matchId: id, phrases };
    // The ruleset's sentences may tell hidden members: a judge's read of a live match is audited first.
    await this.audit.viewed(principal, current, view, {
      scope: 'events',
      fromSeq: from,
      toSeq: to,
    });
    for await (const event of this.matches.events(id, from, to)) {
      const seen = redactEvent(event, view.viewer, view.everything);
      const en = attempt(() => describe(seen, 'en'));
      const ru = attempt(() => describe(seen, 'ru'));
      if (en || ru) phrases.push({ seq: event.seq, en: en ?? ru ?? '', ru: ru ?? en ?? '' });
    }
    return { matchId: id, phrases };
  }

  private layoutOf(state: MatchState): BoardLayout {
    const ruleset = this.matches.rulesetOf(state);
    return attempt(() => ruleset.layout?.(state.table, state.setup)) ?? { kind: 'areas' };
  }
}

function tokenScope(principal: Principal, state: MatchState): ViewerContextDto['token'] {
  switch (principal.kind) {
    case 'anonymous':
      return 'none';
    case 'admin':
      return 'applies';
    case 'seat':
      return seatOf(principal, state) ? 'applies' : 'other-match';
    case 'judge':
      return judgesMatch(principal, state) ? 'applies' : 'other-match';
    case 'organizer':
      return managesMatch(principal, state) ? 'applies' : 'other-match';
  }
}

/** A ruleset hook that throws must not take the viewer down: the generic fallback is used. */
function attempt<T>(hook: () => T | undefined): T | undefined {
  try {
    return hook();
  } catch {
    return undefined;
  }
}
