import type { ValidationIssue } from '../../../../../contract/envelope';

/** A price failure the dialog explains (spec section 8). */
export type PriceFailure =
  { kind: 'same-address' } | { kind: 'urgent' } | { kind: 'error'; message: string };

/** How a submit ended, for the form: only field problems and offline need its help. */
export type SubmitOutcome =
  | { status: 'priced' }
  | { status: 'offline' }
  | { status: 'invalid'; issues: readonly ValidationIssue[] }
  | { status: 'failed' };
