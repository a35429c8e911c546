import { IsString, Length } from 'class-validator';
import { MatchHarness } from '@test/support/match-harness';
import { checkReplay } from '../../export/replay-check';
import { freeformRuleset } from '../freeform/freeform.ruleset';
import { saltedCommitment } from '../../events/secret-commitment';
import { decideReveal, decideSeal } from '../../match/sealed-decider';
import { isRejection } from '../rule-violation';
import type { CitedMatch, Ruleset } from '../ruleset';
import { IsId } from '../../shared/safe-text';
import { decisionsOn } from './decision';
import { Draft } from './draft';
import { Field } from './field-doc';

class CiteTestLinkParams {
  @Field('The match linked', 'Партия')
  @IsId()
  match!: string;

  @Field('Its head hash as the caller saw it', 'Хеш')
  @IsString()
  @Length(64, 64)
  headHash!: string;
}

type CiteTestState = { linked: string[] };
const LINK_RULE = '§ test: «a battle is a finished match»';

/** A campaign in miniature: each `link` takes a finished match's winners. */
const decision = decisionsOn<CiteTestState, Draft<CiteTestState>>(
  (ctx) => new Draft(ctx, { id: 'cite-test', evolve: evolveCiteTest }),
);

function evolveCiteTest(rs: CiteTestState, event: { type: string; data: unknown }): CiteTestState {
  if (event.type !== 'MatchCited') return rs;
  return { linked: [...rs.linked, (event.data as { matchId: string }).matchId] };
}

const citeTestRuleset: Ruleset<CiteTestState> = {
  id: 'cite-test',
  version: '0.0.1',
  title: { en: 'Cite test', ru: 'Проверка ссылок' },
  summary: { en: 'Links matches', ru: 'Связывает партии' },
  options: [],
  catalog: [],
  seats: { min: 1, max: 2 },
  initialState: () => ({ linked: [] }),
  setup: () => [],
  decisions: {
    link: decision({
      summary: { en: 'Link a match', ru: 'Связать партию' },
      params: CiteTestLinkParams,
      turn: 'any',
      cites: (params) => (typeof params.match === 'string' ? [params.match] : []),
      decide(d, { match, headHash }) {
        d.cite(match, headHash, LINK_RULE);
      },
    }),
    'sealed-link': decision({
      summary: { en: 'Link a match, sealed first', ru: 'Связать партию (запечатано)' },
      params: CiteTestLinkParams,
      turn: 'any',
      sealing: 'required',
      cites: (params) => (typeof params.match === 'string' ? [params.match] : []),
      decide(d, { match, headHash }) {
        d.cite(match, headHash, LINK_RULE);
      },
    }),
  },
  evolve: evolveCiteTest,
  derive: () => ({}),
  undo: () => ({ allowed: true, needsConsent: false }),
};

function battle(finished: boolean): MatchHarness {
  const h = new MatchHarness(freeformRuleset, 'battle-1');
  h.started([{ seat: 'a' }, { seat: 'b' }]);
  h.play('a', 'change-track', { track: 'points-a', owner: 'a', value: 7 });
  if (finished) h.play('b', 'concede');
  return h;
}

describe('campaign links: a decision cites another, finished match', () => {
  it('given a finished battle, when the league links it with its head hash, then MatchCited records its head and winners', () => {
    const fought = battle(true);
    const league = new MatchHarness(citeTestRuleset, 'league-1').started([{ seat: 'org' }]);
    league.cited = [fought.asCited({ a: 7 })];
    const [, cited] = league
      .when('org', 'link', { match: 'battle-1', headHash: fought.state.headHash })
      .then([
        {
          type: 'MatchCited',
          data: {
            matchId: 'battle-1',
            ruleset: 'freeform',
            headSeq: fought.state.lastSeq,
            headHash: fought.state.headHash,
            took: { winners: ['a'], points: { a: 7 } },
          },
        },
      ]);
    expect(cited.data).toMatchObject({ seats: [{ seat: 'a', player: 'Player a' }, { seat: 'b' }] });
    expect(league.state.rs.linked).toEqual(['battle-1']);
  });

  it('refuses a battle not finished yet, citing the rule, and records nothing', () => {
    const playing = battle(false);
    const league = new MatchHarness(citeTestRuleset, 'league-1').started([{ seat: 'org' }]);
    league.cited = [playing.asCited()];
    const before = league.events.length;
    league
      .when('org', 'link', { match: 'battle-1', headHash: playing.state.headHash })
      .thenRejects('cited_match_unfinished', LINK_RULE);
    expect(league.events).toHaveLength(before);
  });

  it('refuses a hash that is not the head of the battle (a stale or forged link)', () => {
    const fought = battle(true);
    const league = new MatchHarness(citeTestRuleset, 'league-1').started([{ seat: 'org' }]);
    league.cited = [fought.asCited()];
    const rejection = league
      .when('org', 'link', { match: 'battle-1', headHash: fought.events[3].meta.hash })
      .thenRejects('cited_hash_mismatch', LINK_RULE);
    expect(rejection.message).toContain(fought.state.headHash);
  });

  it('refuses a match the service does not have', () => {
    const league = new MatchHarness(citeTestRuleset, 'league-1').started([{ seat: 'org' }]);
    league
      .when('org', 'link', { match: 'nowhere', headHash: 'a'.repeat(64) })
      .thenRejects('cited_match_unknown', LINK_RULE);
  });

  it('cites from a sealed decision too: the reveal reads the cited match like an open decision', () => {
    const fought = battle(true);
    const league = new MatchHarness(citeTestRuleset, 'league-1').started([{ seat: 'org' }]);
    const params = { match: 'battle-1', headHash: fought.state.headHash };
    const salt = 'c'.repeat(32);
    const sealed = decideSeal(league.ruleset, league.state, {
      sealId: 'seal-1',
      seat: 'org',
      kind: 'sealed-link',
      commitment: saltedCommitment(salt, params),
    });
    if (isRejection(sealed)) throw new Error(sealed.message);
    league.record(sealed, { kind: 'seat', id: 'org', seat: 'org' });
    const reveal = (cited: CitedMatch[]) =>
      decideReveal(
        league.ruleset,
        league.state,
        { sealId: 'seal-1', seat: 'org', params, salt, decisionId: 'reveal-1' },
        league.seed,
        cited,
      );
    // Without the cited match read, the reveal is refused as for an unknown match.
    expect(reveal([])).toMatchObject({ code: 'cited_match_unknown' });
    const revealed = reveal([fought.asCited({ a: 7 })]);
    if (isRejection(revealed)) throw new Error(revealed.message);
    league.record(revealed, { kind: 'seat', id: 'org', seat: 'org' }, 'reveal-1');
    expect(league.state.rs.linked).toEqual(['battle-1']);
    expect(checkReplay(citeTestRuleset, 'league-1', league.events, league.seed)).toMatchObject({
      decisions: 1,
    });
  });

  it('is decided again by the replay check from the MatchCited it recorded', () => {
    const fought = battle(true);
    const league = new MatchHarness(citeTestRuleset, 'league-1').started([{ seat: 'org' }]);
    league.cited = [fought.asCited({ a: 7 })];
    league.play('org', 'link', { match: 'battle-1', headHash: fought.state.headHash });
    const replayed = checkReplay(citeTestRuleset, 'league-1', league.events, league.seed);
    expect(replayed).toEqual({ draws: 0, decisions: 1 });
    // The replay takes the cited result from the log itself: that the battle's own export
    // holds that head and those winners is checkLinkedExports' part (linked-exports.spec).
  });
});
