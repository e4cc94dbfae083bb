/**
 * The knobs of the simulated network's behaviour, with the defaults of network-api.md §2/§4.
 * Every one is optional on the plugin so existing callers keep working.
 */
export type BehaviourOptions = {
  /** Invitations per rolling 7 days for a free account (network-api.md §2.1: about 100). */
  weeklyInvitationCap: number;
  /** The same for a premium account (about 200). */
  premiumWeeklyInvitationCap: number;
  /** Invitations with a note per calendar month (UTC) for a free account (5–10 reported). */
  freeMonthlyNoteCap: number;
  /** Scales every acceptance delay (0.01 makes a day pass in about 15 minutes). */
  acceptanceDelayMultiplier: number;
  /** Scales every reply delay. */
  replyDelayMultiplier: number;
  /** How long a network session lives on the clock before every call answers NotAuthenticated. */
  sessionTtlMs: number;
};

export const dayMs = 24 * 60 * 60 * 1000;
/** A withdrawn invitation cannot be sent again for about three weeks (CANT_RESEND_YET). */
export const resendCooldownMs = 21 * dayMs;

export const defaultBehaviourOptions: BehaviourOptions = {
  weeklyInvitationCap: 100,
  premiumWeeklyInvitationCap: 200,
  freeMonthlyNoteCap: 5,
  acceptanceDelayMultiplier: 1,
  replyDelayMultiplier: 1,
  sessionTtlMs: 7 * dayMs,
};

function positive(name: string, value: number | undefined, fallback: number, integer: boolean): number {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value <= 0 || (integer && !Number.isInteger(value))) {
    throw new RangeError(`${name} must be a positive ${integer ? 'integer' : 'number'}`);
  }
  return value;
}

export function resolveBehaviourOptions(options: Partial<BehaviourOptions>): BehaviourOptions {
  const d = defaultBehaviourOptions;
  return {
    weeklyInvitationCap: positive(
      'weeklyInvitationCap',
      options.weeklyInvitationCap,
      d.weeklyInvitationCap,
      true,
    ),
    premiumWeeklyInvitationCap: positive(
      'premiumWeeklyInvitationCap',
      options.premiumWeeklyInvitationCap,
      d.premiumWeeklyInvitationCap,
      true,
    ),
    freeMonthlyNoteCap: positive(
      'freeMonthlyNoteCap',
      options.freeMonthlyNoteCap,
      d.freeMonthlyNoteCap,
      true,
    ),
    acceptanceDelayMultiplier: positive(
      'acceptanceDelayMultiplier',
      options.acceptanceDelayMultiplier,
      d.acceptanceDelayMultiplier,
      false,
    ),
    replyDelayMultiplier: positive(
      'replyDelayMultiplier',
      options.replyDelayMultiplier,
      d.replyDelayMultiplier,
      false,
    ),
    sessionTtlMs: positive('sessionTtlMs', options.sessionTtlMs, d.sessionTtlMs, false),
  };
}
