import { randomUUID } from 'node:crypto';
import type { Clock } from '@outpilot/domain';

export type SandboxSession = { id: string; memberIndex: number; createdAt: Date };

/** "The browser is signed in to the network": sessions live in memory, as the sandbox needs no more. */
export type SessionStore = {
  create(memberIndex: number): SandboxSession;
  find(id: string): SandboxSession | undefined;
  /** True once the session is `ttlMs` old on the clock (like a li_at cookie running out). */
  isExpired(session: SandboxSession): boolean;
  remove(id: string): void;
};

export function createSessionStore(clock: Clock, ttlMs: number): SessionStore {
  const sessions = new Map<string, SandboxSession>();
  return {
    create(memberIndex) {
      // A random id, not a derived one: a session id must not be guessable from the member.
      const session = { id: randomUUID(), memberIndex, createdAt: clock.now() };
      sessions.set(session.id, session);
      return session;
    },
    find: (id) => sessions.get(id),
    isExpired: (session) => clock.now().getTime() - session.createdAt.getTime() >= ttlMs,
    remove: (id) => {
      sessions.delete(id);
    },
  };
}
