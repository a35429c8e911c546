import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { TokenService } from '../../application/auth/token.service';
import { APP_CONFIG, type AppConfig } from '../config/app-config';

/** Where a generated admin token is written, in the data directory. */
export const ADMIN_TOKEN_FILE = 'admin-token';

/**
 * At startup, makes sure an admin token exists. A generated one is written once to
 * `admin-token` in the data directory, readable by the service's user only, and the log says
 * where: the log stream is kept and shipped, so the token itself never goes into it. Only the
 * token's hash is stored.
 */
@Injectable()
export class AdminTokenBootstrap implements OnApplicationBootstrap {
  private readonly logger = new Logger('AdminToken');

  constructor(
    private readonly tokens: TokenService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const generated = await this.tokens.ensureAdminToken();
    if (generated === undefined) return;
    const file = join(this.config.dataDir, ADMIN_TOKEN_FILE);
    // Created afresh, so the mode applies (an existing file keeps its own).
    rmSync(file, { force: true });
    writeFileSync(file, `${generated}\n`, { mode: 0o600, flag: 'wx' });
    this.logger.warn(
      { file },
      `No MATCHLOG_ADMIN_TOKEN is set, so an admin token was generated and written to ${file} (readable by this user only). Keep it elsewhere and delete the file; setting MATCHLOG_ADMIN_TOKEN later replaces it.`,
    );
  }
}
