import { describe, it, expect } from 'vitest';
import {
  MAX_PENCE,
  assertPence,
  currencySignOf,
  formatMoney,
  formatPounds,
  formatSignedPounds,
  formatWholePounds,
  pence as asPence,
  penceToPounds,
  poundsToPence,
  type Pence,
} from '../../src/domain/money';

describe('poundsToPence', () => {
  it('converts two-decimal amounts exactly', () => {
    expect(poundsToPence(12.34)).toBe(1234);
    expect(poundsToPence(0)).toBe(0);
    expect(poundsToPence(0.01)).toBe(1);
    expect(poundsToPence(100)).toBe(10000);
    expect(poundsToPence(-5.5)).toBe(-550);
  });

  it('rounds away floating-point noise', () => {
    expect(poundsToPence(0.1 + 0.2)).toBe(30);
    expect(poundsToPence(1.1 + 2.2)).toBe(330);
    expect(poundsToPence(4.35)).toBe(435);
    expect(poundsToPence(1.15)).toBe(115);
    expect(poundsToPence(19.99)).toBe(1999);
    expect(poundsToPence(1234.56)).toBe(123456);
  });

  it('round-trips every pence value from 0 to 10,000', () => {
    for (let pence = 0; pence <= 10_000; pence++) {
      expect(poundsToPence(pence / 100)).toBe(pence);
    }
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])(
    'rejects %d',
    (value) => {
      expect(() => poundsToPence(value)).toThrow(RangeError);
    },
  );

  it('accepts the bound and rejects amounts beyond it', () => {
    expect(poundsToPence(MAX_PENCE / 100)).toBe(MAX_PENCE);
    expect(poundsToPence(-MAX_PENCE / 100)).toBe(-MAX_PENCE);
    expect(() => poundsToPence(MAX_PENCE / 100 + 0.01)).toThrow(RangeError);
    expect(() => poundsToPence(-MAX_PENCE / 100 - 0.01)).toThrow(RangeError);
    expect(() => poundsToPence(1e300)).toThrow(RangeError);
  });
});

describe('penceToPounds', () => {
  it('converts pence to pounds', () => {
    expect(penceToPounds(asPence(1234))).toBe(12.34);
    expect(penceToPounds(asPence(5))).toBe(0.05);
    expect(penceToPounds(asPence(0))).toBe(0);
    expect(penceToPounds(asPence(-250))).toBe(-2.5);
  });

  it('round-trips with poundsToPence', () => {
    for (const pence of [1, 99, 1999, 123456, 7_654_321]) {
      expect(poundsToPence(penceToPounds(asPence(pence)))).toBe(pence);
    }
  });

  it.each([12.5, Number.NaN, Number.POSITIVE_INFINITY, MAX_PENCE + 1])('rejects %d', (value) => {
    expect(() => penceToPounds(value as Pence)).toThrow(RangeError);
  });
});

describe('assertPence', () => {
  it('passes whole pence in range and throws otherwise', () => {
    expect(() => assertPence(0)).not.toThrow();
    expect(() => assertPence(MAX_PENCE)).not.toThrow();
    expect(() => assertPence(-MAX_PENCE)).not.toThrow();
    expect(() => assertPence(0.5)).toThrow(RangeError);
    expect(() => assertPence(MAX_PENCE + 1)).toThrow(RangeError);
  });
});

describe('formatMoney', () => {
  it('formats en-GB with a pound sign by default', () => {
    expect(formatMoney(asPence(123456))).toBe('£1,234.56');
    expect(formatMoney(asPence(5))).toBe('£0.05');
    expect(formatMoney(asPence(50))).toBe('£0.50');
    expect(formatMoney(asPence(0))).toBe('£0.00');
    expect(formatMoney(asPence(100))).toBe('£1.00');
    expect(formatMoney(asPence(100_000_000))).toBe('£1,000,000.00');
  });

  it('puts the minus sign before the currency sign', () => {
    expect(formatMoney(asPence(-123456))).toBe('-£1,234.56');
    expect(formatMoney(asPence(-5))).toBe('-£0.05');
  });

  it('uses the given currency sign', () => {
    expect(formatMoney(asPence(123456), '€')).toBe('€1,234.56');
    expect(formatMoney(asPence(999), '')).toBe('9.99');
  });

  it('rejects amounts that are not whole pence in range', () => {
    expect(() => formatMoney(1.5 as Pence)).toThrow(RangeError);
    expect(() => formatMoney(Number.NaN as Pence)).toThrow(RangeError);
    expect(() => formatMoney((MAX_PENCE + 1) as Pence)).toThrow(RangeError);
  });
});

describe('formatPounds', () => {
  it('shows pounds from the API as the pence formatter does, sign and all', () => {
    expect(formatPounds(1234.5)).toBe('£1,234.50');
    expect(formatPounds(0.05)).toBe('£0.05');
    expect(formatPounds(-12.3)).toBe('-£12.30');
    expect(formatPounds(45.5, '€')).toBe('€45.50');
  });
});

describe('formatSignedPounds', () => {
  it('marks a rise with a plus and a fall with a minus sign, and nothing on zero', () => {
    expect(formatSignedPounds(5)).toBe('+£5.00');
    expect(formatSignedPounds(-5)).toBe('\u2212£5.00');
    expect(formatSignedPounds(0)).toBe('£0.00');
    expect(formatSignedPounds(1234.5, '€')).toBe('+€1,234.50');
  });
});

describe('formatWholePounds', () => {
  it('rounds to the whole pound, half up, for ROUND_OFF', () => {
    expect(formatWholePounds(1234.5)).toBe('£1,235');
    expect(formatWholePounds(1234.49)).toBe('£1,234');
    expect(formatWholePounds(-7.6, '€')).toBe('-€8');
    expect(formatWholePounds(0)).toBe('£0');
  });
});

describe('currencySignOf', () => {
  it('is the currency as set, trimmed; £ when none is set or it is the code GBP', () => {
    expect(currencySignOf('€')).toBe('€');
    expect(currencySignOf(' € ')).toBe('€');
    expect(currencySignOf('')).toBe('£');
    expect(currencySignOf('   ')).toBe('£');
    expect(currencySignOf(undefined)).toBe('£');
    expect(currencySignOf('GBP')).toBe('£');
    expect(currencySignOf('gbp')).toBe('£');
    expect(currencySignOf('US$')).toBe('US$');
  });
});

describe('Pence', () => {
  it('takes a plain number only through pence() or poundsToPence(), which check it', () => {
    // @ts-expect-error: pounds (a plain number) do not pass for pence; npm test's typecheck fails if they do
    const unchecked: Pence = 12.34;
    expect(() => asPence(unchecked)).toThrow(RangeError);
    expect(asPence(1234)).toBe(1234);
    expect(poundsToPence(12.34)).toBe(asPence(1234));
  });
});
