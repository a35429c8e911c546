/** The games this server plays: the manifest is games.ts. */
export { GAMES, RULESETS } from './games';
