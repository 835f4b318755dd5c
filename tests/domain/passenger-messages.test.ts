import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MESSAGES,
  MESSAGE_EVENTS,
  smsLength,
  smsLengthLine,
  smsParts,
  unknownPlaceholderMessage,
  withoutLink,
} from '../../src/domain/passenger-messages';

describe('a text message’s length in SMS parts', () => {
  it('fits 160 GSM characters in one message and 153 a part beyond', () => {
    expect(smsLength('')).toEqual({ characters: 0, parts: 0, encoding: 'gsm-7' });
    expect(smsParts('a'.repeat(160))).toBe(1);
    expect(smsParts('a'.repeat(161))).toBe(2);
    expect(smsParts('a'.repeat(306))).toBe(2);
    expect(smsParts('a'.repeat(307))).toBe(3);
  });

  it('counts a GSM extension character (€, brackets) as two', () => {
    expect(smsLength('€5 [ok]')).toEqual({ characters: 10, parts: 1, encoding: 'gsm-7' });
    expect(smsParts(`${'a'.repeat(159)}€`)).toBe(2);
    // £ and é are in the basic set.
    expect(smsLength('£5 café').characters).toBe(7);
  });

  it('sends a text with any other character as UCS-2: 70 in one, 67 a part', () => {
    expect(smsLength('Your driver’s here')).toMatchObject({ encoding: 'ucs-2', characters: 18 });
    expect(smsParts(`’${'a'.repeat(69)}`)).toBe(1);
    expect(smsParts(`’${'a'.repeat(70)}`)).toBe(2);
    expect(smsParts(`’${'a'.repeat(134)}`)).toBe(3);
    // An emoji is two UTF-16 units on the wire.
    expect(smsLength('🚕').characters).toBe(2);
  });

  it('words the length as the Messages page shows it', () => {
    expect(smsLengthLine('a'.repeat(112))).toBe('112 characters, 1 SMS part');
    expect(smsLengthLine('a'.repeat(161))).toBe('161 characters, 2 SMS parts');
  });

  it('names an unknown placeholder and every one that may be used', () => {
    expect(unknownPlaceholderMessage('driver_name')).toBe(
      'Unknown placeholder {driver_name}: use one of {first_name}, {booking_number}, {pickup_time}, {vehicle}, {registration}, {driver_first_name}, {tracking_link}, {company_phone}, {flight_arrival}',
    );
  });
});

describe('a text’s words for a notification, which opens the booking page itself', () => {
  it('leaves the link out with the words that lead to it', () => {
    expect(
      withoutLink('Your booking {booking_number} is confirmed. Manage it: {tracking_link}'),
    ).toBe('Your booking {booking_number} is confirmed.');
    expect(withoutLink('{driver_first_name} is on the way. Follow the car: {tracking_link}')).toBe(
      '{driver_first_name} is on the way.',
    );
    expect(withoutLink('We will text you when it is confirmed. {tracking_link}')).toBe(
      'We will text you when it is confirmed.',
    );
    // Words around a link in mid-sentence stay.
    expect(withoutLink('Follow {tracking_link} to see the car')).toBe('Follow to see the car');
    expect(withoutLink('Questions? Call {company_phone}.')).toBe(
      'Questions? Call {company_phone}.',
    );
  });

  it('leaves no link in any default text', () => {
    for (const event of MESSAGE_EVENTS) {
      const words = withoutLink(DEFAULT_MESSAGES[event].sms);
      expect(words).not.toContain('{tracking_link}');
      expect(words, event).toMatch(/[.!?]$/);
    }
  });
});
