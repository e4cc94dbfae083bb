import {
  createPopulation,
  decideReply,
  defaultBehaviourOptions,
  type Person,
  type Population,
} from '@outpilot/sandbox';

// The journeys' servers run the sandbox network with SANDBOX_SEED and SANDBOX_SIZE at their
// defaults, so a journey can rebuild the same population and ask the network's own draws who will
// accept or answer: it then waits only for what will come, never on luck at run time.
export const sandboxSeed = 42;
const sandboxSize = 3000;

let population: Population | undefined;

/** The servers' sandbox population (built once per worker: about a second for 3,000 people). */
export function sandboxPopulation(): Population {
  population ??= createPopulation({ seed: sandboxSeed, size: sandboxSize });
  return population;
}

/** The person behind a network profile's public identifier, or an error naming it. */
export function personOf(publicIdentifier: string): Person {
  const person = sandboxPopulation().findByPublicIdentifier(publicIdentifier);
  if (!person) throw new Error(`${publicIdentifier} is not in the sandbox population`);
  return person;
}

const hourMs = 3600_000;

/**
 * When `person` answers `member`'s first message sent at `sentAt`, by the network's draw; null when
 * they never answer it. Whether they answer does not depend on the send time, only when they do.
 */
export function firstReplyDelayMs(member: Person, person: Person, sentAt: Date): number | null {
  const reply = decideReply({
    seed: sandboxSeed,
    options: defaultBehaviourOptions,
    member,
    person,
    ordinal: 1,
    hasReplied: false,
    sentAt,
  });
  return reply === null ? null : reply.deliveredAt.getTime() - sentAt.getTime();
}

/**
 * True when `person` answers a first message sent at any whole hour of the `sendHours` after `from`
 * within `withinHours` (people answer in their waking hours, so the delay moves with the send time).
 */
export function answersFirstMessage(
  member: Person,
  person: Person,
  { from, sendHours, withinHours }: { from: Date; sendHours: number; withinHours: number },
): boolean {
  return Array.from({ length: sendHours + 1 }, (_, hour) => new Date(from.getTime() + hour * hourMs)).every(
    (sentAt) => {
      const delay = firstReplyDelayMs(member, person, sentAt);
      return delay !== null && delay < withinHours * hourMs;
    },
  );
}

/** True when `person` never answers `member`'s first message (the draw ignores the send time). */
export function neverAnswersFirstMessage(member: Person, person: Person): boolean {
  return firstReplyDelayMs(member, person, new Date(0)) === null;
}
