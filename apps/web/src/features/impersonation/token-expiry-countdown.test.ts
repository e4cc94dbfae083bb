import { describe, expect, it } from 'vitest';
import { tokenExpiryCountdown } from './token-expiry-countdown.ts';

const expiresAt = new Date('2026-11-22T12:00:00Z');
const at = (offsetSeconds: number) => new Date(expiresAt.getTime() + offsetSeconds * 1000);

describe('tokenExpiryCountdown', () => {
  it('stays hidden until five minutes before expiry', () => {
    expect(tokenExpiryCountdown(expiresAt, at(-301))).toEqual({ kind: 'hidden' });
    expect(tokenExpiryCountdown(expiresAt, at(-300))).toEqual({ kind: 'countdown', minutesLeft: 5 });
  });

  it('counts down in whole minutes, rounding up', () => {
    expect(tokenExpiryCountdown(expiresAt, at(-241))).toEqual({ kind: 'countdown', minutesLeft: 5 });
    expect(tokenExpiryCountdown(expiresAt, at(-61))).toEqual({ kind: 'countdown', minutesLeft: 2 });
    expect(tokenExpiryCountdown(expiresAt, at(-1))).toEqual({ kind: 'countdown', minutesLeft: 1 });
    expect(tokenExpiryCountdown(expiresAt, at(0))).toEqual({ kind: 'countdown', minutesLeft: 0 });
  });

  it('stops the member session 30 seconds after expiry, not before', () => {
    expect(tokenExpiryCountdown(expiresAt, at(29))).toEqual({ kind: 'countdown', minutesLeft: 0 });
    expect(tokenExpiryCountdown(expiresAt, at(30))).toEqual({ kind: 'stop-session' });
  });
});
