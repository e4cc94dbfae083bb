import type { Clock } from '@outpilot/domain';
import type { FastifyRequest } from 'fastify';
import { notAuthenticated } from './http/sandbox-error.ts';
import type { Population } from './population/create-population.ts';
import type { Person } from './population/person.ts';
import type { PeopleSearch } from './search/search-people.ts';
import { readSessionId } from './sessions/session-cookie.ts';
import type { SandboxSession, SessionStore } from './sessions/session-store.ts';

/** What every route of the sandbox shares; later rooms (search, invitations, messaging) add their state here. */
export type SandboxContext = {
  population: Population;
  sessions: SessionStore;
  peopleSearch: PeopleSearch;
  clock: Clock;
  /** Where the plugin is mounted (e.g. /sandbox); '' when mounted at the root. */
  basePath: string;
};

export type SignedIn = { session: SandboxSession; member: Person };

export function findSignedIn(context: SandboxContext, request: FastifyRequest): SignedIn | undefined {
  const sessionId = readSessionId(request);
  const session = sessionId ? context.sessions.find(sessionId) : undefined;
  const member = session ? context.population.people[session.memberIndex] : undefined;
  return session && member ? { session, member } : undefined;
}

export function requireSignedIn(context: SandboxContext, request: FastifyRequest): SignedIn {
  const signedIn = findSignedIn(context, request);
  if (!signedIn) throw notAuthenticated();
  return signedIn;
}
