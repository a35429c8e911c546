import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One finding of the linter, with where in the document it stands. */
export interface LintProblem {
  rule: string;
  severity: 'error' | 'warn';
  message: string;
  at: string[];
}

/**
 * Lints an OpenAPI document with Redocly's `recommended` ruleset, the one outside reviewers
 * run (`redocly lint`). Redocly's core is ESM-only, which Jest's module system cannot load:
 * under Jest use lintOpenApiInChild.
 */
export async function lintOpenApi(document: unknown): Promise<LintProblem[]> {
  const { createConfig, lintFromString } = await import('@redocly/openapi-core');
  const config = await createConfig({ extends: ['recommended'] });
  const problems = await lintFromString({
    source: JSON.stringify(document),
    absoluteRef: 'docs-json.json',
    config,
  });
  return problems.map((problem) => ({
    rule: problem.ruleId,
    severity: problem.severity === 'error' ? 'error' : 'warn',
    message: problem.message,
    at: problem.location.map((location) => location.pointer ?? ''),
  }));
}

/** lintOpenApi in a plain Node process (this script with --stdio). */
export function lintOpenApiInChild(document: unknown): Promise<LintProblem[]> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      ['-r', '@swc-node/register', __filename, '--stdio'],
      { cwd: join(__dirname, '../..'), maxBuffer: 64 * 1024 * 1024, timeout: 60_000 },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`openapi-lint.ts --stdio failed: ${stderr || error.message}`));
        else resolve(JSON.parse(stdout) as LintProblem[]);
      },
    );
    child.stdin?.end(JSON.stringify(document));
  });
}

if (require.main === module && process.argv.includes('--stdio')) {
  lintOpenApi(JSON.parse(readFileSync(0, 'utf8')))
    .then((problems) => process.stdout.write(JSON.stringify(problems)))
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
