import type { Repositories } from '../../repositories/all-repositories';
import type { ServicesOptions } from '../../services-options';
import { createPushSender, type PushSender } from './push-sender';
import { loadVapidKeys } from './vapid-keys';

/**
 * The Web Push sender (issue 34) over the VAPID keys: configured, or made on first start and
 * kept in DATA_DIR. Its contact is VAPID_SUBJECT, else the FROM_EMAIL setting, read at each
 * send so a settings change needs no restart.
 */
export async function createPushServices(
  options: ServicesOptions,
  repositories: Pick<Repositories, 'driverPush' | 'settings'>,
): Promise<PushSender> {
  const { config } = options;
  const keys = await loadVapidKeys({
    configured: { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY },
    dataDir: config.DATA_DIR,
  });
  return createPushSender({
    subscriptions: repositories.driverPush,
    keys,
    subject: async () => {
      if (config.VAPID_SUBJECT) return config.VAPID_SUBJECT;
      const [row] = await repositories.settings.listByName(['FROM_EMAIL']);
      return `mailto:${row?.setting_value.trim() || 'no-reply@localhost'}`;
    },
    logger: options.logger,
    agent: options.pushAgent,
  });
}
