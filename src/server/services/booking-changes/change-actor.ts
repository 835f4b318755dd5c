import type { StatusActor } from '../../../domain/booking-lifecycle';
import type { StampedPress } from '../../repositories/booking-history-repository';

/**
 * Who makes a change (issues 32, 34). Every actor's change goes through this module; the
 * history says who made each one, and the cancellation's rules differ only in the policy's
 * inputs. A driver's press from the app carries the phone's time and position; the system
 * acts when an offer times out.
 */
export type ChangeActor =
  | { kind: 'passenger' }
  | { kind: 'operator'; id: number; name: string }
  | { kind: 'driver'; id: number; name: string; press?: StampedPress }
  | { kind: 'system' };

export const PASSENGER = { kind: 'passenger' } as const satisfies ChangeActor;
export const SYSTEM = { kind: 'system' } as const satisfies ChangeActor;

/** The history row's "by" columns for an actor. */
export function historyBy(actor: ChangeActor): {
  actor: StatusActor;
  operatorId: number | null;
  actorName: string;
  driverId: number | null;
  press: StampedPress | null;
} {
  const none = { operatorId: null, driverId: null, press: null };
  switch (actor.kind) {
    case 'operator':
      return { ...none, actor: 'operator', operatorId: actor.id, actorName: actor.name };
    case 'driver':
      return {
        ...none,
        actor: 'driver',
        actorName: actor.name,
        driverId: actor.id,
        press: actor.press ?? null,
      };
    case 'passenger':
      return { ...none, actor: 'passenger', actorName: 'Passenger' };
    case 'system':
      return { ...none, actor: 'system', actorName: 'System' };
  }
}
