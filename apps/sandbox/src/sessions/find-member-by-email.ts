import type { Population } from '../population/create-population.ts';
import type { Person } from '../population/person.ts';
import { hashString } from '../population/prng.ts';

/**
 * The member an e-mail signs in as: a stable hash of the normalised address picks one of the
 * visible members of the main network, so the same e-mail is always the same person and
 * every sign-in sees a realistic degree mix.
 */
export function findMemberByEmail(population: Population, email: string): Person {
  const candidates = population.people.filter(
    (person) => person.isVisible && population.graph.isInMainNetwork(person.index),
  );
  const person =
    candidates[hashString(`${population.seed}:${email.trim().toLowerCase()}`) % candidates.length];
  if (!person) throw new RangeError('The population has no visible member to sign in as');
  return person;
}
