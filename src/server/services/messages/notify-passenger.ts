import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { PassengerEvent } from './passenger-words';
import { pushPassenger, type PushDeps } from '../passenger-push/passenger-push';
import { textPassenger, type TextDeps } from '../texts/passenger-texts';

/** What telling the passenger is done with: the change path's own dependencies (ChangeDeps). */
export type NotifyDeps = TextDeps & PushDeps;

/**
 * Tells the passenger of `event` on one journey, in the change's transaction: by text when they
 * want texts (passenger-texts.ts), and by notification to each browser following the booking
 * (passenger-push.ts), each on its own, in the same words. The one call every change makes.
 */
export async function notifyPassenger(
  deps: NotifyDeps,
  trx: Transaction<Database>,
  about: PassengerEvent,
): Promise<void> {
  await textPassenger(deps, trx, about);
  await pushPassenger(deps, trx, about);
}
