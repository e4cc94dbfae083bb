import type { SubscriptionResponse } from '@outpilot/contracts';

export const billingTexts = {
  subscriptionActive: 'Subscription is active',
  subscriptionInactive: 'Subscription is inactive',
  trialExpired: 'Trial period is expired',
  activated: 'Your subscription is activated',
  canceled: 'The subscription has been canceled',
  resumed: 'The subscription has been resumed',
  upgraded: 'Subscription has been upgraded',
  upgradeButton: 'Upgrade subscription',
  cancelButton: 'Cancel subscription',
  resumeButton: 'Resume subscription',
  manageButton: 'Manage payment methods',
  currentPlan: 'Current plan',
  chooseTitle: 'Choose subscription plan',
} as const;

const hourMs = 3_600_000;

/** 'Trial will expire in N hour(s)/day(s)': days when more than 24 hours are left (seed 000 §4). */
export function trialCountdown(expiresAt: Date, now: Date): string {
  const hours = Math.max(1, Math.ceil((expiresAt.getTime() - now.getTime()) / hourMs));
  if (hours > 24) {
    const days = Math.ceil(hours / 24);
    return `Trial will expire in ${days} ${days === 1 ? 'day' : 'days'}`;
  }
  return `Trial will expire in ${hours} ${hours === 1 ? 'hour' : 'hours'}`;
}

/** The subscription widget's line (seed 000 §4 "Subscription display"). */
export function subscriptionStatusText(subscription: SubscriptionResponse, now: Date): string {
  if (subscription.plan_id === 'trial') {
    return subscription.is_active && subscription.expiration_date
      ? trialCountdown(new Date(subscription.expiration_date), now)
      : billingTexts.trialExpired;
  }
  return subscription.is_active ? billingTexts.subscriptionActive : billingTexts.subscriptionInactive;
}

/** §4: a user without an active paid plan (or on trial) goes to checkout; others change their plan. */
export function hasActivePaidPlan(subscription: SubscriptionResponse): boolean {
  return subscription.plan_id !== 'trial' && subscription.is_active;
}

/** §4: 'upgrade' when the current base price is lower than the chosen plan's price, else 'downgrade'. */
export function changeMode(subscription: SubscriptionResponse, chosenPrice: number): 'upgrade' | 'downgrade' {
  return subscription.base_price < chosenPrice ? 'upgrade' : 'downgrade';
}
