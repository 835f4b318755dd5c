import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

export interface SettingRow {
  setting_name: string;
  setting_value: string;
}

/** Reads of the settings table. */
export function createSettingsRepository(db: Kysely<Database>) {
  return {
    /** Every stored setting, by name. */
    async listAll(): Promise<SettingRow[]> {
      return db
        .selectFrom('settings')
        .select(['setting_name', 'setting_value'])
        .orderBy('setting_name')
        .execute();
    },
  };
}

export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
