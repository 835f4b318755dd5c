import type { SettingEntry } from '../../../../contract/operator-settings';
import { checkSettingValue, settingDefinition } from '../../../../domain/settings-catalogue';

/** What the admin has typed or switched, by setting name, before Save. */
export type SettingsDraft = Record<string, string>;
/** A refusal under a field, by setting name. */
export type SettingErrors = Record<string, string>;

/** A switch is on when its stored word is its "on" word (GUEST_LOGIN may hold 'yes' too). */
export function switchIsOn(entry: SettingEntry, value: string): boolean {
  return value === entry.on || value === 'enable' || value === 'yes';
}

/** The draft's values that differ from what is saved: what Save sends. */
export function changedValues(saved: readonly SettingEntry[], draft: SettingsDraft): SettingsDraft {
  const changed: SettingsDraft = {};
  for (const entry of saved) {
    const value = draft[entry.name];
    if (value !== undefined && value !== entry.value) changed[entry.name] = value;
  }
  return changed;
}

/**
 * The page checks with the domain's own rule before sending, so a letter in Grace time is
 * refused under the field at once; the server checks again with the same rule.
 */
export function draftErrors(changed: SettingsDraft): SettingErrors {
  const errors: SettingErrors = {};
  for (const [name, value] of Object.entries(changed)) {
    const definition = settingDefinition(name);
    if (!definition) continue;
    const checked = checkSettingValue(definition, value);
    if (!checked.ok) errors[name] = checked.message;
  }
  return errors;
}

/** The groups in the order the server lists them, each with its settings. */
export function groupsOf(entries: readonly SettingEntry[]) {
  const groups = new Map<string, SettingEntry[]>();
  for (const entry of entries) {
    const list = groups.get(entry.group) ?? [];
    list.push(entry);
    groups.set(entry.group, list);
  }
  return [...groups.entries()].map(([group, settings]) => ({ group, settings }));
}

/** "0 to 10080 minutes", "£0 to £1000": a number's bounds as the field's hint says them. */
export function boundsText(entry: SettingEntry): string {
  if (entry.kind !== 'number' || entry.min === undefined || entry.max === undefined) return '';
  if (entry.unit === '£') return `£${entry.min} to £${entry.max}`;
  if (entry.unit === '%') return `${entry.min}% to ${entry.max}%`;
  return `${entry.min} to ${entry.max} ${entry.unit ?? ''}`.trim();
}
