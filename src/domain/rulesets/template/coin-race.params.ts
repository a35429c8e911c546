import { IsString, MaxLength } from 'class-validator';

/** Params classes are named after their game: the server refuses two classes of one name. */
export class CoinRaceNoParams {}

export class CoinRacePlayBoostParams {
  /** The boost card to play, from the seat's hand. */
  @IsString()
  @MaxLength(128)
  card!: string;
}
