import { sql, type Kysely } from 'kysely';
import type { DatabaseHandle, DatabaseLogger } from '../../db/database';
import { channelName } from '../../db/listen';
import type { Unlisten } from '../../db/listen';
import type { Database } from '../../db/schema';

/** What changed: each kind of set-up the public site or quotes keep in memory. */
export type ConfigTopic = 'settings' | 'prices' | 'fleet' | 'companies';

/** Where a change was learnt of: this process's own save, or a notice (any process's). */
export type ConfigSource = 'local' | 'notice';
export type ConfigListener = (topic: ConfigTopic | 'all', source: ConfigSource) => void;

/**
 * Tells every API process on this database that the business's set-up changed (issue 33: a
 * saved setting reaches every process within 5 seconds). A change publishes with the same
 * executor as its writes, so PostgreSQL delivers the notice only when they commit, and never
 * when they roll back; every process, the writer's own included, hears it through LISTEN and
 * forgets what it kept in memory (the writer also forgets at once, see publish). The caches' own
 * TTLs stay as the bound should a notice be lost.
 */
export function createConfigChanges(
  handle: Pick<DatabaseHandle, 'listen' | 'schema'>,
  logger: DatabaseLogger,
) {
  const channel = channelName('ridebook_config', handle.schema);
  const listeners = new Set<ConfigListener>();
  let unlisten: Unlisten | null = null;

  const tell = (topic: ConfigTopic | 'all', source: ConfigSource) => {
    for (const listener of listeners) {
      try {
        listener(topic, source);
      } catch (err) {
        logger.error({ err, topic }, 'a set-up change listener failed');
      }
    }
  };

  return {
    /**
     * Sends the notice with `executor`: inside a transaction it leaves when that commits. This
     * process forgets at once too, so its own next request after the commit reads the change
     * (a read that slips in before the commit is forgotten again when the notice arrives).
     */
    async publish(executor: Kysely<Database>, topic: ConfigTopic): Promise<void> {
      await sql`select pg_notify(${channel}, ${topic})`.execute(executor);
      tell(topic, 'local');
    },

    /** Calls `listener` on every change, this process's own and those heard from any process. */
    onChange(listener: ConfigListener): void {
      listeners.add(listener);
    },

    async start(): Promise<void> {
      if (unlisten) return;
      unlisten = await handle.listen(channel, {
        notify: (payload) => tell(payload as ConfigTopic, 'notice'),
        missed: () => tell('all', 'notice'),
      });
    },

    async stop(): Promise<void> {
      const stopping = unlisten;
      unlisten = null;
      await stopping?.();
    },
  };
}

export type ConfigChanges = ReturnType<typeof createConfigChanges>;
