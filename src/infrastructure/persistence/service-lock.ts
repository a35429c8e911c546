import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { OperatorError } from '../operator-error';
import { makeDirectory } from './directories';

const LOCK_FILE = 'matchlog.pid';

/** The pid of a live service on this data directory (never this process), if there is one. */
export function runningService(dataDir: string): number | undefined {
  let pid: number;
  try {
    pid = Number.parseInt(readFileSync(join(dataDir, LOCK_FILE), 'utf8'), 10);
  } catch {
    return undefined;
  }
  if (!Number.isSafeInteger(pid) || pid <= 0 || pid === process.pid) return undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    // EPERM: the process exists but is someone else's.
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : undefined;
  }
}

/**
 * The service writes its pid into the data directory while it runs, so that the offline tools
 * (rebuild, restore) refuse to work under it; a pid file left by a crash names a dead process
 * and is ignored.
 */
export function holdServiceLock(dataDir: string): () => void {
  const other = runningService(dataDir);
  if (other !== undefined)
    throw new ServiceRunningError({
      en: `Another matchlog service (pid ${other}) runs on ${dataDir}`,
      ru: `С каталогом ${dataDir} уже работает другой сервис matchlog (pid ${other})`,
    });
  makeDirectory(dataDir);
  const file = join(dataDir, LOCK_FILE);
  writeFileSync(file, String(process.pid));
  return () => rmSync(file, { force: true });
}

/** A tool refused to work on a data directory a service is using. */
export class ServiceRunningError extends OperatorError {
  override readonly name = 'ServiceRunningError';
}

/** Throws, saying what to do, when a service runs on the data directory. */
export function refuseWhileServiceRuns(dataDir: string, tool: 'rebuild' | 'restore'): void {
  const pid = runningService(dataDir);
  if (pid !== undefined)
    throw new ServiceRunningError({
      en: `The matchlog service (pid ${pid}) is running on ${dataDir}: stop it before the ${tool}.`,
      ru: `Сервис matchlog (pid ${pid}) работает с каталогом ${dataDir}: остановите его перед ${tool === 'rebuild' ? 'перестройкой' : 'восстановлением'}.`,
    });
}
