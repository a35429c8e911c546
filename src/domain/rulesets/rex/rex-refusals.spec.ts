import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { MatchHarness } from '@test/support/match-harness';
import { RULESET_CHOICES } from './rex-rules-text';
import type { RexDraft } from './rex-draft';
import { rexRuleset } from './rex.ruleset';
import { seatsOf } from './rex.testkit';

/**
 * Every refusal of Rex cites the rule it applies (issue 22 point 5). The type says so
 * (`RexDraft.refuse` requires the reference); this scan says it of the sources as written:
 * each `refuse(...)` call passes three arguments, none of them spread and the last not
 * `undefined`. The setup's `bad` defaults its reference to the missing-text choice.
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
      const args = node.arguments;
      const cited =
        args.length >= 3 &&
        !args.some(ts.isSpreadElement) &&
        !(ts.isIdentifier(args[2]) && args[2].text === 'undefined');
      if (name === 'refuse' && !cited) {
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
    const text = [
      "d.refuse('x', 'no rule');",
      "refuse('y', 'z', RULES.a);",
      'd.refuse(...r);',
      "d.refuse('x', 'y', undefined);",
    ].join('\n');
    expect(refusalsWithoutRule('probe.ts', text)).toEqual([
      'probe.ts:1',
      'probe.ts:3',
      'probe.ts:4',
    ]);
  });

  it('cannot be written without a rule reference: RexDraft.refuse requires one', () => {
    type Refuse = RexDraft['refuse'];
    // A type-level check (tsc runs on the specs): the reference is a required string.
    const required: Parameters<Refuse>['length'] = 3;
    const ref: Parameters<Refuse>[2] = RULESET_CHOICES.concession;
    // @ts-expect-error -- a refusal without its rule reference does not compile
    const uncited: Parameters<Refuse> = ['code', 'message'];
    expect([required, typeof ref, uncited.length]).toEqual([3, 'string', 2]);
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
