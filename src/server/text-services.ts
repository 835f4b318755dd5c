import { API_BASE } from '../contract/paths';
import type { Repositories } from './repositories/all-repositories';
import type { ServicesOptions } from './services-options';
import { createDeliveryStatus, TWILIO_STATUS_PATH } from './services/texts/delivery-status';
import { sendText } from './services/texts/send-text';
import { createSmsTransport } from './services/texts/sms-transport';

/**
 * The passenger's texts (issue 35): the sms-send job's work over the configured transport
 * (Twilio, or files under DATA_DIR), and Twilio's signed delivery reports. Twilio is given a
 * status callback only when it can reach us (PUBLIC_URL) and is the transport.
 */
export function textServices(options: ServicesOptions, repositories: Repositories) {
  const { config, clock, logger } = options;
  const transport = createSmsTransport(config);
  const twilio = Boolean(
    config.TWILIO_ACCOUNT_SID && config.TWILIO_AUTH_TOKEN && config.TWILIO_FROM,
  );
  const callbackUrl =
    twilio && config.PUBLIC_URL
      ? `${new URL(config.PUBLIC_URL).origin}${API_BASE}${TWILIO_STATUS_PATH}`
      : undefined;
  const deps = { texts: repositories.texts, transport, clock, logger, statusCallback: callbackUrl };
  return {
    transport,
    send: (smsId: number) => sendText(deps, smsId),
    report: createDeliveryStatus({
      texts: repositories.texts,
      authToken: config.TWILIO_AUTH_TOKEN,
      callbackUrl,
      clock,
    }),
  };
}
