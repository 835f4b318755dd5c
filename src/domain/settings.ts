import * as z from 'zod/mini';
import { currencySignOf } from './money';

/** Every setting the spec's section 3 "Settings read" names; the server always returns all of them. */
export const SETTING_NAMES = [
  'HOURLY_RATE_STATUS',
  'IS_QUOTATION',
  'MEET_AND_GREET',
  'BABY_PRICE_PER_SEAT',
  'BOOSTER_PRICE_PER_SEAT',
  'WHEEL_CHAIR',
  'SPECIAL_LUGGAGE_PER_PRICE',
  'PRICE_PER_FIVE_WAITING_MIN',
  'SHOW_COMPANY_FLEET_VIEW_SECTION',
  'SHOW_POPULAR_LOCATION_PAGE',
  'SHOW_COMPANY_CONTACT_SECTION',
  'Company_Contact_Info',
  'FROM_EMAIL',
  'GRACE_TIME',
  'GOOGLE_API_KEY',
  'MULTIPLE_PRICES',
  'MULTIPLE_OPERATORS',
  'CHEAPEST_COMPANY_PRICE',
  'CURRENCY',
  'GUEST_LOGIN',
  'SHOWPAYINCAR',
  'SHOWCARD',
  'ROUND_OFF',
  'SHOW_NAVBAR_PAGE',
  'SHOW_FOOTER_PAGE',
  'NAVBAR_OUR_FLEET_PAGE',
  'NAVBAR_URGENT_BOOKING_PAGE',
  'CORPORATE_LOGIN',
] as const;

export const settingNameSchema = z.enum(SETTING_NAMES);
export type SettingName = z.infer<typeof settingNameSchema>;

/** One row of GET /settings-flat; values are always strings on the wire. */
export const settingSchema = z.object({
  setting_name: z.string(),
  setting_value: z.string(),
});
export type Setting = z.infer<typeof settingSchema>;

/** Settings keyed by name, as the browser keeps them (the spec's appSettings map). */
export type SettingsMap = Partial<Record<string, string>>;

/** Turns the wire list into a name -> value map; later rows win, as a database update would. */
export function toSettingsMap(rows: readonly Setting[]): SettingsMap {
  const map: SettingsMap = {};
  for (const row of rows) map[row.setting_name] = row.setting_value;
  return map;
}

/** The spec switches sections and links on only when a setting is exactly 'enable'. */
export function isEnabled(settings: SettingsMap, name: SettingName): boolean {
  return settings[name] === 'enable';
}

/** Payment buttons use 'yes' rather than 'enable' (SHOWPAYINCAR, SHOWCARD, ROUND_OFF). */
export function isYes(settings: SettingsMap, name: SettingName): boolean {
  return settings[name] === 'yes';
}

/** GRACE_TIME is minutes; a missing or malformed value means no grace period. */
export function graceMinutes(settings: SettingsMap): number {
  const minutes = Number(settings.GRACE_TIME);
  return Number.isFinite(minutes) && minutes > 0 ? Math.floor(minutes) : 0;
}

/** Company_Contact_Info holds the phone number shown in the header, contact cards and footer. */
export function companyPhone(settings: SettingsMap): string {
  return settings.Company_Contact_Info?.trim() ?? '';
}

/** FROM_EMAIL is also the address visitors write to, shown in the contact cards and footer. */
export function companyEmail(settings: SettingsMap): string {
  return settings.FROM_EMAIL?.trim() ?? '';
}

/** The sign prices are shown with: CURRENCY, trimmed; '£' when it is not set (spec section 9). */
export function currencySign(settings: SettingsMap): string {
  return currencySignOf(settings.CURRENCY);
}

/** GUEST_LOGIN lets visitors book as guests; operators write it as 'enable' or 'yes'. */
export function guestLoginAllowed(settings: SettingsMap): boolean {
  return settings.GUEST_LOGIN === 'enable' || settings.GUEST_LOGIN === 'yes';
}

/** The settings that price each optional extra (spec section 3, "Settings read"). */
export const EXTRA_PRICE_SETTINGS = {
  baby_seats: 'BABY_PRICE_PER_SEAT',
  booster_seats: 'BOOSTER_PRICE_PER_SEAT',
  meet_and_greet: 'MEET_AND_GREET',
  wheel_chair: 'WHEEL_CHAIR',
  waiting_min: 'PRICE_PER_FIVE_WAITING_MIN',
  special_luggage: 'SPECIAL_LUGGAGE_PER_PRICE',
} as const satisfies Record<string, SettingName>;

export type PricedExtra = keyof typeof EXTRA_PRICE_SETTINGS;

/** An extra is offered only when its configured price is above zero (spec sections 2 and 5). */
export function isExtraOffered(settings: SettingsMap, extra: PricedExtra): boolean {
  const price = Number(settings[EXTRA_PRICE_SETTINGS[extra]]);
  return Number.isFinite(price) && price > 0;
}
