import type { ConsoleRequest } from '../../../contract/operator-requests';
import type { ReplyRow, RequestRow } from '../../repositories/requests-repository';

/** A stored payload's text field ('' when missing: the payload is the validated form). */
function textOf(payload: Record<string, unknown>, field: string): string {
  const value = payload[field];
  return typeof value === 'string' ? value : '';
}

function countOf(payload: Record<string, unknown>, field: string, fallback: number): number {
  const value = payload[field];
  return typeof value === 'number' && Number.isInteger(value) ? value : fallback;
}

/** jsonb comes back parsed from both drivers; text is tolerated in case a driver differs. */
function payloadOf(row: RequestRow): Record<string, unknown> {
  const value: unknown = typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload;
  return value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};
}

/** Who sent a request, and how to reach them, whichever form it came from. */
export function senderOf(row: RequestRow): { name: string; email: string; phone: string } {
  const p = payloadOf(row);
  if (row.kind === 'quote-now') {
    return {
      name: textOf(p, 'passenger_name'),
      email: row.email,
      phone: textOf(p, 'passenger_phone'),
    };
  }
  const name = [textOf(p, 'firstName'), textOf(p, 'lastName')].filter(Boolean).join(' ');
  return { name, email: row.email, phone: textOf(p, 'telephone') };
}

/** A Quote Now request's journey, as the visitor gave it. */
export function quoteOf(row: RequestRow): ConsoleRequest['quote'] {
  if (row.kind !== 'quote-now') return null;
  const p = payloadOf(row);
  return {
    pickup_address: textOf(p, 'pickup_address'),
    dropoff_address: textOf(p, 'dropoff_address'),
    pickup_date: textOf(p, 'pickup_date'),
    pickup_time: textOf(p, 'pickup_time'),
    passengers: countOf(p, 'passengers', 1),
    luggages: countOf(p, 'luggages', 0),
    additional_info: textOf(p, 'additional_info'),
  };
}

/** The request as the console shows it, with its replies (oldest first). */
export function toConsoleRequest(row: RequestRow, replies: readonly ReplyRow[]): ConsoleRequest {
  const p = payloadOf(row);
  return {
    id: row.id,
    kind: row.kind,
    state: row.state,
    received_at: row.created_at.toISOString(),
    ...senderOf(row),
    quote: quoteOf(row),
    contact:
      row.kind === 'contact-us'
        ? {
            query_reason: textOf(p, 'queryReason'),
            booking_number: textOf(p, 'bookingNumber'),
            comments: textOf(p, 'comments'),
          }
        : null,
    booked_as: row.booked_as,
    replies: replies
      .filter((reply) => reply.submission_id === row.id)
      .map((reply) => ({
        at: reply.created_at.toISOString(),
        operator_name: reply.operator_name,
        message: reply.message,
        mail_id: reply.outbox_id,
      })),
  };
}
