import type { TokenPair, TokenSource } from '@outpilot/contracts';
import type { Clock } from '@outpilot/domain';
import { AgentError } from '../errors.ts';
import type { TokenStore } from '../token-store.ts';
import type { ProductApi } from './product-api.ts';

/** An access token this close to its expiry is refreshed before it is handed out. */
export const tokenRefreshMarginMs = 60_000;

/** The agent's access token: the current one (refreshed near expiry), or a freshly refreshed one. */
export type AccessTokenSource = { current: () => Promise<string>; refresh: () => Promise<string> };

type TokenInfo = Pick<TokenPair, 'accessToken' | 'accessTokenExpiresAt'>;

/**
 * The web app's token: a member session's while one is open, else the user's own. A member
 * session is never refreshed (the server gives it no refresh token, and refreshing would hand the
 * app the user's own token): `refresh` answers null, so the one client keeps the 403.
 */
export type AppTokenSource = { current: () => Promise<TokenInfo>; refresh: () => Promise<TokenInfo | null> };

export type TokenSession = {
  /** The stored pair, refreshed first when its access token is near expiry; NotAuthenticated when signed out. */
  validTokens: () => Promise<TokenPair>;
  /** A new pair now (one refresh in flight at a time); a refused refresh signs the agent out. */
  refreshTokens: () => Promise<TokenPair>;
  /** Signs out at the server (best effort) and forgets the pair. */
  revoke: () => Promise<void>;
  /** The runner's and the imports' token: always the user's own session. */
  accessTokens: AccessTokenSource;
  appTokens: AppTokenSource;
  /**
   * The app's token as a caller of the server holds it: after a 403 it is refreshed once (a
   * member session's is not), as the server's clock may be ahead of this machine's.
   */
  appTokenSource: TokenSource;
};

const tokenInfo = ({ accessToken, accessTokenExpiresAt }: TokenPair): TokenInfo => ({
  accessToken,
  accessTokenExpiresAt,
});

export const notSignedIn = () => new AgentError('NotAuthenticated', 'Not signed in');

/** The product sign-in the agent holds: its token pair, refreshed and revoked in one place. */
export function createTokenSession(options: {
  api: Pick<ProductApi, 'refresh' | 'signOut'>;
  tokens: TokenStore;
  clock: Clock;
}): TokenSession {
  const { api, tokens, clock } = options;
  let refreshing: Promise<TokenPair> | undefined;

  // Refresh tokens rotate: two refreshes with one token would sign the user out, so share one in flight.
  const refreshTokens = (): Promise<TokenPair> => {
    refreshing ??= (async () => {
      const current = await tokens.get();
      if (!current) throw notSignedIn();
      try {
        const next = await api.refresh(current.refreshToken);
        await tokens.set(next);
        return next;
      } catch (error) {
        if (
          error instanceof AgentError &&
          (error.name === 'NotAuthenticated' || error.name === 'NotAuthorized')
        ) {
          await tokens.clear();
          throw new AgentError('NotAuthenticated', error.message);
        }
        throw error;
      }
    })().finally(() => {
      refreshing = undefined;
    });
    return refreshing;
  };

  const validTokens = async (): Promise<TokenPair> => {
    const current = await tokens.get();
    if (!current) throw notSignedIn();
    const remainingMs = Date.parse(current.accessTokenExpiresAt) - clock.now().getTime();
    return remainingMs <= tokenRefreshMarginMs ? refreshTokens() : current;
  };

  const appTokens: AppTokenSource = {
    current: async () => (await tokens.getMemberSession()) ?? tokenInfo(await validTokens()),
    refresh: async () => ((await tokens.getMemberSession()) ? null : tokenInfo(await refreshTokens())),
  };

  const revoke = async () => {
    const current = await tokens.get();
    if (current) {
      // The local sign-out must happen even if the server cannot be told.
      await api.signOut(current.accessToken).catch(() => undefined);
    }
    await tokens.clear();
  };

  return {
    validTokens,
    refreshTokens,
    revoke,
    accessTokens: {
      current: async () => (await validTokens()).accessToken,
      refresh: async () => (await refreshTokens()).accessToken,
    },
    appTokens,
    appTokenSource: {
      get: async () => (await appTokens.current()).accessToken,
      refresh: async () => (await appTokens.refresh())?.accessToken ?? null,
    },
  };
}
