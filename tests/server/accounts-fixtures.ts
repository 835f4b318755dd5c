import { API_BASE, API_PATHS } from '../../src/contract/paths';
import { createPassengersRepository } from '../../src/server/repositories/passengers-repository';
import { hashPassword } from '../../src/server/services/accounts/passwords';
import { API_HEADERS } from './helpers';
import type { TestApp } from './helpers';

export const ALICE = { email: 'alice.smith@example.co.uk', password: 'Correct horse 1987' };

/** Registers a passenger directly in the database, as a new-client booking would. */
export async function addPassenger(
  t: TestApp,
  account: { email: string; password: string } = ALICE,
): Promise<number> {
  const passenger = await createPassengersRepository(t.db.handle.db).insert({
    email: account.email,
    firstName: 'Alice',
    lastName: 'Smith',
    phone: '+44 7700 900123',
    passwordHash: await hashPassword(account.password),
  });
  if (!passenger) throw new Error('passenger already exists');
  return passenger.id;
}

/** POSTs JSON to an account call, from `remoteAddress` when given. */
export function postAccount(
  t: TestApp,
  call:
    | 'checkPassengerEmail'
    | 'checkPassengerLogin'
    | 'forgotPassword'
    | 'verifyCode'
    | 'resetPassword',
  body: unknown,
  remoteAddress?: string,
) {
  return t.app.inject({
    method: 'POST',
    url: `${API_BASE}${API_PATHS[call]}`,
    headers: { ...API_HEADERS, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}
