import {
  DAY_MS,
  type ShareCreator,
  type StoredShare,
  ValidationFailed,
  effectiveExpiry,
  resolveShareDays,
  shareStatus,
} from '../src/index.js';

const created = new Date('2026-11-01T12:00:00Z');
const later = (days: number) => new Date(created.getTime() + days * DAY_MS);

const link = (over: Partial<StoredShare> = {}): StoredShare => ({
  id: 's',
  recipeId: 'r',
  createdById: 'a',
  token: 't',
  tokenDigest: 'd',
  createdAt: created,
  expiresAt: null,
  revokedAt: null,
  ...over,
});
const creator: ShareCreator = { id: 'a', displayName: 'Ann', color: 'sage', canSharePublicly: true };
const open = { publicShares: true, publicShareMaxDays: null };

describe('the state of a public link, worked out on every read', () => {
  it('is active while nothing stops it', () => {
    expect(shareStatus(link(), creator, open, later(1000))).toBe('active');
  });

  it('is revoked for good, before anything else', () => {
    const revoked = link({ revokedAt: created, expiresAt: later(-1) });
    expect(shareStatus(revoked, null, { publicShares: false, publicShareMaxDays: 1 }, later(5))).toBe(
      'revoked',
    );
  });

  it('is expired once its own expiry passes, even when it would also be paused or limited', () => {
    const short = link({ expiresAt: later(7) });
    expect(shareStatus(short, creator, open, later(6.99))).toBe('active');
    expect(shareStatus(short, creator, open, later(7))).toBe('expired');
    expect(shareStatus(short, null, { publicShares: false, publicShareMaxDays: 1 }, later(8))).toBe(
      'expired',
    );
  });

  it('is paused while sharing is off, the creator may not share or the creator is gone, and revives after', () => {
    expect(shareStatus(link(), creator, { ...open, publicShares: false }, later(1))).toBe('paused');
    expect(shareStatus(link(), { ...creator, canSharePublicly: false }, open, later(1))).toBe('paused');
    expect(shareStatus(link(), null, open, later(1))).toBe('paused');
    expect(shareStatus(link(), creator, open, later(1))).toBe('active');
  });

  it('is limited once older than the household maximum, and revives when the maximum grows or goes', () => {
    expect(shareStatus(link(), creator, { ...open, publicShareMaxDays: 7 }, later(6))).toBe('active');
    expect(shareStatus(link(), creator, { ...open, publicShareMaxDays: 7 }, later(7))).toBe('limited');
    expect(shareStatus(link(), creator, { ...open, publicShareMaxDays: 30 }, later(7))).toBe('active');
    expect(shareStatus(link(), creator, open, later(400))).toBe('active');
  });

  it('tells paused before limited', () => {
    expect(shareStatus(link(), creator, { publicShares: false, publicShareMaxDays: 1 }, later(2))).toBe(
      'paused',
    );
  });
});

describe('the effective expiry shown to the creator', () => {
  it('is the earlier of the own expiry and the maximum counted from creation; null is permanent', () => {
    expect(effectiveExpiry(link(), { publicShareMaxDays: null })).toBeNull();
    expect(effectiveExpiry(link(), { publicShareMaxDays: 7 })).toEqual(later(7));
    expect(effectiveExpiry(link({ expiresAt: later(1) }), { publicShareMaxDays: 7 })).toEqual(later(1));
    expect(effectiveExpiry(link({ expiresAt: later(30) }), { publicShareMaxDays: 7 })).toEqual(later(7));
    expect(effectiveExpiry(link({ expiresAt: later(30) }), { publicShareMaxDays: null })).toEqual(later(30));
  });
});

describe('how long a new link lasts', () => {
  const failure = (fn: () => unknown) => {
    try {
      fn();
    } catch (error) {
      return (error as ValidationFailed).issues;
    }
    throw new Error('expected a validation failure');
  };

  it('takes the household default when no days are named', () => {
    expect(resolveShareDays(undefined, { publicShareDefaultDays: 30, publicShareMaxDays: 365 })).toBe(30);
    expect(
      resolveShareDays(undefined, { publicShareDefaultDays: null, publicShareMaxDays: null }),
    ).toBeNull();
  });

  it('allows no expiry only while there is no maximum', () => {
    expect(resolveShareDays(null, { publicShareDefaultDays: null, publicShareMaxDays: null })).toBeNull();
    expect(
      failure(() => resolveShareDays(null, { publicShareDefaultDays: 7, publicShareMaxDays: 7 })),
    ).toEqual([{ location: 'days', message: expect.stringContaining('no expiry exceeds every maximum') }]);
  });

  it('refuses days above the maximum or outside 1, 7, 30, 365', () => {
    expect(resolveShareDays(7, { publicShareDefaultDays: 7, publicShareMaxDays: 7 })).toBe(7);
    expect(
      failure(() => resolveShareDays(30, { publicShareDefaultDays: 7, publicShareMaxDays: 7 }))[0]?.location,
    ).toBe('days');
    expect(
      failure(() => resolveShareDays(3, { publicShareDefaultDays: null, publicShareMaxDays: null }))[0]
        ?.message,
    ).toMatch(/one of 1, 7, 30, 365/);
  });
});
