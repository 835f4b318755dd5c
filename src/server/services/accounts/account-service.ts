import type { Kysely } from 'kysely';
import type {
  CheckPassengerEmailRequest,
  CheckPassengerEmailResponse,
  ForgotPasswordRequest,
  ResetPasswordRequest,
  VerifyCodeRequest,
} from '../../../contract/accounts';
import { ACCOUNT_MESSAGES, BOOKING_MESSAGES } from '../../../domain/messages';
import type { Database } from '../../db/schema';
import { HttpError, RequestValidationError } from '../../errors';
import type { OutboxRepository } from '../../repositories/outbox-repository';
import type { PassengersRepository } from '../../repositories/passengers-repository';
import type { SessionsRepository } from '../../repositories/sessions-repository';
import type { ResetCodesRepository } from '../../repositories/reset-codes-repository';
import { resetCodeMail } from '../mail/reset-code-mail';
import { hashPassword, passwordProblem, verifyPassword } from './passwords';
import {
  hashResetCode,
  newResetCode,
  RESET_CODE_MAX_WRONG_ATTEMPTS,
  RESET_CODE_VALID_MINUTES,
  resetCodeMatches,
} from './reset-codes';

export interface AccountServiceDeps {
  db: Kysely<Database>;
  passengers: PassengersRepository;
  resetCodes: ResetCodesRepository;
  sessions: SessionsRepository;
  outbox: OutboxRepository;
  clock: () => Date;
  /** Told after a transaction that queued mail has committed, so the sender can go at once. */
  mailQueued: () => void;
}

/** What checking a code decided; a wrong guess must commit its count, so it is not thrown. */
type CodeCheck = { ok: true; codeId: number } | { ok: false; message: string };

/** The existing-client check and the three steps of forgot password (spec section 8). */
export function createAccountService(deps: AccountServiceDeps) {
  return {
    checkPassengerEmail: (request: CheckPassengerEmailRequest) =>
      checkPassengerEmail(deps, request),
    forgotPassword: (request: ForgotPasswordRequest) => forgotPassword(deps, request),
    verifyCode: (request: VerifyCodeRequest) => verifyCode(deps, request),
    resetPassword: (request: ResetPasswordRequest) => resetPassword(deps, request),
  };
}

export type AccountService = ReturnType<typeof createAccountService>;

/**
 * Checks a code inside `trx` with the row locked: missing, dead (5 wrong tries) or wrong
 * all read 'Invalid reset code'; out of time reads 'Reset code has expired'.
 */
async function checkCode(
  deps: AccountServiceDeps,
  trx: Parameters<ResetCodesRepository['findLiveForUpdate']>[1],
  passengerId: number,
  code: string,
): Promise<CodeCheck> {
  const { resetCodes, clock } = deps;
  const row = await resetCodes.findLiveForUpdate(passengerId, trx);
  if (!row || row.attempts >= RESET_CODE_MAX_WRONG_ATTEMPTS) {
    return { ok: false, message: ACCOUNT_MESSAGES.codeInvalid };
  }
  if (row.expiresAt.getTime() <= clock().getTime()) {
    return { ok: false, message: ACCOUNT_MESSAGES.codeExpired };
  }
  if (!resetCodeMatches(row.codeHash, code)) {
    await resetCodes.countWrongAttempt(row.id, trx);
    return { ok: false, message: ACCOUNT_MESSAGES.codeInvalid };
  }
  return { ok: true, codeId: row.id };
}

/**
 * Unknown email and wrong password get the same answer, in the same time (verifyPassword
 * checks a decoy hash when there is no account), so the check cannot list who has one.
 * A match also answers the passenger's name and mobile, for the payment page.
 */
async function checkPassengerEmail(
  deps: AccountServiceDeps,
  request: CheckPassengerEmailRequest,
): Promise<CheckPassengerEmailResponse> {
  const { passengers } = deps;
  const account = await passengers.findByEmail(request.email);
  const matches = await verifyPassword(account?.passwordHash, request.password);
  // The account's details go only to whoever proved the password.
  return matches && account
    ? {
        success: true,
        message: BOOKING_MESSAGES.emailFound,
        passenger: {
          firstName: account.firstName,
          surname: account.lastName,
          number: account.phone,
        },
      }
    : { success: false, message: BOOKING_MESSAGES.emailNotFound };
}

/** A new code replaces any earlier one; its mail is queued in the same transaction. */
async function forgotPassword(
  deps: AccountServiceDeps,
  request: ForgotPasswordRequest,
): Promise<string> {
  const { db, passengers, resetCodes, outbox, clock } = deps;
  const account = await passengers.findByEmail(request.email);
  // The spec's screen says 'Email not found', so this step does tell whether an account
  // exists; the per-email and per-address limits keep that from becoming a listing tool.
  if (!account) throw new HttpError(404, ACCOUNT_MESSAGES.emailNotFound);
  const code = newResetCode();
  const now = clock();
  await db.transaction().execute(async (trx) => {
    await resetCodes.replaceForPassenger(
      {
        passengerId: account.id,
        codeHash: hashResetCode(code),
        createdAt: now,
        expiresAt: new Date(now.getTime() + RESET_CODE_VALID_MINUTES * 60_000),
      },
      trx,
    );
    await outbox.enqueue(
      resetCodeMail({ to: account.email, code, validMinutes: RESET_CODE_VALID_MINUTES }),
      trx,
    );
  });
  deps.mailQueued();
  return ACCOUNT_MESSAGES.codeSent;
}

/** Checks a code without using it up, so the screen can move on to the new password. */
async function verifyCode(deps: AccountServiceDeps, request: VerifyCodeRequest): Promise<string> {
  const { db, passengers } = deps;
  const account = await passengers.findByEmail(request.email);
  if (!account) throw new HttpError(400, ACCOUNT_MESSAGES.codeInvalid);
  const check = await db
    .transaction()
    .execute((trx) => checkCode(deps, trx, account.id, request.code));
  if (!check.ok) throw new HttpError(400, check.message);
  return ACCOUNT_MESSAGES.codeVerified;
}

/**
 * Sets the new password, uses the code up and signs the passenger out of every corporate
 * session (whoever knew the old password may hold one): all or nothing.
 */
async function resetPassword(
  deps: AccountServiceDeps,
  request: ResetPasswordRequest,
): Promise<string> {
  const { db, passengers, resetCodes, sessions, clock } = deps;
  const problem = passwordProblem(request.new_password);
  if (problem) throw new RequestValidationError([{ path: 'new_password', message: problem }]);
  const account = await passengers.findByEmail(request.email);
  if (!account) throw new HttpError(400, ACCOUNT_MESSAGES.codeInvalid);
  // Hashed before the transaction: argon2 takes tens of milliseconds, too long to hold
  // the code's row lock (and PGlite's only connection) for.
  const passwordHash = await hashPassword(request.new_password);
  const check = await db.transaction().execute(async (trx) => {
    const result = await checkCode(deps, trx, account.id, request.code);
    if (result.ok) {
      await passengers.updatePasswordHash(account.id, passwordHash, trx);
      await resetCodes.markUsed(result.codeId, clock(), trx);
      await sessions.revokeAllFor(account.id, clock(), trx);
    }
    return result;
  });
  if (!check.ok) throw new HttpError(400, check.message);
  return ACCOUNT_MESSAGES.resetDone;
}
