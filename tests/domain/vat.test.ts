import { describe, expect, it } from 'vitest';
import { pence } from '../../src/domain/money';
import { vatIncluded } from '../../src/domain/vat';

describe('VAT included in an amount', () => {
  it('is a sixth of a VAT-inclusive amount at the 20% standard rate, to the nearest penny', () => {
    expect(vatIncluded(pence(12_000))).toBe(2_000);
    expect(vatIncluded(pence(118_450))).toBe(19_742); // 19,741.67
    expect(vatIncluded(pence(12_345))).toBe(2_058); // 2,057.5 rounds up
    expect(vatIncluded(pence(1))).toBe(0);
    expect(vatIncluded(pence(0))).toBe(0);
  });

  it('rounds a negative amount as its positive, and takes other rates', () => {
    expect(vatIncluded(pence(-12_345))).toBe(-2_058);
    expect(vatIncluded(pence(10_500), 500)).toBe(500);
    expect(() => vatIncluded(pence(100), 20.5)).toThrow(RangeError);
  });
});
