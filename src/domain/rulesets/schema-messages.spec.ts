import 'reflect-metadata';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsInt, Length, Max, ValidateNested } from 'class-validator';
import { IsId } from '../shared/safe-text';
import { Field } from './kit/field-doc';
import { validateParams } from './validate-params';

class EffectParams {
  @Field('What happens', 'Вид')
  @IsIn(['break', 'eliminate'])
  kind!: string;
  @Field('The unit', 'Подразделение')
  @IsId()
  piece!: string;
}

class ClaimParams {
  @Field('How far', 'Расстояние')
  @IsInt()
  @Max(6)
  distance!: number;
  @Field('The note', 'Пояснение')
  @Length(1, 5)
  note!: string;
  @Field('The effects', 'Последствия')
  @IsArray()
  @ArrayMaxSize(2)
  @ValidateNested({ each: true })
  @Type(() => EffectParams)
  effects!: EffectParams[];
}

describe('schema refusals in Russian', () => {
  it('names each field by its label and says what is wrong with the declared limits', () => {
    const checked = validateParams(
      ClaimParams,
      {
        distance: 7.5,
        note: 'слишком длинно',
        effects: [{ kind: 'vp', piece: ' пробел' }],
        speed: 3,
      },
      'Params of claim',
    );
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    const { rejection } = checked;
    const byPath = Object.fromEntries(
      rejection.errors.map((e) => [e.path, e.localized?.map((text) => text.ru)]),
    );
    expect(byPath).toEqual({
      distance: ['Расстояние: не больше 6', 'Расстояние: должно быть целым числом'],
      note: ['Пояснение: от 1 до 5 символов'],
      'effects.0.kind': ['Последствия № 1 → Вид: такого значения нет среди допустимых'],
      'effects.0.piece': [
        expect.stringMatching(/^Последствия № 1 → Подразделение: должен начинаться/),
      ],
      speed: ['«speed»: такого поля нет'],
    });
    // English stays class-validator's, and the Russian detail lists every field.
    expect(rejection.errors.find((e) => e.path === 'distance')?.messages).toEqual([
      'distance must not be greater than 6',
      'distance must be an integer number',
    ]);
    expect(rejection.message).toMatch(/^Params of claim are invalid: /);
    expect(rejection.localized?.ru).toContain(
      'Расстояние: должно быть целым числом; Пояснение: от 1 до 5 символов',
    );
  });

  it('counts in Russian', () => {
    const checked = validateParams(
      ClaimParams,
      {
        distance: 1,
        note: 'a',
        effects: [1, 2, 3, 4, 5].map(() => ({ kind: 'break', piece: 'u1' })),
      },
      'Params of claim',
    );
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.rejection.errors[0].localized?.[0].ru).toBe(
      'Последствия: не больше 2 элементов',
    );
  });
});
