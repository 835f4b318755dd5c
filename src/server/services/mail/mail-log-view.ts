import type { MailEntry } from '../../../contract/operator-mail';
import { REQUEST_MESSAGES, type MailState } from '../../../domain/console-requests';
import type { MailLogRow } from '../../repositories/mail-log-repository';

/** A manage link's token in a body: a working key to a booking while the mail waits. */
const LINK_TOKEN = /([?&]token=)[A-Za-z0-9_-]+/g;
/** What outbox-repository's markSent leaves of a sent manage link. */
const SENT_LINK_TOKEN = /[?&]token=\(sent\)/;

/** The Mail page's state of an outbox row (mail-log-repository's inState is the SQL of it). */
export function mailStateOf(row: Pick<MailLogRow, 'status' | 'last_error'>): MailState {
  if (row.status === 'sent') return 'sent';
  if (row.status === 'suppressed') return 'held';
  if (row.status === 'failed' || row.last_error !== null) return 'failing';
  return 'waiting';
}

/**
 * Why a message cannot be sent again, or null. What the outbox no longer holds cannot be
 * copied: a held message's words were never kept, a sent one's go after the retention period,
 * a code is never sent twice, and a sent manage link's token is kept only as a hash.
 */
export function resendRefusalOf(row: MailLogRow, retentionDays: number): string | null {
  if (row.status === 'suppressed') return REQUEST_MESSAGES.heldNotKept;
  if (row.secret) return REQUEST_MESSAGES.secretNotKept;
  if (row.text_body === '') return REQUEST_MESSAGES.bodyPurged(retentionDays);
  if (SENT_LINK_TOKEN.test(row.text_body)) return REQUEST_MESSAGES.linkNotKept;
  return null;
}

/**
 * The words as the page shows them: none once removed (retention) or for a message holding a
 * code; a waiting manage link's token is hidden, since it opens the passenger's booking.
 */
function bodyOf(row: MailLogRow): string | null {
  if (row.secret || row.text_body === '') return null;
  return row.text_body.replace(LINK_TOKEN, '$1(hidden)');
}

export function toMailEntry(row: MailLogRow, retentionDays: number): MailEntry {
  const state = mailStateOf(row);
  return {
    id: row.id,
    kind: row.kind,
    recipient: row.recipient,
    subject: row.subject,
    state,
    created_at: row.created_at.toISOString(),
    sent_at: row.sent_at ? row.sent_at.toISOString() : null,
    attempts: row.attempts,
    last_error: row.last_error,
    next_attempt_at: state === 'failing' ? row.next_attempt_at.toISOString() : null,
    held_reason: row.suppressed_reason,
    body: bodyOf(row),
    resend_refusal: resendRefusalOf(row, retentionDays),
  };
}
