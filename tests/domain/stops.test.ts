import { describe, expect, it } from 'vitest';
import { stopAddress, stopStreetLine } from '../../src/domain/stops';

describe('a stop as one line', () => {
  it('joins the form row’s number, street and postcode, leaving out blanks', () => {
    expect(stopAddress({ number: '221B', street_name: 'Baker Street', postcode: 'NW1 6XE' })).toBe(
      '221B, Baker Street, NW1 6XE',
    );
    expect(stopAddress({ number: ' ', street_name: 'Reading Station', postcode: '' })).toBe(
      'Reading Station',
    );
  });

  it('puts a booked stop’s house number before its street, once', () => {
    expect(stopStreetLine('221B', 'Baker Street')).toBe('221B Baker Street');
    expect(stopStreetLine('221b', '221B Baker Street')).toBe('221B Baker Street');
    expect(stopStreetLine('', 'Hammersmith Broadway')).toBe('Hammersmith Broadway');
    expect(stopStreetLine('12', '')).toBe('12');
  });
});
