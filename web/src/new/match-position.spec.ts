import type { RulesetDetail } from '../api/client';
import { newMatchLink } from '../replay/saved-position';
import { broughtPosition, fieldOfPath, initialDraft, matchRequest } from './match-request';

const RULESET = {
  id: 'freeform',
  seats: { min: 1, max: 4 },
  options: [],
  setup: { type: 'object', properties: {} },
  schemas: {},
  decisions: [],
  catalog: [],
} as unknown as RulesetDetail;

const problem = (key: string): string => key;

describe('a starting position on the organizer’s form', () => {
  it('sends the pasted position beside the setup, and nothing when the field is empty', () => {
    const draft = initialDraft(RULESET);
    const none = matchRequest('freeform', RULESET, draft, problem);
    expect(none.ok && 'position' in none.body).toBe(false);
    const position = { pieces: [{ id: 'cruiser', zone: 'south' }], turn: { round: 3 } };
    const sent = matchRequest(
      'freeform',
      RULESET,
      { ...draft, position: JSON.stringify(position) },
      problem,
    );
    expect(sent.ok && sent.body.position).toEqual(position);
  });

  it('says a position that is not a JSON object is not JSON, beside the field', () => {
    const draft = initialDraft(RULESET);
    for (const text of ['{ pieces: [', '[1, 2]', '7'])
      expect(matchRequest('freeform', RULESET, { ...draft, position: text }, problem)).toEqual({
        ok: false,
        problems: { position: 'notJson' },
      });
  });

  it('shows every problem the server names in the position beside the position field', () => {
    const fields = ['title', 'position', 'setup.zones'];
    expect(fieldOfPath('position.pieces.0.zone', fields)).toBe('position');
    expect(fieldOfPath('position', fields)).toBe('position');
    expect(fieldOfPath('zones.0.id', fields)).toBe('setup.zones');
  });

  it('takes a moment saved from a replay out of the address, as the replay wrote it', () => {
    const position = { pieces: [{ id: 'c3', zone: 'hand:red' }], turn: { round: 2 } };
    const link = newMatchLink('freeform', position);
    expect(link.startsWith('/new#')).toBe(true);
    const brought = broughtPosition(link.slice('/new'.length));
    expect(brought?.ruleset).toBe('freeform');
    expect(JSON.parse(brought?.position ?? '')).toEqual(position);
    expect(broughtPosition('#token=abc')).toBeUndefined();
  });
});
