import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

export interface SettingRow {
  setting_name: string;
  setting_value: string;
}

export function createSettingsRepository(db: Kysely<Database>) {
  return {
    /**
     * The stored rows among `names`. The table also holds rows meant only for the server, so
     * a read for the browser always names what it wants rather than taking everything.
     */
    async listByName(names: readonly string[]): Promise<SettingRow[]> {
      if (names.length === 0) return [];
      return db
        .selectFrom('settings')
        .select(['setting_name', 'setting_value'])
        .where('setting_name', 'in', names)
        .execute();
    },

    /** The rows among `names`, locked until `trx` ends: two saves of one setting queue. */
    async lockByName(trx: Kysely<Database>, names: readonly string[]): Promise<SettingRow[]> {
      if (names.length === 0) return [];
      return trx
        .selectFrom('settings')
        .select(['setting_name', 'setting_value'])
        .where('setting_name', 'in', names)
        .forUpdate()
        .execute();
    },

    async save(trx: Kysely<Database>, name: string, value: string, at: Date): Promise<void> {
      await trx
        .insertInto('settings')
        .values({ setting_name: name, setting_value: value, updated_at: at })
        .onConflict((oc) =>
          oc.column('setting_name').doUpdateSet({ setting_value: value, updated_at: at }),
        )
        .execute();
    },
  };
}

export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
