import { Injectable } from '@nestjs/common';
import {
  hiddenInformationViewed,
  type HiddenInformationViewedData,
} from '../../domain/match/side-streams';
import type { MatchState } from '../../domain/match/match-state';
import type { Principal } from '../auth/principal';
import type { MatchView } from './match-access';
import { SideStreamLog } from './side-stream-log';

export type ViewedRead = Omit<HiddenInformationViewedData, 'judge' | 'admin'>;

/**
 * "A judge sees everything, and the service records that the judge looked" (DESIGN section 7).
 * Every read by a judge or an admin of a live match (`view.privileged`) appends
 * HiddenInformationViewed to `audit-<matchId>` before the answer leaves: a read that cannot be
 * recorded is not given.
 */
@Injectable()
export class HiddenInformationAudit {
  constructor(private readonly sideStreams: SideStreamLog) {}

  async viewed(
    principal: Principal,
    match: Pick<MatchState, 'matchId' | 'ruleset'>,
    view: Pick<MatchView, 'privileged'>,
    read: ViewedRead,
  ): Promise<void> {
    if (!view.privileged) return;
    let who: Pick<HiddenInformationViewedData, 'judge' | 'admin'>;
    if (principal.kind === 'judge') who = { judge: { id: principal.id, name: principal.name } };
    else if (principal.kind === 'admin') who = { admin: { id: principal.id } };
    else return;
    await this.sideStreams.append('audit', match, [hiddenInformationViewed({ ...who, ...read })], {
      kind: principal.kind,
      id: principal.id,
    });
  }
}
