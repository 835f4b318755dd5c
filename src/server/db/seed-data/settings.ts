import type { SettingName } from '../../../domain/settings';
import { POLICY_DEFAULTS, type PolicySettingName } from '../../../domain/booking-policy';
import {
  DRIVER_APP_DEFAULTS,
  type DriverAppSettingName,
} from '../../../domain/driver-app-settings';

/**
 * The embedded demo's settings: every name the spec reads, with values that switch the whole
 * product on (hourly rates, several operators and prices, both payment methods, every page).
 * Operators change them in the database; a re-seed never overwrites a value already there.
 */
export const DEMO_SETTINGS: Record<SettingName, string> = {
  HOURLY_RATE_STATUS: 'enable',
  IS_QUOTATION: 'disable',
  MEET_AND_GREET: '10',
  BABY_PRICE_PER_SEAT: '5',
  BOOSTER_PRICE_PER_SEAT: '4',
  WHEEL_CHAIR: '8',
  SPECIAL_LUGGAGE_PER_PRICE: '6',
  PRICE_PER_FIVE_WAITING_MIN: '2.5',
  SHOW_COMPANY_FLEET_VIEW_SECTION: 'enable',
  SHOW_POPULAR_LOCATION_PAGE: 'enable',
  SHOW_COMPANY_CONTACT_SECTION: 'enable',
  Company_Contact_Info: '+44 20 3865 4120',
  FROM_EMAIL: 'bookings@ridebook.example',
  GRACE_TIME: '120',
  // Empty on purpose: without a browser Maps key the form uses server suggestions only.
  GOOGLE_API_KEY: '',
  MULTIPLE_PRICES: 'enable',
  MULTIPLE_OPERATORS: 'enable',
  CHEAPEST_COMPANY_PRICE: 'disable',
  CURRENCY: '£',
  GUEST_LOGIN: 'enable',
  SHOWPAYINCAR: 'yes',
  SHOWCARD: 'yes',
  ROUND_OFF: 'yes',
  SHOW_NAVBAR_PAGE: 'enable',
  SHOW_FOOTER_PAGE: 'enable',
  NAVBAR_OUR_FLEET_PAGE: 'enable',
  NAVBAR_URGENT_BOOKING_PAGE: 'enable',
  CORPORATE_LOGIN: 'enable',
};

/**
 * The passenger's change and cancellation policy (issue 22), beside the spec's settings: free
 * cancellation up to 24 hours before pickup, half the fare after, changes until 2 hours before.
 */
export const DEMO_POLICY_SETTINGS: Record<PolicySettingName, string> = {
  FREE_CANCELLATION_HOURS: String(POLICY_DEFAULTS.FREE_CANCELLATION_HOURS),
  LATE_CANCELLATION_FEE_PERCENT: String(POLICY_DEFAULTS.LATE_CANCELLATION_FEE_PERCENT),
  AMEND_CUTOFF_HOURS: String(POLICY_DEFAULTS.AMEND_CUTOFF_HOURS),
};

/** The driver app's settings (issue 34): the passenger's phone shown, a 15-minute No-show wait. */
export const DRIVER_APP_SETTINGS: Record<DriverAppSettingName, string> = { ...DRIVER_APP_DEFAULTS };
