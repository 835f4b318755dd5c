import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { PurgeCounts, RetentionRepository } from '../../repositories/retention-repository';
import { RESET_CODE_VALID_MINUTES } from '../accounts/reset-codes';
import { RESET_CODE_MAIL_KIND } from '../mail/reset-code-mail';

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;
/** A driver's positions outside a job are kept a day (issue 34); a job's trail as its booking. */
export const LOOSE_POSITION_HOURS = 24;

/** How long each kind of record is kept once it has ended (README, Configuration). */
export interface RetentionPeriods {
  /** A sent mail's body, and an .eml file, after sending (MAIL_BODY_RETENTION_DAYS). */
  mailBodyDays: number;
  /** An expired quote: it still names the vehicle of a booking made from an old page. */
  quoteHours: number;
  /** An open, unpaid checkout after its expiry: a late payment may still be confirmed. */
  checkoutHours: number;
}

export interface PurgeResult extends PurgeCounts {
  emlFiles: number;
}

/** One pass; undefined when another process's pass holds the lock. The job queue runs it. */
export interface RetentionPurge {
  runOnce(): Promise<PurgeResult | undefined>;
}

export interface RetentionPurgeOptions {
  retention: RetentionRepository;
  periods: RetentionPeriods;
  /** The app's clock: what has ended is judged by it. */
  clock: () => Date;
  logger: FastifyBaseLogger;
  /** The .eml mail drop (no SMTP_URL), whose files are removed on the same terms as bodies. */
  emlDir?: string;
}

/**
 * Retention: deletes what has no further use and holds personal data or secrets (expired
 * quotes, ended sessions, idempotency answers past their window, used or expired reset codes,
 * abandoned unpaid checkouts, drivers' positions outside a job after a day) and clears old sent
 * mail bodies. Several processes may run it:
 * each pass takes a database advisory lock, and every statement is harmless run twice.
 */
export function createRetentionPurge(options: RetentionPurgeOptions): RetentionPurge {
  const { retention, periods, clock, logger } = options;

  /** Old .eml files; a reset code's file as soon as the code is dead, since it holds it. */
  async function purgeEmlFiles(now: Date): Promise<number> {
    if (!options.emlDir) return 0;
    const dir = options.emlDir;
    const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    });
    const secretBefore = now.getTime() - RESET_CODE_VALID_MINUTES * 60_000;
    const bodyBefore = now.getTime() - periods.mailBodyDays * DAY_MS;
    let removed = 0;
    for (const name of names) {
      if (!name.endsWith('.eml')) continue;
      const file = path.join(dir, name);
      const modified = (await stat(file).catch(() => undefined))?.mtime.getTime();
      if (modified === undefined) continue;
      const secret = name.endsWith(`-${RESET_CODE_MAIL_KIND}.eml`);
      if (modified <= (secret ? secretBefore : bodyBefore)) {
        await rm(file, { force: true });
        removed += 1;
      }
    }
    return removed;
  }

  async function pass(): Promise<PurgeResult | undefined> {
    const now = clock();
    const counts = await retention.underPurgeLock((trx) =>
      retention.purge(
        {
          now,
          quotesExpiredBefore: new Date(now.getTime() - periods.quoteHours * HOUR_MS),
          mailSentBefore: new Date(now.getTime() - periods.mailBodyDays * DAY_MS),
          openCheckoutsExpiredBefore: new Date(now.getTime() - periods.checkoutHours * HOUR_MS),
          loosePositionsBefore: new Date(now.getTime() - LOOSE_POSITION_HOURS * HOUR_MS),
        },
        trx,
      ),
    );
    if (!counts) return undefined;
    const result = { ...counts, emlFiles: await purgeEmlFiles(now) };
    if (Object.values(result).some((n) => n > 0)) logger.info({ purged: result }, 'retention pass');
    return result;
  }

  return { runOnce: pass };
}
