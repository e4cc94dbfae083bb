import { describe, expect, it } from 'vitest';
import { createPopulation } from '../population/create-population.ts';
import { defaultBehaviourOptions } from './behaviour-options.ts';
import { acceptanceProbabilityOf, decideAcceptance } from './decide-acceptance.ts';
import { decideReply, replyProbabilityOf } from './decide-reply.ts';

const population = createPopulation({ seed: 3, size: 1500 });
const sentAt = new Date('2026-03-02T09:00:00.000Z');
const [sender, ...others] = population.people;
if (!sender) throw new Error('no people');

describe('person-driven behaviour', () => {
  it('gives each person an acceptance probability of 0.15–0.85 and a reply probability of 0.1–0.6', () => {
    for (const person of population.people) {
      expect(acceptanceProbabilityOf(person)).toBeGreaterThanOrEqual(0.15);
      expect(acceptanceProbabilityOf(person)).toBeLessThanOrEqual(0.85);
      expect(replyProbabilityOf(person)).toBeGreaterThanOrEqual(0.1);
      expect(replyProbabilityOf(person)).toBeLessThanOrEqual(0.6);
    }
  });

  it('accepts about half the invitations, within 10 minutes to 22 days, the same every time', () => {
    const decide = (invitee: (typeof others)[number], multiplier = 1) =>
      decideAcceptance({
        seed: 3,
        sender,
        invitee,
        attempt: 0,
        hasNote: false,
        degree: 'SECOND',
        sentAt,
        options: { ...defaultBehaviourOptions, acceptanceDelayMultiplier: multiplier },
      });
    const outcomes = others.map((invitee) => decide(invitee));
    expect(others.map((invitee) => decide(invitee))).toEqual(outcomes);
    const accepted = outcomes.filter((at): at is Date => at !== null);
    expect(accepted.length / outcomes.length).toBeGreaterThan(0.4);
    expect(accepted.length / outcomes.length).toBeLessThan(0.65);
    const delays = accepted.map((at) => at.getTime() - sentAt.getTime());
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(10 * 60 * 1000);
    expect(Math.max(...delays)).toBeLessThanOrEqual(22 * 24 * 60 * 60 * 1000);
    const withinTwoDays = delays.filter((delay) => delay <= 2 * 24 * 60 * 60 * 1000).length;
    expect(withinTwoDays / delays.length).toBeGreaterThan(0.45);
    // A timing multiplier scales the delays but decides the same people.
    const fast = others.map((invitee) => decide(invitee, 0.01));
    expect(fast.map((at) => at === null)).toEqual(outcomes.map((at) => at === null));
  });

  it('answers follow-ups less often than a first message', () => {
    const rate = (ordinal: number) =>
      others.filter((person) =>
        decideReply({
          seed: 3,
          member: sender,
          person,
          ordinal,
          hasReplied: false,
          sentAt,
          options: defaultBehaviourOptions,
        }),
      ).length / others.length;
    expect(rate(1)).toBeGreaterThan(0.28);
    expect(rate(1)).toBeLessThan(0.42);
    expect(rate(3)).toBeLessThan(rate(1) * 0.6);
  });
});
