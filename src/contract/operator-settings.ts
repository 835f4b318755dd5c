import * as z from 'zod/mini';
import { EDITABLE_SETTING_NAMES, SETTING_GROUPS } from '../domain/settings-catalogue';

/**
 * The console's Settings page (issue 33; API.md, Operator console: Settings): every setting
 * with its label, group and control, and a change of some of them. Admin only.
 */

/** One setting as the page shows it: its stored value and how it is typed. */
export const settingEntrySchema = z.object({
  name: z.enum(EDITABLE_SETTING_NAMES as [string, ...string[]]),
  value: z.string(),
  label: z.string(),
  group: z.enum(SETTING_GROUPS),
  kind: z.enum(['switch', 'number', 'text']),
  hint: z.optional(z.string()),
  /** A switch's two stored words. */
  on: z.optional(z.string()),
  off: z.optional(z.string()),
  /** A number's unit and bounds. */
  unit: z.optional(z.enum(['minutes', 'hours', '%', '£'])),
  min: z.optional(z.number()),
  max: z.optional(z.number()),
  /** A number's decimals (0 or 2), or a text's longest length. */
  decimals: z.optional(z.number()),
  max_length: z.optional(z.number()),
});
export type SettingEntry = z.infer<typeof settingEntrySchema>;

/** GET and PUT /operator/settings */
export const settingsResponseSchema = z.object({
  success: z.literal(true),
  settings: z.array(settingEntrySchema),
});
export type SettingsResponse = z.infer<typeof settingsResponseSchema>;

/**
 * PUT /operator/settings: `{NAME: value, …}`, only the settings that change. Each value is
 * checked by the domain's rule (domain/settings-catalogue.ts), so the body's shape is loose.
 */
export const settingsChangeSchema = z.record(
  z.string(),
  z.union([z.string(), z.number(), z.boolean()]),
);
export type SettingsChange = z.infer<typeof settingsChangeSchema>;
