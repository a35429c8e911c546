import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsInt,
  IsObject,
  IsString,
  Length,
  Max,
  Min,
} from 'class-validator';
import { IsOptional } from '../../shared/optional-member';
import { IsNestedObject, IsNestedObjects } from '../../shared/nested-dto';
import {
  HoldsSafeTexts,
  IsFreeText,
  IsId,
  IsPlainText,
  IsRollPurpose,
} from '../../shared/safe-text';
import { PIECE_STATUSES, type PieceStatus, type ZoneVisibility } from '../../table/table';
import { statusName } from '../../naming/event-phrases';
import { zoneKind } from '../../naming/ruleset-naming';
import { choiceNames, type LocalizedText } from '../../shared/localized-text';
import { Field, NewIdField } from './field-doc';

/** Who sees a zone's pieces, as the forms offer it. */
const VISIBILITY_NAMES: Record<ZoneVisibility, LocalizedText> = {
  public: { en: 'Everyone', ru: 'Все' },
  owner: { en: 'Its owner only', ru: 'Только владелец' },
  nobody: { en: 'Nobody (a deck)', ru: 'Никто (колода)' },
};

/** A piece's status as the forms offer it: the log's words for it, with no gender to agree. */
const STATUS_NAMES = choiceNames(
  Object.fromEntries(
    PIECE_STATUSES.map((status) => [
      status,
      { en: statusName(status, 'en'), ru: statusName(status, 'ru') },
    ]),
  ) as Record<PieceStatus, LocalizedText>,
);

/** Params of the freeform decisions: class-validator DTOs (the engine refuses unknown members). */

const MAX_ITEMS = 500;

export class LocalizedTextParams {
  @Field('The text in English', 'По-английски')
  @IsString()
  @Length(1, 200)
  @IsPlainText()
  en!: string;
  @Field('The text in Russian', 'По-русски')
  @IsString()
  @Length(1, 200)
  @IsPlainText()
  ru!: string;
}

/** The zone kinds a form offers by name (any other kind may be typed, in any language). */
export const OFFERED_ZONE_KINDS = [
  'location',
  'sector',
  'hex',
  'area',
  'hand',
  'deck',
  'discard',
  'reserve',
] as const;

const ZONE_KIND_NAMES = choiceNames(
  Object.fromEntries(
    OFFERED_ZONE_KINDS.map((kind) => [
      kind,
      { en: zoneKind(kind, 'en'), ru: zoneKind(kind, 'ru') },
    ]),
  ) as Record<(typeof OFFERED_ZONE_KINDS)[number], LocalizedText>,
);

/** What a zone is, but its id: the setup's zones and the new zones of create-zones. */
class ZoneFields {
  @Field(
    'What the zone is: location, sector, hand, deck, discard, reserve, ... (a deck is drawn from)',
    'Вид зоны',
    ZONE_KIND_NAMES,
  )
  @IsString()
  @Length(1, 32)
  @IsPlainText()
  kind!: string;
  @Field('The seat that owns the zone (a hand, a reserve); none for a shared place', 'Владелец')
  @IsOptional()
  @IsId()
  owner?: string;
  @Field("The zone's name as the table shows it", 'Название')
  @IsOptional()
  @IsNestedObject(() => LocalizedTextParams)
  name?: LocalizedTextParams;
  @Field('Ids of the zones next to it (for maps)', 'Соседние зоны')
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(64)
  @IsId({ each: true })
  adjacency?: string[];
  @Field(
    'Who sees the pieces in it: everyone (public), its owner, or nobody (a deck)',
    'Кто видит содержимое',
    VISIBILITY_NAMES,
  )
  @IsOptional()
  @IsIn(['public', 'owner', 'nobody'])
  visibility?: ZoneVisibility;
  @Field('Further attributes of the zone, as the game needs them', 'Свойства')
  @IsOptional()
  @IsObject()
  @HoldsSafeTexts()
  attrs?: Record<string, unknown>;
}

export class ZoneParams extends ZoneFields {
  @NewIdField('Id of the new zone, unique in the match', 'Идентификатор зоны', 'new')
  @IsId()
  id!: string;
}

/** A zone create-zones adds: its id is made from its name when left out. */
export class NewZoneParams extends ZoneFields {
  @NewIdField(
    'Id of the new zone, unique in the match (made from its name, else its kind, when left out)',
    'Идентификатор (если пусто — из названия)',
    'new',
  )
  @IsOptional()
  @IsId()
  id?: string;
}

export class CreateZonesParams {
  @Field('The zones to add to the table', 'Новые зоны')
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_ITEMS)
  @IsNestedObjects(() => NewZoneParams)
  zones!: NewZoneParams[];
}

export class NewPieceParams {
  @NewIdField('Id of the new piece (generated when left out)', 'Идентификатор фигуры', 'new')
  @IsOptional()
  @IsId()
  id?: string;
  @Field('What the piece is (a ship type, a card, a marker)', 'Тип')
  @IsString()
  @Length(1, 64)
  @IsPlainText()
  type!: string;
  @Field('The seat that owns it', 'Владелец')
  @IsOptional()
  @IsId()
  owner?: string;
  @Field('The zone it is put in', 'Зона')
  @IsId()
  zone!: string;
  @Field('Its status (active by default)', 'Состояние', STATUS_NAMES)
  @IsOptional()
  @IsIn(PIECE_STATUSES)
  status?: PieceStatus;
  @Field('Its attributes (cost, damage, shields, ...)', 'Свойства')
  @IsOptional()
  @IsObject()
  @HoldsSafeTexts()
  attrs?: Record<string, unknown>;
}

export class CreatePiecesParams {
  @Field('The pieces to put on the table', 'Новые фигуры')
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_ITEMS)
  @IsNestedObjects(() => NewPieceParams)
  pieces!: NewPieceParams[];
}

/** Several decisions name pieces: a non-empty list of ids. */
export class PiecesParams {
  @Field('Ids of the pieces concerned', 'Фигуры')
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_ITEMS)
  @IsId({ each: true })
  pieces!: string[];
}

export class MoveParams {
  @Field('Ids of the pieces that move (or give a fleet)', 'Фигуры')
  @IsOptional()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_ITEMS)
  @IsId({ each: true })
  pieces?: string[];
  @Field('A fleet that moves with all its pieces', 'Флот')
  @IsOptional()
  @IsId()
  fleet?: string;
  @Field('The zone they move to', 'Куда')
  @IsId()
  to!: string;
}

export class ChangePieceParams {
  @Field('Id of the piece changed', 'Фигура')
  @IsId()
  piece!: string;
  @Field('Its new status', 'Новое состояние', STATUS_NAMES)
  @IsOptional()
  @IsIn(PIECE_STATUSES)
  status?: PieceStatus;
  @Field('Attributes to set (merged into its attributes)', 'Свойства')
  @IsOptional()
  @IsObject()
  @HoldsSafeTexts()
  attrs?: Record<string, unknown>;
  @Field('Its new type', 'Новый тип')
  @IsOptional()
  @IsString()
  @Length(1, 64)
  @IsPlainText()
  type?: string;
  @Field('Its new owner', 'Новый владелец')
  @IsOptional()
  @IsId()
  owner?: string;
}

export class DestroyParams extends PiecesParams {
  @Field('Why they are destroyed (a shot, a card, ...)', 'Причина')
  @IsString()
  @Length(1, 200)
  @IsFreeText()
  cause!: string;
}

export class RestoreParams extends PiecesParams {
  @Field('The zone the restored pieces go back to', 'Куда вернуть')
  @IsId()
  to!: string;
}

export class CaptureParams extends PiecesParams {
  @Field('The seat that captures them (the acting seat by default)', 'Кто захватил')
  @IsOptional()
  @IsId()
  by?: string;
  @Field('The zone they go to', 'Куда')
  @IsOptional()
  @IsId()
  to?: string;
  @Field('How they were captured', 'Причина')
  @IsOptional()
  @IsString()
  @Length(1, 200)
  @IsFreeText()
  cause?: string;
}

export class FormFleetParams extends PiecesParams {
  @NewIdField('Id of the new fleet (generated when left out)', 'Идентификатор флота', 'new')
  @IsOptional()
  @IsId()
  fleet?: string;
  @Field("The fleet's name", 'Название')
  @IsOptional()
  @IsString()
  @Length(1, 100)
  @IsPlainText()
  name?: string;
}

export class ChangeFleetParams {
  @Field('Id of the fleet changed', 'Флот')
  @IsId()
  fleet!: string;
  @Field('Pieces that join it', 'Добавить')
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_ITEMS)
  @IsId({ each: true })
  add?: string[];
  @Field('Pieces that leave it', 'Убрать')
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_ITEMS)
  @IsId({ each: true })
  remove?: string[];
  @Field('Its new name', 'Новое название')
  @IsOptional()
  @IsString()
  @Length(1, 100)
  @IsPlainText()
  name?: string;
}

export class FleetParams {
  @Field('Id of the fleet', 'Флот')
  @IsId()
  fleet!: string;
}

export class ChangeTrackParams {
  @NewIdField('Id of the track (created when new)', 'Шкала', 'new-or-existing')
  @IsId()
  track!: string;
  @Field('Its new value', 'Новое значение')
  @IsOptional()
  @IsInt()
  @Min(-1_000_000_000)
  @Max(1_000_000_000)
  value?: number;
  @Field('How much to add to it (negative to take away)', 'Изменение')
  @IsOptional()
  @IsInt()
  @Min(-1_000_000)
  @Max(1_000_000)
  delta?: number;
  @Field('The seat it belongs to, if any', 'Владелец')
  @IsOptional()
  @IsId()
  owner?: string;
  @Field("The track's name", 'Название')
  @IsOptional()
  @IsNestedObject(() => LocalizedTextParams)
  name?: LocalizedTextParams;
}

export class RollParams {
  @Field('The dice: NdS terms joined by +, e.g. 2d6 or 1d6+1d8', 'Кубики')
  @IsString()
  @Length(2, 64)
  @IsPlainText()
  dice!: string;
  @IsOptional()
  @IsRollPurpose()
  @Field(
    'What the roll is for (counters are kept per purpose): 1-64 letters, digits, spaces between them or : _ . -',
    'Назначение броска',
  )
  purpose?: string;
  @Field('Faces of physical dice, one per die; left out for a server roll', 'Выпавшие значения')
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(1000)
  @IsInt({ each: true })
  faces?: number[];
}

export class DrawParams {
  @Field('The deck drawn from', 'Колода')
  @IsId()
  deck!: string;
  @Field('How many cards', 'Сколько карт')
  @IsInt()
  @Min(1)
  @Max(100)
  count!: number;
  @Field("Where the cards go (the drawing seat's hand, hand:<seat>, by default)", 'Куда')
  @IsOptional()
  @IsId()
  to?: string;
}

export class CardsToParams extends PiecesParams {
  @Field('The zone the cards go to', 'Куда')
  @IsId()
  to!: string;
}

export class DeckParams {
  @Field('The deck', 'Колода')
  @IsId()
  deck!: string;
}

export class StartPhaseParams {
  @Field('The phase that begins', 'Фаза')
  @IsString()
  @Length(1, 64)
  @IsPlainText()
  phase!: string;
  @Field('The seats who act in it', 'Кто ходит')
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(16)
  @IsId({ each: true })
  active?: string[];
  @Field('The seat with priority', 'Приоритет')
  @IsOptional()
  @IsId()
  priority?: string;
}

export class StartRoundParams {
  @Field("The round's number (the next one by default)", 'Номер раунда')
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(100_000)
  round?: number;
  @Field('The seats who act first', 'Кто ходит')
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(16)
  @IsId({ each: true })
  active?: string[];
  @Field('The seat with priority', 'Приоритет')
  @IsOptional()
  @IsId()
  priority?: string;
}

export class NoParams {}

/** A simultaneous hidden choice: every seat seals one, then all reveal. */
export class DeclareParams {
  @Field('What the declaration is about', 'Тема')
  @IsString()
  @Length(1, 64)
  @IsPlainText()
  topic!: string;
  @Field('The choice declared (sealed until every seat has declared)', 'Выбор')
  @IsString()
  @Length(1, 200)
  @IsPlainText()
  choice!: string;
}

export class DeclareResultParams {
  @Field('The seats who won (none for a draw)', 'Победители')
  @IsArray()
  @ArrayMaxSize(16)
  @IsId({ each: true })
  winners!: string[];
  @Field('How the match was won', 'Условие победы')
  @IsString()
  @Length(1, 200)
  @IsPlainText()
  condition!: string;
}

/** Setup of a freeform match: zones and pieces laid out before the start. */
export class FreeformSetupParams {
  @Field('The zones of the table at the start', 'Зоны')
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_ITEMS)
  @IsNestedObjects(() => ZoneParams)
  zones?: ZoneParams[];
  @Field('The pieces on the table at the start', 'Фигуры')
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(10_000)
  @IsNestedObjects(() => NewPieceParams)
  pieces?: NewPieceParams[];
}
