import type { OptionSpec } from './ruleset';
import { resolveOptions } from './validate-options';

const SPECS: OptionSpec[] = [
  {
    id: 'handLimit',
    title: { en: 'Hand limit', ru: 'Предел руки' },
    description: { en: 'Cards kept', ru: 'Сколько карт остаётся' },
    type: 'integer',
    min: 2,
    max: 9,
    default: 4,
  },
  {
    id: 'fog',
    title: { en: 'Fog of war', ru: 'Туман войны' },
    description: { en: 'Hidden fleets', ru: 'Скрытые флоты' },
    type: 'boolean',
    default: false,
  },
  {
    id: 'deckOrder',
    title: { en: 'Deck order', ru: 'Порядок колоды' },
    description: { en: 'Who shuffles', ru: 'Кто перемешивает' },
    type: 'enum',
    choices: [
      { value: 'server', title: { en: 'Server', ru: 'Сервер' } },
      { value: 'registered', title: { en: 'As registered', ru: 'Как зарегистрирована' } },
    ],
    default: 'server',
  },
];

describe('options chosen at match creation', () => {
  it('fills defaults and keeps valid choices', () => {
    expect(resolveOptions(SPECS, { handLimit: 9 })).toEqual({
      ok: true,
      options: { handLimit: 9, fog: false, deckOrder: 'server' },
    });
  });

  it('names each bad option by its title in Russian, the allowed choices by theirs', () => {
    const resolved = resolveOptions(SPECS, {
      handLimit: 1,
      fog: 'yes',
      deckOrder: 'random',
      weather: 'rain',
    });
    expect(resolved.ok).toBe(false);
    if (resolved.ok) return;
    expect(resolved.rejection.errors).toEqual([
      {
        path: 'options.weather',
        messages: ['unknown option; known: handLimit, fog, deckOrder'],
        localized: [
          {
            en: 'unknown option; known: handLimit, fog, deckOrder',
            ru: 'Опции «weather» у этих правил нет; есть: «Предел руки», «Туман войны», «Порядок колоды»',
          },
        ],
      },
      {
        path: 'options.handLimit',
        messages: ['must be at least 2'],
        localized: [{ en: 'must be at least 2', ru: 'Опция «Предел руки»: не меньше 2' }],
      },
      {
        path: 'options.fog',
        messages: ['must be true or false'],
        localized: [
          { en: 'must be true or false', ru: 'Опция «Туман войны»: должно быть «да» или «нет»' },
        ],
      },
      {
        path: 'options.deckOrder',
        messages: ['must be one of: server, registered'],
        localized: [
          {
            en: 'must be one of: server, registered',
            ru: 'Опция «Порядок колоды»: такого варианта нет; можно: «Сервер», «Как зарегистрирована»',
          },
        ],
      },
    ]);
    expect(resolved.rejection.message).toMatch(/^Invalid options: options\.weather: unknown/);
    expect(resolved.rejection.localized?.ru).toBe(
      'Опции матча с ошибками: ' +
        resolved.rejection.errors.map((e) => e.localized?.[0].ru).join('; '),
    );
  });

  it('says integer and upper bound in Russian too', () => {
    const notInteger = resolveOptions(SPECS, { handLimit: 2.5 });
    const tooMany = resolveOptions(SPECS, { handLimit: 10 });
    expect(!notInteger.ok && notInteger.rejection.errors[0].localized?.[0].ru).toBe(
      'Опция «Предел руки»: должно быть целым числом',
    );
    expect(!tooMany.ok && tooMany.rejection.errors[0].localized?.[0].ru).toBe(
      'Опция «Предел руки»: не больше 9',
    );
  });
});
