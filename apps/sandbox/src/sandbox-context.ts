import { sandboxActionErrorCodes } from '@outpilot/contracts';
import type { Clock } from '@outpilot/domain';
import type { FastifyRequest } from 'fastify';
import type { BehaviourOptions } from './behaviour/behaviour-options.ts';
import { notAuthenticated, SandboxError } from './http/sandbox-error.ts';
import type { NetworkState } from './network-state/network-state.ts';
import type { Population } from './population/create-population.ts';
import type { Person } from './population/person.ts';
import type { FaultInjector } from './search/fault-injector.ts';
import type { PeopleSearch } from './search/search-people.ts';
import { readSessionId } from './sessions/session-cookie.ts';
import type { SandboxSession, SessionStore } from './sessions/session-store.ts';

/** What every route of the sandbox shares. */
export type SandboxContext = {
  population: Population;
  sessions: SessionStore;
  peopleSearch: PeopleSearch;
  clock: Clock;
  /** Where the plugin is mounted (e.g. /sandbox); '' when mounted at the root. */
  basePath: string;
  /** What members did (invitations, messages, follows…): read from memory, kept by the journal. */
  network: NetworkState;
  behaviour: BehaviourOptions;
  /** Seeded transient refusals, drawn for search, profile look-ups and every mutating call. */
  faults: FaultInjector;
  /** The clock when the plugin started: posts and positions are dated from it. */
  startedAt: Date;
};

export type SignedIn = { session: SandboxSession; member: Person };

/** The live (not expired) session of the request, if any. */
export function findSignedIn(context: SandboxContext, request: FastifyRequest): SignedIn | undefined {
  const sessionId = readSessionId(request);
  const session = sessionId ? context.sessions.find(sessionId) : undefined;
  if (!session || context.sessions.isExpired(session)) return undefined;
  const member = context.population.people[session.memberIndex];
  return member ? { session, member } : undefined;
}

export function requireSignedIn(context: SandboxContext, request: FastifyRequest): SignedIn {
  const signedIn = findSignedIn(context, request);
  if (signedIn) return signedIn;
  const sessionId = readSessionId(request);
  const session = sessionId ? context.sessions.find(sessionId) : undefined;
  if (session && context.sessions.isExpired(session)) {
    throw new SandboxError(
      'NotAuthenticated',
      'The network session has expired, sign in again',
      sandboxActionErrorCodes.sessionExpired,
    );
  }
  throw notAuthenticated();
}
