import type { Kysely } from 'kysely';
import type { CorporatePassenger, CorporateBooking } from '../../../contract/corporate';
import type { PassengerLoginResponse } from '../../../contract/corporate';
import { phoneProblem } from '../../../contract/phone';
import { CORPORATE_MESSAGES } from '../../../domain/messages';
import { EMAIL_MESSAGES, isEmailAddress } from '../../../domain/email';
import { emailKey } from '../../../domain/registration';
import { companyEmail, companyPhone, toSettingsMap } from '../../../domain/settings';
import type { Database } from '../../db/schema';
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
import type { OutboxRepository } from '../../repositories/outbox-repository';
import type { SessionsRepository } from '../../repositories/sessions-repository';
import type { SettingsRepository } from '../../repositories/settings-repository';
import { emailChangedMail } from '../mail/email-changed-mail';
import { toCorporateBookings } from './corporate-booking-mapper';
import { verifyPassword } from './passwords';
import { hashSessionToken, newSessionToken, SESSION_LIFETIME_MS } from './session-tokens';

export interface CorporateServiceDeps {
  db: Kysely<Database>;
  passengers: PassengersRepository;
  sessions: SessionsRepository;
  bookings: CorporateBookingsRepository;
  profile: CorporateProfileRepository;
  outbox: OutboxRepository;
  settings: SettingsRepository;
  clock: () => Date;
  /** Told after a transaction that queued mail has committed, so the sender can go at once. */
  mailQueued: () => void;
}

/** What a profile update knows besides the fields: who asks, and their proof for an email change. */
export interface ProfileUpdateRequest {
  /** The request's bearer token: its session stays signed in when the others are ended. */
  sessionToken: string;
  currentPassword?: string | undefined;
  /**
   * Counts a password check in sign-in's limits for the account's email (and the caller's
   * address); throws the 429 once over them. Called only when a password is checked; a right
   * password is given back, as on sign-in.
   */
  countPasswordCheck: (accountEmail: string) => Promise<{ giveBack(): Promise<void> }>;
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
  return {
    login: (email: string, password: string) => login(deps, email, password),
    authenticate: (token: string) => authenticate(deps, token),
    logout: (token: string) => logout(deps, token),
    bookings: (sessionPassengerId: number, requestedId: number) =>
      ownBookings(deps, sessionPassengerId, requestedId),
    updateProfile: (
      sessionPassengerId: number,
      requestedId: number,
      change: ProfileChange,
      request: ProfileUpdateRequest,
    ) => updateProfile(deps, sessionPassengerId, requestedId, change, request),
  };
}

export type CorporateService = ReturnType<typeof createCorporateService>;

/** Refuses any id but the signed-in passenger's, so one account never reads another (BOLA). */
function requireOwn(sessionPassengerId: number, requestedId: number): void {
  if (requestedId !== sessionPassengerId) {
    throw new HttpError(403, CORPORATE_MESSAGES.notYourAccount);
  }
}

/** The warning to the old address that the account now signs in with another. */
async function emailChangedNotice(deps: CorporateServiceDeps, oldEmail: string, newEmail: string) {
  const settings = toSettingsMap(
    await deps.settings.listByName(['FROM_EMAIL', 'Company_Contact_Info']),
  );
  return emailChangedMail({
    to: oldEmail,
    newEmail: newEmail.trim(),
    companyPhone: companyPhone(settings),
    companyEmail: companyEmail(settings),
  });
}

/** A wrong password and an unknown email fail alike, in the same time (decoy hash). */
async function login(
  deps: CorporateServiceDeps,
  email: string,
  password: string,
): Promise<PassengerLoginResponse> {
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
}

/** The passenger a live token belongs to, or undefined. */
async function authenticate(
  deps: CorporateServiceDeps,
  token: string,
): Promise<number | undefined> {
  return deps.sessions.findActive(hashSessionToken(token), deps.clock());
}

async function logout(deps: CorporateServiceDeps, token: string): Promise<void> {
  await deps.sessions.revoke(hashSessionToken(token), deps.clock());
}

async function ownBookings(
  deps: CorporateServiceDeps,
  sessionPassengerId: number,
  requestedId: number,
): Promise<CorporateBooking[]> {
  requireOwn(sessionPassengerId, requestedId);
  return toCorporateBookings(await deps.bookings.listForPassenger(sessionPassengerId));
}

/**
 * Name and phone change on the token alone. A new email needs the current password (the
 * email is how the account signs in and resets, so a stolen token must not move it); it
 * warns the old address and ends every other session, all in one transaction.
 */
async function updateProfile(
  deps: CorporateServiceDeps,
  sessionPassengerId: number,
  requestedId: number,
  change: ProfileChange,
  request: ProfileUpdateRequest,
): Promise<CorporatePassenger> {
  requireOwn(sessionPassengerId, requestedId);
  if (!isEmailAddress(change.email)) {
    throw new RequestValidationError([{ path: 'email', message: EMAIL_MESSAGES.invalid('email') }]);
  }
  const phone = change.phone && phoneProblem('phone', change.phone);
  if (phone) throw new RequestValidationError([{ path: 'phone', message: phone }]);
  const before = await deps.passengers.findById(sessionPassengerId);
  // The session outlived its passenger (account deleted): treat it as signed out.
  if (!before) throw new HttpError(401, CORPORATE_MESSAGES.signInRequired);
  const emailChanges = emailKey(change.email) !== emailKey(before.email);
  if (emailChanges) {
    if (!request.currentPassword) {
      throw new RequestValidationError([
        { path: 'current_password', message: CORPORATE_MESSAGES.currentPasswordRequired },
      ]);
    }
    // Checked before the taken-email test, so a token alone cannot list registered emails.
    const attempt = await request.countPasswordCheck(before.email);
    if (!(await verifyPassword(before.passwordHash, request.currentPassword))) {
      throw new RequestValidationError([
        { path: 'current_password', message: CORPORATE_MESSAGES.currentPasswordWrong },
      ]);
    }
    await attempt.giveBack();
  }
  if (await deps.profile.emailUsedByOther(change.email, sessionPassengerId)) {
    throw new HttpError(409, CORPORATE_MESSAGES.emailTaken);
  }
  const notice = emailChanges ? await emailChangedNotice(deps, before.email, change.email) : null;
  await deps.db.transaction().execute(async (trx) => {
    const now = deps.clock();
    const outcome = await deps.profile.update(sessionPassengerId, change, now, trx);
    // Thrown, not returned, so nothing of this change is committed.
    if (outcome === 'email-taken') throw new HttpError(409, CORPORATE_MESSAGES.emailTaken);
    if (outcome === 'missing') throw new HttpError(401, CORPORATE_MESSAGES.signInRequired);
    if (notice) {
      await deps.outbox.enqueue(notice, trx);
      await deps.sessions.revokeOthers(
        sessionPassengerId,
        hashSessionToken(request.sessionToken),
        now,
        trx,
      );
    }
  });
  if (notice) deps.mailQueued();
  const account = await deps.passengers.findById(sessionPassengerId);
  if (!account) throw new HttpError(401, CORPORATE_MESSAGES.signInRequired);
  return corporatePassenger(account);
}
