import { describeRuleset } from '@test/support/ruleset-details';
import { RULESETS } from '@domain/rulesets';
import type { RulesetNaming } from '@domain/naming/ruleset-naming';
import type { RulesetDetail } from '../api/client';
import { fieldLabel, ID_SOURCE } from '../play/params-schema';
import {
  factionsOf,
  fieldOfPath,
  initialDraft,
  matchRequest,
  needsResolving,
  registersDecks,
  resolvedSeat,
  setupChoiceName,
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

  it('claims a seat by the registered player’s id, a typed name only by the seat’s claim', () => {
    const draft = initialDraft(RULESET);
    const olga = {
      playerId: 'ivanova-olga',
      names: { ru: 'Ольга Иванова', latin: 'Olga Ivanova' },
    };
    draft.seats[0] = { ...draft.seats[0], player: 'Ольга Иванова', registered: olga };
    draft.seats[1] = { ...draft.seats[1], player: 'Аня', nameOnly: true };
    const checked = matchRequest('game', RULESET, draft, problem);
    expect(checked.ok && checked.body.seats).toEqual([
      { seat: 'sol', faction: 'sol', player: 'ivanova-olga' },
      { seat: 'hacan', faction: 'hacan' },
    ]);
  });

  it('links a typed name the registry resolves to one player, asks which of several, else keeps the name', () => {
    const seat = { ...initialDraft(RULESET).seats[0], player: 'иван петров' };
    const petrov = (playerId: string) => ({
      playerId,
      names: { ru: 'Иван Петров', latin: 'Ivan Petrov' },
    });
    expect(needsResolving(seat)).toBe(true);
    const one = resolvedSeat(seat, [petrov('petrov-ivan')]);
    expect(one).toMatchObject({ player: 'Иван Петров', registered: petrov('petrov-ivan') });
    expect(needsResolving(one)).toBe(false);
    const several = resolvedSeat(seat, [petrov('petrov-ivan'), petrov('petrov-ivan-tver')]);
    expect(several.registered).toBeUndefined();
    expect(several.candidates?.map((p) => p.playerId)).toEqual(['petrov-ivan', 'petrov-ivan-tver']);
    expect(needsResolving(several)).toBe(true);
    const none = resolvedSeat(seat, []);
    expect(none).toMatchObject({ player: 'иван петров', nameOnly: true });
    expect(needsResolving(none)).toBe(false);
    expect(needsResolving({ ...seat, player: '  ' })).toBe(false);
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
    expect(fieldOfPath('title', [...fields, 'setup.title.en'])).toBe('title');
    expect(fieldOfPath('title.en', [...fields, 'setup.title.en'])).toBe('setup.title.en');
  });
});

/** A setup documented as the rulesets document theirs (@Field: description, x-label-ru). */
const DOCUMENTED = {
  ...RULESET,
  setup: {
    type: 'object',
    properties: {
      map: {
        type: 'string',
        enum: ['city', 'ruins'],
        description: 'The board played on',
        'x-label-ru': 'Карта',
      },
      firstPlayer: {
        type: 'string',
        pattern: ID_SOURCE,
        description: 'The seat that plays first',
        'x-label-ru': 'Первый игрок',
      },
      startRound: {
        type: 'integer',
        minimum: 1,
        maximum: 8,
        description: 'The round it starts in',
        'x-label-ru': 'Начальный раунд',
      },
      factions: {
        type: 'array',
        items: { $ref: '#/schemas/FactionParams' },
        description: 'Each race at the start',
        'x-label-ru': 'Расы',
      },
    },
  },
} as unknown as RulesetDetail;

const WORDS: RulesetNaming = {
  term: (term, lang) => ({ city: { en: 'The city', ru: 'Город' } })[term as 'city']?.[lang],
  faction: (id) => (id === 'sol' ? { en: 'Sol', ru: 'Сол' } : undefined),
};

describe('the setup fields, as the form shows them', () => {
  it('carry the documented Russian label and English help, an enum as a choice, an id as a seat', () => {
    expect(setupFieldsOf(DOCUMENTED)).toEqual([
      {
        name: 'map',
        kind: 'choice',
        choices: ['city', 'ruins'],
        required: false,
        labelRu: 'Карта',
        help: 'The board played on',
      },
      {
        name: 'firstPlayer',
        kind: 'seat',
        required: false,
        labelRu: 'Первый игрок',
        help: 'The seat that plays first',
      },
      {
        name: 'startRound',
        kind: 'integer',
        min: 1,
        max: 8,
        required: false,
        labelRu: 'Начальный раунд',
        help: 'The round it starts in',
      },
      {
        name: 'factions',
        kind: 'json',
        required: false,
        labelRu: 'Расы',
        help: 'Each race at the start',
      },
    ]);
  });

  it('are labelled in the page’s language, never by their key', () => {
    const [map, firstPlayer] = setupFieldsOf(DOCUMENTED);
    const noTerm = (): undefined => undefined;
    expect(fieldLabel(firstPlayer, 'ru', noTerm)).toBe('Первый игрок');
    expect(fieldLabel(firstPlayer, 'en', noTerm)).toBe('First player');
    expect(fieldLabel(map, 'en', (word) => WORDS.term(word, 'en', {}))).toBe('Map');
  });

  it('name a choice by the ruleset’s words and send its raw value', () => {
    expect(setupChoiceName('city', 'ru', WORDS)).toBe('Город');
    expect(setupChoiceName('city', 'en', WORDS)).toBe('The city');
    expect(setupChoiceName('sol', 'ru', WORDS)).toBe('Сол');
    const draft = initialDraft(DOCUMENTED);
    draft.setup = { ...draft.setup, map: 'city', firstPlayer: 'hacan' };
    expect(matchRequest('game', DOCUMENTED, draft, problem)).toMatchObject({
      ok: true,
      body: { setup: { map: 'city', firstPlayer: 'hacan' } },
    });
  });

  it('refuse a seat that is no longer one of the form’s seats', () => {
    const draft = initialDraft(DOCUMENTED);
    draft.setup = { ...draft.setup, firstPlayer: 'hacan' };
    draft.seats[1] = { ...draft.seats[1], seat: 'Хакан' };
    expect(matchRequest('game', DOCUMENTED, draft, problem)).toEqual({
      ok: false,
      problems: { 'setup.firstPlayer': 'notSeat' },
    });
  });
});

describe.each(
  RULESETS.filter((r) => r.setupParams).map((r) => [r.id, describeRuleset(r)] as const),
)('the new-match form for %s', (_id, ruleset) => {
  const fields = setupFieldsOf(ruleset as unknown as RulesetDetail);

  it('labels every setup field in Russian and helps with it in English', () => {
    expect(fields.length).toBeGreaterThan(0);
    expect(fields.filter((f) => !f.labelRu || !f.help).map((f) => f.name)).toEqual([]);
  });

  it('offers the seats where a field names one, and nothing else as a seat', () => {
    const seatFields: Record<string, string[]> = {
      rex: ['firstPlayer'],
      'combat-commander': ['first', 'initiative'],
    };
    expect(fields.filter((f) => f.kind === 'seat').map((f) => f.name)).toEqual(
      seatFields[ruleset.id] ?? [],
    );
  });
});

/** A setup with a documented nested object, published as the rulesets publish one. */
const NESTED = {
  ...RULESET,
  setup: {
    type: 'object',
    properties: {
      title: {
        type: 'object',
        description: "The scenario's name in both languages",
        'x-label-ru': 'Название сценария',
        allOf: [{ $ref: '#/schemas/TextParams' }],
      },
      startRound: { type: 'integer', minimum: 1, maximum: 8 },
    },
  },
  schemas: {
    TextParams: {
      type: 'object',
      properties: {
        en: { type: 'string', description: 'The text in English', 'x-label-ru': 'По-английски' },
        ru: { type: 'string', description: 'The text in Russian', 'x-label-ru': 'По-русски' },
      },
      required: ['en', 'ru'],
    },
  },
} as unknown as RulesetDetail;

describe('a nested object of the setup', () => {
  const group = {
    name: 'title',
    required: false,
    labelRu: 'Название сценария',
    help: "The scenario's name in both languages",
  };

  it('is shown as its members, each labelled as documented, kept with the object', () => {
    expect(setupFieldsOf(NESTED)).toEqual([
      {
        name: 'title.en',
        kind: 'text',
        required: true,
        labelRu: 'По-английски',
        help: 'The text in English',
        group,
      },
      {
        name: 'title.ru',
        kind: 'text',
        required: true,
        labelRu: 'По-русски',
        help: 'The text in Russian',
        group,
      },
      { name: 'startRound', kind: 'integer', min: 1, max: 8, required: false },
    ]);
  });

  it('is sent as one object, only when given, and then whole', () => {
    const draft = initialDraft(NESTED);
    expect(matchRequest('game', NESTED, draft, problem)).toMatchObject({ ok: true });
    expect(
      (matchRequest('game', NESTED, draft, problem) as { body: { setup?: unknown } }).body.setup,
    ).toBeUndefined();
    draft.setup = { ...draft.setup, 'title.en': ' Hill 102 ', 'title.ru': 'Высота 102' };
    expect(matchRequest('game', NESTED, draft, problem)).toMatchObject({
      ok: true,
      body: { setup: { title: { en: 'Hill 102', ru: 'Высота 102' } } },
    });
    draft.setup = { ...draft.setup, 'title.ru': '' };
    expect(matchRequest('game', NESTED, draft, problem)).toEqual({
      ok: false,
      problems: { 'setup.title.ru': 'required' },
    });
  });

  it('of every ruleset: only objects of plain members are shown as members', () => {
    const shown = RULESETS.filter((r) => r.setupParams).flatMap((r) =>
      setupFieldsOf(describeRuleset(r) as unknown as RulesetDetail)
        .filter((f) => f.group)
        .map((f) => `${r.id} ${f.name}`),
    );
    expect(shown).toEqual([
      'combat-commander title.en',
      'combat-commander title.ru',
      'combat-commander map.columns',
      'combat-commander map.rows',
      'combat-commander time.start',
      'combat-commander time.suddenDeath',
    ]);
  });
});

describe('deck lists on the form', () => {
  const commandersPath = describeRuleset(
    RULESETS.find((r) => r.id === 'commanders-path')!,
  ) as unknown as RulesetDetail;

  it('are registered by the seats after the start, unless a starting position registers them', () => {
    const draft = initialDraft(commandersPath);
    expect(registersDecks(commandersPath, draft)).toBe(true);
    expect(registersDecks(commandersPath, { position: '{"rules": {"decks": []}}' })).toBe(false);
    expect(registersDecks(commandersPath, { position: '   ' })).toBe(true);
    expect(registersDecks(RULESET)).toBe(false);
  });
});
