import { IsId } from '../../shared/safe-text';

/** Params classes are named after their game: the server refuses two classes of one name. */
export class CoinRaceNoParams {}

export class CoinRacePlayBoostParams {
  /** The boost card to play, from the seat's hand (ids from outside follow the one id rule). */
  @IsId()
  card!: string;
}
