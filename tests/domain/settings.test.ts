import { describe, it, expect } from 'vitest';
import {
  SETTING_NAMES,
  companyEmail,
  companyPhone,
  currencySign,
  graceMinutes,
  isEnabled,
  isYes,
  settingNameSchema,
  settingSchema,
  toSettingsMap,
} from '../../src/domain/settings';
import type { SettingsMap } from '../../src/domain/settings';

describe('toSettingsMap', () => {
  it('keys values by setting name', () => {
    const map = toSettingsMap([
      { setting_name: 'CURRENCY', setting_value: '£' },
      { setting_name: 'GRACE_TIME', setting_value: '120' },
    ]);
    expect(map).toEqual({ CURRENCY: '£', GRACE_TIME: '120' });
  });

  it('lets a later row win over an earlier one', () => {
    const map = toSettingsMap([
      { setting_name: 'MEET_AND_GREET', setting_value: 'disable' },
      { setting_name: 'MEET_AND_GREET', setting_value: 'enable' },
    ]);
    expect(map.MEET_AND_GREET).toBe('enable');
  });

  it('returns an empty map for no rows', () => {
    expect(toSettingsMap([])).toEqual({});
  });

  it('keeps empty values as empty strings', () => {
    expect(toSettingsMap([{ setting_name: 'FROM_EMAIL', setting_value: '' }]).FROM_EMAIL).toBe('');
  });
});

describe('isEnabled', () => {
  it("is true only for exactly 'enable'", () => {
    const settings: SettingsMap = { HOURLY_RATE_STATUS: 'enable' };
    expect(isEnabled(settings, 'HOURLY_RATE_STATUS')).toBe(true);
  });

  it.each(['Enable', 'ENABLE', 'enabled', ' enable', 'enable ', 'yes', 'true', '1', 'disable', ''])(
    'is false for %j',
    (value) => {
      expect(isEnabled({ MEET_AND_GREET: value }, 'MEET_AND_GREET')).toBe(false);
    },
  );

  it('is false for a missing setting', () => {
    expect(isEnabled({}, 'MEET_AND_GREET')).toBe(false);
  });
});

describe('isYes', () => {
  it("is true only for exactly 'yes'", () => {
    expect(isYes({ SHOWCARD: 'yes' }, 'SHOWCARD')).toBe(true);
  });

  it.each(['Yes', 'YES', 'y', 'enable', 'no', 'true', ''])('is false for %j', (value) => {
    expect(isYes({ SHOWPAYINCAR: value }, 'SHOWPAYINCAR')).toBe(false);
  });

  it('is false for a missing setting', () => {
    expect(isYes({}, 'ROUND_OFF')).toBe(false);
  });
});

describe('graceMinutes', () => {
  it.each([
    ['120', 120],
    ['1', 1],
    ['30.9', 30],
    [' 45 ', 45],
    ['', 0],
    ['abc', 0],
    ['-5', 0],
    ['0', 0],
    ['Infinity', 0],
    ['NaN', 0],
  ])('GRACE_TIME %j -> %i', (value, minutes) => {
    expect(graceMinutes({ GRACE_TIME: value })).toBe(minutes);
  });

  it('is 0 when GRACE_TIME is missing', () => {
    expect(graceMinutes({})).toBe(0);
  });
});

describe('companyPhone', () => {
  it('returns the trimmed contact number', () => {
    expect(companyPhone({ Company_Contact_Info: '  020 7946 0000 ' })).toBe('020 7946 0000');
  });

  it('is empty when the setting is missing', () => {
    expect(companyPhone({})).toBe('');
  });
});

describe('companyEmail', () => {
  it('returns the trimmed FROM_EMAIL address', () => {
    expect(companyEmail({ FROM_EMAIL: ' bookings@ridebook.example  ' })).toBe(
      'bookings@ridebook.example',
    );
  });

  it('is empty when the setting is missing or blank', () => {
    expect(companyEmail({})).toBe('');
    expect(companyEmail({ FROM_EMAIL: '   ' })).toBe('');
  });
});

describe('currencySign', () => {
  it('shows prices with the CURRENCY setting, trimmed, and £ when it is not set', () => {
    expect(currencySign({ CURRENCY: '€' })).toBe('€');
    expect(currencySign({ CURRENCY: ' $ ' })).toBe('$');
    expect(currencySign({ CURRENCY: '' })).toBe('£');
    expect(currencySign({})).toBe('£');
    expect(currencySign({ CURRENCY: 'GBP' })).toBe('£');
  });
});

describe('setting schemas', () => {
  it('knows every setting name and rejects others', () => {
    for (const name of SETTING_NAMES) expect(settingNameSchema.safeParse(name).success).toBe(true);
    expect(settingNameSchema.safeParse('NOT_A_SETTING').success).toBe(false);
    expect(new Set(SETTING_NAMES).size).toBe(SETTING_NAMES.length);
  });

  it('requires string values on the wire', () => {
    expect(
      settingSchema.safeParse({ setting_name: 'GRACE_TIME', setting_value: '120' }).success,
    ).toBe(true);
    expect(
      settingSchema.safeParse({ setting_name: 'GRACE_TIME', setting_value: 120 }).success,
    ).toBe(false);
  });
});
