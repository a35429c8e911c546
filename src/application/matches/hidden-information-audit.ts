import { Injectable } from '@nestjs/common';
import {
  hiddenInformationViewed,
  type HiddenInformationViewedData,
} from '../../domain/match/side-streams';
import type { MatchState } from '../../domain/match/match-state';
import type { Principal } from '../auth/principal';
import type { MatchView } from './match-access';
import { SideStreamLog } from './side-stream-log';

export type ViewedRead = Omit<HiddenInformationViewedData, 'judge'>;

/**
 * "A judge sees everything, and the service records that the judge looked" (DESIGN section 7).
 * Every read by a judge of a live match (`view.privileged`) appends HiddenInformationViewed to
 * `audit-<matchId>` before the answer leaves: a read that cannot be recorded is not given.
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
    if (!view.privileged || principal.kind !== 'judge') return;
    await this.sideStreams.append(
      'audit',
      match,
      [hiddenInformationViewed({ judge: { id: principal.id, name: principal.name }, ...read })],
      { kind: 'judge', id: principal.id },
    );
  }
}
