import type { Person } from '../population/person.ts';
import { randomFor } from '../population/prng.ts';
import type { BehaviourOptions } from './behaviour-options.ts';
import { drawLogNormalMs, toWakingHours } from './log-normal.ts';

const minuteMs = 60_000;
const hourMs = 60 * minuteMs;
const replyDelay = { medianMs: 5 * hourMs, sigma: 1.2, minMs: 2 * minuteMs, maxMs: 10 * 24 * hourMs };

/** Replies, personalised with the sender's first name. */
const replyTexts = [
  'Hi {firstName}, thanks for reaching out! Happy to connect.',
  'Thanks {firstName}, sounds interesting. Could you send me a few more details?',
  'Hey {firstName}, appreciate the message. Not a priority for us right now, but feel free to check back next quarter.',
  'Hi {firstName}! Sure, happy to have a quick call. What does your calendar look like next week?',
  'Thanks for the note, {firstName}. Who else on your side would be involved?',
  "{firstName}, thanks. We're already working with someone on this, but I'll keep you in mind.",
  'Hi {firstName}, good timing, we were just discussing this internally. Let us talk.',
  'Thank you {firstName}! Please share a short overview by message and I will take a look.',
] as const;

/** The person's own willingness to answer a first message, 0.1–0.6, from their hidden replyBias. */
export function replyProbabilityOf(person: Person): number {
  return 0.1 + 0.5 * person.replyBias;
}

/** Follow-ups get fewer answers than the first message (network-api.md §4). */
const followUpFactors = [1, 0.6, 0.4, 0.3] as const;
const afterReplyProbability = 0.6;

export type DecidedReply = { deliveredAt: Date; text: string };

/**
 * Decided when the member sends a message: whether the other person answers it and when. The
 * draw depends only on (seed, member, person, the message's ordinal), so runs repeat exactly.
 */
export function decideReply(input: {
  seed: number;
  member: Person;
  person: Person;
  /** 1 for the member's first message in the conversation, 2 for the first follow-up, … */
  ordinal: number;
  /** The person has already answered in this conversation. */
  hasReplied: boolean;
  sentAt: Date;
  options: BehaviourOptions;
}): DecidedReply | null {
  const { member, person, options } = input;
  const random = randomFor(input.seed, `reply:${member.index}:${person.index}:${input.ordinal}`);
  const factor = followUpFactors[Math.min(input.ordinal, followUpFactors.length) - 1] ?? 0.3;
  const probability = input.hasReplied ? afterReplyProbability : replyProbabilityOf(person) * factor;
  if (!random.chance(probability)) return null;
  const delayMs = Math.max(1, Math.round(drawLogNormalMs(random, replyDelay) * options.replyDelayMultiplier));
  const at = new Date(input.sentAt.getTime() + delayMs);
  const text = random.pick(replyTexts).replaceAll('{firstName}', member.firstName);
  return {
    deliveredAt:
      options.replyDelayMultiplier >= 1 ? toWakingHours(random, at, person.timezoneOffsetMinutes) : at,
    text,
  };
}
