import type { TokenPair } from '@outpilot/contracts';
import type { BridgeEventEmitter } from '../bridge-events.ts';
import type { TokenStore } from '../token-store.ts';
import { ensureNetworkSession, type NetworkSignInOptions } from './network-sign-in.ts';
import type { ProductApi } from './product-api.ts';
import type { TargetHandlers } from './target-handlers.ts';
import type { TokenSession } from './token-session.ts';

const tokenInfo = ({ accessToken, accessTokenExpiresAt }: TokenPair) => ({
  accessToken,
  accessTokenExpiresAt,
});

/** The api target: the code exchange, the web app's access token, and the signed-in profile. */
export function apiTarget(options: {
  api: Pick<ProductApi, 'exchangeCode' | 'getProfile'>;
  tokens: TokenStore;
  session: TokenSession;
  events: BridgeEventEmitter;
  networkSignIn: NetworkSignInOptions;
  /** Picks up (or forgets) a run left while signed out. */
  syncImportRun: () => void;
  endSession: () => Promise<void>;
}): TargetHandlers<'api'> {
  const { api, tokens, session, events } = options;
  return {
    exchangeAuthorizationCode: async (payload) => {
      const { returnTo, ...pair } = await api.exchangeCode(payload);
      await tokens.set(pair);
      await ensureNetworkSession(options.networkSignIn, pair.accessToken);
      options.syncImportRun();
      events.emit('productSignedIn', { accessTokenExpiresAt: pair.accessTokenExpiresAt });
      return { returnTo };
    },
    getToken: async () => tokenInfo(await session.validTokens()),
    refreshToken: async () => tokenInfo(await session.refreshTokens()),
    revokeToken: async () => {
      await options.endSession();
      return {};
    },
    getMyProfile: async () => api.getProfile((await session.validTokens()).accessToken),
  };
}
