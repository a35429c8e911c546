import { getMetadataStorage, type ValidationError } from 'class-validator';
import { fieldLabel } from '../shared/field-labels';
import type { LocalizedText } from '../shared/localized-text';
import { ruCount } from '../shared/localized-text';

/**
 * What a schema refusal (a class-validator constraint) says to a Russian reader: the field by
 * its label, the problem in words, the limits the DTO declares. English keeps
 * class-validator's wording, which API clients already read.
 */

/** Members every request has, named as the pages name them, where no `@Field` labels them. */
const COMMON_LABELS: Readonly<Record<string, string>> = {
  name: 'Имя',
  title: 'Название',
  seat: 'Место',
  seats: 'Места',
  side: 'Сторона',
  faction: 'Фракция',
  player: 'Игрок',
  ruleset: 'Правила',
  setup: 'Подготовка',
  options: 'Опции',
  kind: 'Решение',
  params: 'Параметры',
  text: 'Текст',
  tags: 'Метки',
  seq: 'Событие',
  atSeq: 'Событие',
  toSeq: 'Событие',
  expectedSeq: 'Ожидаемое событие',
  reason: 'Причина',
  purpose: 'Назначение броска',
  dice: 'Кубики',
  faces: 'Грани',
  tournamentId: 'Турнир',
  matchId: 'Матч',
  spectatorDelay: 'Задержка для зрителей',
  public: 'Открытый матч',
  decision: 'Решение',
  remedy: 'Исправление',
  salt: 'Соль',
  commitment: 'Печать',
  accept: 'Ответ',
  entropy: 'Случайность',
};

/** The Russian name of a path segment: a member's label, or «№ n» after a list. */
export function segmentLabel(dto: object | undefined, property: string): string {
  if (/^\d+$/.test(property)) return `№ ${Number(property) + 1}`;
  return fieldLabel(dto, property) ?? COMMON_LABELS[property] ?? `«${property}»`;
}

/** «Последствия № 1 → Вид»: a path of segment labels as a reader names the field. */
export function joinLabels(parent: string, label: string): string {
  if (!parent) return label;
  return label.startsWith('№') ? `${parent} ${label}` : `${parent} → ${label}`;
}

/** The declared limits of `constraint` on `property` of `dto` (class-validator's metadata). */
function constraintOf(
  dto: object | undefined,
  property: string,
  constraint: string,
  en: string,
): { args: unknown[]; ru?: string } {
  if (typeof dto !== 'function') return { args: [] };
  const found = getMetadataStorage()
    .getTargetValidationMetadatas(dto as new () => object, '', true, false)
    .filter((m) => m.propertyName === property && (m.name === constraint || m.type === constraint));
  // Two rules of one kind on a property (an id that is plain text too) share the constraint's
  // key: the one whose English message was reported is the one that failed.
  const reported = (m: (typeof found)[number]) =>
    typeof m.message === 'string' && m.message.replace(/\$property/g, property) === en;
  const hasWords = (m: (typeof found)[number]) =>
    typeof (m.context as { ru?: unknown })?.ru === 'string';
  const withWords =
    found.find((m) => reported(m) && hasWords(m)) ??
    (found.length === 1 && hasWords(found[0]) ? found[0] : undefined);
  const chosen = withWords ?? found[0];
  return {
    args: chosen?.constraints ?? [],
    ru: (withWords?.context as { ru?: string } | undefined)?.ru,
  };
}

// After «не больше», «не короче», «до» the noun is genitive: 1 элемента, 2 (5) элементов.
const elements = (n: number) => ruCount(n, 'элемента', 'элементов', 'элементов');
const chars = (n: number) => ruCount(n, 'символа', 'символов', 'символов');

/** The problem, in Russian words, of one failed constraint. */
function problemRu(constraint: string, args: unknown[]): string {
  const [a, b] = args as [number, number];
  switch (constraint) {
    case 'whitelistValidation':
      return 'такого поля нет';
    case 'isDefined':
    case 'isNotEmpty':
    case 'arrayNotEmpty':
      return 'обязательно';
    case 'isString':
      return 'должно быть текстом';
    case 'isInt':
      return 'должно быть целым числом';
    case 'isNumber':
    case 'isNumberString':
      return 'должно быть числом';
    case 'isPositive':
      return 'должно быть больше нуля';
    case 'isBoolean':
      return 'должно быть «да» или «нет»';
    case 'isArray':
      return 'должно быть списком';
    case 'isObject':
    case 'nestedValidation':
      return 'должно быть набором полей';
    case 'min':
      return `не меньше ${a}`;
    case 'max':
      return `не больше ${a}`;
    case 'isLength':
      return b === undefined ? `не короче ${chars(a)}` : `от ${a} до ${chars(b)}`;
    case 'minLength':
      return `не короче ${chars(a)}`;
    case 'maxLength':
      return `не длиннее ${chars(a)}`;
    case 'arrayMinSize':
      return `не меньше ${elements(a)}`;
    case 'arrayMaxSize':
      return `не больше ${elements(a)}`;
    case 'arrayUnique':
      return 'значения не должны повторяться';
    case 'isIn':
    case 'isEnum':
      return 'такого значения нет среди допустимых';
    case 'matches':
      return 'не в том виде, что ожидается';
    case 'isUuid':
    case 'isUUID':
      return 'должно быть идентификатором UUID';
    case 'isDateString':
    case 'isISO8601':
      return 'должно быть датой';
    default:
      return 'недопустимое значение';
  }
}

/** Both forms of the messages of one failing field: `{ en: class-validator's, ru: ours }`. */
export function localizedConstraints(error: ValidationError, label: string): LocalizedText[] {
  const dto = (error.target as object | undefined)?.constructor;
  return Object.entries(error.constraints ?? {}).map(([constraint, en]) => {
    // The context of the rule that failed comes with the error; the metadata is the fallback.
    const failed = (error.contexts?.[constraint] as { ru?: unknown } | undefined)?.ru;
    const { args, ru } = constraintOf(dto, error.property, constraint, en);
    const words = typeof failed === 'string' ? failed : ru;
    return { en, ru: `${label}: ${words ?? problemRu(constraint, args)}` };
  });
}
