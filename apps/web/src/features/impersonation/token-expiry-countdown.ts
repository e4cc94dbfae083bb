import { impersonationAutoStopMs, tokenExpiryWarningMs } from '@outpilot/contracts';

/**
 * What the impersonation banner shows as its access token runs out (seed 000 §4, §9): nothing
 * until 5 minutes before expiry, then a countdown in whole minutes, and 30 seconds after expiry
 * the member session stops by itself.
 */
export type TokenExpiryCountdown =
  | { kind: 'hidden' }
  | { kind: 'countdown'; minutesLeft: number }
  | { kind: 'stop-session' };

export function tokenExpiryCountdown(expiresAt: Date, now: Date): TokenExpiryCountdown {
  const remainingMs = expiresAt.getTime() - now.getTime();
  if (remainingMs > tokenExpiryWarningMs) return { kind: 'hidden' };
  if (remainingMs <= -impersonationAutoStopMs) return { kind: 'stop-session' };
  return { kind: 'countdown', minutesLeft: Math.max(0, Math.ceil(remainingMs / 60_000)) };
}
