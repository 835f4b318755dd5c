import type { DriverMe } from '../../../contract/driver';
import { DRIVER_IDLE_HOURS, DRIVER_MESSAGES } from '../../../domain/driver-messages';
import { emailKey } from '../../../domain/email';
import { companyPhone, toSettingsMap } from '../../../domain/settings';
import { firstName, vehicleLabel } from '../../../domain/vehicle-label';
import { HttpError } from '../../errors';
import type {
  DriverAccountRow,
  DriverSessionsRepository,
} from '../../repositories/driver-sessions-repository';
import type { SettingsRepository } from '../../repositories/settings-repository';
import { verifyPassword } from '../accounts/passwords';
import { hashSessionToken, newSessionToken } from '../accounts/session-tokens';

/** A driver's session ends after this long without use. */
export const DRIVER_IDLE_MS = DRIVER_IDLE_HOURS * 60 * 60_000;

/** Who is asking, as every call of the driver's app sees them. */
export interface DriverIdentity {
  id: number;
  name: string;
  companyId: number;
}

export function driverIdentityOf(row: DriverAccountRow): DriverIdentity {
  return { id: row.id, name: row.name, companyId: row.company_id };
}

/** The usual vehicle in words, or the plate the driver's record names; null: neither. */
function usualVehicle(row: DriverAccountRow): string | null {
  if (row.vehicle_record_registration !== null) {
    return vehicleLabel({
      make: row.vehicle_make ?? '',
      model: row.vehicle_model ?? '',
      colour: row.vehicle_colour ?? '',
      registration: row.vehicle_record_registration,
    });
  }
  return row.vehicle_registration.trim() || null;
}

export interface DriverAuthDeps {
  sessions: DriverSessionsRepository;
  settings: Pick<SettingsRepository, 'listByName'>;
  clock: () => Date;
  /** The VAPID public key the app subscribes to push with; null until push is set up. */
  pushPublicKey?: () => string | null;
}

/** Sign-in, sign-out, the session check and "me" of the driver's app (issue 34). */
export function createDriverAuthService(deps: DriverAuthDeps) {
  const { sessions, clock } = deps;
  const nextExpiry = () => new Date(clock().getTime() + DRIVER_IDLE_MS);

  async function openSession(driverId: number): Promise<string> {
    const { token, tokenHash } = newSessionToken();
    await sessions.insertSession({ tokenHash, driverId, expiresAt: nextExpiry() });
    return token;
  }

  /** The signed-in driver as GET /driver/me answers. */
  async function me(row: DriverAccountRow): Promise<DriverMe> {
    const site = toSettingsMap(await deps.settings.listByName(['Company_Contact_Info']));
    return {
      id: row.id,
      name: row.name,
      first_name: firstName(row.name),
      email: row.email ?? '',
      company_id: row.company_id,
      company_name: row.company_name,
      company_phone: row.company_phone.trim() || companyPhone(site),
      on_duty: row.on_duty,
      vehicle: usualVehicle(row),
      push_public_key: deps.pushPublicKey?.() ?? null,
    };
  }

  return {
    /** A new session for a right pair; one 401 for a wrong password and an unknown email. */
    async login(email: string, password: string): Promise<{ token: string; driver: DriverMe }> {
      const row = await sessions.findByEmailKey(emailKey(email));
      const usable = row?.active === true;
      // A driver not yet invited (no password) is refused like an unknown one, in the same time.
      const ok = await verifyPassword((usable && row.password_hash) || undefined, password);
      if (!ok || !row) throw new HttpError(401, DRIVER_MESSAGES.invalidCredentials);
      // Said only to whoever knows the password: a stranger learns nothing of the company.
      if (!row.company_active) throw new HttpError(403, DRIVER_MESSAGES.companyInactive);
      return { token: await openSession(row.id), driver: await me(row) };
    },

    /** A new session for a driver who has just proved who they are (a used invitation). */
    openSession,

    me,

    /**
     * The live session's driver, undefined when there is none; each use moves its idle expiry
     * on. A deactivated driver's session, or one of a deactivated company's, ends here, revoked
     * rather than only refused, so reactivating never revives it.
     */
    async authenticate(token: string): Promise<DriverAccountRow | undefined> {
      const tokenHash = hashSessionToken(token);
      const now = clock();
      const row = await sessions.touchSession(tokenHash, now, nextExpiry());
      if (!row || (row.active && row.company_active)) return row;
      await sessions.revokeSession(tokenHash, now);
      return undefined;
    },

    async logout(token: string): Promise<void> {
      await sessions.revokeSession(hashSessionToken(token), clock());
    },

    /** POST /driver/duty: on or off duty, answering the driver as "me" shows them. */
    async setDuty(driver: DriverIdentity, onDuty: boolean): Promise<DriverMe> {
      await sessions.setDuty(driver.id, onDuty, clock());
      const row = await sessions.find(driver.id);
      if (!row) throw new HttpError(401, DRIVER_MESSAGES.signInRequired);
      return me(row);
    },
  };
}

export type DriverAuthService = ReturnType<typeof createDriverAuthService>;
