import type { Kysely } from 'kysely';
import type { SettingEntry } from '../../../contract/operator-settings';
import {
  checkSettingsChange,
  EDITABLE_SETTING_NAMES,
  SETTING_DEFINITIONS,
  type SettingDefinition,
} from '../../../domain/settings-catalogue';
import type { Database } from '../../db/schema';
import { RequestValidationError } from '../../errors';
import type { ActivityRepository } from '../../repositories/activity-repository';
import type { SettingsRepository } from '../../repositories/settings-repository';
import type { OperatorIdentity } from '../operator/operator-auth-service';
import type { ConfigChanges } from './config-changes';

export interface SettingsAdminDeps {
  db: Kysely<Database>;
  settings: SettingsRepository;
  activity: ActivityRepository;
  configChanges: ConfigChanges;
  clock: () => Date;
}

/** A definition and its stored value as the page and the API show them. */
function toEntry(definition: SettingDefinition, value: string): SettingEntry {
  const { control } = definition;
  const entry: SettingEntry = {
    name: definition.name,
    value,
    label: definition.label,
    group: definition.group,
    kind: control.kind,
    hint: definition.hint,
  };
  if (control.kind === 'switch') return { ...entry, on: control.on, off: control.off };
  if (control.kind === 'number') {
    const { unit, min, max, decimals } = control;
    return { ...entry, unit, min, max, decimals };
  }
  return { ...entry, max_length: control.max };
}

/**
 * The Settings page's service (issue 33, admin only): every setting with how it is typed, and a
 * change checked whole by the domain's rule before anything is written. A save writes each
 * changed value with an activity row, and the notice that makes every process read them again,
 * in one transaction.
 */
export function createSettingsAdmin(deps: SettingsAdminDeps) {
  async function list(): Promise<SettingEntry[]> {
    const stored = new Map(
      (await deps.settings.listByName(EDITABLE_SETTING_NAMES)).map((row) => [
        row.setting_name,
        row.setting_value,
      ]),
    );
    return SETTING_DEFINITIONS.map((definition) =>
      toEntry(definition, stored.get(definition.name) ?? ''),
    );
  }

  async function save(
    operator: OperatorIdentity,
    body: Record<string, unknown>,
  ): Promise<SettingEntry[]> {
    const checked = checkSettingsChange(body);
    if (!checked.ok) throw new RequestValidationError(checked.errors);
    const at = deps.clock();
    await deps.db.transaction().execute(async (trx) => {
      const names = [...checked.values.keys()];
      const before = new Map(
        (await deps.settings.lockByName(trx, names)).map((row) => [
          row.setting_name,
          row.setting_value,
        ]),
      );
      let changed = false;
      for (const [name, value] of checked.values) {
        const previous = before.get(name) ?? null;
        if (previous === value) continue;
        changed = true;
        await deps.settings.save(trx, name, value, at);
        await deps.activity.record(trx, {
          actor: operator,
          companyId: null,
          kind: 'settings',
          subject: name,
          before: previous,
          after: value,
          at,
        });
      }
      if (changed) await deps.configChanges.publish(trx, 'settings');
    });
    return list();
  }

  return { list, save };
}

export type SettingsAdmin = ReturnType<typeof createSettingsAdmin>;
