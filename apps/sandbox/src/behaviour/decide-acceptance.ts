import type { ConnectionDegree } from '@outpilot/contracts';
import type { Person } from '../population/person.ts';
import { randomFor } from '../population/prng.ts';
import type { BehaviourOptions } from './behaviour-options.ts';
import { drawLogNormalMs, toWakingHours } from './log-normal.ts';

const minuteMs = 60_000;
const hourMs = 60 * minuteMs;
const acceptanceDelay = { medianMs: 20 * hourMs, sigma: 1.1, minMs: 10 * minuteMs, maxMs: 21 * 24 * hourMs };

/** The person's own willingness to accept, 0.15–0.85, from their hidden acceptBias. */
export function acceptanceProbabilityOf(person: Person): number {
  return 0.15 + 0.7 * person.acceptBias;
}

const degreeFactor: Partial<Record<ConnectionDegree, number>> = {
  SECOND: 1.1,
  THIRD: 0.85,
  OUT_OF_NETWORK: 0.7,
};

/**
 * Decided once, when the invitation is sent: the instant the invitee accepts, or null when they
 * never will (ignoring is invisible to the sender). Only (seed, sender, invitee, attempt, note,
 * degree, sentAt) feed the draw, so the same run accepts the same invitations at the same times.
 */
export function decideAcceptance(input: {
  seed: number;
  sender: Person;
  invitee: Person;
  /** 0 for the first invitation to this person, 1 for a re-invite after a withdrawal, … */
  attempt: number;
  hasNote: boolean;
  degree: ConnectionDegree;
  sentAt: Date;
  options: BehaviourOptions;
}): Date | null {
  const { sender, invitee, options } = input;
  const random = randomFor(input.seed, `accept:${sender.index}:${invitee.index}:${input.attempt}`);
  const probability = Math.min(
    0.9,
    Math.max(
      0.05,
      acceptanceProbabilityOf(invitee) * (input.hasNote ? 1.15 : 1) * (degreeFactor[input.degree] ?? 1),
    ),
  );
  if (!random.chance(probability)) return null;
  const delayMs = Math.max(
    1,
    Math.round(drawLogNormalMs(random, acceptanceDelay) * options.acceptanceDelayMultiplier),
  );
  const at = new Date(input.sentAt.getTime() + delayMs);
  // A sped-up demo keeps its pace; at real pace people accept in their waking hours.
  return options.acceptanceDelayMultiplier >= 1
    ? toWakingHours(random, at, invitee.timezoneOffsetMinutes)
    : at;
}
