import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { TokenService } from '../../application/auth/token.service';

/**
 * At startup, makes sure an admin token exists. A generated one is printed to stdout once,
 * plainly (not through the logger, so log filters cannot drop it); only its hash is kept.
 */
@Injectable()
export class AdminTokenBootstrap implements OnApplicationBootstrap {
  constructor(private readonly tokens: TokenService) {}

  async onApplicationBootstrap(): Promise<void> {
    const generated = await this.tokens.ensureAdminToken();
    if (generated !== undefined) process.stdout.write(adminTokenNotice(generated));
  }
}

function adminTokenNotice(token: string): string {
  const rule = '='.repeat(72);
  return [
    rule,
    'matchlog: no MATCHLOG_ADMIN_TOKEN is set, so an admin token was generated.',
    'It is shown this one time only; only its hash is stored. Keep it now:',
    '',
    `    ${token}`,
    '',
    'Setting MATCHLOG_ADMIN_TOKEN later replaces it.',
    rule,
    '',
  ].join('\n');
}
