import { IsId } from '../../../shared/safe-text';
import { Field } from '../../kit/field-doc';

/** Params classes are named after their game: the server refuses two classes of one name. */
export class CoinRaceNoParams {}

export class CoinRacePlayBoostParams {
  @Field("The boost card to play, from the seat's hand", 'Карта ускорения')
  @IsId()
  card!: string;
}
