import { USERNAME_SPACING, addressKey, keysOf, spacingOf } from '../src/index.js';

describe('client addresses as the sign-in guard counts them', () => {
  it('keeps IPv4, unwraps IPv4-mapped IPv6, and counts IPv6 by its /64', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002:ffff:0:0:9')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });

  it('keys a pair by username and address, with no way for one to run into the other', () => {
    expect(keysOf({ usernameKey: 'ann', address: '::ffff:10.0.0.1' })).toEqual({
      pair: 'pair:ann\n10.0.0.1',
      address: 'address:10.0.0.1',
      username: 'username:ann',
    });
  });
});

describe("a username's spacing", () => {
  it('is nothing for five failures, then half a second doubling, at most five seconds', () => {
    expect([0, 4, 5, 6, 7, 8, 9, 30].map((f) => spacingOf(f, USERNAME_SPACING))).toEqual([
      0, 0, 500, 1000, 2000, 4000, 5000, 5000,
    ]);
  });
});
