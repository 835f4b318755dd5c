import { isEmailAddress } from './email';
import { POLICY_SETTING_NAMES, type PolicySettingName } from './booking-policy';
import {
  DRIVER_APP_SETTING_NAMES,
  NO_SHOW_WAIT_MAX_MINUTES,
  type DriverAppSettingName,
} from './driver-app-settings';
import { readablePhone } from './phone-format';
import { SETTING_NAMES, type SettingName } from './settings';

/**
 * Every setting the console edits (issue 33): the spec's (section 3, "Settings read") and the
 * ones the product added (the cancellation policy), each with the words a person knows it by,
 * the group it belongs in, and the control and bounds that make a value right. One home for the
 * rule: the server refuses with it before anything is saved, and the page checks with it too.
 */

export type EditableSettingName = SettingName | PolicySettingName | DriverAppSettingName;

export const EDITABLE_SETTING_NAMES: readonly EditableSettingName[] = [
  ...SETTING_NAMES,
  ...POLICY_SETTING_NAMES,
  ...DRIVER_APP_SETTING_NAMES,
];

export const SETTING_GROUPS = [
  'Booking form',
  'Home page sections and pages',
  'Extras and their prices',
  'Payments',
  'Operators and prices shown',
  'Company contact',
  'Cancellation and changes',
  'Driver app',
] as const;
export type SettingGroup = (typeof SETTING_GROUPS)[number];

/** How a value is typed: a switch between two words, a bounded number, or text. */
export type SettingControl =
  | { kind: 'switch'; on: 'enable' | 'yes'; off: 'disable' | 'no' }
  | {
      kind: 'number';
      unit: 'minutes' | 'hours' | '%' | '£';
      min: number;
      max: number;
      decimals: 0 | 2;
    }
  | { kind: 'text'; format: 'plain' | 'email' | 'phone'; max: number };

export interface SettingDefinition {
  name: EditableSettingName;
  label: string;
  group: SettingGroup;
  control: SettingControl;
  /** One line under the label saying what it changes, when the label alone is not enough. */
  hint?: string;
}

const enable = { kind: 'switch', on: 'enable', off: 'disable' } as const;
const yesNo = { kind: 'switch', on: 'yes', off: 'no' } as const;
const pounds = { kind: 'number', unit: '£', min: 0, max: 1000, decimals: 2 } as const;
const hours = { kind: 'number', unit: 'hours', min: 0, max: 8760, decimals: 0 } as const;

const define = (
  name: EditableSettingName,
  label: string,
  group: SettingGroup,
  control: SettingControl,
  hint?: string,
): SettingDefinition => ({ name, label, group, control, hint });

export const SETTING_DEFINITIONS: readonly SettingDefinition[] = [
  define(
    'HOURLY_RATE_STATUS',
    'Hourly Rate tab',
    'Booking form',
    enable,
    'Lets visitors hire a car by the hour.',
  ),
  define(
    'IS_QUOTATION',
    'Quote Now requests',
    'Booking form',
    enable,
    'Offers a form to ask for a quote instead of prices.',
  ),
  define(
    'GRACE_TIME',
    'Grace time',
    'Booking form',
    { kind: 'number', unit: 'minutes', min: 0, max: 10080, decimals: 0 },
    'The earliest pickup, this long from now.',
  ),
  define('GUEST_LOGIN', 'Book as a guest', 'Booking form', enable),
  define('CORPORATE_LOGIN', 'Corporate sign-in', 'Booking form', enable),
  define(
    'GOOGLE_API_KEY',
    'Google Maps browser key',
    'Booking form',
    { kind: 'text', format: 'plain', max: 200 },
    'Shown to browsers: use a key restricted to this site.',
  ),
  define(
    'SHOW_COMPANY_FLEET_VIEW_SECTION',
    'Our Fleet section',
    'Home page sections and pages',
    enable,
  ),
  define(
    'SHOW_POPULAR_LOCATION_PAGE',
    'Popular locations section',
    'Home page sections and pages',
    enable,
  ),
  define('SHOW_COMPANY_CONTACT_SECTION', 'Contact section', 'Home page sections and pages', enable),
  define('SHOW_NAVBAR_PAGE', 'Navigation bar', 'Home page sections and pages', enable),
  define('SHOW_FOOTER_PAGE', 'Footer', 'Home page sections and pages', enable),
  define('NAVBAR_OUR_FLEET_PAGE', 'Our Fleet link', 'Home page sections and pages', enable),
  define(
    'NAVBAR_URGENT_BOOKING_PAGE',
    'Urgent booking link',
    'Home page sections and pages',
    enable,
  ),
  define(
    'MEET_AND_GREET',
    'Meet and greet',
    'Extras and their prices',
    pounds,
    '0 leaves the extra out.',
  ),
  define(
    'BABY_PRICE_PER_SEAT',
    'Baby seat, each',
    'Extras and their prices',
    pounds,
    '0 leaves the extra out.',
  ),
  define(
    'BOOSTER_PRICE_PER_SEAT',
    'Booster seat, each',
    'Extras and their prices',
    pounds,
    '0 leaves the extra out.',
  ),
  define('WHEEL_CHAIR', 'Wheelchair', 'Extras and their prices', pounds, '0 leaves the extra out.'),
  define(
    'SPECIAL_LUGGAGE_PER_PRICE',
    'Special luggage, each',
    'Extras and their prices',
    pounds,
    '0 leaves the extra out.',
  ),
  define(
    'PRICE_PER_FIVE_WAITING_MIN',
    'Waiting, per 5 minutes',
    'Extras and their prices',
    pounds,
    '0 leaves the extra out.',
  ),
  define('SHOWPAYINCAR', 'Pay in Car', 'Payments', yesNo),
  define('SHOWCARD', 'Pay by card', 'Payments', yesNo),
  define('ROUND_OFF', 'Round prices to whole pounds', 'Payments', yesNo),
  define('CURRENCY', 'Currency sign', 'Payments', { kind: 'text', format: 'plain', max: 3 }),
  define('MULTIPLE_PRICES', 'Several prices per vehicle', 'Operators and prices shown', enable),
  define('MULTIPLE_OPERATORS', 'Several operators', 'Operators and prices shown', enable),
  define('CHEAPEST_COMPANY_PRICE', 'Cheapest operator only', 'Operators and prices shown', enable),
  define('Company_Contact_Info', 'Contact phone', 'Company contact', {
    kind: 'text',
    format: 'phone',
    max: 30,
  }),
  define('FROM_EMAIL', 'Contact and sender email', 'Company contact', {
    kind: 'text',
    format: 'email',
    max: 254,
  }),
  define(
    'FREE_CANCELLATION_HOURS',
    'Free cancellation until',
    'Cancellation and changes',
    hours,
    'Hours before pickup.',
  ),
  define(
    'LATE_CANCELLATION_FEE_PERCENT',
    'Late cancellation fee',
    'Cancellation and changes',
    { kind: 'number', unit: '%', min: 0, max: 100, decimals: 0 },
    'Of the fare, when cancelled later than that.',
  ),
  define(
    'AMEND_CUTOFF_HOURS',
    'Changes allowed until',
    'Cancellation and changes',
    hours,
    'Hours before pickup.',
  ),
  define(
    'DRIVER_SEES_PASSENGER_PHONE',
    "Driver sees the passenger's phone",
    'Driver app',
    yesNo,
    "Off: the driver's Call button rings the office instead.",
  ),
  define(
    'NO_SHOW_WAIT_MINUTES',
    'No-show wait',
    'Driver app',
    { kind: 'number', unit: 'minutes', min: 0, max: NO_SHOW_WAIT_MAX_MINUTES, decimals: 0 },
    'How long a driver waits after Arrived before No-show can be pressed.',
  ),
];

const BY_NAME = new Map(SETTING_DEFINITIONS.map((definition) => [definition.name, definition]));

export function settingDefinition(name: string): SettingDefinition | undefined {
  return BY_NAME.get(name as EditableSettingName);
}

/** Words for a number's unit in messages. */
const UNIT_WORDS: Record<'minutes' | 'hours' | '%' | '£', string> = {
  minutes: 'minutes',
  hours: 'hours',
  '%': 'per cent',
  '£': 'pounds',
};

export type SettingCheck = { ok: true; value: string } | { ok: false; message: string };

/**
 * The stored text for `raw`, or why it is refused, named by the setting's label. A switch takes
 * its two words (or true/false); a number, digits within its bounds; text, its format.
 */
export function checkSettingValue(definition: SettingDefinition, raw: unknown): SettingCheck {
  const { control, label } = definition;
  if (control.kind === 'switch') {
    if (raw === true || raw === control.on) return { ok: true, value: control.on };
    if (raw === false || raw === control.off) return { ok: true, value: control.off };
    return { ok: false, message: `${label} must be ${control.on} or ${control.off}` };
  }
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : null;
  if (text === null) return { ok: false, message: `${label} must be text` };
  if (control.kind === 'number') return checkNumber(label, control, text);
  if (text.length > control.max) {
    return { ok: false, message: `${label} must be at most ${control.max} characters` };
  }
  if (control.format === 'email' && !isEmailAddress(text)) {
    return { ok: false, message: `${label} must be an email address` };
  }
  if (control.format === 'phone' && text !== '' && readablePhone(text) === null) {
    return { ok: false, message: `${label} must be a phone number` };
  }
  return { ok: true, value: text };
}

function checkNumber(
  label: string,
  control: Extract<SettingControl, { kind: 'number' }>,
  text: string,
): SettingCheck {
  const pattern = control.decimals === 0 ? /^\d+$/ : /^\d+(\.\d{1,2})?$/;
  const value = Number(text);
  const bounds = `from ${control.min} to ${control.max} ${UNIT_WORDS[control.unit]}`;
  if (!pattern.test(text) || value < control.min || value > control.max) {
    const shape = control.decimals === 0 ? 'a whole number' : 'an amount';
    return { ok: false, message: `${label} must be ${shape} ${bounds}` };
  }
  return { ok: true, value: String(value) };
}

/** A settings change: each named value checked; any refusal means nothing is saved. */
export function checkSettingsChange(
  body: Record<string, unknown>,
):
  | { ok: true; values: Map<EditableSettingName, string> }
  | { ok: false; errors: { path: string; message: string }[] } {
  const values = new Map<EditableSettingName, string>();
  const errors: { path: string; message: string }[] = [];
  for (const [name, raw] of Object.entries(body)) {
    const definition = settingDefinition(name);
    if (!definition) {
      errors.push({ path: name, message: `${name} is not a setting the console changes` });
      continue;
    }
    const checked = checkSettingValue(definition, raw);
    if (checked.ok) values.set(definition.name, checked.value);
    else errors.push({ path: name, message: checked.message });
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, values };
}
