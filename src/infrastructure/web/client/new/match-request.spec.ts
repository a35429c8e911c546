import type { RulesetDetail } from '../api';
import {
  factionsOf,
  fieldOfPath,
  initialDraft,
  matchRequest,
  setupFieldsOf,
} from './match-request';

const RULESET = {
  id: 'game',
  seats: { min: 2, max: 3 },
  options: [
    {
      id: 'dice',
      type: 'enum',
      default: 'server',
      choices: [{ value: 'server' }, { value: 'reported' }],
    },
    { id: 'handLimit', type: 'integer', default: 4, min: 1, max: 8 },
    { id: 'deadlock', type: 'boolean', default: true },
  ],
  setup: {
    type: 'object',
    properties: {
      startRound: { type: 'integer', minimum: 1, maximum: 8 },
      factions: { type: 'array', items: { $ref: '#/schemas/FactionParams' } },
    },
  },
  schemas: {
    FactionParams: {
      type: 'object',
      properties: { faction: { type: 'string', enum: ['sol', 'hacan', 'letnev'] } },
    },
  },
  decisions: [],
  catalog: [],
} as unknown as RulesetDetail;

const problem = (key: string): string => key;

describe('the organizer form from a ruleset’s specs', () => {
  it('generates setup fields and factions from the schemas, defaults preselected', () => {
    expect(setupFieldsOf(RULESET).map((f) => [f.name, f.kind])).toEqual([
      ['startRound', 'integer'],
      ['factions', 'json'],
    ]);
    expect(factionsOf(RULESET)).toEqual(['sol', 'hacan', 'letnev']);
    const draft = initialDraft(RULESET);
    expect(draft.options).toEqual({ dice: 'server', handLimit: '4', deadlock: true });
    expect(draft.seats.map((s) => [s.seat, s.faction])).toEqual([
      ['sol', 'sol'],
      ['hacan', 'hacan'],
    ]);
  });

  it('sends only the options changed from their defaults, typed, and the setup given', () => {
    const draft = initialDraft(RULESET);
    draft.options = { dice: 'server', handLimit: '6', deadlock: false };
    draft.setup = { startRound: '3', factions: '[{"faction":"sol"}]' };
    draft.seats[0] = { ...draft.seats[0], seat: ' Красные ', side: 'Империя' };
    draft.title = '  Кубок, стол 2 ';
    expect(matchRequest('game', RULESET, draft, problem)).toEqual({
      ok: true,
      body: {
        ruleset: 'game',
        title: 'Кубок, стол 2',
        options: { handLimit: 6, deadlock: false },
        setup: { startRound: 3, factions: [{ faction: 'sol' }] },
        seats: [
          { seat: 'Красные', side: 'Империя', faction: 'sol' },
          { seat: 'hacan', faction: 'hacan' },
        ],
      },
    });
  });

  it('says which field is wrong before sending: not a number, not JSON, a seat without id', () => {
    const draft = initialDraft(RULESET);
    draft.options.handLimit = '4.5';
    draft.setup = { startRound: 'two', factions: '[{' };
    draft.seats[1].seat = ' ';
    expect(matchRequest('game', RULESET, draft, problem)).toEqual({
      ok: false,
      problems: {
        'options.handLimit': 'notInteger',
        'setup.startRound': 'notInteger',
        'setup.factions': 'notJson',
        'seats.1.seat': 'required',
      },
    });
  });

  it('places a server problem beside its field, setup paths being inside the setup', () => {
    const fields = ['title', 'seats.1.seat', 'options.handLimit', 'setup.factions'];
    expect(fieldOfPath('seats.1.seat', fields)).toBe('seats.1.seat');
    expect(fieldOfPath('options.handLimit', fields)).toBe('options.handLimit');
    expect(fieldOfPath('factions.0.faction', fields)).toBe('setup.factions');
    expect(fieldOfPath('options.nope', fields)).toBeUndefined();
  });
});
