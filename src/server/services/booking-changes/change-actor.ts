import type { StatusActor } from '../../../domain/booking-lifecycle';

/**
 * Who makes a change (issue 32). Every actor's change goes through this module; the history
 * says who made each one, and the cancellation's rules differ only in the policy's inputs.
 */
export type ChangeActor = { kind: 'passenger' } | { kind: 'operator'; id: number; name: string };

export const PASSENGER: ChangeActor = { kind: 'passenger' };

/** The history row's "by" columns for an actor. */
export function historyBy(actor: ChangeActor): {
  actor: StatusActor;
  operatorId: number | null;
  actorName: string;
} {
  return actor.kind === 'operator'
    ? { actor: 'operator', operatorId: actor.id, actorName: actor.name }
    : { actor: 'passenger', operatorId: null, actorName: 'Passenger' };
}
