import { describe, expect, it } from 'vitest';
import { paidPence, paymentState, type PaymentFacts } from '../../src/domain/payment-state';
import { readablePhone } from '../../src/domain/phone-format';

const card = (overrides: Partial<PaymentFacts> = {}): PaymentFacts => ({
  payment_method: 'card',
  status: 'confirmed',
  total_pence: 6_300,
  paid_pence: 6_300,
  refunded_pence: 0,
  ...overrides,
});

describe('payment state (issue 30: one rule for the console, CSV, receipt and manage page)', () => {
  it('tells a card payment refunded in full or in part from one paid', () => {
    expect(paymentState(card())).toBe('paid');
    expect(paymentState(card({ status: 'cancelled', paid_pence: 0, refunded_pence: 6_300 }))).toBe(
      'refunded',
    );
    expect(
      paymentState(card({ status: 'cancelled', paid_pence: 3_150, refunded_pence: 3_150 })),
    ).toBe('partly_refunded');
    expect(paidPence(card({ paid_pence: 3_150 }))).toBe(3_150);
  });

  it('counts a fare paid in the car once the journey is completed, and none when it never ran', () => {
    const car = card({ payment_method: 'car', paid_pence: 0 });
    expect(paymentState(car)).toBe('pay_in_car');
    expect(paidPence(car)).toBe(0);
    expect(paymentState({ ...car, status: 'completed' })).toBe('paid_in_car');
    expect(paidPence({ ...car, status: 'completed' })).toBe(6_300);
    expect(paymentState({ ...car, status: 'cancelled' })).toBe('unpaid');
    expect(paymentState({ ...car, status: 'no_show' })).toBe('unpaid');
    expect(paymentState({ ...car, payment_method: 'account' })).toBe('on_account');
  });
});

describe('phone numbers as people read them', () => {
  it.each([
    ['+44 7700 900456', '07700 900456'],
    ['07700900456', '07700 900456'],
    ['+44 (0)20 7946 0000', '020 7946 0000'],
    ['0044 161 496 0000', '0161 496 0000'],
    ['01632 960123', '01632 960123'],
    ['0800 123 4567', '0800 123 4567'],
    ['+33 6 12 34 56 78', '+33 6 12 34 56 78'],
    ['0033612345678', '+33 612 345 678'],
    ['+1 (212) 555-0100', '+1 212 555 0100'],
  ])('%s reads as %s', (typed, read) => {
    expect(readablePhone(typed)).toBe(read);
  });

  it('leaves a number it cannot place to the caller', () => {
    expect(readablePhone('7700900456')).toBeNull();
    expect(readablePhone('12345')).toBeNull();
  });
});
