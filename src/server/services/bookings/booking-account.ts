import type { SettingsMap } from '../../../domain/settings';
import { guestLoginAllowed } from '../../../domain/settings';
import { BOOKING_MESSAGES } from '../../../domain/messages';
import { HttpError, RequestValidationError } from '../../errors';
import type { PassengersRepository } from '../../repositories/passengers-repository';
import { hashPassword, passwordProblem, verifyPassword } from '../accounts/passwords';
import type { parseRegistration } from './booking-inputs';
import type { PreparedBooking } from './prepared-booking';

/** The account side: guest allowed, new client's password policy, existing client's password. */
export async function checkAccount(
  passengers: PassengersRepository,
  { mode, data }: ReturnType<typeof parseRegistration>,
  settings: SettingsMap,
): Promise<{
  account: PreparedBooking['account'];
  known?: { firstName: string; lastName: string; phone: string; email: string };
}> {
  if (mode === 'guest_login') {
    if (!guestLoginAllowed(settings)) throw new HttpError(403, BOOKING_MESSAGES.guestNotAllowed);
    return { account: { mode, passengerId: null, register: null } };
  }
  if (mode === 'new_client') {
    const problem = passwordProblem(data.password);
    if (problem) {
      throw new RequestValidationError([{ path: 'registrationData.password', message: problem }]);
    }
    // Whether the email is registered already is found out only when the account is made
    // (store): the answer must be the same either way, or it would tell anyone who has an
    // account. The password is hashed either way too, so the time taken says nothing.
    return {
      account: {
        mode,
        passengerId: null,
        register: {
          email: data.email,
          firstName: data.firstName,
          lastName: data.surname,
          phone: data.number,
          passwordHash: await hashPassword(data.password),
        },
      },
    };
  }
  const account = await passengers.findByEmail(data.email);
  if (!(await verifyPassword(account?.passwordHash, data.password)) || !account) {
    throw new HttpError(401, BOOKING_MESSAGES.emailNotFound);
  }
  return { account: { mode, passengerId: account.id, register: null }, known: account };
}
