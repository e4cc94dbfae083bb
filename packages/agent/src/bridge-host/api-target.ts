import type { BridgeEventEmitter } from '../bridge-events.ts';
import { AgentError } from '../errors.ts';
import type { TokenStore } from '../token-store.ts';
import type { ProductApi } from './product-api.ts';
import type { TargetHandlers } from './target-handlers.ts';
import type { TokenSession } from './token-session.ts';

/** The api target: the code exchange, the web app's access token, and the signed-in profile. */
export function apiTarget(options: {
  api: Pick<ProductApi, 'exchangeCode' | 'getProfile' | 'signInAsMember' | 'stopMemberSession'>;
  tokens: TokenStore;
  session: TokenSession;
  events: BridgeEventEmitter;
  /** After the code exchange, a browser with no network session gets one (sandbox mode; network-sign-in.ts). */
  ensureNetworkSession: (accessToken: string) => Promise<void>;
  /** Picks up (or forgets) a run left while signed out. */
  syncImportRun: () => void;
  endSession: () => Promise<void>;
}): TargetHandlers<'api'> {
  const { api, tokens, session, events } = options;
  return {
    exchangeAuthorizationCode: async (payload) => {
      const { returnTo, ...pair } = await api.exchangeCode(payload);
      await tokens.set(pair);
      await options.ensureNetworkSession(pair.accessToken);
      options.syncImportRun();
      events.emit('productSignedIn', { accessTokenExpiresAt: pair.accessTokenExpiresAt });
      return { returnTo };
    },
    getToken: () => session.appTokens.current(),
    // A member session cannot be refreshed: the app's client then keeps the 403 it had.
    refreshToken: async () => {
      const refreshed = await session.appTokens.refresh();
      if (!refreshed) throw new AgentError('NotAuthorized', 'A member session cannot be refreshed');
      return refreshed;
    },
    revokeToken: async () => {
      await options.endSession();
      return {};
    },
    getMyProfile: () => api.getProfile(session.appTokenSource),
    signInAsMember: async ({ memberId }) => {
      if (await tokens.getMemberSession()) throw new AgentError('NotAuthorized', 'Not authorized');
      const own = await session.validTokens();
      const { accessToken, accessTokenExpiresAt } = await api.signInAsMember(own.accessToken, memberId);
      await tokens.setMemberSession({ accessToken, accessTokenExpiresAt });
      return { accessToken, accessTokenExpiresAt };
    },
    stopMemberSession: async () => {
      const member = await tokens.getMemberSession();
      // The local stop must happen even if the server cannot be told (or the token already expired).
      if (member) await api.stopMemberSession(member.accessToken).catch(() => undefined);
      await tokens.clearMemberSession();
      return {};
    },
  };
}
