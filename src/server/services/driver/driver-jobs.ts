import type { DriverJob, DriverJobSummary } from '../../../contract/driver';
import type { JobLeg } from '../../../domain/booking-jobs';
import {
  DRIVER_APP_SETTING_NAMES,
  driverAppSettings,
  type DriverAppSettings,
} from '../../../domain/driver-app-settings';
import { DRIVER_MESSAGES } from '../../../domain/driver-messages';
import { companyPhone, toSettingsMap } from '../../../domain/settings';
import { HttpError } from '../../errors';
import { todayInLondonFast } from '../../lib/uk-clock';
import type { DriverJobsRepository, DriverScope } from '../../repositories/driver-jobs-repository';
import type { SettingsRepository } from '../../repositories/settings-repository';
import type { DriverIdentity } from './driver-auth-service';
import { toDriverJob, toDriverJobSummary } from './driver-job-mapper';

export interface DriverJobsDeps {
  driverJobs: DriverJobsRepository;
  settings: Pick<SettingsRepository, 'listByName'>;
  clock: () => Date;
}

/** The driver app's settings and the site's phone, read for each job page. */
export async function driverAppContext(
  settings: Pick<SettingsRepository, 'listByName'>,
): Promise<{ settings: DriverAppSettings; sitePhone: string }> {
  const map = toSettingsMap(
    await settings.listByName([...DRIVER_APP_SETTING_NAMES, 'Company_Contact_Info']),
  );
  return { settings: driverAppSettings(map), sitePhone: companyPhone(map) };
}

export function driverScope(driver: DriverIdentity, now: Date): DriverScope {
  return { driverId: driver.id, companyId: driver.companyId, now };
}

/** Offers first (they wait for an answer), then by pickup, as the repository reads them. */
function offersFirst(jobs: DriverJobSummary[]): DriverJobSummary[] {
  return [
    ...jobs.filter((job) => job.offer_expires_at !== null),
    ...jobs.filter((job) => job.offer_expires_at === null),
  ];
}

/**
 * The driver's jobs (issue 34): My jobs' Today and Upcoming, and one job's page. A job that is
 * neither assigned to the driver nor offered to them now is not there: 404.
 */
export function createDriverJobs(deps: DriverJobsDeps) {
  const { driverJobs, clock } = deps;

  return {
    /**
     * Today (UK date) and Upcoming, offers first within each. A job of an earlier day still
     * under way (not completed, cancelled or a no-show) is listed under Today.
     */
    async list(driver: DriverIdentity): Promise<{
      today: DriverJobSummary[];
      upcoming: DriverJobSummary[];
    }> {
      const now = clock();
      const today = todayInLondonFast(now);
      const rows = await driverJobs.list(driverScope(driver, now), today);
      const jobs = rows.map((row) => ({
        date: row.pick_up_date,
        job: toDriverJobSummary(row, driver.id),
      }));
      return {
        today: offersFirst(jobs.filter(({ date }) => date <= today).map(({ job }) => job)),
        upcoming: offersFirst(jobs.filter(({ date }) => date > today).map(({ job }) => job)),
      };
    },

    /** One of the driver's jobs, everything its page shows; 404 when it is not theirs. */
    async detail(
      driver: DriverIdentity,
      job: { bookingNumber: string; leg: JobLeg },
    ): Promise<DriverJob> {
      const now = clock();
      const row = await driverJobs.find(driverScope(driver, now), job.bookingNumber, job.leg);
      if (!row) throw new HttpError(404, DRIVER_MESSAGES.jobNotFound);
      const context = await driverAppContext(deps.settings);
      return toDriverJob(row, { driverId: driver.id, now, ...context });
    },
  };
}

export type DriverJobs = ReturnType<typeof createDriverJobs>;
