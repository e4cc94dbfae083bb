import { type TokenPair, tokenPairSchema } from '@outpilot/contracts';
import { z } from 'zod';
import type { KeyValueStore } from './storage.ts';

const tokensKey = 'tokens';
const memberSessionKey = 'memberSession';

/** A member session (impersonation): an access token only, never refreshed. */
export const memberSessionSchema = z.object({
  accessToken: z.string(),
  accessTokenExpiresAt: z.iso.datetime(),
});
export type MemberSession = z.infer<typeof memberSessionSchema>;

/**
 * The product's tokens: a short-lived access token and the rotating refresh token, plus the
 * member session the user works in, if any (the own pair stays, to return to).
 */
export type TokenStore = {
  get(): Promise<TokenPair | null>;
  set(tokens: TokenPair): Promise<void>;
  /** Forgets the pair and any member session. */
  clear(): Promise<void>;
  getMemberSession(): Promise<MemberSession | null>;
  setMemberSession(session: MemberSession): Promise<void>;
  clearMemberSession(): Promise<void>;
};

async function read<T>(store: KeyValueStore, key: string, schema: z.ZodType<T>): Promise<T | null> {
  const raw = await store.get(key);
  if (!raw) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(raw));
    // A damaged entry counts as signed out rather than crashing every call.
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function createTokenStore(store: KeyValueStore): TokenStore {
  return {
    get: () => read(store, tokensKey, tokenPairSchema),
    set: (tokens) => store.set(tokensKey, JSON.stringify(tokenPairSchema.parse(tokens))),
    clear: async () => {
      await store.remove(memberSessionKey);
      await store.remove(tokensKey);
    },
    getMemberSession: () => read(store, memberSessionKey, memberSessionSchema),
    setMemberSession: (session) =>
      store.set(memberSessionKey, JSON.stringify(memberSessionSchema.parse(session))),
    clearMemberSession: () => store.remove(memberSessionKey),
  };
}
