import { randomUUID } from 'node:crypto';
import type { Clock } from '@outpilot/domain';
import { sessionFact } from '../network-state/facts.ts';
import type { Fact, Journal } from '../network-state/journal.ts';

export type SandboxSession = { id: string; memberIndex: number; createdAt: Date };

/**
 * "The browser is signed in to the network": sessions are read from memory and kept in the
 * journal, so a restart signs nobody out.
 */
export type SessionStore = {
  create(memberIndex: number): SandboxSession;
  find(id: string): SandboxSession | undefined;
  /** True once the session is `ttlMs` old on the clock (like a li_at cookie running out). */
  isExpired(session: SandboxSession): boolean;
  remove(id: string): void;
};

export function createSessionStore(
  clock: Clock,
  ttlMs: number,
  journal: Journal,
  facts: readonly Fact[] = [],
): SessionStore {
  const sessions = new Map<string, SandboxSession>();
  for (const fact of facts) {
    if (fact.kind !== 'session') continue;
    const session = sessionFact.decode(fact.value);
    sessions.set(session.id, session);
  }
  return {
    create(memberIndex) {
      // A random id, not a derived one: a session id must not be guessable from the member.
      const session = { id: randomUUID(), memberIndex, createdAt: clock.now() };
      sessions.set(session.id, session);
      journal.put('session', session.id, sessionFact.encode(session));
      return session;
    },
    find: (id) => sessions.get(id),
    isExpired: (session) => clock.now().getTime() - session.createdAt.getTime() >= ttlMs,
    remove: (id) => {
      if (sessions.delete(id)) journal.remove('session', id);
    },
  };
}
