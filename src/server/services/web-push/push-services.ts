import type { Repositories } from '../../repositories/all-repositories';
import type { ServicesOptions } from '../../services-options';
import { createPushSender, type PushSender } from '../driver-push/push-sender';
import { loadVapidKeys } from './vapid-keys';
import { createWebPush, type WebPush } from './web-push';

/**
 * Web Push (issues 34 and 35) over the VAPID keys: configured, or made on first start and kept
 * in DATA_DIR. Its contact is VAPID_SUBJECT, else the FROM_EMAIL setting, read at each send so
 * a settings change needs no restart. One sender; the driver's offers go through `push`, the
 * passenger's booking news through the passenger-push job.
 */
export async function createPushServices(
  options: ServicesOptions,
  repositories: Pick<Repositories, 'driverPush' | 'settings'>,
): Promise<{ webPush: WebPush; push: PushSender }> {
  const { config } = options;
  const keys = await loadVapidKeys({
    configured: { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY },
    dataDir: config.DATA_DIR,
  });
  const webPush = createWebPush({
    keys,
    hosts: config.WEB_PUSH_HOSTS,
    subject: async () => {
      if (config.VAPID_SUBJECT) return config.VAPID_SUBJECT;
      const [row] = await repositories.settings.listByName(['FROM_EMAIL']);
      return `mailto:${row?.setting_value.trim() || 'no-reply@localhost'}`;
    },
    agent: options.pushAgent,
  });
  const push = createPushSender({
    subscriptions: repositories.driverPush,
    webPush,
    logger: options.logger,
  });
  return { webPush, push };
}
