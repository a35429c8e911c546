/**
 * A ruleset as `GET /api/v1/rulesets/:id` describes it, for the web client's specs: they
 * reach the server's code only through `@test/support/…`, never by a path out of `web/`.
 */
export { describeRuleset } from '../../src/application/rulesets/ruleset-catalog';
