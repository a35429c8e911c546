/**
 * What a game's phrasing needs of the engine's: ICU message formatting (plural and select
 * forms, so Russian number and case come from the catalogue, never from gluing words) and the
 * names the caller passes. Imported directly by phrasing modules the viewer bundles.
 */
export {
  formatMessage,
  GENDERS,
  type Catalogue,
  type Gender,
  type PhraseNames,
} from '../../naming/event-phrases';
