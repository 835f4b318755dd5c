import type { SettingsMap } from './settings';

/**
 * The driver app's settings (issue 34), beside the spec's: whether a driver sees the
 * passenger's phone (else the office's number), and how long a driver waits at the pickup after
 * Arrived before No-show may be pressed. Edited on the console's Settings page.
 */
export const DRIVER_APP_DEFAULTS = {
  DRIVER_SEES_PASSENGER_PHONE: 'yes',
  NO_SHOW_WAIT_MINUTES: '15',
} as const;
export type DriverAppSettingName = keyof typeof DRIVER_APP_DEFAULTS;
export const DRIVER_APP_SETTING_NAMES = Object.keys(DRIVER_APP_DEFAULTS) as DriverAppSettingName[];

/** The most a No-show wait may be set to: two hours at a pickup is already a long wait. */
export const NO_SHOW_WAIT_MAX_MINUTES = 120;

export interface DriverAppSettings {
  showPassengerPhone: boolean;
  noShowWaitMinutes: number;
}

/** The settings as read; a missing or malformed value is its default. */
export function driverAppSettings(settings: SettingsMap): DriverAppSettings {
  const phone =
    settings.DRIVER_SEES_PASSENGER_PHONE?.trim() || DRIVER_APP_DEFAULTS.DRIVER_SEES_PASSENGER_PHONE;
  const raw = settings.NO_SHOW_WAIT_MINUTES?.trim() ?? '';
  const wait = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  return {
    showPassengerPhone: phone !== 'no',
    noShowWaitMinutes:
      Number.isInteger(wait) && wait <= NO_SHOW_WAIT_MAX_MINUTES
        ? wait
        : Number(DRIVER_APP_DEFAULTS.NO_SHOW_WAIT_MINUTES),
  };
}
