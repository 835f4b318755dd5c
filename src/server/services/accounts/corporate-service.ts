import type { CorporatePassenger, CorporateBooking } from '../../../contract/corporate';
import type { PassengerLoginResponse } from '../../../contract/corporate';
import { CORPORATE_MESSAGES } from '../../../domain/messages';
import { isEmailAddress } from '../../../domain/registration';
import { HttpError, RequestValidationError } from '../../errors';
import type { CorporateBookingsRepository } from '../../repositories/corporate-bookings-repository';
import type {
  CorporateProfileRepository,
  ProfileChange,
} from '../../repositories/corporate-profile-repository';
import type {
  PassengerAccount,
  PassengersRepository,
} from '../../repositories/passengers-repository';
import type { SessionsRepository } from '../../repositories/sessions-repository';
import { verifyPassword } from './passwords';
import { hashSessionToken, newSessionToken, SESSION_LIFETIME_MS } from './session-tokens';

export interface CorporateServiceDeps {
  passengers: PassengersRepository;
  sessions: SessionsRepository;
  bookings: CorporateBookingsRepository;
  profile: CorporateProfileRepository;
  clock: () => Date;
}

/** The passenger as the corporate calls name it; never the password hash. */
export function corporatePassenger(account: PassengerAccount): CorporatePassenger {
  return {
    passenger_id: account.id,
    passenger_name: `${account.firstName} ${account.lastName}`.trim(),
    passenger_email: account.email,
    passenger_contact_no: account.phone,
  };
}

/** Sign-in, sessions, and a corporate passenger's own bookings and profile. */
export function createCorporateService(deps: CorporateServiceDeps) {
  /** Refuses any id but the signed-in passenger's, so one account never reads another (BOLA). */
  function requireOwn(sessionPassengerId: number, requestedId: number): void {
    if (requestedId !== sessionPassengerId) {
      throw new HttpError(403, CORPORATE_MESSAGES.notYourAccount);
    }
  }

  return {
    /** A wrong password and an unknown email fail alike, in the same time (decoy hash). */
    async login(email: string, password: string): Promise<PassengerLoginResponse> {
      const account = await deps.passengers.findByEmail(email);
      const matches = await verifyPassword(account?.passwordHash, password);
      if (!account || !matches) throw new HttpError(401, CORPORATE_MESSAGES.invalidCredentials);
      const { token, tokenHash } = newSessionToken();
      const expiresAt = new Date(deps.clock().getTime() + SESSION_LIFETIME_MS);
      await deps.sessions.insert({ tokenHash, passengerId: account.id, expiresAt });
      return {
        success: true,
        access_token: token,
        expires_at: expiresAt.toISOString(),
        passenger: corporatePassenger(account),
      };
    },

    /** The passenger a live token belongs to, or undefined. */
    async authenticate(token: string): Promise<number | undefined> {
      return deps.sessions.findActive(hashSessionToken(token), deps.clock());
    },

    async logout(token: string): Promise<void> {
      await deps.sessions.revoke(hashSessionToken(token), deps.clock());
    },

    async bookings(sessionPassengerId: number, requestedId: number): Promise<CorporateBooking[]> {
      requireOwn(sessionPassengerId, requestedId);
      return deps.bookings.listForPassenger(sessionPassengerId);
    },

    async updateProfile(
      sessionPassengerId: number,
      requestedId: number,
      change: ProfileChange,
    ): Promise<CorporatePassenger> {
      requireOwn(sessionPassengerId, requestedId);
      if (!isEmailAddress(change.email)) {
        throw new RequestValidationError([
          { path: 'email', message: 'email must be a valid email address' },
        ]);
      }
      if (await deps.profile.emailUsedByOther(change.email, sessionPassengerId)) {
        throw new HttpError(409, CORPORATE_MESSAGES.emailTaken);
      }
      const outcome = await deps.profile.update(sessionPassengerId, change, deps.clock());
      if (outcome === 'email-taken') throw new HttpError(409, CORPORATE_MESSAGES.emailTaken);
      const account = await deps.passengers.findById(sessionPassengerId);
      // The session outlived its passenger (account deleted): treat it as signed out.
      if (outcome === 'missing' || !account) {
        throw new HttpError(401, CORPORATE_MESSAGES.signInRequired);
      }
      return corporatePassenger(account);
    },
  };
}

export type CorporateService = ReturnType<typeof createCorporateService>;
