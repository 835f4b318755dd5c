import twilio from 'twilio';
import type { TextMessageStatus } from '../../db/schema';
import type { TextMessagesRepository } from '../../repositories/text-messages-repository';
import { cannotTakeTexts } from './send-text';

/** Twilio's message statuses, as the console shows them. */
const STATUSES: Record<string, TextMessageStatus> = {
  queued: 'sent',
  accepted: 'sent',
  sending: 'sent',
  sent: 'sent',
  delivered: 'delivered',
  undelivered: 'undelivered',
  failed: 'failed',
};

/** Twilio's delivery errors for a number that cannot take texts (landline, unknown, blocked). */
const NUMBER_ERRORS = new Set(['30003', '30005', '30006', '30007', '21610', '21614']);

export class ForgedCallback extends Error {}

/** The path Twilio posts delivery reports to, under the API's base. */
export const TWILIO_STATUS_PATH = '/webhooks/twilio/status';

/**
 * Twilio's status callback (issue 35): checked with the SDK's validateRequest against the
 * exact URL we gave Twilio and the auth token, then the text's row takes the new status. A
 * number Twilio found unable to take texts is recorded for the booking page and the console.
 */
export function createDeliveryStatus(deps: {
  texts: TextMessagesRepository;
  authToken: string | undefined;
  /** The callback URL as given to Twilio (PUBLIC_URL + the path). */
  callbackUrl: string | undefined;
  clock: () => Date;
}) {
  return async function report(signature: string | undefined, params: Record<string, string>) {
    const { authToken, callbackUrl } = deps;
    if (
      !authToken ||
      !callbackUrl ||
      !signature ||
      !twilio.validateRequest(authToken, signature, callbackUrl, params)
    ) {
      throw new ForgedCallback('The X-Twilio-Signature header does not match this request');
    }
    const status = STATUSES[params.MessageStatus ?? ''];
    const sid = params.MessageSid;
    if (!status || !sid) return;
    const code = params.ErrorCode ?? '';
    const error = code ? `Twilio error ${code}` : null;
    const row = await deps.texts.updateStatus(sid, status, error, deps.clock());
    if (row && NUMBER_ERRORS.has(code)) {
      await deps.texts.recordProblem(row.booking_id, cannotTakeTexts(params.To ?? 'this number'));
    }
  };
}

export type DeliveryStatus = ReturnType<typeof createDeliveryStatus>;
