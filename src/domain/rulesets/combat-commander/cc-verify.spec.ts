import { createPublicKey, generateKeyPairSync, sign } from 'node:crypto';
import { MatchHarness } from '@test/support/match-harness';
import { sealEvent } from '../../events/hash-chain';
import type { RecordedEvent } from '../../events/recorded-event';
import { saltedCommitment } from '../../events/secret-commitment';
import { exportHeaderOf, keyIdOf, signedBytes, type ExportLine } from '../../export/export-format';
import { verifyExport } from '../../export/verify-export';
import type { MatchCreatedData } from '../../match/match-events';
import type { CcState } from './cc-state';
import { combatCommanderRuleset } from './combat-commander.ruleset';
import { SEATS } from './cc.testkit';

/**
 * Every "roll" of a Combat Commander match is a card revealed from a provably shuffled deck:
 * the offline verifier re-derives each shuffle from the revealed seed and checks each
 * revealed card against the deck's verified order, so a forged card fails at its seq.
 */

const { privateKey } = generateKeyPairSync('ed25519');
const der = createPublicKey(privateKey).export({ format: 'der', type: 'spki' });
const KEY = { publicKey: der.toString('base64'), keyId: keyIdOf(der) };

function exportLines(h: MatchHarness<CcState>, events: RecordedEvent[] = h.events): string[] {
  const headHash = events[events.length - 1].meta.hash;
  const lines: ExportLine[] = [
    exportHeaderOf(h.events[0].data as MatchCreatedData, h.state.seats, '2026-11-27T07:00:00.000Z'),
    ...events.map((event) => ({ kind: 'event' as const, event })),
    {
      kind: 'trailer',
      eventCount: events.length,
      headHash,
      ...(h.state.revealedSeed ? { seed: h.state.revealedSeed } : {}),
      signature: {
        alg: 'Ed25519',
        keyId: KEY.keyId,
        publicKey: KEY.publicKey,
        value: sign(null, signedBytes(headHash), privateKey).toString('base64'),
      },
    },
  ];
  return lines.map((line) => JSON.stringify(line));
}

/** Re-seals the log from the forged event on and signs it again, as a dishonest operator could. */
function resealed(h: MatchHarness<CcState>, forged: RecordedEvent): string[] {
  const events = h.events.map((e) => structuredClone(e));
  const secret = (forged.data as { secret?: unknown }).secret;
  if (forged.meta.secretSalt !== undefined && secret !== undefined)
    forged.meta.secretCommitment = saltedCommitment(forged.meta.secretSalt, secret);
  events[forged.seq] = forged;
  for (let seq = forged.seq; seq < events.length; seq += 1)
    events[seq] = sealEvent(events[seq], seq === 0 ? '' : events[seq - 1].meta.hash);
  return exportLines(h, events);
}

/** Resolves whatever trigger waits, as its roller would (the Sniper declines, the Event does nothing). */
function settle(h: MatchHarness<CcState>): void {
  const pending = h.state.rs.pending;
  if (!pending) return;
  const other = SEATS.map((s) => s.seat).find((s) => s !== pending.seat) as string;
  if (pending.trigger === 'sniper') h.play(pending.seat, 'sniper', {});
  else if (pending.trigger === 'event') {
    h.play(pending.seat, 'state-outcome', { about: 'event', effects: [] });
    h.play(other, 'confirm-outcome', { id: `o${h.state.rs.outcomes.next - 1}` });
  }
}

/** A match on the illustrative decks: Turns, rolls with their triggers, and a confirmed end. */
function playedMatch(): MatchHarness<CcState> {
  const h = new MatchHarness(combatCommanderRuleset, 'cc-verify').started(SEATS);
  h.play('axis', 'begin');
  for (let turn = 0; turn < 12; turn += 1) {
    const seat = h.state.rs.turn?.seat as string;
    // No Order is given, so no card allows Defence, Recover or Fire: rolls of another purpose.
    for (let roll = 0; roll < 3; roll += 1) {
      h.play(seat, 'roll', { purpose: 'other' });
      settle(h);
    }
    h.play(seat, 'discard', { cards: [] });
  }
  h.play('axis', 'state-outcome', { about: 'victory', effects: [{ kind: 'end', seat: 'allies' }] });
  h.play('allies', 'confirm-outcome', { id: `o${h.state.rs.outcomes.next - 1}` });
  return h;
}

describe('Combat Commander exports: every revealed card re-derived offline', () => {
  const h = playedMatch();
  const drawn = h.events
    .filter((e) => e.type === 'CardsDrawn')
    .reduce((n, e) => n + (e.data as { count: number }).count, 0);

  it('verifies an ended match: every shuffle re-derived, every card drawn or revealed checked', () => {
    expect(h.state.status).toBe('finished');
    const verdict = verifyExport(exportLines(h));
    expect(verdict).toMatchObject({
      ok: true,
      dice: 'verified',
      counts: {
        draws: drawn,
        shuffles: h.events.filter((e) => e.type === 'DeckShuffled').length,
        decisions: h.events.filter((e) => e.type === 'DecisionMade').length,
      },
    });
    // Rolls revealed cards face up, Time advances reshuffled.
    expect(h.events.filter((e) => e.type === 'FateRolled').length).toBeGreaterThanOrEqual(36);
    expect(h.events.filter((e) => e.type === 'DeckShuffled').length).toBeGreaterThan(2);
  });

  it('fails a forged revealed card at its seq, though the log is re-chained and re-signed', () => {
    const reveal = h.events.filter(
      (e) => e.type === 'CardsDrawn' && e.meta.visibility === 'public',
    )[5];
    const forged = structuredClone(reveal);
    const data = forged.data as { secret: { pieces: string[] } };
    const [real] = data.secret.pieces;
    data.secret.pieces = [real === 'axis-fate-01' ? 'axis-fate-02' : 'axis-fate-01'];
    const verdict = verifyExport(resealed(h, forged));
    expect(verdict).toMatchObject({ ok: false, seq: reveal.seq });
    expect(['decision_mismatch', 'draw_mismatch']).toContain((verdict as { code: string }).code);
  });
});
