import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { MatchHarness } from '@test/support/match-harness';
import { RULESET_CHOICES } from './rex-rules-text';
import { rexRuleset } from './rex.ruleset';
import { seatsOf } from './rex.testkit';

/**
 * Every refusal of Rex cites the rule it applies (issue 22 point 5): each `refuse(...)` and
 * `d.refuse(...)` call in the ruleset's sources passes a rule reference (or a refusal tuple,
 * whose type requires one); the setup's `bad` defaults its reference to the missing-text choice.
 */
function refusalsWithoutRule(file: string, text = readFileSync(file, 'utf8')): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const missing: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const name = ts.isIdentifier(callee)
        ? callee.text
        : ts.isPropertyAccessExpression(callee)
          ? callee.name.text
          : '';
      // A spread argument is a refusal tuple typed [code, message, ruleRef].
      const spread = node.arguments.some(ts.isSpreadElement);
      if (name === 'refuse' && node.arguments.length < 3 && !spread) {
        const { line } = source.getLineAndCharacterOfPosition(node.getStart());
        missing.push(`${file}:${line + 1}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return missing;
}

describe('Rex refusals', () => {
  it('cite the rule, every one', () => {
    const dir = __dirname;
    const files = readdirSync(dir)
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.spec.ts') && f !== 'rex.testkit.ts')
      .map((f) => join(dir, f));
    expect(files.length).toBeGreaterThan(10);
    expect(files.flatMap((file) => refusalsWithoutRule(file))).toEqual([]);
  });

  it('would report a refusal without a rule', () => {
    const text =
      "function f(d, r) { d.refuse('x', 'no rule'); refuse('y', 'z', RULES.a); d.refuse(...r); }";
    expect(refusalsWithoutRule('probe.ts', text)).toEqual(['probe.ts:1']);
  });
});

describe('Rex refusals by the turn and the phase', () => {
  it('cite the order of play the ruleset restores', () => {
    for (const [kind, spec] of Object.entries(rexRuleset.decisions))
      expect({ kind, ref: spec.turnRuleRef }).toEqual({ kind, ref: RULESET_CHOICES.phaseOrder });
    const g = new MatchHarness(rexRuleset).started(seatsOf('sol', 'hacan', 'lazax'));
    g.play('sol', 'begin');
    g.when('hacan', 'reveal-influence').thenRejects('not_your_turn', RULESET_CHOICES.phaseOrder);
    g.when('sol', 'draw-bombardment').thenRejects('wrong_phase', RULESET_CHOICES.phaseOrder);
  });
});
