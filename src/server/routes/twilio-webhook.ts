import type { FastifyInstance } from 'fastify';
import { HttpError } from '../errors';
import {
  ForgedCallback,
  TWILIO_STATUS_PATH,
  type DeliveryStatus,
} from '../services/texts/delivery-status';

/**
 * POST /api/v1/webhooks/twilio/status. Outside the API-key scope: Twilio signs its form post
 * (X-Twilio-Signature) instead of sending our keys. A forged or unsigned post is refused 403.
 */
export async function twilioWebhookRoutes(
  app: FastifyInstance,
  options: { report: DeliveryStatus },
): Promise<void> {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  app.post(TWILIO_STATUS_PATH, async (request, reply) => {
    const body = request.body;
    const params =
      body && typeof body === 'object' && !Array.isArray(body)
        ? Object.fromEntries(Object.entries(body).map(([key, value]) => [key, String(value)]))
        : {};
    const signature = request.headers['x-twilio-signature'];
    try {
      await options.report(typeof signature === 'string' ? signature : undefined, params);
    } catch (error) {
      if (error instanceof ForgedCallback) throw new HttpError(403, error.message);
      throw error;
    }
    return reply.code(204).send();
  });
}
