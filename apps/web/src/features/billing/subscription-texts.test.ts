import type { SubscriptionResponse } from '@outpilot/contracts';
import { describe, expect, it } from 'vitest';
import { changeMode, subscriptionStatusText, trialCountdown } from './subscription-texts.ts';

const now = new Date('2026-03-01T12:00:00Z');
const later = (hours: number) => new Date(now.getTime() + hours * 3_600_000);
const subscription = (over: Partial<SubscriptionResponse>): SubscriptionResponse => ({
  plan_id: 'trial',
  is_active: true,
  state: 'active',
  activation_date: now.toISOString(),
  next_charge_date: null,
  expiration_date: later(14 * 24).toISOString(),
  actual_price: 0,
  base_price: 0,
  owner_id: 'p1',
  activated_by: null,
  as_of: now.toISOString(),
  ...over,
});

describe('subscription display', () => {
  it('counts the trial down in days over 24 hours, in hours below', () => {
    expect(trialCountdown(later(14 * 24), now)).toBe('Trial will expire in 14 days');
    expect(trialCountdown(later(25), now)).toBe('Trial will expire in 2 days');
    expect(trialCountdown(later(24), now)).toBe('Trial will expire in 24 hours');
    expect(trialCountdown(later(0.5), now)).toBe('Trial will expire in 1 hour');
  });

  it('reads the trial, paid and inactive states', () => {
    expect(subscriptionStatusText(subscription({}), now)).toBe('Trial will expire in 14 days');
    expect(subscriptionStatusText(subscription({ is_active: false }), now)).toBe('Trial period is expired');
    expect(subscriptionStatusText(subscription({ plan_id: 'pro' }), now)).toBe('Subscription is active');
    expect(subscriptionStatusText(subscription({ plan_id: 'pro', is_active: false }), now)).toBe(
      'Subscription is inactive',
    );
  });

  it('upgrades when the current base price is lower than the chosen one', () => {
    expect(changeMode(subscription({ plan_id: 'basic', base_price: 38 }), 59)).toBe('upgrade');
    expect(changeMode(subscription({ plan_id: 'team', base_price: 75 }), 59)).toBe('downgrade');
  });
});
