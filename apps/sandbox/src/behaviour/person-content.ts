import type { Person } from '../population/person.ts';
import { hashUnit, randomFor } from '../population/prng.ts';
import { dayMs } from './behaviour-options.ts';

/** What members post, write and share, derived from the seed so every run shows the same. */

const postTemplates = [
  'Excited to share what our team at {company} shipped this quarter. Proud of everyone involved!',
  'Three lessons I learned about {skill} this year, and one I am still learning.',
  'We are hiring at {company}! If {skill} is your thing, my inbox is open.',
  'Great conversations at this week’s {industry} meetup. Thanks to all who stopped by.',
  'Hot take: {skill} matters more than ever in {industry}. Agree or disagree?',
  'Celebrating five years at {company} today. Grateful for the people who made it fun.',
] as const;

function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '');
}

export function postTextOf(seed: number, person: Person, postId: string): string {
  const random = randomFor(seed, `post:${postId}`);
  return random
    .pick(postTemplates)
    .replaceAll('{company}', person.company)
    .replaceAll('{industry}', person.industry)
    .replaceAll('{skill}', random.pick(person.skills.length > 0 ? person.skills : ['leadership']));
}

/** Posted 1–60 days before the network started, newest first in the person's list. */
export function postCreatedAtOf(seed: number, postId: string, startedAt: Date): Date {
  const ageMs = Math.floor((1 + hashUnit(`${seed}:post-age:${postId}`) * 59) * dayMs);
  return new Date(startedAt.getTime() - ageMs);
}

export function endorsementCountOf(seed: number, person: Person, skill: string): number {
  return Math.floor(hashUnit(`${seed}:endorsements:${person.index}:${skill}`) * 40);
}

/** About 40% of members share an e-mail with their connections; a third list a website. */
export function contactInfoOf(seed: number, person: Person): { email: string | null; websites: string[] } {
  const domain = `${slug(person.company) || 'mail'}.example.com`;
  const email =
    hashUnit(`${seed}:email:${person.index}`) < 0.4
      ? `${slug(person.firstName)}.${slug(person.lastName)}@${domain}`
      : null;
  const websites =
    hashUnit(`${seed}:website:${person.index}`) < 0.33
      ? [`https://${person.publicIdentifier}.example.com`]
      : [];
  return { email, websites };
}

export function summaryOf(person: Person): string {
  return `${person.title} at ${person.company}, working in ${person.industry} from ${person.location.city}. Interested in ${person.skills.slice(0, 3).join(', ')}.`;
}

/** The current position started 1–10 years before the network started. */
export function positionStartOf(seed: number, person: Person, startedAt: Date): Date {
  const years = 1 + Math.floor(hashUnit(`${seed}:position:${person.index}`) * 10);
  return new Date(startedAt.getTime() - years * 365 * dayMs);
}
