import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PUSH_HOSTS,
  isPushHostPattern,
  isPushServiceEndpoint,
} from '../../src/domain/push-hosts';

/** Endpoints as the browsers give them, one per push service. */
const BROWSERS = [
  'https://fcm.googleapis.com/fcm/send/dQw4w9WgXcQ:APA91bH',
  'https://fcm.googleapis.com/wp/dQw4w9WgXcQ',
  'https://android.googleapis.com/gcm/send/ABCD1234',
  'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABk',
  'https://web.push.apple.com/QGuQyavXutnMH',
  'https://wns2-par02p.notify.windows.com/w/?token=BQYAAAD',
];

/** Addresses a subscriber could aim the server at; none is a push service's. */
const OTHERS = [
  'https://169.254.169.254/latest/meta-data/',
  'https://internal.example.com/push',
  'https://127.0.0.1:8443/push',
  'https://localhost/push',
  'https://fcm.googleapis.com.evil.example/fcm/send/abc',
  'https://evil.fcm.googleapis.com.attacker.example/fcm/send/abc',
  'https://evilfcm.googleapis.com/fcm/send/abc',
  'https://fcm.googleapis.com@evil.example/fcm/send/abc',
  'https://push.apple.com/abc',
  'https://notify.windows.com.evil.example/w/',
  'http://fcm.googleapis.com/fcm/send/abc',
  'not a url',
];

describe('the push services the server sends to', () => {
  it('are every browser’s own by default', () => {
    for (const endpoint of BROWSERS) {
      expect(isPushServiceEndpoint(endpoint, DEFAULT_PUSH_HOSTS), endpoint).toBe(true);
    }
  });

  it('are no other address, however it is dressed as one', () => {
    for (const endpoint of OTHERS) {
      expect(isPushServiceEndpoint(endpoint, DEFAULT_PUSH_HOSTS), endpoint).toBe(false);
    }
  });

  it('take `*.` as any subdomain, not the domain itself, and a host as that host only', () => {
    const hosts = ['*.push.example', '127.0.0.1'];
    expect(isPushServiceEndpoint('https://a.push.example/x', hosts)).toBe(true);
    expect(isPushServiceEndpoint('https://a.b.push.example/x', hosts)).toBe(true);
    expect(isPushServiceEndpoint('https://push.example/x', hosts)).toBe(false);
    expect(isPushServiceEndpoint('https://127.0.0.1:4443/push/x', hosts)).toBe(true);
    // The same address written another way is still that address.
    expect(isPushServiceEndpoint('https://2130706433/push/x', hosts)).toBe(true);
    expect(isPushServiceEndpoint('https://127.0.0.2/push/x', hosts)).toBe(false);
  });

  it('are named by hosts or `*.` domains, never a wildcard over a whole name', () => {
    for (const pattern of [...DEFAULT_PUSH_HOSTS, '127.0.0.1', 'push.example', '*.push.example'])
      expect(isPushHostPattern(pattern), pattern).toBe(true);
    for (const pattern of [
      '*',
      '*.com',
      'https://fcm.googleapis.com',
      'a.*.example',
      'A.example',
      '',
    ])
      expect(isPushHostPattern(pattern), pattern).toBe(false);
  });
});
