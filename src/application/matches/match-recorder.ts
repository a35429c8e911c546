import { Inject, Injectable } from '@nestjs/common';
import type { RecordedEvent } from '../../domain/events/recorded-event';
import { spkiKeyOf } from '../../domain/export/ed25519';
import {
  checkReceipt,
  findingOf,
  receiptBodyOf,
  receiptSignedBytes,
  type AttachedReceipt,
  type Receipt,
} from '../../domain/export/receipt';
import type { LineState } from '../../domain/match/match-events';
import type { MatchState } from '../../domain/match/match-state';
import { voidedBy, lineStateOf } from '../../domain/match/rewind';
import type { Ruleset } from '../../domain/rulesets/ruleset';
import { StaleRevisionError } from '../errors';
import type { Decide, RecordedResult } from './commands/record-match-events';
import type { Principal } from '../auth/principal';
import { redactEvent } from '../../domain/match/match-view';
import { resolveMatchView } from './match-access';
import { MatchRepository, type AppendRequest } from './match-repository';
import { SIGNING_KEY, type Signer } from '../ports/signer.port';

export interface RecordRequest extends AppendRequest {
  /** When given, the returned events are redacted for this caller. */
  viewer?: Principal;
}

/**
 * Decide, append, sign the receipt: the one path every match command takes, and the one
 * object a command handler talks to (its reads of the match included), so the repository
 * stays behind it. Nothing is published in process: read models and feeds follow the store
 * itself (its $all position), so they see the same events on every replica.
 */
@Injectable()
export class MatchRecorder {
  constructor(
    private readonly matches: MatchRepository,
    @Inject(SIGNING_KEY) private readonly signer: Signer,
  ) {}

  /** The match now (shared: read it, never change it); an unknown match is a 404. */
  current(matchId: string): Promise<MatchState> {
    return this.matches.current(matchId);
  }

  /** The ruleset the match is played under, as this server has it. */
  rulesetOf(state: Pick<MatchState, 'ruleset' | 'matchId'>): Ruleset {
    return this.matches.rulesetOf(state);
  }

  /** The recorded events of [from, to], unredacted: redact with visibleTo before answering. */
  eventList(matchId: string, from: number, to: number): Promise<RecordedEvent[]> {
    return this.matches.eventList(matchId, from, to);
  }

  /** Returned events are redacted for `request.viewer` (a shuffle's order stays secret from the seat that shuffled). */
  async record(matchId: string, decide: Decide, request: RecordRequest): Promise<RecordedResult> {
    const { viewer, ...append } = request;
    const { events, state } = await this.matches.decideAndAppend(matchId, decide, append);
    const last = events.at(-1);
    // The receipt is signed on the thread pool while the answer's events are redacted.
    const [visible, receipt] = await Promise.all([
      viewer ? this.visibleTo(viewer, matchId, events) : events,
      last && this.receiptOf(last),
    ]);
    return {
      matchId,
      seq: state.lastSeq,
      events: visible,
      ...(receipt === undefined ? {} : { receipt }),
    };
  }

  /**
   * The signed receipt of a write whose last event is `last` (DESIGN section 2): one
   * signature over about 200 bytes built from the event alone, so the decision path never
   * serializes the match again.
   */
  async receiptOf(last: RecordedEvent): Promise<Receipt> {
    const [current] = this.signer.publicKeys();
    const body = receiptBodyOf(last, current.keyId);
    return { ...body, signature: (await this.signer.sign(receiptSignedBytes(body))).value };
  }

  /**
   * Receipts a seat brings (to a dispute), each checked against this server's log and keys:
   * the finding says whether the log still holds the receipted head at its seq.
   */
  async checkReceipts(matchId: string, receipts: readonly Receipt[]): Promise<AttachedReceipt[]> {
    const state = await this.matches.current(matchId);
    const hashes = new Map<number, string>();
    for (const seq of new Set(receipts.map((r) => r.seq))) {
      if (seq > state.lastSeq) continue;
      const [event] = await this.matches.eventList(matchId, seq, seq);
      if (event) hashes.set(seq, event.meta.hash);
    }
    const [current, ...older] = this.signer
      .publicKeys()
      .map(({ keyId, publicKey }) => ({ keyId, key: spkiKeyOf(publicKey).key }));
    const log = {
      matchId,
      eventCount: state.lastSeq + 1,
      hashAt: (seq: number) => hashes.get(seq),
      signingKey: current,
      trustedKeys: older,
    };
    return receipts.map((receipt, i) => ({
      ...receipt,
      finding: findingOf(checkReceipt({ ...receipt, line: i + 1 }, log)),
    }));
  }

  async visibleTo(
    principal: Principal,
    matchId: string,
    events: RecordedEvent[],
  ): Promise<RecordedEvent[]> {
    const view = resolveMatchView(principal, await this.matches.current(matchId));
    return events.map((event) => redactEvent(event, view.viewer, view.everything));
  }

  /**
   * What a rewind of `current` to `toSeq` needs: the line state there and the effective
   * events since (nothing when `toSeq` is not a seq before the head; the decider refuses it).
   */
  async rewindInputs(
    current: MatchState,
    toSeq: number | undefined,
  ): Promise<{ restore?: LineState; since: RecordedEvent[]; target?: RecordedEvent }> {
    const { matchId, lastSeq: head } = current;
    const inRange = toSeq !== undefined && Number.isInteger(toSeq) && toSeq >= 0 && toSeq < head;
    if (!inRange) return { since: [] };
    const [target, ...after] = await this.matches.eventList(matchId, toSeq, head);
    return {
      restore: lineStateOf(await this.matches.stateAt(matchId, toSeq)),
      since: after.filter((e) => !voidedBy(current, e)),
      ...(target ? { target } : {}),
    };
  }

  /**
   * Reads what a rewind to `toSeq` needs (the line state there and the effective events
   * since), then records with the revision pinned to the head those reads saw: if the
   * match moved in between, the inputs are stale and the whole step runs once more.
   */
  async recordRewinding(
    matchId: string,
    toSeq: number | undefined,
    decide: (inputs: {
      restore?: LineState;
      since: RecordedEvent[];
      target?: RecordedEvent;
    }) => Decide,
    request: Omit<RecordRequest, 'expectedSeq'>,
  ): Promise<RecordedResult> {
    for (let attempt = 0; ; attempt += 1) {
      const current = await this.matches.current(matchId);
      const head = current.lastSeq;
      const inputs = await this.rewindInputs(current, toSeq);
      try {
        return await this.record(matchId, decide(inputs), {
          ...request,
          expectedSeq: head,
        });
      } catch (error) {
        if (attempt > 0 || !(error instanceof StaleRevisionError)) throw error;
      }
    }
  }
}
