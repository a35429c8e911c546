import { NestFactory } from '@nestjs/core';
import { EVENT_STORE, type EventStore } from '../../application/ports/event-store.port';
import { AppModule } from '../app.module';
import { loadConfig } from '../config/app-config';
import { ServiceMetrics } from '../observability/metrics';
import { refuseWhileServiceRuns } from '../persistence/service-lock';
import { MatchProjector } from '../readmodels/match-projector';
import { Progress } from './progress';
import { checkDataDirectory } from './store-file';
import { ruCount, type LocalizedText } from '../../domain/shared/localized-text';
import type { CliLang } from './cli-language';
import { parseVerbArgs, UsageError } from './usage-error';

export const REBUILD_USAGE: LocalizedText = {
  en: `Usage: matchlog rebuild   (npm run rebuild; stop the service first)

Drops every read model (match index, snapshots, checkpoints, statistics) of MATCHLOG_DATA_DIR
and builds them again from the event log, with a progress line. Read models are caches, so
nothing is lost. Refuses while the service runs on the same data directory.

Exit status: 0 rebuilt, 1 refused or failed (what was wrong is printed), 2 usage error.`,
  ru: `Использование: matchlog rebuild   (npm run rebuild; сначала остановите сервис)

Удаляет все модели чтения (список матчей, снимки, контрольные точки, статистику) каталога
MATCHLOG_DATA_DIR и строит их заново из журнала событий, показывая ход работы. Модели чтения —
это кэши, поэтому ничего не теряется. Отказывается, пока сервис работает с тем же каталогом
данных.

Код выхода: 0 — перестроено, 1 — отказ или сбой (напечатано, что не так), 2 — ошибка
в аргументах.`,
};

/** `matchlog rebuild` (see REBUILD_USAGE). */
export async function rebuild(args: string[], lang: CliLang = 'en'): Promise<number> {
  const { positionals } = parseVerbArgs(args, {}, REBUILD_USAGE);
  if (positionals.length > 0)
    throw new UsageError(
      {
        en: `rebuild takes no arguments (got ${positionals.join(' ')})`,
        ru: `rebuild не принимает аргументов (дано: ${positionals.join(' ')})`,
      },
      REBUILD_USAGE,
    );
  const config = loadConfig();
  checkDataDirectory(config.dataDir);
  if (!config.eventStoreUrl) refuseWhileServiceRuns(config.dataDir, 'rebuild');
  console.log(
    {
      en: 'Rebuilding the read models from the event log (the service must be stopped).',
      ru: 'Модели чтения перестраиваются из журнала событий (сервис должен быть остановлен).',
    }[lang],
  );
  const app = await NestFactory.createApplicationContext(
    // The chain sweep is the service's: a rebuild reads every event once already.
    AppModule.forRoot({ ...config, chainSweep: false }, { metrics: new ServiceMetrics() }),
    { logger: ['error', 'warn'] },
  );
  try {
    const started = process.hrtime.bigint();
    const head = await app.get<EventStore>(EVENT_STORE).lastPosition();
    // On the embedded store a position is an event's number; on EventStoreDB, a byte offset.
    const total = config.eventStoreUrl ? 0 : Number(head ?? 0n);
    const progress = new Progress(
      { en: 'Rebuilding', ru: 'Перестройка' },
      { en: 'events', ru: 'событий' },
      total,
      lang,
    );
    const { events } = await app.get(MatchProjector).rebuild((done) => progress.update(done));
    progress.finish(events);
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    console.log(
      {
        en: `Rebuilt the read models from ${events} events in ${seconds.toFixed(1)} s`,
        ru: `Модели чтения перестроены из ${ruCount(events, 'события', 'событий', 'событий')} за ${seconds.toFixed(1).replace('.', ',')} с`,
      }[lang],
    );
  } finally {
    await app.close();
  }
  return 0;
}
