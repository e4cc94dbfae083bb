import { type TokenPair, tokenPairSchema } from '@outpilot/contracts';
import type { KeyValueStore } from './storage.ts';

const tokensKey = 'tokens';

/** The product's tokens: a short-lived access token and the rotating refresh token. */
export type TokenStore = {
  get(): Promise<TokenPair | null>;
  set(tokens: TokenPair): Promise<void>;
  clear(): Promise<void>;
};

export function createTokenStore(store: KeyValueStore): TokenStore {
  return {
    async get() {
      const raw = await store.get(tokensKey);
      if (!raw) return null;
      try {
        const parsed = tokenPairSchema.safeParse(JSON.parse(raw));
        // A damaged entry counts as signed out rather than crashing every call.
        return parsed.success ? parsed.data : null;
      } catch {
        return null;
      }
    },
    set: (tokens) => store.set(tokensKey, JSON.stringify(tokenPairSchema.parse(tokens))),
    clear: () => store.remove(tokensKey),
  };
}
